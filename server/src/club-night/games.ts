// Who is here, and each game's seats: the check-in (organiser), a deal or a move (organiser: the
// pure module's dealTables or nextGame, from a seed drawn here and stored), and a table's phone
// saying which evening it started for its seats.

import { randomBytes, randomUUID } from 'node:crypto';
import {
	dealTables,
	nextGame,
	playerOf,
	rosterIndex,
	tonightsPlayers,
	type MoveRule,
	type NightResult,
	type SeatedTable,
	type TableResult,
	type TableSizes
} from '../../../src/lib/club/night';
import type {
	CheckIn,
	NewGame,
	NightMove,
	NightRefusal,
	SeatPlayer
} from '../../../src/lib/club/night-protocol';
import { playerKey } from '../../../src/lib/rules';
import type { Queryable } from '../db';
import { refused, type WriteContext } from './action';
import { readRoster, readSettings, saveCheckIn } from './sql';
import { gamesOf, nightView, type GameRow } from './view';

function accepted<T>(result: NightResult<T>): T {
	if (!result.ok) throw refused(result.problems);
	return result.value;
}

/** PUT /v1/night/check-in: the whole list, checked by the pure module, guests' names cleaned. */
export async function checkIn(tx: Queryable, ctx: WriteContext, input: CheckIn) {
	const roster = await readRoster(tx, ctx.club.id);
	const players = accepted(tonightsPlayers(roster, input.here, input.guests));
	ctx.night.here = players.filter((p) => !p.guest).map((p) => p.id);
	ctx.night.guests = players.filter((p) => p.guest).map((p) => p.name);
	await saveCheckIn(tx, ctx.night);
	return nightView(tx, ctx.club.id, ctx.night.night, true, ctx.night);
}

interface ResultRow {
	table_no: number;
	over: boolean | null;
	key: string | null;
	name: string | null;
	total: number | null;
	rounds: number | null;
	place: number | null;
}

/**
 * The last game's results per table, for nextGame: each evening's seats (the evening its phone
 * said it started, as that phone sent it) matched to the players seated there, by their name or
 * a spelling of it. A table not over refuses the move unless `force` (a timed game ends when the
 * organiser says); then a seated player with no result shares the table's last place.
 */
async function lastResults(
	tx: Queryable,
	ctx: WriteContext,
	last: GameRow,
	force: boolean
): Promise<TableResult[]> {
	const rows = await tx.query<ResultRow>(
		`SELECT gt.table_no, e.over, ep.key, ep.name, ep.total::float8 AS total, ep.rounds, ep.place
		 FROM game_table gt
		 LEFT JOIN evening e ON e.id = gt.evening_id AND e.table_id = gt.club_table_id AND NOT e.deleted
		 LEFT JOIN evening_player ep ON ep.evening_id = e.id
		 WHERE gt.game_id = $1 ORDER BY gt.table_no, ep.seat`,
		[last.id]
	);
	const index = rosterIndex(await readRoster(tx, ctx.club.id));
	const problems: NightRefusal[] = [];
	const results = last.tables.map(({ table, players }): TableResult => {
		const mine = rows.filter((r) => r.table_no === table);
		if (!force && !mine.some((r) => r.over)) {
			problems.push({ code: 'game-not-over', params: { table } });
		}
		const seated = new Map(players.map((p) => [playerKey(p.name), p.player]));
		const found = new Map<string, TableResult['results'][number]>();
		for (const r of mine) {
			if (r.key === null || r.name === null) continue;
			const player = seated.get(r.key) ?? playerOf(index, r.name);
			if (!players.some((p) => p.player === player) || found.has(player)) continue;
			found.set(player, { player, total: r.total!, rounds: r.rounds!, place: r.place! });
		}
		const last = Math.max(0, ...[...found.values()].map((r) => r.place)) + 1;
		return {
			table,
			results: players.map(
				(p) => found.get(p.player) ?? { player: p.player, total: 0, rounds: 0, place: last }
			)
		};
	});
	if (problems.length > 0) throw refused(problems);
	return results;
}

/** The club's tables with a live key, in the natural order of their names ("Table 2" before "10"). */
async function phones(tx: Queryable, clubId: string): Promise<string[]> {
	const rows = await tx.query<{ id: string; name: string }>(
		`SELECT t.id, t.name FROM club_table t
		 WHERE t.club_id = $1 AND t.role = 'table'
		   AND EXISTS (SELECT 1 FROM club_key k WHERE k.table_id = t.id AND k.revoked_at IS NULL)`,
		[clubId]
	);
	const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
	return rows
		.sort((a, b) => natural.compare(a.name, b.name) || (a.id < b.id ? -1 : 1))
		.map((r) => r.id);
}

interface Seated {
	tables: SeatedTable[];
	moves: Omit<NightMove, 'name'>[];
	finalTables: number[];
	seed: string;
	method: number;
}

/** The next game's seats by the rule: a deal of everyone here, or a move from the last game. */
async function seat(
	tx: Queryable,
	ctx: WriteContext,
	input: NewGame,
	sizes: TableSizes,
	last: GameRow | undefined,
	names: Map<string, SeatPlayer>
): Promise<Seated> {
	const seed = randomBytes(16).toString('hex');
	if (input.rule.kind === 'deal') {
		const roster = await readRoster(tx, ctx.club.id);
		const players = accepted(tonightsPlayers(roster, ctx.night.here, ctx.night.guests));
		for (const p of players) names.set(p.id, { player: p.id, name: p.name, guest: p.guest });
		const dealt = accepted(
			dealTables(
				players.map((p) => p.id),
				sizes,
				seed
			)
		);
		return { ...dealt, moves: [], finalTables: [] };
	}
	if (!last) throw refused([{ code: 'no-game' }]);
	for (const t of last.tables) for (const p of t.players) names.set(p.player, p);
	const results = await lastResults(tx, ctx, last, input.force === true);
	const next = accepted(nextGame(results, input.rule as MoveRule, sizes, seed));
	return { ...next.seating, moves: next.moves, finalTables: next.finalTables };
}

/** POST /v1/night/games: the seats drawn, stored with their seed and the action; the night. */
export async function newGame(tx: Queryable, ctx: WriteContext, input: NewGame) {
	const { tableSizes } = await readSettings(tx, ctx.club.id);
	const games = await gamesOf(tx, ctx.night.id);
	const names = new Map<string, SeatPlayer>();
	const s = await seat(tx, ctx, input, tableSizes, games.at(-1), names);
	const named = (player: string) => names.get(player) ?? { player, name: player, guest: false };
	const tables = s.tables.map((t) => ({ table: t.table, players: t.players.map(named) }));
	const moves = s.moves.map((m) => ({ ...m, name: named(m.player).name }));
	const id = randomUUID();
	await tx.query(
		`INSERT INTO game (id, night_id, number, rule, table_min, table_max, seed, method, tables,
		                   moves, final_tables, action_id, at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		[
			id,
			ctx.night.id,
			games.length + 1,
			JSON.stringify(input.rule),
			tableSizes.min,
			tableSizes.max,
			s.seed,
			s.method,
			JSON.stringify(tables),
			JSON.stringify(moves),
			JSON.stringify(s.finalTables),
			ctx.actionId,
			ctx.now
		]
	);
	// Table 1 is the first phone, and so on: phones stay where they lie, players move.
	const phoneIds = await phones(tx, ctx.club.id);
	await tx.query(
		`INSERT INTO game_table (game_id, table_no, club_table_id)
		 SELECT $1, x.table_no, x.phone FROM jsonb_to_recordset($2::jsonb) AS x(table_no int, phone text)`,
		[id, JSON.stringify(tables.map((t, i) => ({ table_no: t.table, phone: phoneIds[i] ?? null })))]
	);
	return nightView(tx, ctx.club.id, ctx.night.night, true, ctx.night);
}

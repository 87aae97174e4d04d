// What the wall, the organiser and a table's phone read of tonight: the games with their seats,
// moves and each table's progress (GET /v1/night), and one phone's own seats (GET /v1/night/mine).

import type {
	Game,
	GameRule,
	Mine,
	Night,
	NightMove,
	NightTable,
	SeatPlayer
} from '../../../src/lib/club/night-protocol';
import { tonightsPlayers } from '../../../src/lib/club/night';
import type { Queryable } from '../db';
import type { TableAccess } from '../keys';
import { readNight, readRoster, readSettings, type NightRow } from './sql';
import { tonightStandings } from './standings';

/** A game as stored: the pure module's answer with the names of its players. */
export interface GameRow {
	id: string;
	number: number;
	rule: GameRule;
	seed: string;
	method: number;
	tables: { table: number; players: SeatPlayer[] }[];
	moves: NightMove[];
	final_tables: number[];
	at: number;
	by: string;
}

export type LastGame = Pick<GameRow, 'id' | 'number' | 'tables'>;

/** The night's newest game, as a deal or a move reads it (a move starts from its seats). */
export async function lastGame(q: Queryable, nightId: string): Promise<LastGame | undefined> {
	const [row] = await q.query<LastGame>(
		`SELECT id, number, tables FROM game WHERE night_id = $1 ORDER BY number DESC LIMIT 1`,
		[nightId]
	);
	return row;
}

export async function gamesOf(q: Queryable, nightId: string): Promise<GameRow[]> {
	return q.query<GameRow>(
		`SELECT g.id, g.number, g.rule, g.seed, g.method, g.tables, g.moves, g.final_tables, g.at,
		        t.name AS by
		 FROM game g JOIN organiser_action a ON a.id = g.action_id JOIN club_table t ON t.id = a.actor_id
		 WHERE g.night_id = $1 ORDER BY g.number`,
		[nightId]
	);
}

interface ProgressRow {
	game_id: string;
	table_no: number;
	phone: string | null;
	evening_id: string | null;
	round: number | null;
	leader: string[] | null;
	over: boolean | null;
	last_heard_at: number | null;
}

/** Each table of tonight's games: its phone, and the evening that phone started (once sent). */
async function progressOf(q: Queryable, nightId: string) {
	const rows = await q.query<ProgressRow>(
		`SELECT gt.game_id, gt.table_no, ct.name AS phone, gt.evening_id, e.round_count AS round,
		        e.leader, e.over,
		        (SELECT max(k.last_heard_at) FROM club_key k WHERE k.table_id = gt.club_table_id)
		          AS last_heard_at
		 FROM game g JOIN game_table gt ON gt.game_id = g.id
		 LEFT JOIN club_table ct ON ct.id = gt.club_table_id
		 LEFT JOIN evening e ON e.id = gt.evening_id AND e.table_id = gt.club_table_id AND NOT e.deleted
		 WHERE g.night_id = $1`,
		[nightId]
	);
	return new Map(rows.map((r) => [`${r.game_id}/${r.table_no}`, r]));
}

/**
 * A game as GET /v1/night shows it; `progress` keyed by game id / table number (a table without
 * a row or a field: no phone, nothing played yet).
 */
export function gameView(g: GameRow, progress: ReadonlyMap<string, Partial<ProgressRow>>): Game {
	const tables: NightTable[] = g.tables.map((t) => {
		const p = progress.get(`${g.id}/${t.table}`);
		return {
			table: t.table,
			phone: p?.phone ?? null,
			final: g.final_tables.includes(t.table),
			players: t.players,
			progress: {
				eveningId: p?.evening_id ?? null,
				round: p?.round ?? 0,
				leader: p?.leader ?? [],
				over: p?.over ?? false,
				lastHeardAt: p?.last_heard_at ?? null
			}
		};
	});
	const { number, rule, seed, method, at, by, moves } = g;
	return { number, rule, seed, method, at, by, tables, moves, finalTables: g.final_tables };
}

/** Tonight's check-in as the organiser's screen shows it (the players tonightsPlayers makes). */
async function checkInView(q: Queryable, clubId: string, night: NightRow) {
	const roster = await readRoster(q, clubId);
	// Members merged away since the check-in are left out, not refused: the list reads as stored.
	const known = new Set(roster.members.map((m) => m.id));
	const here = night.here.filter((id) => known.has(id));
	const players = tonightsPlayers(roster, here, night.guests);
	return {
		here,
		guests: night.guests,
		players: players.ok
			? players.value.map((p) => ({ player: p.id, name: p.name, guest: p.guest }))
			: []
	};
}

/** GET /v1/night: check-in only for the organiser. */
export async function nightView(
	q: Queryable,
	clubId: string,
	night: string,
	organiser: boolean,
	stored?: NightRow
): Promise<Night> {
	const row = stored ?? (await readNight(q, clubId, night));
	const settings = await readSettings(q, clubId);
	// One after another: in a write's transaction they share one connection.
	const games = row.id ? await gamesOf(q, row.id) : [];
	const progress = row.id ? await progressOf(q, row.id) : new Map<string, ProgressRow>();
	const { seasonRule, divisions } = settings;
	const standings = await tonightStandings(q, clubId, night, seasonRule, divisions);
	const checkIn = organiser ? await checkInView(q, clubId, row) : null;
	return {
		club: settings.club,
		night,
		revision: row.revision,
		tableSizes: settings.tableSizes,
		checkIn,
		games: games.map((g) => gameView(g, progress)),
		standings
	};
}

/**
 * GET /v1/night/mine: this phone's seats in tonight's latest game (none when its table does not
 * play it: a final elsewhere, or it sits out), and where the players of its table in the game
 * before went.
 */
export async function mine(q: Queryable, who: TableAccess, night: string): Promise<Mine> {
	const row = await readNight(q, who.clubId, night);
	const settings = await readSettings(q, who.clubId);
	const answer: Mine = {
		night,
		revision: row.revision,
		seats: null,
		houseRules: settings.houseRules,
		moves: []
	};
	if (!row.id || who.role !== 'table') return answer;
	// The night's last two games, each with this phone's table in it if it has one: the seats of
	// a game before the latest are no longer true.
	const games = await q.query<GameRow & { table_no: number | null; evening_id: string | null }>(
		`SELECT g.number, g.tables, g.moves, g.final_tables, gt.table_no, gt.evening_id
		 FROM game g LEFT JOIN game_table gt ON gt.game_id = g.id AND gt.club_table_id = $2
		 WHERE g.night_id = $1 ORDER BY g.number DESC LIMIT 2`,
		[row.id, who.tableId]
	);
	const [now, before] = games;
	if (!now) return answer;
	const table = now.table_no;
	if (table !== null)
		answer.seats = {
			game: now.number,
			table,
			final: now.final_tables.includes(table),
			players: now.tables.find((t) => t.table === table)?.players ?? [],
			eveningId: now.evening_id
		};
	if (before?.table_no != null) answer.moves = now.moves.filter((m) => m.from === before.table_no);
	return answer;
}

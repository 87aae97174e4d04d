// The club night's figure in the server bench (bench.ts, CLUB_BENCH=night): a night of 40
// tables and 240 players, in a club with a season of 30 nights behind it (40 tables × 3 games ×
// 6 seats a night, 21,600 seats), on this run's engine. Each figure is a request answered by the
// club's app in this process (routing, checks, SQL, the pure module, JSON; no network): the deal
// (POST /v1/night/games), a move (Lowest move up 3, from the dealt game's results), tonight's
// standings (GET /v1/night, the wall's read) and the season (GET /v1/season). Figures only.

import { randomUUID } from 'node:crypto';
import { createApp } from './src/app';
import { ChangeHub } from './src/changes';
import { ensureClub, invite, type Club } from './src/club';
import { openPglite, type Db } from './src/db';
import { migrate } from './src/migrate';
import { nightOf } from './src/night';
import { call, ENGINE, freshDb } from './test/helpers';

const TABLES = 40;
const SEATS = 6;
const PLAYERS = TABLES * SEATS;
const SEASON_NIGHTS = 30;
const GAMES_A_NIGHT = 3;
const RUNS = 8;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const figure = (xs: number[]) =>
	`median ${median(xs).toFixed(1)} ms, worst ${Math.max(...xs).toFixed(1)} ms`;

/** 200 members and 40 guests' names; the members in SQL, as a club that has run for years. */
async function seedMembers(db: Db, club: Club): Promise<string[]> {
	await db.query(
		`INSERT INTO member (id, club_id, name, key, created_at)
		 SELECT 'm' || g, $1, 'Member ' || g, 'member ' || g, g FROM generate_series(0, 199) AS g`,
		[club.id]
	);
	return Array.from({ length: PLAYERS - 200 }, (_, i) => `Guest ${i}`);
}

/** Evenings of the season's past nights, their seats the members and guests in turn. */
async function seedSeason(db: Db, club: Club, tableId: string): Promise<void> {
	const today = Date.now();
	const nights = Array.from({ length: SEASON_NIGHTS }, (_, k) =>
		nightOf(today - (k + 1) * 86_400_000)
	);
	const evenings = SEASON_NIGHTS * TABLES * GAMES_A_NIGHT;
	await db.query(
		`INSERT INTO evening (id, club_id, table_id, revision, data, night, round_count, over, leader, received_at)
		 SELECT 's' || g, $1, $2, 3, jsonb_build_object('createdAt', $4::bigint - g), ($3::text[])[1 + g % $6],
		        13, true, '[]', $4
		 FROM generate_series(0, $5 - 1) AS g`,
		[club.id, tableId, nights, today, evenings, SEASON_NIGHTS]
	);
	await db.query(
		`INSERT INTO evening_player (evening_id, seat, club_id, night, key, name, total, rounds, place, seats)
		 SELECT e.id, s, $1, e.night,
		        CASE WHEN p < 200 THEN 'member ' || p ELSE 'guest ' || (p - 200) END,
		        CASE WHEN p < 200 THEN 'Member ' || p ELSE 'Guest ' || (p - 200) END,
		        (g * 31 + s * 17) % 400, 13, 1 + s, $3
		 FROM generate_series(0, $2 - 1) AS g JOIN evening e ON e.id = 's' || g,
		      generate_series(0, $3 - 1) AS s, LATERAL (SELECT ((g / $4) * $3 + s * 7 + g) % $5 AS p) AS x`,
		[club.id, evenings, SEATS, SEASON_NIGHTS, PLAYERS]
	);
}

/** Tonight's first game played out: each table's evening over, claimed by its phone. */
async function playDealtGame(db: Db, club: Club): Promise<void> {
	const night = nightOf(Date.now());
	const tables = await db.query<{ table_no: number; phone: string; players: string }>(
		`SELECT gt.table_no, gt.club_table_id AS phone,
		        (SELECT t->'players' FROM jsonb_array_elements(g.tables) t
		         WHERE (t->>'table')::int = gt.table_no)::text AS players
		 FROM game g JOIN game_table gt ON gt.game_id = g.id JOIN night n ON n.id = g.night_id
		 WHERE n.club_id = $1 AND n.night = $2 AND g.number = 1`,
		[club.id, night]
	);
	for (const t of tables) {
		const id = randomUUID();
		const players = JSON.parse(t.players) as { name: string }[];
		await db.query(
			`INSERT INTO evening (id, club_id, table_id, revision, data, night, round_count, over, leader, received_at)
			 VALUES ($1, $2, $3, 3, '{"createdAt": 0}', $4, 13, true, '[]', 0)`,
			[id, club.id, t.phone, night]
		);
		await db.query(
			`INSERT INTO evening_player (evening_id, seat, club_id, night, key, name, total, rounds, place, seats)
			 SELECT $1, x.seat, $2, $3, lower(x.name), x.name, 10 * x.seat, 13, 1 + x.seat, $4
			 FROM jsonb_to_recordset($5::jsonb) AS x(seat int, name text)`,
			[
				id,
				club.id,
				night,
				players.length,
				JSON.stringify(players.map((p, seat) => ({ ...p, seat })))
			]
		);
		await db.query(
			`UPDATE game_table SET evening_id = $1 WHERE club_table_id = $2 AND table_no = $3`,
			[id, t.phone, t.table_no]
		);
	}
}

/** A club in an empty database of this run's engine (PGlite in memory), for a figure. */
export async function benchClub(): Promise<{ db: Db; club: Club; drop: () => Promise<void> }> {
	const fresh =
		ENGINE === 'postgres'
			? await freshDb()
			: { db: await openPglite('memory://'), drop: async () => {} };
	await migrate(fresh.db);
	return { db: fresh.db, club: await ensureClub(fresh.db, 'Bench Club'), drop: fresh.drop };
}

export async function nightTime(): Promise<void> {
	const fresh = await benchClub();
	const { db, club } = fresh;
	const organiser = await invite(db, club, 'Ruth', 'organiser');
	for (let i = 1; i <= TABLES; i++) await invite(db, club, `Table ${i}`, 'table');
	const [phone] = await db.query<{ id: string }>(
		`SELECT id FROM club_table WHERE name = 'Table 1'`
	);
	const guests = await seedMembers(db, club);
	await seedSeason(db, club, phone!.id);
	await db.query(`ANALYZE`);
	const hub = new ChangeHub();
	await hub.start(db);
	const app = createApp({
		db,
		club,
		hub,
		appOrigin: 'http://app.test',
		rateLimit: { burst: 1e6, perSecond: 1e6 }
	});

	let revision = 0;
	const write = async (method: string, path: string, body: unknown) => {
		const r = await call<{ revision: number }>(app, path, organiser, {
			method,
			body,
			headers: { 'Idempotency-Key': randomUUID(), 'If-Match': String(revision) }
		});
		if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
		revision = r.body.revision;
	};
	const timed = async (run: () => Promise<unknown>) => {
		const at = performance.now();
		await run();
		return performance.now() - at;
	};
	const ids = Array.from({ length: 200 }, (_, g) => `m${g}`);
	await write('PUT', '/v1/night/check-in', { here: ids, guests });
	await write('PUT', '/v1/club/settings', {
		tableSizes: { min: 4, max: 6 },
		houseRules: null,
		seasonRule: { ranking: 'per-round', missed: { kind: 'own-average' }, ties: 'best-night' },
		divisions: []
	});
	const deal: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		deal.push(await timed(() => write('POST', '/v1/night/games', { rule: { kind: 'deal' } })));
		// Each run deals the night's first game again.
		await db.query(`DELETE FROM game_table`);
		await db.query(`DELETE FROM game`);
	}
	await write('POST', '/v1/night/games', { rule: { kind: 'deal' } });
	await playDealtGame(db, club);
	const move: number[] = [];
	const rule = { kind: 'lowest-move-up', count: 3 };
	for (let i = 0; i < RUNS; i++) {
		move.push(await timed(() => write('POST', '/v1/night/games', { rule })));
		await db.query(
			`DELETE FROM game_table WHERE game_id IN (SELECT id FROM game WHERE number > 1)`
		);
		await db.query(`DELETE FROM game WHERE number > 1`);
	}
	const tonight: number[] = [];
	const season: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		tonight.push(await timed(() => call(app, '/v1/night', organiser)));
		season.push(await timed(() => call(app, '/v1/season', organiser)));
	}
	await hub.close();
	await db.close();
	await fresh.drop();
	const warm = (xs: number[]) => xs.slice(2);
	console.log(
		`Club night (${ENGINE}), ${TABLES} tables, ${PLAYERS} players, a season of ${SEASON_NIGHTS} nights: ` +
			`deal ${figure(warm(deal))}; lowest move up ${figure(warm(move))}; ` +
			`tonight's standings (GET /v1/night) ${figure(warm(tonight))}; ` +
			`the season (GET /v1/season) ${figure(warm(season))} (goal < 100 ms each)`
	);
}

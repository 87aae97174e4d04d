// The club night's figure in the server bench (bench.ts, CLUB_BENCH=night): a night of 40
// tables and 240 players, in a club with a season of 30 nights behind it (40 tables × 3 games ×
// 6 seats a night, 21,600 seats), on this run's engine. Each figure is a request answered by the
// club's app in this process (routing, checks, SQL, the pure module, JSON; no network): the deal
// (POST /v1/night/games), a move (Lowest move up 3, from the dealt game's results), tonight's
// standings (GET /v1/night, the wall's read), the season (GET /v1/season), the club standings
// (GET /v1/standings: tonight's tables and players and the season's, every phone's screen) and a
// member's nights (GET /v1/nights, by any of the member's spellings: CLUB_PLAYER). Figures only;
// BENCH_PLANS=1 also prints each request's reads with their plans (bench-plans.ts).

import { randomUUID } from 'node:crypto';
import { createApp } from './src/app';
import { ChangeHub } from './src/changes';
import { ensureClub, invite, type Club } from './src/club';
import { openPglite, type Db } from './src/db';
import { migrate } from './src/migrate';
import { nightOf } from './src/night';
import { call, ENGINE, freshDb } from './test/helpers';
import { printPlans, recording } from './bench-plans';
import { analyseGrown } from './src/planner-stats';

const TABLES = 40;
const SEATS = 6;
const PLAYERS = TABLES * SEATS;
const SEASON_NIGHTS = 30;
const GAMES_A_NIGHT = 3;
const RUNS = 8;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/**
 * A request's times, the first two (warming up) left out of the figure: wall clock, and this
 * process's CPU (the app, and on PGlite the database too), which moves less with the machine's load.
 */
class Samples {
	readonly wall: number[] = [];
	readonly cpu: number[] = [];
	async time(run: () => Promise<unknown>): Promise<void> {
		const at = performance.now();
		const cpu = process.cpuUsage();
		await run();
		this.wall.push(performance.now() - at);
		const used = process.cpuUsage(cpu);
		this.cpu.push((used.user + used.system) / 1000);
	}
	get figure(): string {
		const [wall, cpu] = [this.wall.slice(2), this.cpu.slice(2)];
		return `median ${median(wall).toFixed(1)} ms (CPU ${median(cpu).toFixed(1)} ms), worst ${Math.max(...wall).toFixed(1)} ms`;
	}
}

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

/**
 * The season's past nights as the organiser ran them: each night's row, 20 actions (check-ins,
 * merges, deals and moves), its games and their tables, each table's evening the one seeded for
 * it: what grows with the season besides the seats.
 */
async function seedPastNights(db: Db, club: Club): Promise<void> {
	const [who] = await db.query<{ table_id: string; id: string }>(
		`SELECT k.table_id, k.id FROM club_key k JOIN club_table t ON t.id = k.table_id
		 WHERE t.role = 'organiser'`
	);
	const today = Date.now();
	for (let k = 0; k < SEASON_NIGHTS; k++) {
		const night = randomUUID();
		await db.query(`INSERT INTO night (id, club_id, night, revision) VALUES ($1, $2, $3, 20)`, [
			night,
			club.id,
			nightOf(today - (k + 1) * 86_400_000)
		]);
		const actions = await db.query<{ id: number }>(
			`INSERT INTO organiser_action
			   (club_id, night_id, actor_id, key_id, request_id, request_hash, kind, input, result, at)
			 SELECT $1, $2, $3, $4, gen_random_uuid(), 'h', 'check-in', '{}', 'null', $5::bigint + a
			 FROM generate_series(1, 20) AS a RETURNING id`,
			[club.id, night, who!.table_id, who!.id, today]
		);
		for (let g = 0; g < GAMES_A_NIGHT; g++) {
			const game = randomUUID();
			await db.query(
				`INSERT INTO game (id, night_id, number, rule, table_min, table_max, seed, method, tables,
				                   moves, final_tables, action_id, at)
				 VALUES ($1, $2, $3, '{"kind":"deal"}', 4, 6, repeat('0', 32), 1, '[]', '[]', '[]', $4, $5)`,
				[game, night, g + 1, actions[17 + g]!.id, today]
			);
			// The evenings seedSeason put on this night, GAMES_A_NIGHT × TABLES of them.
			await db.query(
				`INSERT INTO game_table (game_id, table_no, club_table_id, evening_id)
				 SELECT $1, t, NULL, 's' || ((($2 * $3 + t - 1) * $4) + $5)
				 FROM generate_series(1, $3) AS t`,
				[game, g, TABLES, SEASON_NIGHTS, k]
			);
		}
	}
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

/** Tonight's games from number `from` on (the past nights' stay), to time a deal or a move again. */
async function dropTonightsGames(db: Db, from: number): Promise<void> {
	const tonight = `SELECT g.id FROM game g JOIN night n ON n.id = g.night_id
	                 WHERE n.night = $1 AND g.number >= $2`;
	const params = [nightOf(Date.now()), from];
	await db.query(`DELETE FROM game_table WHERE game_id IN (${tonight})`, params);
	await db.query(`DELETE FROM game WHERE id IN (${tonight})`, params);
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
	await seedPastNights(db, club);
	// As the server keeps them (planner-stats.ts; PostgreSQL's autovacuum alike): BENCH_NO_ANALYZE=1
	// measures a database never analysed, as a PGlite server ran before it kept them.
	const analysed = performance.now();
	if (process.env.BENCH_NO_ANALYZE !== '1') await analyseGrown(db);
	const analyseMs = performance.now() - analysed;
	const hub = new ChangeHub();
	await hub.start(db);
	const noted = recording(db);
	const app = createApp({
		db: noted.db,
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
	const ids = Array.from({ length: 200 }, (_, g) => `m${g}`);
	await write('PUT', '/v1/night/check-in', { here: ids, guests });
	await write('PUT', '/v1/club/settings', {
		tableSizes: { min: 4, max: 6 },
		houseRules: null,
		seasonRule: { ranking: 'per-round', missed: { kind: 'own-average' }, ties: 'best-night' },
		divisions: []
	});
	const deal = new Samples();
	for (let i = 0; i < RUNS; i++) {
		await deal.time(() => write('POST', '/v1/night/games', { rule: { kind: 'deal' } }));
		// Each run deals the night's first game again.
		await dropTonightsGames(db, 1);
	}
	await write('POST', '/v1/night/games', { rule: { kind: 'deal' } });
	await playDealtGame(db, club);
	const move = new Samples();
	const rule = { kind: 'lowest-move-up', count: 3 };
	for (let i = 0; i < RUNS; i++) {
		await move.time(() => write('POST', '/v1/night/games', { rule }));
		await dropTonightsGames(db, 2);
	}
	const reads = {
		tonight: '/v1/night',
		season: '/v1/season',
		standings: '/v1/standings',
		nights: `/v1/nights?player=${encodeURIComponent('Member 7')}`
	};
	type Read = keyof typeof reads;
	const times = Object.fromEntries(Object.keys(reads).map((k) => [k, new Samples()])) as Record<
		Read,
		Samples
	>;
	for (let i = 0; i < RUNS; i++) {
		for (const what of Object.keys(reads) as Read[]) {
			await times[what].time(() => call(app, reads[what], organiser));
		}
	}
	if (process.env.BENCH_PLANS === '1') {
		for (const path of Object.values(reads)) {
			await printPlans(db, `GET ${path}`, await noted.take(() => call(app, path, organiser)));
		}
		const dealt = await noted.take(() => write('POST', '/v1/night/games', { rule }));
		await printPlans(db, 'POST /v1/night/games (lowest move up)', dealt);
	}
	await hub.close();
	await db.close();
	await fresh.drop();
	console.log(
		`Club night (${ENGINE}), ${TABLES} tables, ${PLAYERS} players, a season of ${SEASON_NIGHTS} nights: ` +
			`deal ${deal.figure}; lowest move up ${move.figure}; ` +
			`tonight's standings (GET /v1/night) ${times.tonight.figure}; ` +
			`the season (GET /v1/season) ${times.season.figure}; ` +
			`the club standings (GET /v1/standings) ${times.standings.figure}; ` +
			`a member's nights (GET /v1/nights) ${times.nights.figure} (goal < 100 ms each); ` +
			(process.env.BENCH_NO_ANALYZE === '1'
				? 'never analysed'
				: `the tables analysed first in ${analyseMs.toFixed(0)} ms`)
	);
}

// `npm run bench` (scripts/bench.js) runs this twice: on the embedded PGlite and, where PostgreSQL
// is installed, on a throwaway cluster (CLUB_TEST_DATABASE_URL, from scripts/with-postgres.mjs).
// Figures only, never a failure:
// - 100 tables × 13 rounds × 6 players pushed at once to a club server process on loopback: each
//   table sends its evening as it is played (the start, then one batch per saved round), all
//   tables at the same moment (after a warm-up table's evenings, off the clock); every round
//   stored once; p50/p95 ms per batch; rounds per second; CPU per batch of each process;
// - the club standings (tonight and the season) with 10,000 stored evenings, ms to compute;
// - the live channel: ms from a table's save to a listening screen hearing of it (on PostgreSQL
//   also through a second server process, by LISTEN/NOTIFY);
// - the club night (bench-night.ts): 40 tables, 240 players, a season of 30 nights: the deal, a
//   move, tonight's standings and the season, ms a request.
// Goals: p95 under 100 ms per batch, standings under 100 ms, a save heard within two seconds.
// Beside the first: the floor, the same load against an empty HTTP server, so the figure can be
// read against what the machine allows.

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchClub, nightTime } from './bench-night';
import { ensureClub, invite } from './src/club';
import { openPglite, type Db } from './src/db';
import { migrate } from './src/migrate';
import { nightOf } from './src/night';
import { computeStandings, playerNights } from './src/standings/service';
import { ENGINE, evening, freshDb, playedThrough } from './test/helpers';
import { openChannel, startServer } from './test/processes';

/** Tables pushing at once: the goal's 100, then a club's evening (CLUB_BENCH_TABLES=100,10). */
const TABLE_COUNTS = (process.env.CLUB_BENCH_TABLES ?? '100,10').split(',').map(Number);
const ROUNDS = 13;
const PLAYERS = 6;
const STORED_EVENINGS = 10_000;
/** Evenings a warm-up table plays before the clock starts (CLUB_BENCH_WARM_UP). */
const WARM_UP = Number(process.env.CLUB_BENCH_WARM_UP ?? 3);

const pct = (xs: number[], p: number) => {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => x.toFixed(1);
const spread = (times: number[]) => `p50 ${ms(pct(times, 50))} ms, p95 ${ms(pct(times, 95))} ms`;

/** CPU ms a process has used (Linux /proc), so a figure can be read apart from the machine's load. */
function cpuMs(pid: number): number {
	try {
		const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at 100 Hz
	} catch {
		return NaN;
	}
}

/** CPU ms the throwaway PostgreSQL cluster's processes have used (its backends included). */
function postgresCpuMs(): number {
	const argv = JSON.parse(process.env.CLUB_TEST_PG_CTL ?? '[]') as string[];
	const data = argv[argv.indexOf('-D') + 1];
	if (ENGINE !== 'postgres' || !data) return NaN;
	const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
	let sum = cpuMs(postmaster);
	for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
		try {
			const parent = Number(
				readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]
			);
			if (parent === postmaster) sum += cpuMs(Number(pid));
		} catch {
			// gone meanwhile
		}
	}
	return sum;
}

/** A database for the server process, and how to open it here. */
async function store(): Promise<{
	env: Record<string, string>;
	open: () => Promise<Db>;
	done: () => Promise<void>;
	shared: Db | null;
}> {
	if (ENGINE === 'postgres') {
		const fresh = await freshDb();
		return {
			env: { DATABASE_URL: fresh.url! },
			open: async () => fresh.db,
			done: fresh.drop,
			shared: fresh.db
		};
	}
	const dir = mkdtempSync(join(tmpdir(), 'club-bench-'));
	return {
		env: { CLUB_DATA: dir },
		open: () => openPglite(dir),
		done: async () => rmSync(dir, { recursive: true, force: true }),
		shared: null
	};
}

/**
 * A phone's POST of a batch, as light as Node makes it (kept-alive sockets, the body built
 * before), so the bench's own CPU, on the same cores, takes as little from the server as it can.
 */
function poster(
	url: string
): (token: string, body: string) => Promise<{ status: number; text: string }> {
	const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
	const { hostname, port } = new URL(url);
	return (token, body) =>
		new Promise((resolve, reject) => {
			const req = request(
				{
					agent,
					hostname,
					port,
					method: 'POST',
					path: '/v1/ops',
					headers: {
						Authorization: `Bearer ${token}`,
						'Content-Type': 'application/json',
						'Content-Length': Buffer.byteLength(body)
					}
				},
				(res) => {
					let text = '';
					res.setEncoding('utf8');
					res.on('data', (chunk: string) => (text += chunk));
					res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
					res.on('error', reject);
				}
			);
			req.on('error', reject);
			req.end(body);
		});
}

/**
 * Every table's batches, all tables at once, each table's one after another as a phone sends
 * them; a dropped connection is tried again, as a phone would (counted apart).
 */
async function pushAll(
	post: ReturnType<typeof poster>,
	tokens: string[],
	bodies: string[][]
): Promise<{ times: number[]; retries: number; elapsed: number }> {
	const times: number[] = [];
	let retries = 0;
	const started = performance.now();
	await Promise.all(
		tokens.map(async (token, t) => {
			for (const body of bodies[t]!) {
				const at = performance.now();
				let reply = await post(token, body).catch(() => null);
				while (!reply) {
					retries++;
					reply = await post(token, body).catch(() => null);
				}
				times.push(performance.now() - at);
				if (reply.status !== 200 || JSON.parse(reply.text).applied.length !== 1) {
					throw new Error(`batch not applied: ${reply.status} ${reply.text}`);
				}
			}
		})
	);
	return { times, retries, elapsed: (performance.now() - started) / 1000 };
}

/**
 * The same load against an empty HTTP server (server/scripts/empty-server.mjs) on this machine:
 * what HTTP on loopback and the load's own process cost before any club work, so the goal's
 * figure can be read against what this machine allows at all.
 */
async function floor(tokens: string[], bodies: string[][]): Promise<string> {
	const script = fileURLToPath(new URL('scripts/empty-server.mjs', import.meta.url));
	const child = spawn(process.execPath, [script], {
		stdio: ['ignore', 'pipe', 'inherit']
	});
	try {
		const url = await new Promise<string>((resolve, reject) => {
			child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
			child.once('exit', () => reject(new Error('the empty server did not start')));
		});
		const post = poster(url);
		await pushAll(post, tokens.slice(0, 3), bodies); // warm, as the club server was
		const { times, elapsed } = await pushAll(post, tokens, bodies);
		return `${spread(times)}, ${Math.round(times.length / elapsed).toLocaleString('en')} batches/s`;
	} finally {
		child.kill();
	}
}

async function pushAtOnce(TABLES: number): Promise<void> {
	const s = await store();
	let db = await s.open();
	await migrate(db);
	const club = await ensureClub(db, 'Bench Club');
	const tokens: string[] = [];
	for (let i = 0; i < TABLES; i++) tokens.push(await invite(db, club, `Table ${i + 1}`, 'table'));
	const warmToken = await invite(db, club, 'Warm-up table', 'table');
	if (!s.shared) await db.close();
	// CLUB_BENCH_PROFILE=dir: the server's CPU profile (node --cpu-prof), written when it stops.
	const profile = process.env.CLUB_BENCH_PROFILE;
	const server = await startServer(
		s.env,
		profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []
	);
	const names = Array.from({ length: PLAYERS }, (_, i) => `Player ${i + 1}`);
	// Every request's body is built before the clock starts: building it is the phones' work.
	const bodies = tokens.map((_, t) =>
		playedThrough(
			evening(
				names.map((n) => `${n} of ${t + 1}`),
				ROUNDS
			)
		).map((op) => JSON.stringify({ ops: [op] }))
	);
	const post = poster(server.url);
	// A table of its own plays WARM_UP evenings first, one batch at a time, before the clock: the
	// figures are a running server's, not its first minute's (Node's JIT, PGlite's WASM compiled
	// on first use: a fresh server's first batches cost ten times the CPU).
	const warmEvenings: string[] = [];
	for (let w = 0; w < WARM_UP; w++) {
		const ops = playedThrough(evening(names, ROUNDS));
		warmEvenings.push(ops[0]!.eveningId);
		for (const op of ops) {
			const reply = await post(warmToken, JSON.stringify({ ops: [op] }));
			if (reply.status !== 200) throw new Error(`warm-up refused: ${reply.text}`);
		}
	}
	const cpuBefore = cpuMs(server.child.pid!);
	const pgBefore = postgresCpuMs();
	const benchBefore = process.cpuUsage();
	const { times, retries, elapsed } = await pushAll(post, tokens, bodies);
	const cpuPerBatch = (cpuMs(server.child.pid!) - cpuBefore) / times.length;
	const pgPerBatch = (postgresCpuMs() - pgBefore) / times.length;
	const bench = process.cpuUsage(benchBefore);
	const benchPerBatch = (bench.user + bench.system) / 1000 / times.length;
	await server.kill('SIGTERM');
	if (!s.shared) db = await s.open();
	const [stored] = await db.query<{ n: number; d: number }>(
		`SELECT count(*)::int AS n, count(DISTINCT (evening_id, idx))::int AS d FROM round
		 WHERE NOT (evening_id = ANY ($1))`,
		[warmEvenings]
	);
	if (!s.shared) await db.close();
	await s.done();
	const rounds = TABLES * ROUNDS;
	const empty = await floor(tokens, bodies);
	console.log(
		`Club server (${ENGINE}): ${TABLES} tables × ${ROUNDS} rounds × ${PLAYERS} players pushed at once on loopback (after a ${WARM_UP}-evening warm-up): ${times.length} batches, ` +
			`${spread(times)} per batch (goal p95 < 100 ms); ` +
			`${Math.round(rounds / elapsed).toLocaleString('en')} rounds/s; CPU per batch: server ${ms(cpuPerBatch)} ms${ENGINE === 'pglite' ? ' (database included)' : `, PostgreSQL ${ms(pgPerBatch)} ms`}, the phones' side (this process) ${ms(benchPerBatch)} ms; ${retries} connections retried; rounds stored ${stored!.n} of ${rounds}, ${stored!.n === stored!.d && stored!.n === rounds ? 'each once' : 'NOT each once'}; ` +
			`the floor, the same load answered by an empty HTTP server on this machine: ${empty}`
	);
}

/** 10,000 evenings of 6 players over the season's nights (100 of them tonight), in SQL. */
async function seedEvenings(db: Db, clubId: string, tableId: string): Promise<void> {
	const now = Date.now();
	const nights = Array.from({ length: 100 }, (_, k) => nightOf(now - k * 86_400_000)).filter(
		(n) => n.slice(0, 4) === nightOf(now).slice(0, 4)
	);
	await db.query(
		`INSERT INTO evening (id, club_id, table_id, revision, data, night, round_count, over, leader, received_at)
		 SELECT 'e' || g, $1, $2, 14, jsonb_build_object('createdAt', $4::bigint - g), ($3::text[])[1 + g % array_length($3::text[], 1)],
		        13, true, '["Player 1"]', $4
		 FROM generate_series(0, $5 - 1) AS g`,
		[clubId, tableId, nights, now, STORED_EVENINGS]
	);
	await db.query(
		`INSERT INTO evening_player (evening_id, seat, club_id, night, key, name, total, rounds, place, seats)
		 SELECT e.id, s, $1, e.night, 'player ' || ((g * 7 + s * 13) % 300), 'Player ' || ((g * 7 + s * 13) % 300),
		        (g * 31 + s * 17) % 400, 13, 1 + s, 6
		 FROM generate_series(0, $2 - 1) AS g JOIN evening e ON e.id = 'e' || g, generate_series(0, 5) AS s`,
		[clubId, STORED_EVENINGS]
	);
	await db.query(`ANALYZE`);
}

async function standingsTime(): Promise<void> {
	const fresh = await benchClub();
	const { db, club } = fresh;
	await invite(db, club, 'Table 1', 'table');
	const [table] = await db.query<{ id: string }>(`SELECT id FROM club_table`);
	await seedEvenings(db, club.id, table!.id);
	const times: number[] = [];
	const cpu: number[] = [];
	let players = 0;
	for (let i = 0; i < 12; i++) {
		const at = performance.now();
		const c0 = process.cpuUsage();
		const s = await computeStandings(db, club);
		times.push(performance.now() - at);
		const c = process.cpuUsage(c0);
		cpu.push((c.user + c.system) / 1000);
		players = s.seasonStandings.length;
	}
	const nightsTimes: number[] = [];
	let nights = 0;
	for (let i = 0; i < 12; i++) {
		const at = performance.now();
		nights = (await playerNights(db, club, 'Player 1')).nights.length;
		nightsTimes.push(performance.now() - at);
	}
	await db.close();
	await fresh.drop();
	const warm = times.slice(2);
	console.log(
		`Club standings (${ENGINE}) with ${STORED_EVENINGS.toLocaleString('en')} stored evenings (${players} players this season): ` +
			`median ${ms(pct(warm, 50))} ms, worst ${ms(Math.max(...warm))} ms (goal < 100 ms)` +
			(ENGINE === 'pglite' ? `; CPU ${ms(pct(cpu.slice(2), 50))} ms` : '') +
			`; one player's nights (${nights} nights, read when shown): median ${ms(pct(nightsTimes.slice(2), 50))} ms`
	);
}

/**
 * Ms from a table's save (its POST sent) to a listening screen hearing of it, one save at a
 * time, over two evenings (the first off the clock). On PostgreSQL the screen also listens on a
 * second server process, which hears of the save only through the database's NOTIFY.
 */
async function liveTime(): Promise<void> {
	const s = await store();
	const db = await s.open();
	await migrate(db);
	const club = await ensureClub(db, 'Bench Club');
	const viewer = await invite(db, club, 'Bar TV', 'viewer');
	const table = await invite(db, club, 'Table 1', 'table');
	if (!s.shared) await db.close();
	const servers = [await startServer(s.env)];
	if (ENGINE === 'postgres') servers.push(await startServer(s.env));
	const channel = await openChannel(`${servers.at(-1)!.url}/v1/events?token=${viewer}`);
	await channel.next(); // at once: "load the standings now"
	const post = poster(servers[0]!.url);
	const times: number[] = [];
	const names = Array.from({ length: PLAYERS }, (_, i) => `Player ${i + 1}`);
	for (let e = 0; e < 2; e++) {
		for (const op of playedThrough(evening(names, ROUNDS))) {
			const heard = channel.next();
			const at = performance.now();
			const reply = await post(table, JSON.stringify({ ops: [op] }));
			if (reply.status !== 200) throw new Error(`save refused: ${reply.text}`);
			await heard;
			if (e > 0) times.push(performance.now() - at);
		}
	}
	channel.close();
	for (const server of servers) await server.kill('SIGTERM');
	await s.done();
	console.log(
		`Club live channel (${ENGINE}${ENGINE === 'postgres' ? ', heard on a second server process' : ''}): a save to a listening screen, ${times.length} saves: ` +
			`${spread(times)}, worst ${ms(Math.max(...times))} ms (goal < 2000 ms)`
	);
}

console.log(
	`Club bench load average before: ${loadavg()
		.map((x) => x.toFixed(1))
		.join(' ')}`
);
// CLUB_BENCH=push, standings, live or night: only that figure.
const only = process.env.CLUB_BENCH;
if (!only || only === 'push') for (const n of TABLE_COUNTS) await pushAtOnce(n);
if (!only || only === 'standings') await standingsTime();
if (!only || only === 'live') await liveTime();
if (!only || only === 'night') await nightTime();

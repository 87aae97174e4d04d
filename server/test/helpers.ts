// Shared by the club server's tests: a fresh database (PGlite in memory, or a database of its own
// on the PostgreSQL of CLUB_TEST_DATABASE_URL), a club in it, the app, and evenings to send.

import { randomUUID } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { ClubEvening, ClubOp, ClubRole } from '../../src/lib/club/protocol';
import type { RoundEntry, RulesChoice } from '../../src/lib/rules/types';
import { createApp } from '../src/app';
import { ChangeHub } from '../src/changes';
import { ensureClub, invite, type Club } from '../src/club';
import { openPglite, openPostgres, type Db } from '../src/db';
import { migrate } from '../src/migrate';
import type { RateLimit } from '../src/rate-limit';

export const PG_URL = process.env.CLUB_TEST_DATABASE_URL;
export const ENGINE = PG_URL ? 'postgres' : 'pglite';
export const APP_ORIGIN = 'http://app.test';

/** A new, empty database of this run's engine; its URL too on PostgreSQL. */
export async function freshDb(): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
	if (!PG_URL) {
		const db = await openPglite('memory://', clusterTarball());
		return { db, drop: () => db.close() };
	}
	const name = `club_test_${randomUUID().replace(/-/g, '')}`;
	const admin = new pg.Client({ connectionString: PG_URL });
	await admin.connect();
	await admin.query(`CREATE DATABASE ${name}`);
	await admin.end();
	const url = new URL(PG_URL);
	url.pathname = `/${name}`;
	const db = await openPostgres(url.href);
	return {
		db,
		url: url.href,
		drop: async () => {
			await db.close();
			const a = new pg.Client({ connectionString: PG_URL });
			await a.connect();
			await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await a.end();
		}
	};
}

/** The run's empty PGlite cluster (global-setup.ts), read once per file. */
let tarball: Blob | undefined;
function clusterTarball(): Blob | undefined {
	const cluster = inject('pgliteCluster');
	if (cluster && !tarball) tarball = new Blob([readFileSync(cluster.tarball)]);
	return tarball;
}

/** Puts the run's empty PGlite cluster in `dir` (a server process's CLUB_DATA), as initdb would. */
export function emptyCluster(dir: string): void {
	const cluster = inject('pgliteCluster');
	if (cluster) cpSync(cluster.folder, dir, { recursive: true });
}

export interface TestClub {
	db: Db;
	club: Club;
	hub: ChangeHub;
	app: ReturnType<typeof createApp>;
	invite(name: string, role?: ClubRole): Promise<string>;
	close(): Promise<void>;
}

// One database per test file (PGlite takes seconds to start), emptied for each test.
let shared: Awaited<ReturnType<typeof freshDb>> | null = null;

/** Drops this file's database: call in afterAll. */
export async function releaseDb(): Promise<void> {
	await shared?.drop();
	shared = null;
}

/** A club with no table yet; its app serves over `serving(db)` when given (a test's probe). */
export async function testClub(
	rateLimit?: RateLimit,
	serving: (db: Db) => Db = (db) => db
): Promise<TestClub> {
	if (!shared) {
		shared = await freshDb();
		await migrate(shared.db);
	}
	const { db } = shared;
	await db.query(
		`TRUNCATE club, club_table, club_key, evening, round, evening_player, applied_op CASCADE`
	);
	const club = await ensureClub(db, 'Domino Friends');
	const hub = new ChangeHub();
	await hub.start(db);
	const app = createApp({
		db: serving(db),
		club,
		hub,
		appOrigin: APP_ORIGIN,
		rateLimit: rateLimit ?? { burst: 10_000, perSecond: 10_000 }
	});
	return {
		db,
		club,
		hub,
		app,
		invite: (name, role = 'table') => invite(db, club, name, role),
		close: () => hub.close()
	};
}

/** Round `index`: seat (index mod n) goes out, the others hold a few points. */
export function entryFor(seats: string[], index: number): RoundEntry {
	const out = seats[index % seats.length]!;
	const hands: Record<string, number> = {};
	seats.forEach((id, i) => {
		if (id !== out) hands[id] = (index * 7 + i * 3) % 40;
	});
	return { out, blocked: false, hands };
}

/** An evening started now with `rounds` valid rounds (seat i mod n goes out in round i). */
export function evening(
	names: string[],
	rounds: number,
	rules: RulesChoice = { preset: 'swiss-jassshop' },
	createdAt = Date.now()
): ClubEvening {
	const id = randomUUID();
	const players = names.map((name) => ({ id: randomUUID(), name }));
	const seats = players.map((p) => p.id);
	return {
		evening: {
			id,
			createdAt,
			updatedAt: createdAt + rounds,
			players,
			rules,
			firstStarter: 0,
			endedAt: null
		},
		rounds: Array.from({ length: rounds }, (_, index) => ({
			id: `${id}:${index}`,
			eveningId: id,
			index,
			entry: entryFor(seats, index),
			starter: null,
			savedAt: createdAt + index + 1
		}))
	};
}

/** The evening after its first `n` rounds. */
export function upTo(ev: ClubEvening, n: number): ClubEvening {
	return {
		evening: { ...ev.evening, updatedAt: ev.evening.createdAt + n },
		rounds: ev.rounds.slice(0, n)
	};
}

export function put(ev: ClubEvening, revision: number): ClubOp {
	return { id: randomUUID(), eveningId: ev.evening.id, revision, kind: 'put', evening: ev };
}

/** The phone's outbox for an evening played through: the start, then each round's save. */
export function playedThrough(ev: ClubEvening): ClubOp[] {
	return Array.from({ length: ev.rounds.length + 1 }, (_, n) => put(upTo(ev, n), n + 1));
}

export interface Reply<T = unknown> {
	status: number;
	body: T;
	headers: Headers;
}

/** A request to the app in process (or to `base` over HTTP when given). */
export async function call<T = Record<string, unknown>>(
	target: TestClub['app'] | string,
	path: string,
	token: string | null,
	init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}
): Promise<Reply<T>> {
	const headers: Record<string, string> = { ...init.headers };
	if (token !== null) headers.Authorization = `Bearer ${token}`;
	let body: string | undefined = init.raw;
	if (init.body !== undefined) body = JSON.stringify(init.body);
	if (body !== undefined) headers['Content-Type'] = 'application/json';
	const req = { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body };
	const res =
		typeof target === 'string' ? await fetch(target + path, req) : await target.request(path, req);
	const text = await res.text();
	let parsed: unknown = text;
	try {
		parsed = JSON.parse(text);
	} catch {
		/* not JSON: kept as text */
	}
	return { status: res.status, body: parsed as T, headers: res.headers };
}

export const push = (target: TestClub['app'] | string, token: string, ops: ClubOp[]) =>
	call<{ applied: string[]; ignored: string[]; refused: { id: string; code: string }[] }>(
		target,
		'/v1/ops',
		token,
		{ body: { ops } }
	);

/** Every stored row but the times a table was last heard from: equal dumps, nothing changed. */
export async function dump(db: Db): Promise<string> {
	const out: Record<string, unknown[]> = {};
	for (const [table, order] of [
		['club', 'id'],
		['club_table', 'id'],
		['club_key', 'id'],
		['evening', 'id'],
		['round', 'evening_id, idx'],
		['evening_player', 'evening_id, seat'],
		['applied_op', 'table_id, id'],
		['member', 'id'],
		['alias', 'club_id, key'],
		['night', 'id'],
		['organiser_action', 'id'],
		['game', 'id'],
		['game_table', 'game_id, table_no'],
		['schema_migration', 'name']
	] as const) {
		const rows = await db.query<Record<string, unknown>>(
			`SELECT * FROM ${table} ORDER BY ${order}`
		);
		out[table] = rows.map(({ last_heard_at: _, ...r }) => r);
	}
	return JSON.stringify(out);
}

export async function count(db: Db, table: string): Promise<number> {
	const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
	return row!.n;
}

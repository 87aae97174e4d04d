// Server processes for the fault tests: `npm run club` as a child (its bundle: server-build.ts), on a free port, over a given
// database; and a phone's sync loop that sends its outbox in order and retries until acknowledged.

import { serve } from '@hono/node-server';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { ClubOp } from '../../src/lib/club/protocol';
import { ensureClub, invite, type Club } from '../src/club';
import type { Db } from '../src/db';
import { migrate } from '../src/migrate';
import { ENGINE, freshDb, push, testClub } from './helpers';
import { buildServer, TEST_NODE_ARGS } from './server-build';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
	url: string;
	child: ChildProcess;
	/** Stops it (SIGKILL: no goodbye) and waits until it is gone. */
	kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The server's bundle outside the suite (the bench): built on its first start, removed at exit. */
let ownBuild: Promise<string> | null = null;
function serverMain(): Promise<string> {
	if (process.env.VITEST) return Promise.resolve(inject('clubServer').main);
	ownBuild ??= buildServer().then((build) => {
		process.once('exit', () => rmSync(build.root, { recursive: true, force: true }));
		return build.main;
	});
	return ownBuild;
}

/** In the suite, its short-lived processes' arguments; the bench measures the server as it runs. */
const SUITE_ARGS = process.env.VITEST ? TEST_NODE_ARGS : [];

/** Starts the club server (serve) with `env` (and Node's `nodeArgs`); resolves once it listens. */
export async function startServer(
	env: Record<string, string>,
	nodeArgs: string[] = []
): Promise<ServerProcess> {
	const child = spawn(process.execPath, [...SUITE_ARGS, ...nodeArgs, await serverMain()], {
		cwd: ROOT,
		env: {
			...process.env,
			PORT: '0',
			HOST: '127.0.0.1',
			APP_ORIGIN: 'http://app.test',
			...env
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let log = '';
	const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no server after 90 s:\n${log}`)), 90_000);
		const read = (chunk: Buffer) => {
			log += chunk.toString();
			const m = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
			if (m) {
				clearTimeout(timer);
				child.stdout!.off('data', read);
				resolve({
					url: m[1]!,
					child,
					kill: async (signal = 'SIGKILL') => {
						if (child.exitCode === null && child.signalCode === null) child.kill(signal);
						await gone;
					}
				});
			}
		};
		child.stdout!.on('data', read);
		child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`server exited (${code}):\n${log}`));
		});
	});
}

/** How a phone syncs, and what a test hears of it: each acknowledged batch, each failed attempt. */
export interface SyncOptions {
	/** Operations a batch (3 unless said). */
	size?: number;
	onAck?: () => void;
	onFailure?: () => void;
}

/**
 * A phone's sync loop: sends `outbox` in order, `size` operations a batch, to whichever server
 * `target()` names now; drops a batch only once acknowledged, retries anything else after a short
 * pause. Resolves with the number of attempts that failed.
 */
export async function syncPhone(
	target: () => string,
	token: string,
	outbox: ClubOp[],
	{ size = 3, onAck, onFailure }: SyncOptions = {}
): Promise<number> {
	let failures = 0;
	let i = 0;
	const deadline = Date.now() + 180_000;
	while (i < outbox.length) {
		if (Date.now() > deadline) throw new Error('sync did not finish in 180 s');
		const batch = outbox.slice(i, i + size);
		const reply = await push(target(), token, batch).catch(() => null);
		if (reply?.status === 200) {
			i += batch.length;
			onAck?.();
		} else {
			failures++;
			if (reply && reply.status !== 503) throw new Error(`refused: ${JSON.stringify(reply.body)}`);
			onFailure?.();
			await new Promise((r) => setTimeout(r, 50 + Math.min(failures, 10) * 20));
		}
	}
	return failures;
}

/** What a live channel has sent: its events by kind, and whether the server closed it. */
export interface Channel {
	/** Resolves with its data when the next event of `kind` (after those already taken) arrives. */
	next(kind?: 'change' | 'unavailable'): Promise<string>;
	/** Resolves when the server ends the stream. */
	closed: Promise<void>;
	close(): void;
}

/** A live channel (GET /v1/events), read as it arrives. */
export async function openChannel(
	url: string,
	headers: Record<string, string> = {}
): Promise<Channel> {
	const res = await fetch(url, { headers });
	if (!res.ok || !res.body) throw new Error(`live channel refused: ${res.status}`);
	const reader = res.body.getReader();
	const decoder = new TextDecoder();
	let text = '';
	let ended = false;
	const waiting: (() => void)[] = [];
	const wake = () => {
		for (const w of waiting.splice(0)) w();
	};
	const taken = { change: 0, unavailable: 0 };
	const closed = (async () => {
		for (;;) {
			const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
			if (done) break;
			text += decoder.decode(value);
			wake();
		}
		ended = true;
		wake();
	})();
	/** The data of each complete event of `kind` heard so far. */
	const heard = (kind: keyof typeof taken) =>
		text
			.split('\n\n')
			.slice(0, -1)
			.filter((block) => block.includes(`event: ${kind}\n`))
			.map((block) => /^data: (.*)$/m.exec(block)?.[1] ?? '');
	return {
		next: async (kind = 'change') => {
			while (heard(kind).length <= taken[kind]) {
				if (ended) throw new Error('live channel closed');
				await new Promise<void>((resolve) => waiting.push(resolve));
			}
			return heard(kind)[taken[kind]++]!;
		},
		closed,
		close: () => void reader.cancel().catch(() => {})
	};
}

/** Two servers over one database, and a way to see that the second has checked a token. */
export interface TwoServers {
	urls: [string, string];
	db: Db;
	club: Club;
	invite(name: string, role?: 'table' | 'viewer'): Promise<string>;
	/**
	 * Resolves once the second server has looked up a token (on PostgreSQL its first; on PGlite
	 * the next after this call): a request's headers have passed, and its body is awaited.
	 */
	nextLookup(): Promise<void>;
	close(): Promise<void>;
}

/**
 * On PostgreSQL two server processes (`npm run club`), named `club-one` and `club-two` to
 * PostgreSQL, whose activity the test reads. PGlite is held by one process: there, two HTTP
 * servers of this process over its one database, whose token look-ups the test counts.
 */
export async function twoServers(): Promise<TwoServers> {
	if (ENGINE === 'postgres') {
		const fresh = await freshDb();
		await migrate(fresh.db);
		const club = await ensureClub(fresh.db, 'Race Club');
		const env = { DATABASE_URL: fresh.url! };
		const one = await startServer({ ...env, PGAPPNAME: 'club-one' });
		const two = await startServer({ ...env, PGAPPNAME: 'club-two' });
		return {
			urls: [one.url, two.url],
			db: fresh.db,
			club,
			invite: (name, role = 'table') => invite(fresh.db, club, name, role),
			nextLookup: async () => {
				// PostgreSQL's own record of each connection: its last statement, done.
				const done = `SELECT 1 FROM pg_stat_activity WHERE application_name = 'club-two'
					AND state = 'idle' AND query LIKE '%token_hash IN%'`;
				while ((await fresh.db.query(done)).length === 0) {
					await new Promise((r) => setTimeout(r, 10));
				}
			},
			close: async () => {
				await Promise.all([one.kill(), two.kill()]);
				await fresh.drop();
			}
		};
	}
	const looked: (() => void)[] = [];
	const t = await testClub(undefined, (db) => ({
		...db,
		prepared: async <T>(sql: string, params?: unknown[]) => {
			const rows = await db.prepared<T>(sql, params);
			for (const resolve of looked.splice(0)) resolve();
			return rows;
		}
	}));
	const servers = [0, 1].map(() => serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }));
	await Promise.all(servers.map((s) => new Promise((r) => s.once('listening', r))));
	const [one, two] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`);
	return {
		urls: [one!, two!],
		db: t.db,
		club: t.club,
		invite: t.invite,
		nextLookup: () => new Promise<void>((resolve) => looked.push(resolve)),
		close: async () => {
			for (const s of servers) {
				s.close();
				if ('closeAllConnections' in s) s.closeAllConnections();
			}
			await t.close();
		}
	};
}

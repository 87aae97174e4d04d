// One small query interface over two engines: PGlite (PostgreSQL in WASM, in a folder) and a real
// PostgreSQL server through `pg`. Both take the same parameterised SQL ($1, $2 …); nothing is ever
// spliced into a query's text.

import pg from 'pg';
import { coalesce } from './coalesce';
import { namedStatements } from './pglite-named';

export interface Queryable {
	query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
	/** Runs SQL text of several statements, without parameters: the migrations' files only. */
	exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
	readonly engine: 'pglite' | 'postgres';
	/** Runs `fn` in one transaction: all of it is stored, or none of it. */
	transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
	/**
	 * Runs one statement, all or nothing by itself, as if alone, without the round trips of BEGIN
	 * and COMMIT: on PostgreSQL at REPEATABLE READ, so a row it writes that another transaction
	 * changed after its snapshot makes it run again from the start (as does a deadlock), and
	 * every row it reads is as its writes find it; on PGlite (one connection) committed with the
	 * others waiting. A named statement on both engines: planned once. Its columns come back as
	 * text on PGlite: give it only statements whose answer is text.
	 */
	atomic<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
	/**
	 * `query` for a statement run on every request: on PostgreSQL a named one, so each connection
	 * parses and plans it once (on PGlite, which has no named statements, the same as `query`).
	 */
	prepared<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
	/**
	 * Calls `onNotify` with the payload of each NOTIFY on `channel`, from any process over this
	 * database; `onLost` when the database goes away, and `onNotify(null)` once it is back (and
	 * at first): notifications sent while away are lost, catch up then. Returns a function that
	 * stops listening.
	 */
	listen(
		channel: string,
		onNotify: (payload: string | null) => void,
		onLost?: () => void
	): Promise<() => Promise<void>>;
	close(): Promise<void>;
}

// bigint (int8) comes back as a number: every one here is a time in ms or a count.
const INT8 = 20;

/** Errors a transaction may meet under concurrency; it is run again from the start. */
const RETRYABLE = new Set(['40001', '40P01']);

export async function openDb(databaseUrl: string | undefined, dataDir: string): Promise<Db> {
	return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}

async function retrying<T>(run: () => Promise<T>): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await run();
		} catch (e) {
			const code = (e as { code?: unknown }).code;
			if (attempt >= 5 || typeof code !== 'string' || !RETRYABLE.has(code)) throw e;
		}
	}
}

const names = new Map<string, string>();

/**
 * A name for a statement run often, so each connection parses and plans it once (its plan is
 * about half of its cost); the SQL text is a constant of this program, never input.
 */
function statementName(sql: string): string {
	let name = names.get(sql);
	if (!name) names.set(sql, (name = `club_statement_${names.size + 1}`));
	return name;
}

/** `from`: a cluster to start with (PGlite's dumpDataDir), instead of a new one. */
export async function openPglite(dataDir: string, from?: Blob): Promise<Db> {
	const { PGlite } = await import('@electric-sql/pglite');
	const db = await PGlite.create(dataDir, {
		loadDataDir: from,
		parsers: { [INT8]: (x: string) => Number(x) }
	});
	const wrap = (q: {
		query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[] }>;
		exec: (s: string) => Promise<unknown>;
	}): Queryable => ({
		query: async <T>(sql: string, params?: unknown[]) => (await q.query(sql, params)).rows as T[],
		exec: async (sql) => void (await q.exec(sql))
	});
	const transaction = groupCommit((run) => db.transaction((tx) => run(wrap(tx))));
	const plain = wrap(db);
	const named = namedStatements(db, statementName);
	return {
		engine: 'pglite',
		...plain,
		prepared: plain.query,
		transaction,
		// One statement in the group's transaction, named (PGlite's query has no named statements).
		atomic: <T>(sql: string, params?: unknown[]) =>
			transaction(async () => (await named(sql, params ?? [])) as T[]),
		// In this process: never away.
		listen: async (channel, onNotify) => {
			const stop = await db.listen(channel, (payload) => onNotify(payload));
			return async () => stop();
		},
		close: () => db.close()
	};
}

/**
 * PGlite has one connection, so its transactions run one after another, and each commit costs
 * more than the work of a small batch. Transactions asked for while one runs wait, then run
 * together in one transaction, each in a savepoint: each is still all or nothing, and its caller
 * hears only after the commit that stored it.
 */
function groupCommit(
	begin: (run: (tx: Queryable) => Promise<void>) => Promise<void>
): Db['transaction'] {
	type Work = (tx: Queryable) => Promise<unknown>;
	const commit = coalesce<Work, unknown>(async (group) => {
		const outcomes: PromiseSettledResult<unknown>[] = [];
		await begin(async (tx) => {
			for (const fn of group) {
				await tx.query('SAVEPOINT one');
				try {
					outcomes.push({ status: 'fulfilled', value: await fn(tx) });
					await tx.query('RELEASE SAVEPOINT one');
				} catch (reason) {
					await tx.query('ROLLBACK TO SAVEPOINT one');
					outcomes.push({ status: 'rejected', reason });
				}
			}
		});
		return outcomes;
	}, 100);
	return <T>(fn: (tx: Queryable) => Promise<T>) => commit(fn) as Promise<T>;
}

export async function openPostgres(url: string): Promise<Db> {
	const types = {
		getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
			oid === INT8
				? (x: string) => Number(x)
				: pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser
	};
	const pool = new pg.Pool({ connectionString: url, max: 10, types });
	// Db.atomic's statements: each its own transaction, at REPEATABLE READ (a few at a time).
	const serial = new pg.Pool({
		connectionString: url,
		max: 4,
		types,
		options: '-c default_transaction_isolation=repeatable\\ read'
	});
	// A dropped idle connection (the server restarting) must not crash the process.
	pool.on('error', () => {});
	serial.on('error', () => {});
	const query = async <T>(sql: string, params?: unknown[]) =>
		(await pool.query(sql, params)).rows as T[];
	await query('SELECT 1');
	return {
		engine: 'postgres',
		query,
		exec: async (sql) => void (await pool.query(sql)),
		prepared: async (sql, params) =>
			(await pool.query({ name: statementName(sql), text: sql, values: params })).rows,
		atomic: (sql, params) =>
			retrying(async () => {
				const name = statementName(sql);
				return (await serial.query({ name, text: sql, values: params })).rows;
			}),
		transaction: (fn) =>
			retrying(async () => {
				const client = await pool.connect();
				let broken = false;
				// A checked-out connection dropped by the server reports here, not to the pool: the
				// query under way fails on its own, and the connection is thrown away on release.
				const onError = () => (broken = true);
				client.on('error', onError);
				try {
					await client.query('BEGIN');
					const out = await fn({
						query: async <T>(sql: string, params?: unknown[]) =>
							(await client.query(sql, params)).rows as T[],
						exec: async (sql) => void (await client.query(sql))
					});
					await client.query('COMMIT');
					return out;
				} catch (e) {
					await client.query('ROLLBACK').catch(() => (broken = true));
					throw e;
				} finally {
					client.off('error', onError);
					client.release(broken);
				}
			}),
		listen: (channel, onNotify, onLost) => listenPostgres(url, types, channel, onNotify, onLost),
		// Idempotent: a test or a shutdown path may close twice.
		close: async () => {
			if (!pool.ended) await pool.end();
			if (!serial.ended) await serial.end();
		}
	};
}

/**
 * A connection of its own that LISTENs, and connects again (with a pause) when it drops: the
 * database is away from the drop until it is back.
 */
async function listenPostgres(
	url: string,
	types: pg.CustomTypesConfig,
	channel: string,
	onNotify: (payload: string | null) => void,
	onLost: () => void = () => {}
): Promise<() => Promise<void>> {
	let stopped = false;
	let client: pg.Client | null = null;
	let timer: NodeJS.Timeout | undefined;
	let away = false;
	const connect = async (): Promise<void> => {
		if (stopped) return;
		const c = new pg.Client({ connectionString: url, types });
		c.on('notification', (n) => onNotify(n.payload ?? ''));
		c.on('error', () => {});
		c.on('end', () => {
			client = null;
			if (stopped) return;
			if (!away) onLost();
			away = true;
			timer = setTimeout(() => void connect(), 500);
		});
		try {
			await c.connect();
			// The channel is a constant of this program, never input: quoted as an identifier.
			await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
			client = c;
			away = false;
			onNotify(null);
		} catch {
			await c.end().catch(() => {});
		}
	};
	await connect();
	return async () => {
		stopped = true;
		clearTimeout(timer);
		await client?.end().catch(() => {});
	};
}

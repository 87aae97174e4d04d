// BENCH_PLANS=1 (server/bench.ts): the plan of every read a request ran, printed once, as the
// database ran it (EXPLAIN (ANALYZE, BUFFERS) of the same text with the same parameters), so a
// scan that grows with the season shows. The bench's database is wrapped to note each statement
// while one request of each kind runs; writes are not run again (only SELECT and WITH … SELECT).

import type { Db, Queryable } from './src/db';

export interface Statement {
	sql: string;
	params: unknown[];
}

const READ = /^\s*(SELECT|WITH)\b/i;
const WRITE = /\b(INSERT|UPDATE|DELETE)\b/i;

/** `db`, noting each read it is asked while `take` runs. */
export function recording(db: Db) {
	let noted: Statement[] | null = null;
	const note = (sql: string, params: unknown[] = []) => {
		if (noted && READ.test(sql) && !WRITE.test(sql)) noted.push({ sql, params });
	};
	const noting = (q: Queryable): Queryable => ({
		query: (sql, params) => (note(sql, params), q.query(sql, params)),
		exec: (sql) => q.exec(sql)
	});
	const wrapped: Db = {
		...db,
		query: (sql, params) => (note(sql, params), db.query(sql, params)),
		prepared: (sql, params) => (note(sql, params), db.prepared(sql, params)),
		atomic: (sql, params) => (note(sql, params), db.atomic(sql, params)),
		transaction: (fn) => db.transaction((tx) => fn(noting(tx)))
	};
	return {
		db: wrapped,
		/** Runs `run`, and the reads it made, each statement once. */
		async take(run: () => Promise<unknown>): Promise<Statement[]> {
			noted = [];
			try {
				await run();
				return [...new Map(noted.map((s) => [s.sql, s])).values()];
			} finally {
				noted = null;
			}
		}
	};
}

/** Each statement's text and plan, under `title`; the scans of whole tables named at the end. */
export async function printPlans(db: Db, title: string, statements: Statement[]): Promise<void> {
	console.log(`\n=== Plans: ${title} (${db.engine}), ${statements.length} reads`);
	const scans = new Set<string>();
	for (const { sql, params } of statements) {
		const rows = await db.query<{ 'QUERY PLAN': string }>(
			`EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
			params
		);
		console.log(`\n--- ${sql.replace(/\s+/g, ' ').trim().slice(0, 160)}`);
		for (const row of rows) {
			const line = row['QUERY PLAN'];
			console.log(line);
			const seq = /Seq Scan on (\w+)/.exec(line);
			if (seq) scans.add(seq[1]!);
		}
	}
	console.log(`=== ${title}: sequential scans on ${[...scans].join(', ') || 'none'}`);
}

// Db.atomic on this run's engine: a named statement (on PGlite, through its wire protocol),
// planned once and run many times; an error rejects with the database's code, stores nothing, and
// leaves the next statement working.

import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE, freshDb } from './helpers';

const fresh = await freshDb();
const { db } = fresh;
afterAll(() => fresh.drop());

const INSERT = `WITH i AS (INSERT INTO t (id, note) SELECT $1, $2::text RETURNING id, note)
	SELECT id, coalesce(note, 'none') AS note, 'ok' AS status FROM i`;

describe(`Db.atomic (${ENGINE})`, () => {
	it('runs a statement again and again with new values, nulls and text as sent', async () => {
		await db.exec(`CREATE TABLE t (id text PRIMARY KEY, note text)`);
		for (let i = 0; i < 8; i++) {
			const note = i % 3 === 0 ? null : `it's ${i} – ünïcode $1 \\ "quoted"`;
			const rows = await db.atomic<{ id: string; note: string; status: string }>(INSERT, [
				`r${i}`,
				note
			]);
			expect(rows).toEqual([{ id: `r${i}`, note: note ?? 'none', status: 'ok' }]);
		}
		expect(await db.query(`SELECT count(*)::int AS n FROM t`)).toEqual([{ n: 8 }]);
	});

	it('rejects with the database’s code, stores nothing, and the next statement works', async () => {
		await expect(db.atomic(INSERT, ['r1', 'again'])).rejects.toMatchObject({ code: '23505' });
		await expect(db.atomic(`SELECT 1 / $1::int AS x`, [0])).rejects.toMatchObject({
			code: '22012'
		});
		expect(await db.atomic(INSERT, ['r9', 'after'])).toEqual([
			{ id: 'r9', note: 'after', status: 'ok' }
		]);
		expect(await db.query(`SELECT count(*)::int AS n FROM t`)).toEqual([{ n: 9 }]);
	});

	it('runs at REPEATABLE READ on PostgreSQL, as if alone (PGlite has one connection)', async () => {
		const [row] = await db.atomic<{ level: string }>(
			`SELECT current_setting('transaction_isolation') AS level`
		);
		expect(row!.level).toBe(ENGINE === 'postgres' ? 'repeatable read' : 'read committed');
		const [plain] = await db.query<{ level: string }>(
			`SELECT current_setting('transaction_isolation') AS level`
		);
		expect(plain!.level).toBe('read committed');
	});
});

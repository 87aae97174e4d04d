// The planner's statistics (planner-stats.ts), on this run's engine: a table grown since it was
// last analysed is analysed (the planner then knows its rows), one that has not grown is left.

import { afterAll, describe, expect, it } from 'vitest';
import { ensureClub } from '../src/club';
import { migrate } from '../src/migrate';
import { analyseGrown, keepStatistics } from '../src/planner-stats';
import { ENGINE, freshDb } from './helpers';

const fresh = await freshDb();
const { db } = fresh;
afterAll(() => fresh.drop());

/** `n` members of the club, straight in SQL. */
async function members(clubId: string, from: number, n: number) {
	await db.query(
		`INSERT INTO member (id, club_id, name, key, created_at)
		 SELECT 'm' || g, $1, 'Member ' || g, 'member ' || g, g
		 FROM generate_series($2::int, $2::int + $3::int - 1) AS g`,
		[clubId, from, n]
	);
}

/** What the planner believes the table holds (-1 or 0: never analysed). */
async function believed(table: string): Promise<number> {
	const [row] = await db.query<{ n: number }>(
		`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = $1`,
		[table]
	);
	return row!.n;
}

describe(`the planner's statistics (${ENGINE})`, () => {
	it('analyses a table grown by a tenth since it was last analysed, and only then', async () => {
		await migrate(db);
		// PostgreSQL's autovacuum analysing the table meanwhile would leave nothing grown here.
		await db.exec(`ALTER TABLE member SET (autovacuum_enabled = false)`);
		const club = await ensureClub(db, 'Stats club');
		await analyseGrown(db);
		await members(club.id, 0, 5000);
		expect(await analyseGrown(db)).toContain('member');
		expect(await believed('member')).toBe(5000);
		// Not grown: left alone.
		expect(await analyseGrown(db)).toEqual([]);
		await members(club.id, 5000, 100);
		expect(await analyseGrown(db)).toEqual([]);
		// Grown by a tenth and more: analysed again.
		await members(club.id, 5100, 1000);
		expect(await analyseGrown(db)).toEqual(['member']);
		expect(await believed('member')).toBe(6100);
	});

	it('keeps them while it runs: at once, then in turns', async () => {
		const [club] = await db.query<{ id: string }>(`SELECT id FROM club`);
		await members(club!.id, 10_000, 2000);
		const stop = keepStatistics(db, 50);
		try {
			await expect.poll(() => believed('member')).toBe(8100);
			await members(club!.id, 20_000, 2000);
			await expect.poll(() => believed('member')).toBe(10_100);
		} finally {
			stop();
		}
	});
});

// Group commit, on this run's engine: the batches of tables that push at the same moment are
// stored together, each still all or nothing and answered for its own table; the tokens of
// requests that arrive together are looked up together, and each request hears only of its own.

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClubBatch } from '../../src/lib/club/protocol';
import { revoke } from '../src/club';
import type { Db } from '../src/db';
import { tableOfToken, type TableAccess } from '../src/keys';
import { applyBatch } from '../src/ops/service';
import {
	ENGINE,
	count,
	evening,
	playedThrough,
	push,
	put,
	releaseDb,
	testClub,
	type TestClub
} from './helpers';

let t: TestClub;
beforeEach(async () => {
	t = await testClub();
});
afterEach(async () => {
	await t.close();
});
afterAll(releaseDb);

const storedRounds = async () =>
	(await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM round`))[0]!.n;

/** Tables invited as "Table 1" … and who each is, as the server sees them. */
async function tables(n: number): Promise<{ token: string; who: TableAccess }[]> {
	const out = [];
	for (let i = 1; i <= n; i++) {
		const token = await t.invite(`Table ${i}`);
		out.push({ token, who: (await tableOfToken(t.db, token))! });
	}
	return out;
}

describe('tables pushing at the same moment', () => {
	it('stores every round once and answers each table for its own operations', async () => {
		const all = await tables(12);
		const evenings = all.map((_, i) => evening(['Ann', 'Bo', 'Cy'], 2 + (i % 4)));
		const intruder = all[0]!;
		const theirs = put(evenings[1]!, 99);
		const replies = await Promise.all([
			...all.map(async ({ token }, i) => {
				const applied = [];
				for (const op of playedThrough(evenings[i]!)) {
					const reply = await push(t.app, token, [op]);
					expect(reply.status).toBe(200);
					applied.push(...reply.body.applied);
				}
				return applied.length;
			}),
			// Table 1 writes Table 2's evening in the same moment: refused, and nothing else is.
			push(t.app, intruder.token, [theirs]).then((r) => r.body.refused)
		]);
		const wanted = evenings.map((ev) => ev.rounds.length + 1);
		expect(replies.slice(0, -1)).toEqual(wanted);
		expect(replies.at(-1)).toEqual([{ id: theirs.id, code: 'not-your-evening' }]);
		expect(await storedRounds()).toBe(evenings.reduce((n, ev) => n + ev.rounds.length, 0));
		expect(await count(t.db, 'evening')).toBe(12);
		const owners = await t.db.query<{ id: string; table_id: string }>(
			`SELECT id, table_id FROM evening`
		);
		for (const [i, ev] of evenings.entries())
			expect(owners.find((o) => o.id === ev.evening.id)?.table_id).toBe(all[i]!.who.tableId);
	});

	it("fails only the batch at fault when a group's statement fails", async () => {
		const all = await tables(10);
		const evenings = all.map(() => evening(['Ann', 'Bo'], 3));
		const poisoned = evenings[6]!.evening.id;
		const statements: number[] = [];
		// The database refuses any statement that holds the poisoned evening, as it would a fault
		// the checks before it cannot see.
		const db: Db = {
			...t.db,
			atomic: (sql, params) => {
				statements.push((JSON.parse(String(params![6])) as string[]).length);
				if (String(params![2]).includes(poisoned)) return Promise.reject(new Error('fault'));
				return t.db.atomic(sql, params);
			}
		};
		const batch = (i: number): ClubBatch => ({ ops: [put(evenings[i]!, 1)] });
		const results = await Promise.allSettled(
			all.map(({ who }, i) => applyBatch(db, who, batch(i)))
		);
		expect(results.map((r) => r.status)).toEqual(
			all.map((_, i) => (i === 6 ? 'rejected' : 'fulfilled'))
		);
		for (const r of results) if (r.status === 'fulfilled') expect(r.value.applied).toHaveLength(1);
		// On PostgreSQL: three statements of one batch each, then the seven that waited together,
		// then those seven again one by one after their group failed. On PGlite each goes alone.
		expect(statements).toEqual(
			ENGINE === 'postgres' ? [1, 1, 1, 7, 1, 1, 1, 1, 1, 1, 1] : Array(10).fill(1)
		);
		expect(await storedRounds()).toBe(9 * 3);
		expect(await t.db.query(`SELECT 1 FROM evening WHERE id = $1`, [poisoned])).toHaveLength(0);
	});
});

describe('tokens looked up together', () => {
	it('answers each request for its own token: known, revoked, unknown or tampered', async () => {
		const all = await tables(6);
		await revoke(t.db, t.club, 'Table 4');
		const tampered = (all[0]!.token[0] === 'A' ? 'B' : 'A') + all[0]!.token.slice(1);
		let lookups = 0;
		const db: Db = {
			...t.db,
			prepared: (sql, params) => {
				lookups++;
				return t.db.prepared(sql, params);
			}
		};
		const asked = [...all.map((x) => x.token), tampered, 'x'.repeat(43), all[1]!.token];
		const found = await Promise.all(asked.map((token) => tableOfToken(db, token)));
		expect(found.map((w) => w && `${w.table}${w.revoked ? ' (revoked)' : ''}`)).toEqual([
			'Table 1',
			'Table 2',
			'Table 3',
			'Table 4 (revoked)',
			'Table 5',
			'Table 6',
			null,
			null,
			'Table 2'
		]);
		// The first alone, the eight that waited for it together.
		expect(lookups).toBe(2);
	});
});

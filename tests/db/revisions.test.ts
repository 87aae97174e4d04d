// An evening's revision only grows: on this phone (every write, undo included), and across
// backups, restores, a delete and an import on another phone. A club keeps the highest revision
// it was sent, so one that went down would be ignored there (issue 43: half the evenings
// continued after a restore never changed on the club).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import { exportBackup, importBackup } from '$lib/db/backup';
import { joinClub } from '$lib/db/club';
import { deleteEvening } from '$lib/db/evenings';
import { undoLastRound } from '$lib/db/rounds';
import { nextRevision } from '$lib/db/summaries';
import { closeAll, fakeClock, freshDb, playRound, playedEvening as played } from './helpers';

const CLUB: ClubMembership = {
	server: 'https://club.example',
	token: 'R'.repeat(43),
	club: 'Domino club',
	table: 'Table 1',
	role: 'table',
	joinedAt: 1,
	revoked: false
};

const clock = fakeClock(Date.UTC(2025, 10, 7, 19, 0));
const later = () => clock.later();
afterEach(closeAll);

const revisionOf = async (db: CabooseDb, id: string) => (await db.summaries.get(id))!.revision!;

/** Every revision the club was sent for `id`, in order. */
async function sent(db: CabooseDb, id: string): Promise<number[]> {
	const rows = await db.outbox.toArray();
	return rows.filter((r) => r.op.eveningId === id).map((r) => r.op.revision);
}

describe("an evening's revision only grows", () => {
	it('with every write on the phone, an undo included, and never below the clock', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await played(db, 2);
		await undoLastRound(db, id);
		// Two writes within one millisecond still grow.
		await playRound(db, id, 1);
		const revisions = await sent(db, id);
		expect(revisions).toHaveLength(5);
		for (let i = 1; i < revisions.length; i++)
			expect(revisions[i]).toBeGreaterThan(revisions[i - 1]!);
		expect(revisions[0]).toBeGreaterThanOrEqual(clock.now * 1000);
	});

	it('a backup restored on an empty phone continues above every revision the evening had', async () => {
		// Twenty evenings: a revision drawn at random (as before) would land below for about half.
		const phone = freshDb();
		await joinClub(phone, CLUB);
		const ids: string[] = [];
		for (let i = 0; i < 20; i++) ids.push(await played(phone, 2));
		const highest = new Map<string, number>();
		for (const id of ids) highest.set(id, Math.max(...(await sent(phone, id))));
		const backup = await exportBackup(phone);

		later();
		const restored = freshDb();
		await joinClub(restored, CLUB);
		await importBackup(restored, backup);
		for (const id of ids) {
			await playRound(restored, id, 2);
			for (const revision of await sent(restored, id)) {
				expect(revision).toBeGreaterThan(highest.get(id)!);
			}
		}
	});

	it('an evening deleted, then brought back from a backup, is above its delete', async () => {
		const phone = freshDb();
		await joinClub(phone, CLUB);
		const ids: string[] = [];
		for (let i = 0; i < 20; i++) ids.push(await played(phone, 1));
		const backup = await exportBackup(phone);
		later();
		for (const id of ids) await deleteEvening(phone, id);
		const deletedAt = new Map<string, number>();
		for (const id of ids) deletedAt.set(id, Math.max(...(await sent(phone, id))));
		later();
		await importBackup(phone, backup);
		for (const id of ids) expect(await revisionOf(phone, id)).toBeGreaterThan(deletedAt.get(id)!);
	});

	it('continues above a revision it is given (the club’s), and above one from a later clock', () => {
		expect(nextRevision(5, 9, 0)).toBe(10);
		expect(nextRevision(null, 0, 2)).toBe(2000);
		// A clock set back keeps growing from the revision before.
		expect(nextRevision(5_000_000, 0, 10)).toBe(5_000_001);
		expect(Number.isSafeInteger(nextRevision(null, 0, Date.UTC(2250, 0, 1)))).toBe(true);
	});
});

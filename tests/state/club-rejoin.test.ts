// A table keeps its evenings when its link changes, and a delete is never lost on the way
// (issue 43): an evening deleted while offline, then Leave club, is deleted at the club once the
// phone joins again; a phone whose key was revoked and that joins with a new link for the same
// table sends as that table again: what the club lacks (rounds played since, a delete) arrives,
// and the refusals of the old link are not kept as "Changes the club refused".
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CabooseDb } from '$lib/db/database';
import { importBackup, exportBackup } from '$lib/db/backup';
import { joinClub } from '$lib/db/club';
import { deleteEvening } from '$lib/db/evenings';
import { leaveClub, markRevoked, outboxCounts, waitingOps } from '$lib/db/outbox';
import { closeAll, freshDb, playRound, playedEvening } from '../db/helpers';
import { CLUB, FakeClub, fakeTimers, syncFor } from './fake-club';

afterEach(closeAll);

async function sendAll(db: CabooseDb, club: FakeClub) {
	const timers = fakeTimers();
	await syncFor(db, club, timers.options).kick();
	expect(timers.due).toBe(0);
}

describe('leaving and joining again', () => {
	it('an evening deleted offline, then Leave club: joining again sends the delete', async () => {
		const club = new FakeClub();
		const db = freshDb();
		await joinClub(db, CLUB);
		const gone = await playedEvening(db, 2);
		const kept = await playedEvening(db, 1);
		await sendAll(db, club);
		// Offline: nothing is sent. The evening is deleted, then the phone leaves the club.
		await deleteEvening(db, gone);
		await leaveClub(db);
		expect(await db.evenings.get(gone)).toBeUndefined();

		await joinClub(db, CLUB);
		await sendAll(db, club);
		expect(club.evenings.get(gone)).toMatchObject({ deleted: true });
		expect(club.evenings.get(kept)).toMatchObject({ deleted: false, rounds: 1 });
		expect(await db.outbox.count()).toBe(0);
	});

	it('another club is not sent it, and an evening brought back before joining is sent as it is', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const gone = await playedEvening(db, 1);
		const back = await playedEvening(db, 1);
		const backup = await exportBackup(db);
		await deleteEvening(db, gone);
		await deleteEvening(db, back);
		await leaveClub(db);
		await importBackup(db, {
			...backup,
			evenings: backup.evenings.filter((e) => e.evening.id === back)
		});

		await joinClub(db, { ...CLUB, server: 'https://other.example' });
		expect((await waitingOps(db, 10)).map((r) => [r.op.eveningId, r.op.kind])).toEqual([
			[back, 'put']
		]);
		await joinClub(db, CLUB);
		expect((await waitingOps(db, 10)).map((r) => [r.op.eveningId, r.op.kind])).toEqual([
			[gone, 'delete'],
			[back, 'put']
		]);
	});
});

describe('a new link for a revoked table', () => {
	it('sends as that table again: rounds and deletes since the revoke arrive, old refusals go', async () => {
		const club = new FakeClub();
		const db = freshDb();
		await joinClub(db, CLUB);
		const tonight = await playedEvening(db, 2);
		const earlier = await playedEvening(db, 1);
		const gone = await playedEvening(db, 1);
		await sendAll(db, club);
		// The confusion of a re-invite that made a new table: the club refused the table's
		// earlier evening, then the key was revoked.
		club.notYours.add(earlier);
		await playRound(db, earlier, 1);
		await sendAll(db, club);
		expect(await outboxCounts(db)).toEqual({ waiting: 0, refused: 1 });
		club.mode = 'revoked';
		await playRound(db, tonight, 2);
		await sendAll(db, club);
		expect(await outboxCounts(db)).toMatchObject({ refused: 1 });
		// While revoked: a round more, and an evening deleted.
		await playRound(db, tonight, 3);
		await deleteEvening(db, gone);

		// The organiser invites the table again: a new key for the same table.
		club.mode = 'ok';
		club.notYours.clear();
		club.token = 'N'.repeat(43);
		await joinClub(db, { ...CLUB, token: club.token });
		expect(await outboxCounts(db)).toMatchObject({ refused: 0 });
		await sendAll(db, club);
		expect(club.evenings.get(tonight)).toMatchObject({ rounds: 4, deleted: false });
		expect(club.evenings.get(earlier)).toMatchObject({ rounds: 2, deleted: false });
		expect(club.evenings.get(gone)).toMatchObject({ deleted: true });
		expect(await outboxCounts(db)).toEqual({ waiting: 0, refused: 0 });
	});

	it('a delete made while revoked waits for a new link, not for the old one', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const gone = await playedEvening(db, 1);
		await markRevoked(db, CLUB.token);
		const before = await outboxCounts(db);
		await deleteEvening(db, gone);
		expect(await outboxCounts(db)).toEqual(before);
		expect(await db.outbox.where('held').equals(2).count()).toBe(1);
		expect((await waitingOps(db, 10)).some((r) => r.op.kind === 'delete')).toBe(false);
	});
});

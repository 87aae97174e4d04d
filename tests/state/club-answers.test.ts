// What the club answers, and what the phone does with it (issue 43): a club that holds a newer
// revision (a restored phone) gets the phone's evening again above it, so "All sent" is said
// only of what the club stored; an operation the club refuses or cannot take is set aside with
// its reason and holds back none after it; a server that fails the same batch every time does
// not keep the phone sending forever.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CabooseDb } from '$lib/db/database';
import { exportBackup, importBackup } from '$lib/db/backup';
import { joinClub } from '$lib/db/club';
import { deleteEvening } from '$lib/db/evenings';
import { outboxCounts, sendSetAsideAgain, setAsideEvenings } from '$lib/db/outbox';
import { editRound } from '$lib/db/rounds';
import { SERVER_FAILURES, type ClubSync } from '$lib/state/club/sync';
import { closeAll, fakeClock, freshDb, playRound, playedEvening } from '../db/helpers';
import { CLUB, FakeClub, fakeTimers, syncFor, waiting } from './fake-club';

const clock = fakeClock(Date.UTC(2025, 10, 7, 19, 0));
const setClock = (ms: number) => clock.set(ms);
afterEach(closeAll);

/** Sends until nothing is due: each retry that comes due is run at once. Fails if it never ends. */
async function sendAll(sync: ClubSync, timers: ReturnType<typeof fakeTimers>) {
	await sync.kick();
	for (let i = 0; timers.due > 0; i++) {
		if (i > 50) throw new Error('the phone keeps sending');
		timers.fire();
		await sync.kick();
	}
}

/** The rounds the phone holds of `id`, and its revision. */
async function onPhone(db: CabooseDb, id: string) {
	const rounds = await db.rounds.where('eveningId').equals(id).count();
	return { rounds, revision: (await db.summaries.get(id))!.revision! };
}

describe('a club that holds a newer revision (behind)', () => {
	it('a restored backup below what the club holds, then more rounds: the club gets them', async () => {
		// The first phone's clock runs a day ahead: every revision it sent is above what a phone
		// with the right time writes tonight.
		setClock(Date.UTC(2025, 10, 8, 19, 0));
		const club = new FakeClub();
		const first = freshDb();
		await joinClub(first, CLUB);
		const id = await playedEvening(first, 2);
		await sendAll(syncFor(first, club), fakeTimers());
		expect(club.evenings.get(id)?.rounds).toBe(2);
		const backup = await exportBackup(first);

		// Restored on a phone with the right time, joined as the same table, two more rounds.
		setClock(Date.UTC(2025, 10, 7, 20, 0));
		const restored = freshDb();
		await joinClub(restored, CLUB);
		await importBackup(restored, backup);
		await playRound(restored, id, 2);
		await playRound(restored, id, 3);
		expect((await onPhone(restored, id)).revision).toBeLessThan(club.revision(id));

		const timers = fakeTimers();
		await sendAll(syncFor(restored, club, timers.options), timers);
		// The club holds the evening as the phone shows it, and the phone above the club's.
		expect(club.evenings.get(id)).toEqual({ ...(await onPhone(restored, id)), deleted: false });
		expect(await outboxCounts(restored)).toEqual({ waiting: 0, refused: 0 });
		// A round more goes straight through: the phone now writes above the club.
		await playRound(restored, id, 4);
		await sendAll(syncFor(restored, club, timers.options), timers);
		expect(club.evenings.get(id)?.rounds).toBe(5);
	});

	it('an evening deleted here that the club holds newer: the delete is sent above it', async () => {
		const club = new FakeClub();
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await playedEvening(db, 1);
		await deleteEvening(db, id);
		const { revision } = (await waiting(db)).at(-1)!.op;
		club.evenings.set(id, { revision: revision + 1000, rounds: 3, deleted: false });
		const timers = fakeTimers();
		await sendAll(syncFor(db, club, timers.options), timers);
		expect(club.evenings.get(id)).toMatchObject({ deleted: true });
		expect(club.revision(id)).toBeGreaterThan(revision + 1000);
		expect(await db.outbox.count()).toBe(0);
	});

	it('the very revision the club holds (a join queues what it may have): stored, not sent again', async () => {
		const club = new FakeClub();
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await playedEvening(db, 2);
		const timers = fakeTimers();
		await sendAll(syncFor(db, club, timers.options), timers);
		const before = club.batches.length;
		await joinClub(db, CLUB);
		await sendAll(syncFor(db, club, timers.options), timers);
		expect(club.batches.length).toBe(before + 1);
		expect(club.revision(id)).toBe((await onPhone(db, id)).revision);
		expect(await db.outbox.count()).toBe(0);
	});
});

describe('an operation the club cannot take is set aside, and the rest go on', () => {
	it.each([
		['unstorable', 'unstorable', undefined],
		['invalid', 'invalid', 'evening.evening.rules.goingOutBonus']
	] as const)(
		'%s: kept with its reason; the next evening reaches the club',
		async (kind, code, path) => {
			const club = new FakeClub();
			const db = freshDb();
			await joinClub(db, CLUB);
			const ids = [
				await playedEvening(db, 1),
				await playedEvening(db, 1),
				await playedEvening(db, 1)
			];
			club[kind].add(ids[1]!);
			const timers = fakeTimers();
			await sendAll(syncFor(db, club, timers.options), timers);
			expect(club.evenings.get(ids[0]!)?.rounds).toBe(1);
			expect(club.evenings.get(ids[2]!)?.rounds).toBe(1);
			expect(club.evenings.has(ids[1]!)).toBe(false);
			expect(await outboxCounts(db)).toEqual({ waiting: 0, refused: 2 });
			const aside = await db.outbox.where('held').equals(1).toArray();
			expect(aside.map((r) => [r.op.eveningId, r.refused, r.path])).toEqual([
				[ids[1], code, path],
				[ids[1], code, path]
			]);
			expect(timers.waits).toEqual([]);
		}
	);

	it('a server that fails the same batch every time (500): the bad one is set aside, the rest sent', async () => {
		const club = new FakeClub();
		const db = freshDb();
		await joinClub(db, CLUB);
		const ids = [
			await playedEvening(db, 2),
			await playedEvening(db, 1),
			await playedEvening(db, 1)
		];
		club.choke.add(ids[1]!);
		const timers = fakeTimers();
		const sync = syncFor(db, club, timers.options);
		await sendAll(sync, timers);
		expect(sync.status).toBe('idle');
		for (const id of [ids[0]!, ids[2]!]) {
			expect(club.evenings.get(id)?.rounds).toBe((await onPhone(db, id)).rounds);
		}
		const aside = await db.outbox.where('held').equals(1).toArray();
		expect(new Set(aside.map((r) => r.op.eveningId))).toEqual(new Set([ids[1]]));
		expect(aside.every((r) => r.refused === 'server-error')).toBe(true);
		// Waited between failures as after no answer, then gave up on that one only.
		expect(timers.waits.length).toBeGreaterThanOrEqual(SERVER_FAILURES - 1);
		expect(club.batches.length).toBeLessThan(30);
	});

	it('a 503 is the server away: the same batch waits and is sent again, nothing set aside', async () => {
		const club = new FakeClub();
		const db = freshDb();
		await joinClub(db, CLUB);
		await playedEvening(db, 1);
		club.mode = 'busy';
		const timers = fakeTimers();
		const sync = syncFor(db, club, timers.options);
		await sync.kick();
		for (let i = 0; i < SERVER_FAILURES * 3; i++) {
			timers.fire();
			await sync.kick();
		}
		expect(await outboxCounts(db)).toEqual({ waiting: 2, refused: 0 });
		expect(sync.status).toBe('waiting-to-retry');
	});

	it('a refusal the club later holds a newer revision of is no longer shown', async () => {
		const club = new FakeClub();
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await playedEvening(db, 2);
		const [, , refused] = await waiting(db);
		club.refuse.add(refused!.op.id);
		const timers = fakeTimers();
		await sendAll(syncFor(db, club, timers.options), timers);
		expect(await outboxCounts(db)).toEqual({ waiting: 0, refused: 1 });
		// The scorekeeper corrects the round: the club takes the evening, and the refusal is moot.
		const [a, b] = (await db.evenings.get(id))!.players.map((p) => p.id) as [string, string];
		await editRound(db, id, 1, { out: a, blocked: false, hands: { [b]: 9 } });
		await sendAll(syncFor(db, club, timers.options), timers);
		expect(await outboxCounts(db)).toEqual({ waiting: 0, refused: 0 });
	});
});

describe('Settings: what was set aside, and Send again', () => {
	it('one line per evening with its latest reason; Send again gives them to the club once more', async () => {
		const club = new FakeClub();
		const db = freshDb();
		await joinClub(db, CLUB);
		const bad = await playedEvening(db, 1);
		const ok = await playedEvening(db, 1);
		await deleteEvening(db, ok);
		club.unstorable.add(bad);
		const timers = fakeTimers();
		await sendAll(syncFor(db, club, timers.options), timers);
		const evening = (await db.evenings.get(bad))!;
		expect(await setAsideEvenings(db)).toEqual([
			{
				eveningId: bad,
				names: ['Anna', 'Ben'],
				createdAt: evening.createdAt,
				code: 'unstorable'
			}
		]);
		// The club's database is mended: Send again, and the evening arrives.
		club.unstorable.clear();
		await sendSetAsideAgain(db);
		expect(await outboxCounts(db)).toEqual({ waiting: 2, refused: 0 });
		await sendAll(syncFor(db, club, timers.options), timers);
		expect(club.evenings.get(bad)?.rounds).toBe(1);
		expect(await db.outbox.count()).toBe(0);
	});
});

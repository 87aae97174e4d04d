// The club's sync loop against a fake club (a fetch that answers as the server does): the outbox
// goes in order, in batches; operations are dropped only once acknowledged, and the same one
// twice is stored once; failures wait longer each time; offline waits for `online` and then
// catches up in order; a 401 stops sending and keeps every round.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxRow } from '$lib/db/database';
import { joinClub } from '$lib/db/club';
import { clubMembership, outboxCounts } from '$lib/db/outbox';
import { MAX_BATCH_OPS } from '$lib/club/protocol';
import { backoff } from '$lib/club/client';
import { closeAll, freshDb, playRound, playedEvening } from '../db/helpers';
import { CLUB, FakeClub, fakeTimers, syncFor, waiting } from './fake-club';

afterEach(closeAll);

describe('the club sync loop', () => {
	it('sends the outbox in order, in batches, and drops only what the club acknowledged', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const ops: OutboxRow[] = Array.from({ length: MAX_BATCH_OPS * 2 + 7 }, (_, i) => ({
			held: 0,
			op: { id: crypto.randomUUID(), eveningId: `e${i}`, revision: 1, kind: 'delete' }
		}));
		await db.outbox.bulkAdd(ops);
		const club = new FakeClub();
		await syncFor(db, club).kick();
		expect(club.batches.map((b) => b.length)).toEqual([MAX_BATCH_OPS, MAX_BATCH_OPS, 7]);
		expect(club.batches.flat()).toEqual(ops.map((r) => r.op.id));
		expect(await db.outbox.count()).toBe(0);
	});

	it('a batch whose answer was lost is sent again and stored once', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await playedEvening(db, 3);
		const club = new FakeClub();
		club.mode = 'lose-answer';
		const timers = fakeTimers();
		const sync = syncFor(db, club, timers.options);
		await sync.kick();
		// Stored by the club, but unacknowledged: every operation is still waiting.
		expect((await waiting(db)).length).toBe(4);
		expect(sync.status).toBe('waiting-to-retry');
		timers.fire();
		await sync.kick();
		expect(club.batches).toHaveLength(2);
		expect(club.batches[1]).toEqual(club.batches[0]);
		expect(club.applied.map((a) => a.eveningId)).toEqual([id, id, id, id]);
		expect(await db.outbox.count()).toBe(0);
	});

	it('keeps aside what the club refused and sends the rest', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		await playedEvening(db, 2);
		const club = new FakeClub();
		// The evening's last write: no later one supersedes it (tests/state/club-answers.test.ts).
		club.refuse.add((await waiting(db)).at(-1)!.op.id);
		await syncFor(db, club).kick();
		expect(await outboxCounts(db)).toEqual({ waiting: 0, refused: 1 });
	});

	it('waits longer after each failure, and starts again from a second once it succeeds', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		await playedEvening(db, 1);
		const club = new FakeClub();
		club.mode = 'busy';
		const timers = fakeTimers();
		const sync = syncFor(db, club, timers.options);
		await sync.kick();
		for (let i = 0; i < 4; i++) {
			timers.fire();
			await sync.kick();
		}
		expect(timers.waits).toHaveLength(5);
		timers.waits.forEach((ms, i) => {
			expect(ms).toBeGreaterThanOrEqual(0.75 * 1000 * 2 ** i);
			expect(ms).toBeLessThanOrEqual(1.25 * 1000 * 2 ** i);
		});
		expect(backoff(20, () => 0.5)).toBe(60_000);
		club.mode = 'ok';
		timers.fire();
		await sync.kick();
		expect(await db.outbox.count()).toBe(0);
		expect(sync.status).toBe('idle');
	});

	it('offline for three rounds, then online: catches up in order', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const events = new EventTarget();
		let online = true;
		const club = new FakeClub();
		const sync = syncFor(db, club, { events, isOnline: () => online });
		const stop = sync.start();
		const id = await playedEvening(db, 1);
		await sync.kick();
		expect(club.revision(id)).toBeGreaterThan(0);
		const sent = club.applied.length;

		online = false;
		events.dispatchEvent(new Event('offline'));
		for (let i = 1; i <= 3; i++) await playRound(db, id, i);
		await sync.kick();
		expect(sync.status).toBe('offline');
		expect(club.applied.length).toBe(sent);
		expect((await waiting(db)).length).toBe(3);

		online = true;
		events.dispatchEvent(new Event('online'));
		await sync.kick();
		const revisions = club.applied.slice(sent).map((a) => a.revision);
		expect(revisions).toHaveLength(3);
		expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
		expect(club.revision(id)).toBe((await db.summaries.get(id))!.revision);
		expect(await db.outbox.count()).toBe(0);
		stop();
	});

	it('a revoked token stops sending, says so, and keeps every round', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await playedEvening(db, 2);
		const club = new FakeClub();
		club.mode = 'revoked';
		const sync = syncFor(db, club);
		await sync.kick();
		expect(sync.status).toBe('stopped');
		expect((await clubMembership(db))!.revoked).toBe(true);
		expect(await db.rounds.where('eveningId').equals(id).count()).toBe(2);
		// Nothing more is sent, nor appended.
		await playRound(db, id, 2);
		club.mode = 'ok';
		await sync.kick();
		expect(club.batches).toHaveLength(0);
		expect(await db.rounds.where('eveningId').equals(id).count()).toBe(3);
	});
});

// The club organiser's correction reaches the table's phone (docs/club.md "A correction"): the
// sync loop reads it when it starts and when the club says it holds a newer revision (behind),
// takes it in through the rules core as an edit of the evening as the phone holds it (its own
// rounds not yet sent included), keeps who corrected the round and when, and sends the evening
// above the club's revision with the correction noted; a correction that a later round of the
// phone's conflicts with is refused in words and the phone's own round stays.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { joinClub } from '$lib/db/club';
import { editRound, listRounds, saveRound } from '$lib/db/rounds';
import { refusedCorrections } from '$lib/db/corrections';
import type { CabooseDb } from '$lib/db/database';
import { refusedCorrectionText } from '$lib/components/club/night/correctionText';
import { closeAll, freshDb, newEvening, playedEvening, playRound } from '../db/helpers';
import { CLUB, FakeClub, fakeTimers, syncFor, waiting } from './fake-club';
import { FakeEventSource } from './fake-event-source';
import { untilState } from './wait';

afterEach(async () => {
	vi.unstubAllGlobals();
	await closeAll();
});

const AT = Date.UTC(2026, 10, 28, 20, 40);

async function seats(db: CabooseDb, id: string): Promise<[string, string, string?]> {
	return (await db.evenings.get(id))!.players.map((p) => p.id) as [string, string, string?];
}

/** A two-round evening the club holds, whose first round Ruth corrects there (a hand of 30). */
async function correctedAtClub(db: CabooseDb) {
	await joinClub(db, CLUB);
	const id = await playedEvening(db, 2);
	const club = new FakeClub();
	await syncFor(db, club).kick();
	const [a, b] = await seats(db, id);
	const entry = { out: a, blocked: false, hands: { [b]: 30 } };
	club.correct({ eveningId: id, round: 0, entry, by: 'Ruth', at: AT });
	return { id, club, entry };
}

describe('a correction from the club', () => {
	it('is taken in at the next send: the round keeps who and when, and the club gets it back', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await playedEvening(db, 3);
		const club = new FakeClub();
		const sync = syncFor(db, club);
		await sync.kick();
		expect(club.revision(id)).toBeGreaterThan(0);
		const [a, b] = await seats(db, id);
		const entry = { out: a, blocked: false, hands: { [b]: 12 } };
		const made = club.correct({ eveningId: id, round: 1, entry, by: 'Ruth', at: AT });

		// The table saves its next round, not knowing: the club holds the correction (behind).
		await playRound(db, id, 3);
		await sync.kick();
		const rounds = await listRounds(db, id);
		expect(rounds[1]).toMatchObject({ entry, correctedBy: { name: 'Ruth', at: AT } });
		expect(rounds[0]!.correctedBy).toBeUndefined();
		expect(rounds).toHaveLength(4);
		expect((await db.evenings.get(id))!.clubCorrection).toBe(made.revision);
		// Sent again above the club's revision, with the correction in: the club stored it.
		expect(await waiting(db)).toEqual([]);
		expect(club.revision(id)).toBeGreaterThan(made.revision);
		expect(club.evenings.get(id)!.rounds).toBe(4);

		// Taken in once: a new start reads nothing more, and the scorekeeper's own edit of the
		// round is no longer the organiser's.
		await syncFor(db, club).kick();
		expect((await listRounds(db, id))[1]!.entry).toEqual(entry);
		const own = { out: a, blocked: false, hands: { [b]: 13 } };
		expect((await editRound(db, id, 1, own)).ok).toBe(true);
		const edited = (await listRounds(db, id))[1]!;
		expect(edited.entry).toEqual(own);
		expect(edited).not.toHaveProperty('correctedBy');
	});

	it('is read when the sync starts, with nothing to send', async () => {
		const db = freshDb();
		const { id, club, entry } = await correctedAtClub(db);
		await syncFor(db, club).kick();
		expect((await listRounds(db, id))[0]).toMatchObject({ entry, correctedBy: { name: 'Ruth' } });
		expect(await waiting(db)).toEqual([]);
	});

	it("is read on a change of the club's live channel that may bring one, once for a burst", async () => {
		FakeEventSource.opened = [];
		vi.stubGlobal('EventSource', FakeEventSource);
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await playedEvening(db, 2);
		const club = new FakeClub();
		const asked: string[] = [];
		const fetch: typeof club.fetch = (url, init) => {
			if (String(url).includes('/v1/corrections')) asked.push(String(url));
			return club.fetch(url, init);
		};
		const sync = syncFor(db, club, { fetch });
		const stop = sync.start();
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		await untilState(async () => expect(await waiting(db)).toEqual([]));
		await sync.kick();
		const before = asked.length;
		const [a, b] = await seats(db, id);
		const entry = { out: a, blocked: false, hands: { [b]: 21 } };
		club.correct({ eveningId: id, round: 1, entry, by: 'Ruth', at: AT });

		// Other tables' batches and the night's changes read no corrections.
		FakeEventSource.opened[0]!.change('evenings');
		FakeEventSource.opened[0]!.change('night');
		await sync.kick();
		expect(asked.length - before).toBe(0);
		// The organiser's write tells every phone, several times in a moment: one read.
		for (let i = 0; i < 5; i++) FakeEventSource.opened[0]!.change('correction evenings night');
		await untilState(async () =>
			expect((await listRounds(db, id))[1]).toMatchObject({ entry, correctedBy: { name: 'Ruth' } })
		);
		await sync.kick();
		expect(asked.length - before).toBe(1);
		stop();
	});

	it('not readable when the club is ahead: the evening waits and goes once it is read', async () => {
		const db = freshDb();
		const { id, club, entry } = await correctedAtClub(db);
		club.feed = 'failing';
		const timers = fakeTimers();
		const sync = syncFor(db, club, timers.options);
		await playRound(db, id, 2);
		await sync.kick();
		// Behind, and the corrections not read: nothing settled, the round waits to be sent.
		expect(sync.status).toBe('waiting-to-retry');
		expect((await waiting(db)).length).toBe(1);
		expect(club.evenings.get(id)!.rounds).toBe(2);
		club.feed = 'ok';
		timers.fire();
		await sync.kick();
		expect((await listRounds(db, id))[0]).toMatchObject({ entry, correctedBy: { name: 'Ruth' } });
		expect(await waiting(db)).toEqual([]);
		expect(club.evenings.get(id)!.rounds).toBe(3);
	});

	it('from a club server without corrections (404): none, and the phone sends as before', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const id = await playedEvening(db, 2);
		const club = new FakeClub();
		club.feed = 'missing';
		const sync = syncFor(db, club);
		await sync.kick();
		expect(sync.status).toBe('idle');
		expect(club.evenings.get(id)!.rounds).toBe(2);
		expect(await waiting(db)).toEqual([]);
	});

	it('that a later round of the phone conflicts with is refused in words; the phone’s round stays', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		// Italian elimination (out at 100), three players.
		const id = await newEvening(db, {
			names: ['Anna', 'Ben', 'Cleo'],
			rules: { preset: 'italian-elimination' },
			firstStarter: 0
		});
		const [a, b, c] = (await seats(db, id)) as [string, string, string];
		const save = async (i: number, out: string, hands: Record<string, number>) =>
			expect((await saveRound(db, id, i, { out, blocked: false, hands })).ok).toBe(true);
		await save(0, a, { [b]: 60, [c]: 30 });
		const club = new FakeClub();
		await syncFor(db, club).kick();
		// Offline, the table plays on: Ben 90 after round 2, and round 3 holds a hand of his.
		await save(1, a, { [b]: 30, [c]: 20 });
		await save(2, c, { [a]: 5, [b]: 5 });
		// The organiser, seeing round 1 only, raises Ben's hand to 70: Ben out after round 2.
		const entry = { out: a, blocked: false, hands: { [b]: 70, [c]: 30 } };
		const made = club.correct({ eveningId: id, round: 0, entry, by: 'Ruth', at: AT });
		await syncFor(db, club).kick();

		const rounds = await listRounds(db, id);
		expect(rounds[0]!.entry.hands[b]).toBe(60);
		expect(rounds[0]!.correctedBy).toBeUndefined();
		const refused = await refusedCorrections(db, id);
		expect(refused).toEqual([
			{
				eveningId: id,
				round: 0,
				by: 'Ruth',
				at: AT,
				problems: [
					{
						code: 'later-round-conflict',
						params: { round: 2, number: 3, code: 'eliminated-player' }
					}
				]
			}
		]);
		expect(refusedCorrectionText(refused[0]!, (t) => new Date(t).toISOString())).toBe(
			'Ruth corrected round 1 on the club (2026-11-28T20:40:00.000Z); this phone kept its own round: This change would make the saved round 3 impossible.'
		);
		// The phone's evening, its own round 1 and rounds 2 and 3, is what the club holds now.
		expect((await db.evenings.get(id))!.clubCorrection).toBe(made.revision);
		expect(await waiting(db)).toEqual([]);
		expect(club.evenings.get(id)!.rounds).toBe(3);
		expect(club.revision(id)).toBeGreaterThan(made.revision);
	});
});

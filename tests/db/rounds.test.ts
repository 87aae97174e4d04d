// The rounds data layer against fake-indexeddb: one transaction per write, re-validated against
// what is on disk, nothing stored on a refusal, and a draft that survives until its round is saved.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
	clearDraft,
	editRound,
	endEvening,
	listRounds,
	loadDraft,
	readDraftFields,
	resumeEvening,
	saveDraft,
	saveRound,
	undoLastRound
} from '$lib/db/rounds';
import { emptyDraftFields } from '$lib/db/draft';
import type { SummaryRow } from '$lib/db/database';
import { deriveSummary } from '$lib/db/summaries';
import { computeEvening, eveningSetup } from '$lib/rules';
import type { RoundEntry, RulesChoice } from '$lib/rules/types';
import { closeAll, connect, countReads, derivedPart, freshDb, newEvening } from './helpers';

afterEach(closeAll);

async function setup(
	rules: RulesChoice = { preset: 'swiss-jassshop' },
	names = ['Anna', 'Ben', 'Cleo']
) {
	const db = freshDb();
	const id = await newEvening(db, { names, rules, firstStarter: 0 });
	const evening = await db.evenings.get(id);
	const [a, b, c] = evening!.players.map((p) => p.id) as [string, string, string];
	return { db, id, a, b, c };
}

describe('saveRound', () => {
	it('stores a valid round, bumps updatedAt and removes the draft, all at once', async () => {
		const { db, id, a, b, c } = await setup();
		const before = (await db.evenings.get(id))!.updatedAt;
		await saveDraft(db, id, 0, { ...emptyDraftFields(), text: { [b]: '12' } });
		await new Promise((r) => setTimeout(r, 2));
		const entry: RoundEntry = { out: a, blocked: false, hands: { [b]: 12, [c]: [[5, 3]] } };
		expect(await saveRound(db, id, 0, entry)).toEqual({ ok: true });
		const rows = await listRounds(db, id);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ id: `${id}:0`, index: 0, entry, starter: null });
		expect((await db.evenings.get(id))!.updatedAt).toBeGreaterThan(before);
		expect(await loadDraft(db, id, 0)).toBeNull();
	});

	it('refuses a round the rules refuse, with the problems, and stores nothing', async () => {
		const { db, id, a, b, c } = await setup();
		await saveDraft(db, id, 0, { ...emptyDraftFields(), text: { [b]: '12' } });
		const noOutcome = await saveRound(db, id, 0, {
			out: null,
			blocked: false,
			hands: { [a]: 1, [b]: 2, [c]: 3 }
		});
		expect(noOutcome).toMatchObject({ ok: false, problems: [{ code: 'no-outcome' }] });
		const engine = await saveRound(db, id, 0, {
			out: a,
			blocked: false,
			hands: { [b]: [[12, 12]], [c]: 3 }
		});
		expect(engine).toMatchObject({ ok: false, problems: [{ code: 'engine-in-hand', player: b }] });
		const tooHigh = await saveRound(db, id, 0, {
			out: a,
			blocked: false,
			hands: { [b]: 5000, [c]: 3 }
		});
		expect(tooHigh).toMatchObject({ ok: false, problems: [{ code: 'hand-too-high' }] });
		expect(await listRounds(db, id)).toEqual([]);
		// The draft stays: the scorekeeper fixes the entry, nothing typed is lost.
		expect(await loadDraft(db, id, 0)).not.toBeNull();
	});

	it('lets only one of two tabs add round k', async () => {
		const { db, id, a, b, c } = await setup();
		const other = connect(db.name);
		const one: RoundEntry = { out: a, blocked: false, hands: { [b]: 10, [c]: 20 } };
		const two: RoundEntry = { out: b, blocked: false, hands: { [a]: 7, [c]: 8 } };
		const results = await Promise.all([saveRound(db, id, 0, one), saveRound(other, id, 0, two)]);
		expect(results.filter((r) => r.ok)).toHaveLength(1);
		expect(results.find((r) => !r.ok)).toEqual({ ok: false, conflict: 'round-taken' });
		expect(await listRounds(db, id)).toHaveLength(1);
	});

	it('refuses a round that is not the next one, and a missing evening', async () => {
		const { db, id, a, b, c } = await setup();
		const entry: RoundEntry = { out: a, blocked: false, hands: { [b]: 1, [c]: 2 } };
		expect(await saveRound(db, id, 1, entry)).toEqual({ ok: false, conflict: 'round-taken' });
		expect(await saveRound(db, 'nope', 0, entry)).toEqual({
			ok: false,
			conflict: 'missing-evening'
		});
		expect(await listRounds(db, id)).toEqual([]);
	});

	it('refuses a round after the evening is over (schedule done, or ended)', async () => {
		const { db, id, a, b, c } = await setup({ preset: 'swiss-jassshop', rounds: 1 });
		const entry: RoundEntry = { out: a, blocked: false, hands: { [b]: 1, [c]: 2 } };
		expect((await saveRound(db, id, 0, entry)).ok).toBe(true);
		expect(await saveRound(db, id, 1, entry)).toMatchObject({
			ok: false,
			problems: [{ code: 'evening-over' }]
		});

		const second = await setup();
		await endEvening(second.db, second.id);
		const e2: RoundEntry = {
			out: second.a,
			blocked: false,
			hands: { [second.b]: 1, [second.c]: 2 }
		};
		expect(await saveRound(second.db, second.id, 0, e2)).toMatchObject({
			ok: false,
			problems: [{ code: 'evening-over' }]
		});
	});

	it('refuses a hand for an eliminated player', async () => {
		const { db, id, a, b, c } = await setup({ preset: 'italian-elimination', elimination: 100 });
		expect(
			(await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 120, [c]: 3 } })).ok
		).toBe(true);
		const next = await saveRound(db, id, 1, { out: a, blocked: false, hands: { [b]: 5, [c]: 3 } });
		expect(next).toMatchObject({ ok: false, problems: [{ code: 'eliminated-player', player: b }] });
		expect((await saveRound(db, id, 1, { out: a, blocked: false, hands: { [c]: 3 } })).ok).toBe(
			true
		);
	});

	it('stores plain data even when given frozen tuples', async () => {
		const { db, id, a, b, c } = await setup();
		const tile = Object.freeze([4, 2] as const);
		expect(
			(await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: [tile], [c]: 0 } }, 2)).ok
		).toBe(true);
		const [row] = await listRounds(db, id);
		expect(row!.entry.hands[b]).toEqual([[4, 2]]);
		expect(row!.starter).toBe(2);
	});
});

describe('saveRound reads no more for round 41 than for round 2', () => {
	const RULES: RulesChoice = { preset: 'swiss-jassshop', schedule: 'cyclic' };

	async function playedEvening(rounds: number) {
		const db = freshDb();
		const reads = countReads(db);
		const id = await newEvening(db, {
			names: ['Anna', 'Ben', 'Cleo'],
			rules: RULES,
			firstStarter: 0
		});
		const seats = (await db.evenings.get(id))!.players.map((p) => p.id);
		const round = (i: number): RoundEntry => {
			const [out, ...rest] = [...seats.slice(i % 3), ...seats.slice(0, i % 3)];
			return { out: out!, blocked: false, hands: { [rest[0]!]: i % 17, [rest[1]!]: 3 } };
		};
		let played = 0;
		for (; played < rounds; played++) {
			expect((await saveRound(db, id, played, round(played))).ok).toBe(true);
		}
		/** The reads of saving the next round. */
		const measureNext = async () => {
			reads.rows = {};
			reads.cursors = 0;
			reads.on = true;
			const saved = await saveRound(db, id, played, round(played));
			played++;
			reads.on = false;
			expect(saved).toEqual({ ok: true });
			return { rows: { ...reads.rows }, cursors: reads.cursors };
		};
		return { db, id, measureNext };
	}

	it('reads the evening, its summary and its last round, however many rounds it has', async () => {
		const short = await (await playedEvening(1)).measureNext();
		const long = await playedEvening(40);
		const reads = await long.measureNext();
		expect(reads).toEqual(short);
		// (And the club's membership, one key: none here, so nothing is appended to an outbox.)
		expect(reads).toEqual({
			rows: { evenings: 1, summaries: 1, rounds: 1, meta: 0 },
			cursors: 0
		});
		// And the summary it wrote is the one every round replayed gives.
		const evening = (await long.db.evenings.get(long.id))!;
		expect(derivedPart(await long.db.summaries.get(long.id))).toEqual(
			deriveSummary(evening, await listRounds(long.db, long.id))
		);
	});

	it('replays the rounds when the stored standing is missing or does not fit, and stores one', async () => {
		const long = await playedEvening(40);
		const summary = (await long.db.summaries.get(long.id))!;
		const broken: unknown[] = [
			undefined, // a summary from before standings were kept
			{ ...summary.standing, totals: [1, 2] }, // two seats' totals for three seats
			{ ...summary.standing, index: 39 }, // not after the rounds stored
			{ ...summary.standing, active: [0, 1, 7] }, // a seat that is not there
			{ ...summary.standing, extra: true } // not a standing this build wrote
		];
		for (const [i, standing] of broken.entries()) {
			await long.db.summaries.put({ ...summary, standing } as SummaryRow);
			const reads = await long.measureNext();
			// The replay reads every round the evening has (40 and the ones saved since).
			expect(reads.rows.rounds).toBeGreaterThanOrEqual(40 + i);
			const evening = (await long.db.evenings.get(long.id))!;
			const after = (await long.db.summaries.get(long.id))!;
			expect(derivedPart(after)).toEqual(
				deriveSummary(evening, await listRounds(long.db, long.id))
			);
			expect(after.standing).toBeDefined();
			summary.standing = after.standing;
			Object.assign(summary, after);
		}
	});
});

describe('editRound', () => {
	it('replaces a round and the totals follow', async () => {
		const { db, id, a, b, c } = await setup();
		await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 10, [c]: 20 } });
		await saveRound(db, id, 1, { out: b, blocked: false, hands: { [a]: 5, [c]: 5 } });
		expect(
			await editRound(db, id, 0, { out: c, blocked: false, hands: { [a]: 1, [b]: 2 } })
		).toEqual({ ok: true });
		const evening = (await db.evenings.get(id))!;
		const state = computeEvening(
			eveningSetup(evening),
			(await listRounds(db, id)).map((r) => r.entry)
		);
		expect(state.totals).toEqual({ [a]: 6, [b]: 2, [c]: 5 });
	});

	it('refuses an edit that breaks a later round, and changes nothing', async () => {
		const { db, id, a, b, c } = await setup({ preset: 'italian-elimination', elimination: 100 });
		await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 50, [c]: 3 } });
		await saveRound(db, id, 1, { out: a, blocked: false, hands: { [b]: 5, [c]: 3 } });
		// Ben at 120 after round 1 would be eliminated, yet he holds a hand in round 2.
		const result = await editRound(db, id, 0, {
			out: a,
			blocked: false,
			hands: { [b]: 120, [c]: 3 }
		});
		expect(result).toMatchObject({ ok: false, problems: [{ code: 'later-round-conflict' }] });
		expect((await listRounds(db, id))[0]!.entry.hands[b]).toBe(50);
	});

	it('refuses an invalid edit and a round that does not exist', async () => {
		const { db, id, a, b, c } = await setup();
		await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 10, [c]: 20 } });
		expect(
			await editRound(db, id, 0, { out: null, blocked: false, hands: { [a]: 1, [b]: 2, [c]: 3 } })
		).toMatchObject({
			ok: false,
			problems: [{ code: 'no-outcome' }]
		});
		expect(
			await editRound(db, id, 3, { out: a, blocked: false, hands: { [b]: 1, [c]: 1 } })
		).toEqual({
			ok: false,
			conflict: 'no-such-round'
		});
		expect((await listRounds(db, id))[0]!.entry.hands[b]).toBe(10);
	});

	it('can correct a round of an ended evening', async () => {
		const { db, id, a, b, c } = await setup();
		await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 10, [c]: 20 } });
		await endEvening(db, id);
		expect(
			(await editRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 11, [c]: 20 } })).ok
		).toBe(true);
	});
});

describe('undo, end, resume', () => {
	it('undoes the last round only', async () => {
		const { db, id, a, b, c } = await setup();
		expect(await undoLastRound(db, id)).toBeNull();
		await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 10, [c]: 20 } });
		await saveRound(db, id, 1, { out: b, blocked: false, hands: { [a]: 5, [c]: 5 } });
		expect(await undoLastRound(db, id)).toBe(1);
		expect((await listRounds(db, id)).map((r) => r.index)).toEqual([0]);
		// The next round is round 2 again and can be saved.
		expect(
			(await saveRound(db, id, 1, { out: c, blocked: false, hands: { [a]: 1, [b]: 1 } })).ok
		).toBe(true);
	});

	it('undo clears the live table of the round after, and keeps the undone round own log', async () => {
		const { db, id, a, b, c } = await setup();
		await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 10, [c]: 20 } });
		const event = (seq: number, roundIndex: number) => ({
			eveningId: id,
			roundIndex,
			seq,
			event: { type: 'mexican', started: true },
			at: seq
		});
		// Round 1's table was tracked, then round 2's had begun when round 1 was undone.
		await db.tableEvents.bulkAdd([event(0, 0), event(1, 0), event(0, 1)]);
		expect(await undoLastRound(db, id)).toBe(0);
		const left = await db.tableEvents.toArray();
		expect(left.map((r) => [r.roundIndex, r.seq])).toEqual([
			[0, 0],
			[0, 1]
		]);
	});

	it('ends and resumes an evening', async () => {
		const { db, id } = await setup();
		await saveDraft(db, id, 0, emptyDraftFields());
		expect(await endEvening(db, id)).toBe(true);
		const ended = (await db.evenings.get(id))!;
		expect(ended.endedAt).not.toBeNull();
		expect(computeEvening(eveningSetup(ended), []).over).toBe(true);
		expect(await loadDraft(db, id, 0)).toBeNull();
		expect(await resumeEvening(db, id)).toBe(true);
		expect((await db.evenings.get(id))!.endedAt).toBeNull();
		expect(await endEvening(db, 'nope')).toBe(false);
	});

	it('ending an ended evening, or resuming one in play, changes no row', async () => {
		const { db, id } = await setup();
		const rows = async () => ({
			evening: await db.evenings.get(id),
			summary: await db.summaries.get(id)
		});
		const inPlay = await rows();
		expect(await resumeEvening(db, id)).toBe(true);
		expect(await rows()).toEqual(inPlay);
		expect(await endEvening(db, id)).toBe(true);
		const ended = await rows();
		expect(ended.evening!.endedAt).not.toBeNull();
		expect(await endEvening(db, id)).toBe(true);
		expect(await rows()).toEqual(ended);
	});
});

describe('drafts', () => {
	it('keeps exactly what was typed, per round', async () => {
		const { db, id, a, b } = await setup();
		const fields = {
			text: { [a]: '1.5', [b]: '' },
			mode: { [a]: 'points' as const, [b]: 'tiles' as const },
			tiles: { [b]: [[12, 3] as [number, number]] },
			out: [a],
			blocked: false,
			starter: 1
		};
		expect(await saveDraft(db, id, 0, fields)).toBe(true);
		expect(await loadDraft(db, id, 0)).toEqual(fields);
		expect(await loadDraft(db, id, 1)).toBeNull();
		await clearDraft(db, id, 0);
		expect(await loadDraft(db, id, 0)).toBeNull();
	});

	it('a late write of another round never replaces the draft of the round due (an undo put it back)', async () => {
		const { db, id, a, b, c } = await setup();
		const entry: RoundEntry = { out: a, blocked: false, hands: { [b]: 1, [c]: 2 } };
		expect(await saveRound(db, id, 0, entry)).toEqual({ ok: true });
		expect(await saveRound(db, id, 1, entry)).toEqual({ ok: true });
		// Another tab typed round 3 (index 2); round 2 is undone, and its values become the draft.
		expect(await undoLastRound(db, id)).toBe(1);
		const undone = await loadDraft(db, id, 1);
		expect(undone?.text).toEqual({ [b]: '1', [c]: '2' });
		// That tab's autosave of round 3, or of its emptied form, lands after the undo: refused.
		expect(await saveDraft(db, id, 2, { ...emptyDraftFields(), text: { [a]: '5' } })).toBe(false);
		await clearDraft(db, id, 2);
		expect(await loadDraft(db, id, 1)).toEqual(undone);
		// A round already saved takes no draft either, nor does an ended evening.
		expect(await saveDraft(db, id, 0, emptyDraftFields())).toBe(false);
		expect(await endEvening(db, id)).toBe(true);
		expect(await saveDraft(db, id, 1, undone!)).toBe(false);
		expect(await db.drafts.count()).toBe(0);
	});

	it('reads a damaged draft as far as it makes sense', () => {
		expect(readDraftFields(null)).toEqual(emptyDraftFields());
		expect(
			readDraftFields({
				text: { a: 3, b: '4' },
				mode: { a: 'x' },
				tiles: {
					a: [
						[1, 'x'],
						[2, 1]
					]
				},
				out: 'a',
				blocked: 'yes',
				starter: 1.5
			})
		).toEqual({
			text: { b: '4' },
			mode: {},
			tiles: { a: [[2, 1]] },
			out: [],
			blocked: false,
			starter: null
		});
	});
});

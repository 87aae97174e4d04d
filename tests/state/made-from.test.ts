// @vitest-environment jsdom
// Writes that know what they replace (issue 27): every write from the evening's screens names
// the revision (or the round) it was made from, and one made from an older one is refused with
// what changed, storing nothing. Two tabs are two connections to one fake-indexeddb database.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync } from 'svelte';
import { EveningSession } from '$lib/state/evening.svelte';
import { NextRoundEntry } from '$lib/state/next-round.svelte';
import { RoundCorrection } from '$lib/state/round-correction.svelte';
import { EveningActions } from '$lib/state/evening-actions.svelte';
import { EntryForm, fieldsFromEntry, type EntryContext } from '$lib/state/entry.svelte';
import { listRounds, loadDraft, saveRound } from '$lib/db/rounds';
import type { CabooseDb } from '$lib/db/database';
import type { RoundEntry } from '$lib/rules/types';
import { closeAll, connect, freshDb, newEvening } from '../db/helpers';

afterEach(closeAll);
const waitFor = vi.waitFor;

/** An evening of Anna, Ben and Cleo with `played` rounds saved through saveRound. */
async function evening(played: number) {
	const db = freshDb();
	const id = await newEvening(db, {
		names: ['Anna', 'Ben', 'Cleo'],
		rules: { preset: 'swiss-jassshop' },
		firstStarter: 0
	});
	const [a, b, c] = (await db.evenings.get(id))!.players.map((p) => p.id) as [
		string,
		string,
		string
	];
	const round = (ben: number, cleo: number): RoundEntry => ({
		out: a,
		blocked: false,
		hands: { [b]: ben, [c]: cleo }
	});
	for (let i = 0; i < played; i++)
		expect((await saveRound(db, id, i, round(10, 20))).ok).toBe(true);
	return { db, id, a, b, c, round };
}

/** A tab: its own connection, its session following the evening. */
async function tab(db: CabooseDb, id: string) {
	const session = new EveningSession(id, connect(db.name));
	const stop = session.watch();
	await waitFor(() => expect(session.state).not.toBeNull());
	return { session, stop, actions: new EveningActions(session) };
}

/** The edit screen of round `index` in a tab: its form, loaded once from the saved round. */
function editScreen(session: EveningSession, index: number) {
	const correction = new RoundCorrection(session, index);
	const form = new EntryForm((): EntryContext | null =>
		session.setup && session.rows[index]
			? {
					setup: session.setup,
					rounds: session.entries,
					index,
					engine: session.engineAt(index)!,
					players: session.playersAt(index)
				}
			: null
	);
	correction.load(form, session.rows[index] ?? null);
	return { correction, form };
}

/** The round screen's entry of the next round in a tab. */
function roundScreen(session: EveningSession) {
	const form = new EntryForm((): EntryContext | null =>
		session.setup && session.next && session.standing
			? { setup: session.setup, standing: session.standing, ...session.next }
			: null
	);
	const entry = new NextRoundEntry(session);
	const stop = entry.keepDraft(form);
	flushSync();
	return { form, entry, stop };
}

describe('writes made from an older revision are refused', () => {
	it('an edit screen left open never brings back an undone round', async () => {
		const { db, id, b, c, round } = await evening(2);
		const A = await tab(db, id);
		const B = await tab(db, id);
		const edit = editScreen(B.session, 1);
		// Tab A undoes round 2 and saves a new round 2.
		expect(await A.actions.undo()).toEqual({ ok: true, value: 1 });
		expect((await saveRound(db, id, 1, round(33, 44))).ok).toBe(true);
		// B's screen has read the new round 2; its form still holds the old one, loaded once.
		await waitFor(() => expect(B.session.rows[1]?.entry.hands[b]).toBe(33));
		expect(edit.form.text[b]).toBe('10');
		edit.form.setText(b, '11');
		expect(await edit.correction.save(edit.form)).toEqual({ ok: false, conflict: 'round-changed' });
		const stored = (await listRounds(db, id))[1]!.entry.hands;
		expect([stored[b], stored[c]]).toEqual([33, 44]);
		A.stop();
		B.stop();
	});

	it('two corrections of one round: the second is refused, never a silent revert', async () => {
		const { db, id, b, c } = await evening(1);
		const A = await tab(db, id);
		const B = await tab(db, id);
		const editA = editScreen(A.session, 0);
		const editB = editScreen(B.session, 0);
		editA.form.setText(b, '15');
		expect(await editA.correction.save(editA.form)).toEqual({ ok: true, value: 0 });
		editB.form.setText(c, '25');
		expect(await editB.correction.save(editB.form)).toEqual({
			ok: false,
			conflict: 'round-changed'
		});
		const hands = (await listRounds(db, id))[0]!.entry.hands;
		expect([hands[b], hands[c]]).toEqual([15, 20]);
		A.stop();
		B.stop();
	});

	it('Undo removes the round its dialog named, or is refused (a save racing it at 0–80 ms)', async () => {
		const outcomes = new Set<string>();
		for (const offset of [0, 1, 2, 5, 10, 20, 40, 80]) {
			for (const undoFirst of [true, false]) {
				const { db, id, round } = await evening(2);
				const A = await tab(db, id);
				const B = await tab(db, id);
				A.actions.ask('undo'); // "Remove round 2?"
				expect(A.actions.undoing).toBe(2);
				const later = (ms: number, f: () => Promise<unknown>) =>
					new Promise((r) => setTimeout(r, ms)).then(f);
				const save = () =>
					saveRound(B.session.db, id, 2, round(7, 8), null, { revision: B.session.revision });
				const [undone, saved] = undoFirst
					? await Promise.all([A.actions.undo(), later(offset, save)])
					: await Promise.all([later(offset, () => A.actions.undo()), save()]).then(
							([u, s]) => [u as Awaited<ReturnType<EveningActions['undo']>>, s] as const
						);
				const stored = await listRounds(db, id);
				if (undone.ok) {
					// The named round went, and the save made from before it was refused.
					expect(undone.value).toBe(1);
					expect(saved).toMatchObject({ ok: false });
					expect(stored.map((r) => r.index)).toEqual([0]);
					outcomes.add('undone');
				} else {
					expect(undone).toEqual({ ok: false, conflict: 'round-changed', round: 2 });
					expect(saved).toEqual({ ok: true });
					expect(stored.map((r) => r.index)).toEqual([0, 1, 2]);
					outcomes.add('refused');
				}
				A.stop();
				B.stop();
			}
		}
		expect(outcomes).toEqual(new Set(['undone', 'refused']));
	}, 60_000);

	it('an Undo asked again before the evening is read afresh names the round before', async () => {
		const { db, id } = await evening(3);
		const A = await tab(db, id);
		A.stop(); // the evening as read before the undo, as when its live read has not come yet
		A.actions.ask('undo');
		expect(A.actions.undoing).toBe(3);
		expect(await A.actions.undo()).toEqual({ ok: true, value: 2 });
		A.actions.ask('undo'); // the old code named round 3 again, and its confirm was refused
		expect(A.actions.undoing).toBe(2);
		expect(await A.actions.undo()).toEqual({ ok: true, value: 1 });
		expect((await listRounds(db, id)).map((r) => r.index)).toEqual([0]);
	});

	it('end, resume and delete asked before another write are refused, and say so', async () => {
		const { db, id, round } = await evening(1);
		const A = await tab(db, id);
		for (const what of ['end', 'delete'] as const) {
			A.actions.ask(what);
			const before = A.session.revision;
			expect(before).not.toBeNull();
			expect((await saveRound(db, id, A.session.rows.length, round(1, 2))).ok).toBe(true);
			await waitFor(() => expect(A.session.revision).not.toBe(before));
			const result = what === 'end' ? await A.actions.end() : await A.actions.remove();
			expect(result).toEqual({ ok: false, conflict: 'evening-changed' });
			expect(A.actions.failure).toEqual(result);
		}
		expect(await db.evenings.get(id)).toMatchObject({ endedAt: null });
		// Made from what is shown now, they are done.
		expect(await A.actions.end()).toEqual({ ok: true, value: true });
		await waitFor(() => expect(A.session.evening?.endedAt).not.toBeNull());
		const shown = A.session.revision;
		await db.transaction(
			'rw',
			[db.evenings, db.rounds, db.summaries, db.meta, db.outbox],
			async () => {
				const { writeSummary } = await import('$lib/db/summaries');
				const e = (await db.evenings.get(id))!;
				await writeSummary(db, e, await listRounds(db, id));
			}
		);
		await waitFor(() => expect(A.session.revision).not.toBe(shown));
		expect(await A.actions.resume()).toEqual({ ok: true, value: true });
		A.stop();
	});

	it('a save made from an older revision is refused', async () => {
		const { db, id, round } = await evening(2);
		const A = await tab(db, id);
		const made = { revision: A.session.revision };
		// Another tab undoes round 2 and saves it again: the same index, another history.
		const B = await tab(db, id);
		expect((await B.actions.undo()).ok).toBe(true);
		expect((await saveRound(db, id, 1, round(5, 6))).ok).toBe(true);
		expect(await saveRound(db, id, 2, round(1, 1), null, made)).toEqual({
			ok: false,
			conflict: 'evening-changed'
		});
		expect(await listRounds(db, id)).toHaveLength(2);
		A.stop();
		B.stop();
	});
});

describe('a typed round that another tab saves', () => {
	it('keeps what was typed, says so, never saves it as the next round, until dismissed', async () => {
		const { db, id, b, c, round } = await evening(1);
		const A = await tab(db, id);
		const screen = roundScreen(A.session);
		await waitFor(() => expect(screen.form.loadedFor).toBe(1));
		screen.form.toggleOut(c);
		screen.form.setText(b, '12');
		flushSync();
		// Another tab saves round 2.
		expect((await saveRound(db, id, 1, round(3, 4))).ok).toBe(true);
		await waitFor(() => expect(A.session.next?.index).toBe(2));
		flushSync();
		expect(screen.entry.overtaken).toEqual({ typed: 2, now: 3 });
		expect(screen.form.text[b]).toBe('12');
		expect(await screen.entry.save(screen.form)).toEqual({ ok: false, conflict: 'round-taken' });
		expect(await listRounds(db, id)).toHaveLength(2);
		screen.entry.dismissOvertaken(screen.form);
		flushSync();
		await waitFor(() => expect(screen.form.loadedFor).toBe(2));
		expect(screen.entry.overtaken).toBeNull();
		expect(screen.form.pristine).toBe(true);
		screen.stop();
		A.stop();
	});
});

describe('Undo puts the round back into the entry form', () => {
	it('values, tiles, who went out and the starter, as its draft', async () => {
		const { db, id, a, b, c } = await evening(1);
		const entry: RoundEntry = {
			out: b,
			blocked: false,
			hands: {
				[a]: [
					[12, 5],
					[3, 3]
				],
				[c]: 17
			}
		};
		expect((await saveRound(db, id, 1, entry, 2)).ok).toBe(true);
		const A = await tab(db, id);
		const screen = roundScreen(A.session);
		await waitFor(() => expect(screen.form.loadedFor).toBe(2));
		expect(await A.actions.undo()).toEqual({ ok: true, value: 1 });
		expect(await loadDraft(db, id, 1)).toEqual(fieldsFromEntry(entry, 2));
		await waitFor(() => expect(screen.form.loadedFor).toBe(1));
		expect(screen.form.fields).toEqual(fieldsFromEntry(entry, 2));
		// Saved again as it was, it is the same round.
		expect(await screen.entry.save(screen.form)).toEqual({ ok: true, value: 1 });
		expect((await listRounds(db, id))[1]!.entry).toEqual(entry);
		screen.stop();
		A.stop();
	});
});

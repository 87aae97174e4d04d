// @vitest-environment jsdom
// The evening's state class on fake-indexeddb: live reads, every write's typed outcome, two tabs
// saving the same round, a round typed for a round another tab saved, and the draft (autosave,
// flush on request, cancelled by Save).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

const waitFor = vi.waitFor;

import { flushSync } from 'svelte';
import { EveningSession } from '$lib/state/evening.svelte';
import { NextRoundEntry } from '$lib/state/next-round.svelte';
import { autosave } from '$lib/state/draft.svelte';
import { EveningActions } from '$lib/state/evening-actions.svelte';
import { EntryForm, type EntryContext } from '$lib/state/entry.svelte';
import { loadDraft } from '$lib/db/rounds';
import { emptyDraftFields } from '$lib/db/draft';
import { appendTableEvent } from '$lib/db/table';
import { FLUSH_EVENT, type FlushDetail } from '$lib/db/flush';
import { closeAll, connect, countReads, freshDb } from '../db/helpers';
import { seedEvening } from '../db/backup-fixtures';

afterEach(closeAll);

/** A session following its evening, and a form for the session's next round. */
/** Each session's round entry and actions, one per session, as a screen holds them. */
const entries = new WeakMap<EveningSession, NextRoundEntry>();
const entryFor = (session: EveningSession) => {
	if (!entries.has(session)) entries.set(session, new NextRoundEntry(session));
	return entries.get(session)!;
};
const actionsFor = (session: EveningSession) =>
	new EveningActions(session, () => entryFor(session).dropPendingDraft());

async function open(session: EveningSession) {
	const stop = session.watch();
	await waitFor(() => expect(session.state).not.toBeNull());
	// As the round screen places its next round: from where the evening stands, nothing replayed.
	const context = (): EntryContext | null =>
		session.setup && session.next && session.standing
			? { setup: session.setup, standing: session.standing, ...session.next }
			: null;
	const form = new EntryForm(context);
	return { stop, form };
}

/** Keeps `form` as `session`'s draft, once its round's draft has been read; returns the stop. */
async function keepDraftRead(session: EveningSession, form: EntryForm, index: number) {
	const stopDraft = entryFor(session).keepDraft(form);
	flushSync();
	await waitFor(() => expect(form.loadedFor).toBe(index));
	return stopDraft;
}

/** Types a valid round: the first player went out, the others hold `points` each. */
function typeRound(form: EntryForm, points = 12) {
	const [first, ...rest] = form.context!.players;
	form.toggleOut(first!);
	for (const p of rest) form.setText(p, String(points));
}

describe('EveningSession', () => {
	it('after a save, reads and scores only the new round, however long the evening', async () => {
		const CYCLIC = { preset: 'swiss-jassshop', schedule: 'cyclic' } as const;
		/** The rows read by a save and the live read it wakes, after `played` rounds. */
		async function measure(played: number) {
			const db = freshDb();
			const reads = countReads(db);
			const id = await seedEvening(db, ['Anna', 'Ben', 'Cleo'], played, CYCLIC);
			const session = new EveningSession(id, db);
			const { stop, form } = await open(session);
			// Rounds written past the data functions leave the stored summary behind: the first save
			// replays them and stores it again; from then on a save reads what it adds.
			for (const index of [played, played + 1]) {
				typeRound(form, index % 20);
				reads.rows = {};
				reads.cursors = 0;
				reads.on = true;
				expect(await entryFor(session).save(form)).toEqual({ ok: true, value: index });
				await waitFor(() => expect(session.rows).toHaveLength(index + 1));
				reads.on = false;
			}
			// What it shows is what a screen opened now reads and scores from every round.
			const fresh = new EveningSession(id, db);
			const again = await open(fresh);
			expect(session.rows).toEqual(fresh.rows);
			expect(session.state).toEqual(fresh.state);
			expect(session.standing).toEqual(fresh.standing);
			stop();
			again.stop();
			return { rows: { ...reads.rows }, cursors: reads.cursors };
		}
		const short = await measure(2);
		const long = await measure(40);
		expect(long).toEqual(short);
		// The save: the evening, its summary, its last round; the live read: the evening, its
		// summary, and the round saved. (And the save reads the club's membership, one key: none.)
		expect(long).toEqual({
			rows: { evenings: 2, summaries: 2, rounds: 2, meta: 0 },
			cursors: 0
		});
	});

	it('reads the evening live and scores it; a round saved elsewhere shows up', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben', 'Cleo'], 2);
		const session = new EveningSession(id, db);
		const { stop } = await open(session);
		expect(session.rows).toHaveLength(2);
		expect(session.next?.index).toBe(2);
		expect(session.name(session.evening!.players[1]!.id)).toBe('Ben');

		const other = new EveningSession(id, db);
		const tab = await open(other);
		tab.form.reset(2);
		typeRound(tab.form);
		expect(await entryFor(other).save(tab.form)).toEqual({ ok: true, value: 2 });
		await waitFor(() => expect(session.rows).toHaveLength(3));
		stop();
		tab.stop();
	});

	it('says when there is no such evening, and refuses writes to it as a conflict', async () => {
		const db = freshDb();
		const session = new EveningSession('nobody', db);
		const stop = session.watch();
		await waitFor(() => expect(session.evening).toBeNull());
		expect(await actionsFor(session).end()).toEqual({ ok: false, conflict: 'missing-evening' });
		stop();
	});

	it('two tabs saving the same round: one is stored, the other is told it was taken', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 1);
		// A second connection to the same database, as a second tab has.
		const db2 = connect(db.name);
		const a = new EveningSession(id, db);
		const b = new EveningSession(id, db2);
		const [ta, tb] = [await open(a), await open(b)];
		for (const t of [ta, tb]) {
			t.form.reset(1);
			typeRound(t.form);
		}
		const results = await Promise.all([entryFor(a).save(ta.form), entryFor(b).save(tb.form)]);
		expect(results.filter((r) => r?.ok)).toHaveLength(1);
		expect(results.filter((r) => r && !r.ok)).toEqual([{ ok: false, conflict: 'round-taken' }]);
		expect(await db.rounds.where('eveningId').equals(id).count()).toBe(2);
		ta.stop();
		tb.stop();
	});

	it('never stores a round typed for a round another tab has saved meanwhile', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 1);
		const session = new EveningSession(id, db);
		const { stop, form } = await open(session);
		form.reset(0); // typed while the screen still showed round 1
		typeRound(form);
		expect(await entryFor(session).save(form)).toEqual({ ok: false, conflict: 'round-taken' });
		expect(await db.rounds.count()).toBe(1);
		stop();
	});

	it('stores nothing while the form itself refuses what was typed', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 0);
		const session = new EveningSession(id, db);
		const { stop, form } = await open(session);
		form.reset(0);
		typeRound(form);
		// Nothing to store yet: the form shows its own problems first (no Save on an empty form).
		form.setText(form.context!.players[1]!, 'lots');
		expect(await entryFor(session).save(form)).toBeNull();
		expect(await db.rounds.count()).toBe(0);
		stop();
	});

	it('undo, end, resume and delete answer typed outcomes', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 2);
		const session = new EveningSession(id, db);
		const { stop } = await open(session);
		// Each made from the evening as shown once the last one has been read back.
		const shown = async (done: () => boolean) => {
			await waitFor(() => expect(done()).toBe(true));
		};
		expect(await actionsFor(session).undo()).toEqual({ ok: true, value: 1 });
		await shown(() => session.rows.length === 1);
		expect(await actionsFor(session).end()).toEqual({ ok: true, value: true });
		expect((await db.evenings.get(id))!.endedAt).not.toBeNull();
		await shown(() => session.evening?.endedAt !== null);
		expect(await actionsFor(session).resume()).toEqual({ ok: true, value: true });
		expect((await db.evenings.get(id))!.endedAt).toBeNull();
		await shown(() => session.evening?.endedAt === null);
		expect(await actionsFor(session).remove()).toEqual({ ok: true, value: true });
		expect(await db.evenings.get(id)).toBeUndefined();
		expect(await db.rounds.where('eveningId').equals(id).count()).toBe(0);
		await shown(() => session.evening === null);
		expect(await actionsFor(session).undo()).toEqual({ ok: true, value: null });
		stop();
	});

	it('a storage failure is a typed failure, never a thrown error', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 1);
		const session = new EveningSession(id, db);
		const { stop, form } = await open(session);
		form.reset(1);
		typeRound(form);
		db.close();
		const silenced = console.error;
		console.error = () => {};
		try {
			expect(await entryFor(session).save(form)).toEqual({ ok: false, error: 'closed' });
			expect(await actionsFor(session).end()).toEqual({ ok: false, error: 'closed' });
		} finally {
			console.error = silenced;
		}
		// What was typed is still there.
		expect(form.pristine).toBe(false);
		stop();
	});

	it('keeps the draft: written after typing, at once on a flush request, and gone after Save', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 1);
		const session = new EveningSession(id, db);
		const { stop, form } = await open(session);
		// The round's (absent) draft is read before anything is autosaved.
		const stopDraft = await keepDraftRead(session, form, 1);
		form.setText(form.context!.players[1]!, '17');
		flushSync();
		await waitFor(async () => expect((await loadDraft(db, id, 1))?.text).toBeTruthy());

		// Another tab upgrading asks for the draft now; the write is handed over to wait for.
		form.setText(form.context!.players[1]!, '18');
		flushSync();
		const writes: Promise<unknown>[] = [];
		const detail: FlushDetail = { waitUntil: (p) => void writes.push(p) };
		dispatchEvent(new CustomEvent(FLUSH_EVENT, { detail }));
		expect(writes).toHaveLength(1);
		await Promise.all(writes);
		expect((await loadDraft(db, id, 1))!.text[form.context!.players[1]!]).toBe('18');

		// Save drops the draft, and the autosave still waiting is dropped with it: a flush request
		// right after finds nothing to write.
		typeRound(form);
		flushSync();
		expect(await entryFor(session).save(form)).toEqual({ ok: true, value: 1 });
		flushSync();
		const after: Promise<unknown>[] = [];
		dispatchEvent(
			new CustomEvent(FLUSH_EVENT, {
				detail: { waitUntil: (p: Promise<unknown>) => after.push(p) }
			})
		);
		expect(after).toHaveLength(0);
		expect(await loadDraft(db, id, 1)).toBeNull();
		stopDraft();
		stop();
	});

	it('a draft read for the round is restored into an untouched form', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 0);
		const first = new EveningSession(id, db);
		const a = await open(first);
		const stopA = await keepDraftRead(first, a.form, 0);
		a.form.setText(a.form.context!.players[0]!, '9');
		flushSync();
		stopA(); // leaving the screen writes what is pending
		await waitFor(async () => expect(await loadDraft(db, id, 0)).not.toBeNull());
		a.stop();

		const again = new EveningSession(id, db);
		const b = await open(again);
		const stopB = entryFor(again).keepDraft(b.form);
		flushSync();
		await waitFor(() => expect(b.form.text[b.form.context!.players[0]!]).toBe('9'));
		stopB();
		b.stop();
	});

	it('a draft that only localStorage kept (its page closed before IndexedDB had it) is restored and written to IndexedDB', async () => {
		const kept = new Map<string, string>();
		vi.stubGlobal('localStorage', {
			getItem: (k: string) => kept.get(k) ?? null,
			setItem: (k: string, v: string) => void kept.set(k, v),
			removeItem: (k: string) => void kept.delete(k)
		});
		try {
			const db = freshDb();
			const id = await seedEvening(db, ['Anna', 'Ben'], 0);
			const session = new EveningSession(id, db);
			const { stop, form } = await open(session);
			const [anna, ben] = form.context!.players as [string, string];
			const typed = { ...emptyDraftFields(), text: { [ben]: '4' }, out: [anna] };
			kept.set(`caboose:draft:${id}`, JSON.stringify({ index: 0, fields: typed, at: Date.now() }));
			await db.drafts.clear(); // the page closed before IndexedDB had what was typed

			const stopDraft = await keepDraftRead(session, form, 0);
			expect(form.text[ben]).toBe('4');
			await waitFor(async () => expect((await loadDraft(db, id, 0))?.text).toEqual(typed.text));
			// IndexedDB holds it now: the copy in localStorage goes.
			await waitFor(() => expect(kept.size).toBe(0));
			stopDraft();
			stop();
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it('a draft write that fails keeps the copy in localStorage; one that succeeds lets it go', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 0);
		const session = new EveningSession(id, db);
		const { stop, form } = await open(session);
		form.loadedFor = 0; // the round's draft read
		let writes = false;
		const store = vi.fn(async () => writes);
		const mirror = { keep: vi.fn(), forget: vi.fn() };
		const saver = autosave(form, store, 0, mirror);
		flushSync();
		const ben = form.context!.players[1]!;
		form.setText(ben, '7');
		flushSync();
		await waitFor(() => expect(store).toHaveBeenCalledTimes(1));
		expect(mirror.keep).toHaveBeenCalledTimes(1);
		expect(mirror.forget).not.toHaveBeenCalled();
		writes = true;
		form.setText(ben, '8');
		flushSync();
		await waitFor(() => expect(mirror.forget).toHaveBeenCalledTimes(1));
		saver.stop();
		stop();
	});

	it('an untouched form never deletes the draft another tab typed, when its evening is read again', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 0);
		// Tab B: its (absent) draft is read, its form stays empty.
		const b = new EveningSession(id, db);
		const tabB = await open(b);
		const stopB = await keepDraftRead(b, tabB.form, 0);
		// Tab A types round 1; its draft is on disk.
		const a = new EveningSession(id, db);
		const tabA = await open(a);
		const stopA = await keepDraftRead(a, tabA.form, 0);
		tabA.form.setText(tabA.form.context!.players[1]!, '7');
		flushSync();
		await waitFor(async () => expect(await loadDraft(db, id, 0)).not.toBeNull());
		// B reads its evening again (as after the first paint's peek, or any write to it): its
		// form's context is new, its fields are not. Asked to write what is pending (as when the
		// page is hidden), B has nothing to write, and A's draft stands.
		stopA();
		const rereads = b.evening;
		await db.evenings.update(id, { updatedAt: Date.now() + 1 });
		await waitFor(() => expect(b.evening).not.toBe(rereads));
		flushSync();
		const writes: Promise<unknown>[] = [];
		const detail: FlushDetail = { waitUntil: (p) => writes.push(p) };
		dispatchEvent(new CustomEvent(FLUSH_EVENT, { detail }));
		expect(writes).toHaveLength(0);
		expect((await loadDraft(db, id, 0))?.text).toEqual(tabA.form.fields.text);
		stopB();
		tabA.stop();
		tabB.stop();
	});

	it("after a save, another tab's late draft of that round never comes back into the form", async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 0);
		await db.drafts.clear();
		const session = new EveningSession(id, db);
		const { stop, form: live } = await open(session);
		// The form as it stands between the save and the live read that moves it on: still on
		// round 1 (its context is held there).
		const held = live.context!;
		const form = new EntryForm(() => held);
		const stopDraft = await keepDraftRead(session, form, 0);
		typeRound(form);
		const restore = vi.spyOn(form, 'restore');
		// The other tab's autosave of round 1 lands just after the save.
		const late = {
			text: { [held.players[1]!]: '77' },
			mode: {},
			tiles: {},
			out: [],
			blocked: false,
			starter: null
		};
		const saving = entryFor(session).save(form);
		expect(await saving).toEqual({ ok: true, value: 0 });
		// saveDraft refuses a round already saved; the row is put as a write racing that check.
		await db.drafts.put({ eveningId: id, index: 0, fields: late, updatedAt: Date.now() });
		flushSync();
		// Give a draft read every chance to finish: two more reads of the same store.
		await loadDraft(db, id, 0);
		await loadDraft(db, id, 0);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(restore).not.toHaveBeenCalledWith(expect.anything(), 0);
		expect(form.pristine).toBe(true);
		stopDraft();
		stop();
	});

	it('marks out whoever went out on the live table (a last double) when the entry opens', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben', 'Cleo'], 0);
		const session = new EveningSession(id, db);
		const { stop, form } = await open(session);
		const ben = session.evening!.players[1]!.id;
		await db.drafts.clear(); // nothing typed for this round yet
		await appendTableEvent(db, id, 0, {
			type: 'double',
			train: ben,
			value: 9,
			by: ben,
			last: true
		});
		const stopDraft = await keepDraftRead(session, form, 0);
		expect(form.out).toEqual([ben]);
		stopDraft();
		stop();
	});

	it('marks out whoever laid a plain last tile on the live table when the entry opens', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben', 'Cleo'], 0);
		const session = new EveningSession(id, db);
		const { stop, form } = await open(session);
		const cleo = session.evening!.players[2]!.id;
		await db.drafts.clear(); // nothing typed for this round yet
		await appendTableEvent(db, id, 0, { type: 'tile', train: cleo, by: cleo, last: true });
		const stopDraft = await keepDraftRead(session, form, 0);
		expect(form.out).toEqual([cleo]);
		stopDraft();
		stop();
	});
});

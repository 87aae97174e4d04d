// The next round of an evening as it is typed: its draft (kept while typed, read back when the
// evening reaches that round), who went out on the live table, who starts, and Save round.

import { untrack } from 'svelte';
import { replayTable } from '$lib/rules';
import {
	clearDraft,
	isRoundSaved,
	loadDraftAt,
	readDraftFields,
	saveDraft,
	saveRound
} from '$lib/db/rounds';
import { tableEvents } from '$lib/db/table';
import { nothingTyped, type DraftFields } from '$lib/db/draft';
import { autosave, pendingDraft, readPendingDraft } from './draft.svelte';
import type { EntryForm } from './entry.svelte';
import type { EveningSession, NextRound } from './evening.svelte';
import { attempt, dbFailure, done, type Outcome } from './outcome';

/** What Save did: stored (the round's index), refused or failed, or nothing to store yet (the
 * form shows its problems or asks to confirm a warning). */
export type SaveOutcome = Outcome<number> | null;

export class NextRoundEntry {
	/** A round is being written. */
	saving = $state(false);
	/**
	 * What was typed here is for another round than the evening is at now: another tab saved that
	 * round (`now` > `typed`), or removed a round before it (`now` < `typed`); 1-based. Kept in the
	 * form, never saved as the round now due, until dismissed.
	 */
	overtaken = $state<{ typed: number; now: number } | null>(null);
	/**
	 * The doubles the live table shows laid in round `index`: on the table, in nobody's hand (the
	 * tile picker greys them out, as it does the engine).
	 */
	laid = $state.raw<{ index: number; doubles: number[] } | null>(null);

	readonly #session: EveningSession;

	/** The round this entry has just saved, until the evening has moved past it. */
	#saved: number | null = null;
	/** An end or an undo was asked here: the next move of the round is this screen's own. */
	#movedHere = false;
	/** Drops a draft write still waiting (set while a draft is kept). */
	#cancelDraft = () => {};

	constructor(session: EveningSession) {
		this.#session = session;
	}

	/**
	 * Drops a draft write still waiting: an end or an undo must not bring the typed round back.
	 * The round then moves because of this screen: the form follows it without a word.
	 */
	dropPendingDraft(): void {
		this.#cancelDraft();
		this.#movedHere = true;
	}

	/**
	 * Keeps `form` (the next round's entry) as a draft: reads the round's draft once when the
	 * evening reaches that round, and writes what is typed shortly after each change, when the
	 * page is hidden, and when another tab upgrades. Returns the stop, for `$effect`.
	 */
	keepDraft(form: EntryForm): () => void {
		const { db, id } = this.#session;
		/** The round the last run was for: a run again for it (the evening read again while its
		 * draft is read) is no move, and leaves an end or an undo asked here for the move it makes. */
		let ranFor: number | null = null;
		const stopLoading = $effect.root(() => {
			$effect(() => {
				const index = form.context?.index ?? null;
				if (index === null || form.loadedFor === index) return;
				const moved = index !== ranFor;
				ranFor = index;
				// The round just saved here: its draft is gone, and the evening moves on to the next
				// round as soon as the live read answers. Reading that round's draft meanwhile could
				// restore what another tab typed for it a moment ago (and take "Saved" away).
				if (index === this.#saved) return;
				// What was typed for a round another tab saved stays until it is dismissed.
				if (this.overtaken !== null) return;
				this.#saved = null;
				// The round moved without this form being saved (another tab saved that round, or
				// undid one): what was typed belonged to that round, never to this one. It is kept,
				// and said, until dismissed; an empty form simply moves.
				const typedFor = untrack(() =>
					form.loadedFor !== null && !form.pristine && !this.#movedHere ? form.loadedFor : null
				);
				if (moved) this.#movedHere = false;
				if (typedFor !== null) {
					this.overtaken = { typed: typedFor + 1, now: index + 1 };
					return;
				}
				untrack(() => {
					if (form.loadedFor !== null) form.reset(null);
				});
				this.#restore(form, index, (fields) => saver.writeRestored(fields, index));
			});
		});
		// A form with nothing in it is no draft: an old one goes, and none is written.
		const store = async (fields: DraftFields, index: number) => {
			try {
				await (nothingTyped(fields) ? clearDraft(db, id, index) : saveDraft(db, id, index, fields));
				return true;
			} catch (error) {
				// A draft that cannot be kept (the database closed under it) is only logged: the
				// form, and the copy in localStorage, still hold what was typed.
				dbFailure(error);
				return false;
			}
		};
		const saver = autosave(form, store, undefined, pendingDraft(id));
		this.#cancelDraft = saver.cancel;
		return () => {
			stopLoading();
			saver.stop();
			this.#cancelDraft = () => {};
		};
	}

	/** Lets go of what was typed for a round another tab saved: the form moves on, empty. */
	dismissOvertaken(form: EntryForm): void {
		this.overtaken = null;
		form.reset(null);
	}

	/**
	 * Who starts the next round, as the live table should point at first: the starter picked on
	 * the round screen (kept in the round's draft), else the rules' rotation. A player id, or null
	 * (the engine holder starts, or the evening is over).
	 */
	async nextStarter(): Promise<string | null> {
		const session = this.#session;
		const next = session.next;
		if (!next || !session.evening) return null;
		const draft = await this.#draft(next.index).catch(() => null);
		const seat = draft?.fields.starter ?? session.starterAt(next.index);
		const player = seat === null ? undefined : session.evening.players[seat]?.id;
		return player !== undefined && next.players.includes(player) ? player : null;
	}

	/**
	 * Reads round `index`'s draft and the live table into `form`, unless it has moved on. A draft
	 * that only localStorage held (its page was closed before IndexedDB had it) goes to `write`
	 * too: the autosave writes only what is typed after a read.
	 */
	#restore(form: EntryForm, index: number, write: (fields: DraftFields) => void) {
		const next = this.#session.next;
		Promise.all([this.#draft(index), next ? this.#onTable(next) : null]).then(
			([draft, table]) => {
				if (form.context?.index !== index || form.loadedFor === index) return;
				this.laid = { index, doubles: table?.laid ?? [] };
				const wentOut = table?.wentOut ?? null;
				// What was typed while the draft was read wins over an older draft.
				if (draft && form.pristine) {
					form.restore(draft.fields, index);
					if (draft.onlyPending) write(draft.fields);
				} else {
					// No draft yet: who went out on the live table is marked out already.
					if (wentOut && form.pristine) form.out = [wentOut];
					form.loadedFor = index;
				}
			},
			(error: unknown) => {
				// Without its draft the round is typed afresh; the failure is only logged.
				dbFailure(error);
				if (form.context?.index === index && form.loadedFor !== index) form.loadedFor = index;
			}
		);
	}

	/**
	 * The draft of round `index`: the one in IndexedDB, or the one typed after it that a closed
	 * page left in localStorage (`pendingDraft`), whichever is newer (`onlyPending`: that one).
	 */
	async #draft(index: number): Promise<{ fields: DraftFields; onlyPending: boolean } | null> {
		const { db, id } = this.#session;
		const stored = await loadDraftAt(db, id, index);
		const pending = readPendingDraft(id, index);
		if (pending && (!stored || pending.at > stored.updatedAt)) {
			const fields = readDraftFields(pending.fields);
			return fields && { fields, onlyPending: true };
		}
		return stored ? { fields: stored.fields, onlyPending: false } : null;
	}

	/**
	 * What the live table of round `next` tells the score entry: who went out (a plain last tile,
	 * or a last double that ended the round), so End round opens the entry with that player
	 * marked out (null when the table says not); and the doubles laid on it.
	 */
	async #onTable(next: NextRound): Promise<{ wentOut: string | null; laid: number[] } | null> {
		const { db, id, rules } = this.#session;
		if (!rules) return null;
		const [events, saved] = await Promise.all([
			tableEvents(db, id, next.index),
			isRoundSaved(db, id, next.index)
		]);
		// Just saved: the form reloads this round once more before the screen moves on, and must
		// not mark anyone out again (the form would count as typed, and "Saved" would go).
		if (saved || events.length === 0) return null;
		const table = replayTable(rules, next.players, next.engine, events);
		const by = table.ended?.by ?? null;
		return {
			wentOut: by !== null && next.players.includes(by) ? by : null,
			laid: table.playedDoubles
		};
	}

	/** The doubles laid on the live table in round `index` (none when it was not read). */
	laidIn(index: number | undefined): number[] {
		const laid = this.laid;
		return laid !== null && laid.index === index ? laid.doubles : [];
	}

	/**
	 * Save round: the form's round is stored as the next round, checked again on disk. A round
	 * typed for a round another tab has since saved is refused, never stored as the next one.
	 */
	async save(form: EntryForm): Promise<SaveOutcome> {
		const context = form.context;
		if (!context || this.saving) return null;
		const index = context.index;
		// What was typed belongs to another round: the screen says so until it is dismissed.
		if (this.overtaken !== null) return { ok: false, conflict: 'round-taken' };
		if (form.loadedFor !== null && form.loadedFor !== index)
			return { ok: false, conflict: 'round-taken' };
		const tried = form.attempt();
		if (tried.kind !== 'store') return null;
		this.saving = true;
		// A draft write still waiting must not bring the saved round back as a draft.
		this.#cancelDraft();
		try {
			const { db, id } = this.#session;
			// Made from the evening as this screen shows it: a write elsewhere since is refused.
			const made = { revision: this.#session.revision };
			const stored = await attempt(() => saveRound(db, id, index, tried.entry, form.starter, made));
			if (!stored.ok) return stored;
			if (!stored.value.ok) return stored.value;
			this.#saved = index;
			form.reset(null);
			return done(index);
		} finally {
			this.saving = false;
		}
	}
}

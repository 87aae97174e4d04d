// A correction of a saved round: the edit screen's Save round.

import { editRound } from '$lib/db/rounds';
import type { RoundRow } from '$lib/db/rows';
import { fieldsFromEntry, type EntryForm } from './entry.svelte';
import type { EveningSession } from './evening.svelte';
import type { SaveOutcome } from './next-round.svelte';
import { attempt, done } from './outcome';

export class RoundCorrection {
	/** The correction is being written. */
	saving = $state(false);

	readonly #session: EveningSession;
	readonly index: number;
	/** The round as it was loaded into the form: the correction is made from it. */
	#loaded: RoundRow | null = null;

	constructor(session: EveningSession, index: number) {
		this.#session = session;
		this.index = index;
	}

	/**
	 * Fills `form` with the saved round once; later changes on disk do not overwrite what is typed
	 * (Save then refuses a correction of a round that changed since).
	 */
	load(form: EntryForm, row: RoundRow | null): void {
		if (!row || form.loadedFor === this.index) return;
		this.#loaded = row;
		form.restore(fieldsFromEntry(row.entry, row.starter), this.index);
	}

	/** Saves the correction typed into `form`, checked again on disk with the rounds after it. */
	async save(form: EntryForm): Promise<SaveOutcome> {
		if (!form.context || this.saving) return null;
		const tried = form.attempt();
		if (tried.kind !== 'store') return null;
		this.saving = true;
		try {
			const { db, id } = this.#session;
			const index = this.index;
			const stored = await attempt(() =>
				editRound(db, id, index, tried.entry, form.starter, { round: this.#loaded })
			);
			if (!stored.ok) return stored;
			return stored.value.ok ? done(index) : stored.value;
		} finally {
			this.saving = false;
		}
	}
}

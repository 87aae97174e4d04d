// A correction of a saved round: the edit screen's Save round.

import { editRound } from '$lib/db/rounds';
import type { EntryForm } from './entry.svelte';
import type { EveningSession } from './evening.svelte';
import type { SaveOutcome } from './next-round.svelte';
import { attempt, done } from './outcome';

export class RoundCorrection {
	/** The correction is being written. */
	saving = $state(false);

	readonly #session: EveningSession;
	readonly index: number;

	constructor(session: EveningSession, index: number) {
		this.#session = session;
		this.index = index;
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
			const stored = await attempt(() => editRound(db, id, index, tried.entry, form.starter));
			if (!stored.ok) return stored;
			return stored.value.ok ? done(index) : stored.value;
		} finally {
			this.saving = false;
		}
	}
}

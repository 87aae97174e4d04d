// What is done to an evening as a whole from the round and standings screens: End evening,
// Resume, Undo last round and Delete evening, each asked first where it cannot be taken back
// lightly, and what came of it (a failure, the round undone).

import { deleteEvening } from '$lib/db/evenings';
import { endEvening, resumeEvening, undoLastRound } from '$lib/db/rounds';
import type { EveningSession } from './evening.svelte';
import { attempt, done, type Failure, type Outcome } from './outcome';

/** An action that asks first. */
export type Confirmable = 'end' | 'undo' | 'delete';

export class EveningActions {
	/** The question being asked, or null. */
	confirming = $state<Confirmable | null>(null);
	/** Why the last action did nothing. */
	failure = $state<Failure | null>(null);
	/** The round the last Undo removed (1-based), for role="status". */
	undone = $state<number | null>(null);
	/** Some action was taken on this screen (a message from before it no longer applies). */
	acted = $state(false);

	readonly #session: EveningSession;
	/** Called before an end or an undo: a draft write still waiting must not bring a round back. */
	readonly #beforeChange: () => void;

	constructor(session: EveningSession, beforeChange: () => void = () => {}) {
		this.#session = session;
		this.#beforeChange = beforeChange;
	}

	ask(what: Confirmable): void {
		this.confirming = what;
	}

	cancel(): void {
		this.confirming = null;
	}

	/** End evening (reversible with resume). */
	end(): Promise<Outcome> {
		return this.#run(async () => {
			this.#beforeChange();
			return present(await attempt(() => endEvening(this.#session.db, this.#session.id)));
		});
	}

	resume(): Promise<Outcome> {
		return this.#run(async () =>
			present(await attempt(() => resumeEvening(this.#session.db, this.#session.id)))
		);
	}

	/** Removes the last saved round; its 0-based index, or null when there was none. */
	async undo(): Promise<Outcome<number | null>> {
		const result = await this.#run(() => {
			this.#beforeChange();
			return attempt(() => undoLastRound(this.#session.db, this.#session.id));
		});
		if (result.ok) this.undone = result.value === null ? null : result.value + 1;
		return result;
	}

	/** Deletes the evening with its rounds, draft and live table. */
	remove(): Promise<Outcome> {
		return this.#run(() =>
			attempt(async () => {
				await deleteEvening(this.#session.db, this.#session.id);
				return true as const;
			})
		);
	}

	async #run<T>(action: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
		this.confirming = null;
		this.failure = null;
		this.undone = null;
		this.acted = true;
		const result = await action();
		if (!result.ok) this.failure = result;
		return result;
	}
}

/** A write that reports whether the evening was there: missing is a conflict. */
function present(outcome: Outcome<boolean>): Outcome {
	if (!outcome.ok) return outcome;
	return outcome.value ? done(true) : { ok: false, conflict: 'missing-evening' };
}

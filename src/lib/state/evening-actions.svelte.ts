// What is done to an evening as a whole from the round and standings screens: End evening,
// Resume, Undo last round and Delete evening, each asked first where it cannot be taken back
// lightly, and what came of it (a failure, the round undone). Each is made from the evening as
// the screen showed it when asked (its revision, and for Undo the round its dialog names): if
// another tab wrote to the evening since, it is refused and nothing changes.

import { deleteEvening } from '$lib/db/evenings';
import {
	endEvening,
	resumeEvening,
	undoLastRound,
	type MadeFrom,
	type Stale
} from '$lib/db/rounds';
import type { RoundRow } from '$lib/db/database';
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
	/** The round Undo removes, as the open question names it (1-based), or null. */
	undoing = $state<number | null>(null);
	/** Some action was taken on this screen (a message from before it no longer applies). */
	acted = $state(false);

	readonly #session: EveningSession;
	/** Called before an end or an undo: a draft write still waiting must not bring a round back. */
	readonly #beforeChange: () => void;
	/** What the question being asked was asked about. */
	#asked: MadeFrom | null = null;
	/** The round the last Undo here removed, as the evening was read before it. */
	#removed: RoundRow | null = null;

	constructor(session: EveningSession, beforeChange: () => void = () => {}) {
		this.#session = session;
		this.#beforeChange = beforeChange;
	}

	ask(what: Confirmable): void {
		this.#asked = this.#shown(what === 'undo');
		const last = what === 'undo' ? this.#asked.round : null;
		this.undoing = last ? last.index + 1 : null;
		this.confirming = what;
	}

	cancel(): void {
		this.confirming = null;
		this.undoing = null;
		this.#asked = null;
	}

	/** End evening (reversible with resume). */
	end(): Promise<Outcome> {
		const made = this.#madeFrom(false);
		return this.#run(async () => {
			this.#beforeChange();
			return present(await attempt(() => endEvening(this.#session.db, this.#session.id, made)));
		});
	}

	resume(): Promise<Outcome> {
		const made = this.#madeFrom(false);
		return this.#run(async () =>
			present(await attempt(() => resumeEvening(this.#session.db, this.#session.id, made)))
		);
	}

	/** Removes the last saved round; its 0-based index, or null when there was none. */
	async undo(): Promise<Outcome<number | null>> {
		const made = this.#madeFrom(true);
		const result = await this.#run(async () => {
			this.#beforeChange();
			const undone = await attempt(() => undoLastRound(this.#session.db, this.#session.id, made));
			if (!undone.ok || !isStale(undone.value)) return undone as Outcome<number | null>;
			const named = made.round ? made.round.index + 1 : undefined;
			return { ok: false, conflict: undone.value.conflict, round: named };
		});
		if (result.ok) {
			this.undone = result.value === null ? null : result.value + 1;
			this.#removed = made.round ?? null;
		}
		return result;
	}

	/** Deletes the evening with its rounds, draft and live table. */
	remove(): Promise<Outcome> {
		const made = this.#madeFrom(false);
		return this.#run(async () =>
			present(
				await attempt(
					async () => (await deleteEvening(this.#session.db, this.#session.id, made)) ?? true
				)
			)
		);
	}

	/** The evening as the screen shows it now: its revision and, for an undo, its last round. */
	#shown(undo: boolean): MadeFrom {
		const { revision, rows } = this.#session;
		if (!undo) return { revision };
		// An Undo asked again before the evening is read afresh names the round before the one
		// just removed, not that one again (the rows are the same objects until the next read).
		const last = rows.at(-1);
		return { revision, round: (last && last === this.#removed ? rows.at(-2) : last) ?? null };
	}

	/** What an action is made from: what its question was asked about, else what is shown now. */
	#madeFrom(undo: boolean): MadeFrom {
		const made = this.#asked ?? this.#shown(undo);
		this.#asked = null;
		// Undo removes the round it names whatever else changed (a correction of an earlier one).
		return undo ? { round: made.round ?? null } : { revision: made.revision ?? null };
	}

	async #run<T>(action: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
		this.confirming = null;
		this.undoing = null;
		this.failure = null;
		this.undone = null;
		this.acted = true;
		const result = await action();
		if (!result.ok) this.failure = result;
		return result;
	}
}

function isStale(value: unknown): value is Stale {
	return typeof value === 'object' && value !== null && 'conflict' in value;
}

/** A write that reports whether the evening was there: missing is a conflict. */
function present(outcome: Outcome<boolean | Stale>): Outcome {
	if (!outcome.ok) return outcome;
	if (isStale(outcome.value)) return { ok: false, conflict: outcome.value.conflict };
	return outcome.value ? done(true) : { ok: false, conflict: 'missing-evening' };
}

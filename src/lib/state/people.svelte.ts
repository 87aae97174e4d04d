// Who is who on the Players page: Merge two people (one player under two names, or from another
// phone under a name that differs) and Split one; the choice is stored, so it holds after a
// reload and for evenings still to come. The screens' only way to db/people.
import type { CabooseDb } from '$lib/db/database';
import { mergePeople, splitPerson, type MergeResult, type SplitResult } from '$lib/db/people';
import { appDb } from './app-db';
import { attempt, type Outcome } from './outcome';

export type { MergeResult, SplitResult };

export class PeopleChoice {
	/** A Merge or Split is being stored: its buttons wait. */
	busy = $state(false);
	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
	}

	/** Makes `other` the same person as `keep`, whose name stays. */
	merge(keep: string, other: string): Promise<Outcome<MergeResult>> {
		return this.#store(() => mergePeople(this.#db, keep, other));
	}

	/** Makes each player counted as the person `id` a person of their own again. */
	split(id: string): Promise<Outcome<SplitResult>> {
		return this.#store(() => splitPerson(this.#db, id));
	}

	async #store<T>(write: () => Promise<T>): Promise<Outcome<T>> {
		this.busy = true;
		try {
			return await attempt(write);
		} finally {
			this.busy = false;
		}
	}
}

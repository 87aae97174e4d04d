// The saved evenings for the Evenings list, kept current: a round saved or an evening deleted in
// another tab shows up here without a reload.
import { liveQuery } from 'dexie';
import { db as appDb } from '$lib/db/client';
import type { CabooseDb } from '$lib/db/database';
import { deleteEvening, listEvenings } from '$lib/db/evenings';
import { attempt, dbFailure, type DbErrorKind, type Outcome } from './outcome';
import { summarise, type EveningSummary } from './summary';

export type { EveningSummary };

export class EveningsList {
	items = $state.raw<EveningSummary[]>([]);
	loaded = $state(false);
	/** A read failure, shown instead of the list. */
	failure = $state<DbErrorKind | null>(null);
	/** The newest evening not yet over, for Continue. */
	readonly newestOpen = $derived(this.items.find((e) => !e.over));

	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
	}

	/** Follows the database while a screen shows the list; returns the stop for `$effect`. */
	watch(): () => void {
		const subscription = liveQuery(() => listEvenings(this.#db)).subscribe({
			next: (list) => {
				this.items = list.map(summarise);
				this.loaded = true;
				this.failure = null;
			},
			error: (e: unknown) => {
				const failure = dbFailure(e);
				this.failure = 'error' in failure ? failure.error : 'unknown';
				this.loaded = true;
			}
		});
		return () => subscription.unsubscribe();
	}

	/** Deletes the evening with its rounds; the list updates itself. */
	async remove(id: string): Promise<Outcome> {
		return attempt(async () => {
			await deleteEvening(this.#db, id);
			return true as const;
		});
	}
}

// The saved evenings for the Evenings list, a page at a time, kept current: a round saved or an
// evening deleted in another tab shows up here without a reload. Each line comes from the
// evening's stored summary, so no round is replayed.
import type { CabooseDb } from '$lib/db/database';
import { listEveningPage } from '$lib/db/summaries';
import { appDb, follow } from './app-db';
import { attempt, type DbErrorKind, type Outcome } from './outcome';
import { summaryOf, type EveningSummary } from './summary';

export type { EveningSummary };

/** Evenings the list shows at first, and how many more each "Show older evenings" adds. */
export const EVENINGS_PAGE = 20;

export class EveningsList {
	items = $state.raw<EveningSummary[]>([]);
	loaded = $state(false);
	/** A read failure, shown instead of the list. */
	failure = $state<DbErrorKind | null>(null);
	/** How many evenings are stored in all. */
	total = $state(0);
	/** How many of the newest evenings the list reads and shows. */
	limit = $state(EVENINGS_PAGE);
	readonly hasMore = $derived(this.total > this.items.length);
	/** The newest evening not yet over, for Continue. */
	readonly newestOpen = $derived(this.items.find((e) => !e.over));

	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
	}

	/** Follows the database while a screen shows the list; returns the stop for `$effect`. */
	watch(): () => void {
		// Read inside the effect: showing more evenings subscribes again with the new limit.
		const limit = this.limit;
		return follow(
			this.#db,
			(db) => listEveningPage(db, limit),
			(page) => {
				this.items = page.items.map(summaryOf);
				this.total = page.total;
				this.loaded = true;
				this.failure = null;
			},
			(kind) => {
				this.failure = kind;
				this.loaded = true;
			}
		);
	}

	/** Shows the next page of older evenings. */
	more(): void {
		this.limit = this.items.length + EVENINGS_PAGE;
	}

	/** Deletes the evening with its rounds; the list updates itself. */
	async remove(id: string): Promise<Outcome> {
		return attempt(async () => {
			// The writes load when a deletion is confirmed: the list's first paint shows none.
			const { deleteEvening } = await import('$lib/db/evenings');
			await deleteEvening(this.#db, id);
			return true as const;
		});
	}
}

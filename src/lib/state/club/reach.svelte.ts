// Whether what this phone saves reaches its club, for the words beside "Saved": a table whose
// access the club ended keeps its rounds on this phone only, and the screen says so.
import type { CabooseDb } from '$lib/db/database';
import { clubMembership } from '$lib/db/outbox';
import { appDb, follow } from '../app-db';

export class ClubReach {
	/** The club ended this table's access: a round saved now stays on this phone only. */
	revoked = $state(false);
	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
	}

	watch(): () => void {
		return follow(
			this.#db,
			(db) => clubMembership(db),
			(club) => {
				this.revoked = club?.role === 'table' && club.revoked;
			},
			// Unread, nothing is said beside "Saved" (which the save itself answered).
			() => undefined
		);
	}
}

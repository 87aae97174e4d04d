// The club organiser's corrections of an evening that this phone refused (db/corrections.ts), read
// live, for the evening's standings to say why its round stayed as the table entered it.
import type { CabooseDb } from '$lib/db/database';
import { refusedCorrections, type RefusedCorrection } from '$lib/db/corrections';
import { appDb, follow } from '../app-db';

export class CorrectionNotes {
	refused = $state.raw<RefusedCorrection[]>([]);
	readonly #db: CabooseDb;
	readonly #eveningId: string;

	constructor(eveningId: string, db: CabooseDb = appDb) {
		this.#db = db;
		this.#eveningId = eveningId;
	}

	/** Follows the evening's refused corrections; returns the stop (for `$effect`). */
	watch(): () => void {
		return follow(
			this.#db,
			(db) => refusedCorrections(db, this.#eveningId),
			(refused) => (this.refused = refused),
			() => undefined
		);
	}
}

// The club's standings as CSV for a newsletter: tonight's or the season's, read from the club's
// server (GET /v1/night.csv, /v1/season.csv) in the reader's spreadsheet format (`?lang=`: `;`
// and a decimal comma for de, fr and it). The screen saves the text as a file.
import type { CabooseDb } from '$lib/db/database';
import { clubMembership } from '$lib/db/outbox';
import type { Fetch } from '$lib/club/client';
import { fetchCsv, type ReadAnswer } from '$lib/club/night-client';
import { appDb } from '../app-db';

export type CsvKind = 'night' | 'season';

export class ClubCsv {
	/** A download on its way. */
	busy = $state(false);
	readonly #db: CabooseDb;
	readonly #fetch: Fetch;

	constructor(db: CabooseDb = appDb, fetchFn: Fetch = (...a) => fetch(...a)) {
		this.#db = db;
		this.#fetch = fetchFn;
	}

	/** The CSV's text, or why there is none (`refused`: no club, or it no longer accepts this phone). */
	async read(what: CsvKind, lang: string): Promise<ReadAnswer<string>> {
		this.busy = true;
		try {
			const club = await clubMembership(this.#db).catch(() => null);
			if (!club) return { ok: false, reason: 'refused' };
			return await fetchCsv(this.#fetch, club, what, lang);
		} finally {
			this.busy = false;
		}
	}
}

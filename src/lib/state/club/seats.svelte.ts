// A table's phone at a club night (ClubSeats): its seats in tonight's last game, the club's house
// rules and where its players of the game before go (GET /v1/night/mine), read now and on every
// change of the club's live channel, and kept in Dexie's meta (db/club-seats.ts): the home page's
// card reads them there (one read path), so it shows them offline too.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import type { Fetch } from '$lib/club/client';
import { fetchMine } from '$lib/club/night-client';
import { keepClubSeats } from '$lib/db/club-seats';
import { appDb } from '../app-db';
import { readResult, type ReadResult } from './live';
import { ClubReading } from './reading.svelte';

export class ClubSeats extends ClubReading {
	readonly #stored: () => void;
	readonly #now: () => number;

	/** `stored`: told after each answer is kept (the home page reads its card again). */
	constructor(
		db: CabooseDb = appDb,
		fetchFn: Fetch = (...a) => fetch(...a),
		stored: () => void = () => undefined,
		now: () => number = Date.now
	) {
		super(db, fetchFn);
		this.#stored = stored;
		this.#now = now;
	}

	protected reads(club: ClubMembership): boolean {
		return club.role === 'table' && !club.revoked;
	}

	protected async read(club: ClubMembership): Promise<ReadResult> {
		const mine = await fetchMine(this.fetch, club);
		if (!mine.ok) return readResult(mine);
		try {
			await keepClubSeats(this.db, club.server, mine.value, this.#now());
		} catch (e) {
			// The card shows what was kept before; the next change reads again.
			console.error('Caboose: the club seats could not be kept', e);
			return 'unreachable';
		}
		this.#stored();
		return 'ok';
	}
}

// What a club screen that reads the club's server has in common: the membership it reads with,
// the live channel's state, and whether what it shows may be old; `read` is the screen's own, and
// `about` the kinds of change that may change what it shows (it reads on no other).
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import type { Fetch } from '$lib/club/client';
import { appDb } from '../app-db';
import type { ChangeKind } from '$lib/club/protocol';
import { followMembership, type Changed, type ClubLink, type ReadResult } from './live';

export abstract class ClubReading {
	/** undefined while loading; null when the phone is in no club. */
	club = $state.raw<ClubMembership | null | undefined>(undefined);
	link = $state<ClubLink>('connecting');
	/** The last read failed (the server away): what is shown may be old. */
	stale = $state(false);
	protected readonly db: CabooseDb;
	protected readonly fetch: Fetch;
	/** Read again only on a change of these kinds (or one that does not say): all when absent. */
	protected readonly about: readonly ChangeKind[] | undefined = undefined;

	constructor(db: CabooseDb = appDb, fetchFn: Fetch = (...a) => fetch(...a)) {
		this.db = db;
		this.fetch = fetchFn;
	}

	/** Whether this screen reads anything for a phone joined as `club` (its role). */
	protected abstract reads(club: ClubMembership): boolean;
	/** Reads from the club what may have `changed` (null: all it shows) and keeps the answer. */
	protected abstract read(club: ClubMembership, changed: Changed): Promise<ReadResult>;

	/** Reads and follows the club's live channel; returns the stop for `$effect`. */
	watch(): () => void {
		return followMembership(this.db, (club) => {
			this.club = club;
			if (!club || !this.reads(club)) return null;
			return {
				read: (changed) => this.read(club, changed),
				update: (link, stale) => {
					this.link = link;
					this.stale = stale;
				},
				about: this.about
			};
		});
	}
}

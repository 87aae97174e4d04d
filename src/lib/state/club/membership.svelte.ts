// The club this phone joined, for Settings: its name and the table's, what waits to be sent,
// what the club refused, whether it ended this table's access, why nothing is sent when the
// club serves the app at another address; and leaving it.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import type { Fetch } from '$lib/club/client';
import {
	clubMembership,
	leaveClub,
	outboxCounts,
	sendSetAsideAgain,
	setAsideEvenings,
	type OutboxCounts,
	type SetAsideEvening
} from '$lib/db/outbox';
import { appDb, follow } from '../app-db';
import { attempt, type DbErrorKind, type Outcome } from '../outcome';
import { thisPage, whyUnreachable, type PageReach } from './join.svelte';

export type { SetAsideEvening };

export class ClubSettings {
	/** undefined while loading; null when the phone is in no club. */
	club = $state.raw<ClubMembership | null | undefined>(undefined);
	counts = $state.raw<OutboxCounts>({ waiting: 0, refused: 0 });
	/** Evenings with changes set aside, with why (read only while there are any). */
	setAside = $state.raw<SetAsideEvening[]>([]);
	failure = $state<DbErrorKind | null>(null);
	/**
	 * While changes wait: the club's server serves the app only at this other address, so the
	 * browser hides its answers from this page and nothing is sent from here (null: not so).
	 */
	otherOrigin = $state<string | null>(null);
	readonly #db: CabooseDb;
	readonly #fetch: Fetch;
	readonly #page: PageReach;
	/** The club's server was asked, since changes began to wait, where it serves the app. */
	#asked = false;

	constructor(db: CabooseDb = appDb, fetchFn: Fetch = (...a) => fetch(...a), page = thisPage()) {
		this.#db = db;
		this.#fetch = fetchFn;
		this.#page = page;
	}

	/** Asks once while changes wait (again once all were sent) where the club serves the app. */
	#askWhere(club: ClubMembership | null, waiting: number): void {
		if (waiting === 0 || !club || club.role !== 'table' || club.revoked) {
			this.#asked = false;
			this.otherOrigin = null;
			return;
		}
		if (this.#asked) return;
		this.#asked = true;
		void whyUnreachable(this.#fetch, club.server, this.#page).then((why) => {
			if (this.#asked) this.otherOrigin = why.kind === 'other-origin' ? why.appOrigin : null;
		});
	}

	watch(): () => void {
		return follow(
			this.#db,
			async (db) => {
				const counts = await outboxCounts(db);
				const setAside = counts.refused > 0 ? await setAsideEvenings(db) : [];
				return { club: await clubMembership(db), counts, setAside };
			},
			({ club, counts, setAside }) => {
				this.club = club;
				this.counts = counts;
				this.setAside = setAside;
				this.failure = null;
				this.#askWhere(club, counts.waiting);
			},
			(kind) => {
				this.failure = kind;
			}
		);
	}

	/** Sends again what was set aside; the sync loop takes it from there. */
	async sendAgain(): Promise<Outcome> {
		return attempt(async () => {
			await sendSetAsideAgain(this.#db);
			return true as const;
		});
	}

	/** Stops sending to the club; every evening stays on the phone. */
	async leave(): Promise<Outcome> {
		const { stopClubSync } = await import('./sync');
		stopClubSync();
		return attempt(async () => {
			await leaveClub(this.#db);
			return true as const;
		});
	}
}

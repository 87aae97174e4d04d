// The club this phone joined, for Settings: its name and the table's, what waits to be sent,
// what the club refused, whether it ended this table's access; and leaving it.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
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

export type { SetAsideEvening };
import { attempt, type DbErrorKind, type Outcome } from '../outcome';

export class ClubSettings {
	/** undefined while loading; null when the phone is in no club. */
	club = $state.raw<ClubMembership | null | undefined>(undefined);
	counts = $state.raw<OutboxCounts>({ waiting: 0, refused: 0 });
	/** Evenings with changes set aside, with why (read only while there are any). */
	setAside = $state.raw<SetAsideEvening[]>([]);
	failure = $state<DbErrorKind | null>(null);
	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
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

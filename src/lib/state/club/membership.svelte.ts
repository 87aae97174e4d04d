// The club this phone joined, for Settings: its name and the table's, what waits to be sent,
// what the club refused, whether it ended this table's access; and leaving it.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import { clubMembership, leaveClub, outboxCounts, type OutboxCounts } from '$lib/db/outbox';
import { appDb, follow } from '../app-db';
import { attempt, type DbErrorKind, type Outcome } from '../outcome';

export class ClubSettings {
	/** undefined while loading; null when the phone is in no club. */
	club = $state.raw<ClubMembership | null | undefined>(undefined);
	counts = $state.raw<OutboxCounts>({ waiting: 0, refused: 0 });
	failure = $state<DbErrorKind | null>(null);
	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
	}

	watch(): () => void {
		return follow(
			this.#db,
			async (db) => ({ club: await clubMembership(db), counts: await outboxCounts(db) }),
			({ club, counts }) => {
				this.club = club;
				this.counts = counts;
				this.failure = null;
			},
			(kind) => {
				this.failure = kind;
			}
		);
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

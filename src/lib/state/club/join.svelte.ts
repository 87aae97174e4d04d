// Opening a club's join link: the link's server and token (in the fragment, never sent to the
// app's host) are checked with the club (GET /v1/me) before anything is stored; "Join club"
// then stores the membership and starts sending. A link that is not valid stores nothing.
import type { CabooseDb } from '$lib/db/database';
import { joinClub } from '$lib/db/club';
import { askWhoAmI, type Fetch } from '$lib/club/client';
import { readJoinFragment, type Me } from '$lib/club/protocol';
import { appDb } from '../app-db';
import { attempt, type Failure } from '../outcome';
import { runClubSync } from './sync';

export type JoinStatus =
	| { kind: 'checking' }
	/** The club knows the token: ask whether to join. */
	| { kind: 'ready'; me: Me }
	/** The link is malformed, or the club refuses its token (tampered, revoked). */
	| { kind: 'invalid' }
	/** The club's server did not answer. */
	| { kind: 'unreachable' }
	| { kind: 'joined'; me: Me }
	/** Storing the membership failed. */
	| { kind: 'failed'; failure: Failure };

export class ClubJoin {
	status = $state.raw<JoinStatus>({ kind: 'checking' });
	#link: { server: string; token: string } | null = null;
	readonly #db: CabooseDb;
	readonly #fetch: Fetch;

	constructor(db: CabooseDb = appDb, fetchFn: Fetch = (...a) => fetch(...a)) {
		this.#db = db;
		this.#fetch = fetchFn;
	}

	/** Reads the link's fragment and asks the club who its token is. */
	async open(hash: string): Promise<void> {
		this.status = { kind: 'checking' };
		const link = readJoinFragment(hash);
		this.#link = link;
		if (!link) {
			this.status = { kind: 'invalid' };
			return;
		}
		const answer = await askWhoAmI(this.#fetch, link);
		if (this.#link !== link) return; // another link was opened meanwhile
		if (answer.ok) this.status = { kind: 'ready', me: answer.me };
		else this.status = { kind: answer.reason === 'refused' ? 'invalid' : 'unreachable' };
	}

	/** Joins the club the link names; from now on every write is sent to it. */
	async join(): Promise<void> {
		const link = this.#link;
		const status = this.status;
		if (!link || status.kind !== 'ready') return;
		const { me } = status;
		const stored = await attempt(() =>
			joinClub(this.#db, {
				server: link.server,
				token: link.token,
				club: me.club,
				table: me.table,
				role: me.role,
				joinedAt: Date.now(),
				revoked: false
			})
		);
		if (!stored.ok) {
			this.status = { kind: 'failed', failure: stored };
			return;
		}
		this.status = { kind: 'joined', me };
		if (me.role === 'table') runClubSync(this.#db);
	}
}

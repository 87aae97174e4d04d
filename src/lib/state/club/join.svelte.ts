// Opening a club's join link: the link's server and token (in the fragment, never sent to the
// app's host) are checked with the club (GET /v1/me) before anything is stored; "Join club"
// then stores the membership and starts sending. A link that is not valid stores nothing.
import type { CabooseDb } from '$lib/db/database';
import { joinClub } from '$lib/db/club';
import { askWhoAmI, otherAppOrigin, type Fetch } from '$lib/club/client';
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
	/** The club's server answers, but serves the app at another address (its APP_ORIGIN). */
	| { kind: 'other-origin'; appOrigin: string }
	| { kind: 'joined'; me: Me }
	/** Storing the membership failed. */
	| { kind: 'failed'; failure: Failure };

/** Where this page runs, and whether the device has signal. */
export interface PageReach {
	origin: string;
	online: () => boolean;
}

export function thisPage(): PageReach {
	return {
		origin: typeof location === 'undefined' ? '' : location.origin,
		online: () => typeof navigator === 'undefined' || navigator.onLine
	};
}

/**
 * Why the club's server did not answer: with signal, it may answer GET /v1/hello and say it
 * serves the app at another address (the browser then hid its answers from this page).
 */
export async function whyUnreachable(
	fetchFn: Fetch,
	server: string,
	page: PageReach
): Promise<{ kind: 'unreachable' } | { kind: 'other-origin'; appOrigin: string }> {
	const appOrigin = page.online() ? await otherAppOrigin(fetchFn, server, page.origin) : null;
	return appOrigin ? { kind: 'other-origin', appOrigin } : { kind: 'unreachable' };
}

export class ClubJoin {
	status = $state.raw<JoinStatus>({ kind: 'checking' });
	#link: { server: string; token: string } | null = null;
	readonly #db: CabooseDb;
	readonly #fetch: Fetch;

	readonly #page: PageReach;

	constructor(db: CabooseDb = appDb, fetchFn: Fetch = (...a) => fetch(...a), page = thisPage()) {
		this.#db = db;
		this.#fetch = fetchFn;
		this.#page = page;
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
		const status: JoinStatus = answer.ok
			? { kind: 'ready', me: answer.me }
			: answer.reason === 'refused'
				? { kind: 'invalid' }
				: await whyUnreachable(this.#fetch, link.server, this.#page);
		if (this.#link === link) this.status = status;
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

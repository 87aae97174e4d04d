// The club standings screen: what the club's server computes (GET /v1/standings), read again
// each time its live channel (server-sent events) says something changed. The browser's
// EventSource reconnects by itself after a dropped connection; when it gives up (the server was
// away, or closed the channel of a key it revoked), the club is asked who this key is (GET
// /v1/me): a refused key stops it all, and says why; else the channel is opened again after a
// wait that doubles up to a minute. The last standings read are kept on the phone (db/club.ts),
// so a phone without signal shows them, with the time they were read.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import { clubMembership } from '$lib/db/outbox';
import { keepClubStandings, keptClubStandings } from '$lib/db/club';
import {
	askWhoAmI,
	backoff,
	eventsUrl,
	fetchPlayerNights,
	fetchStandings,
	type Fetch
} from '$lib/club/client';
import type { PlayerNights, Standings } from '$lib/club/protocol';
import { appDb } from '../app-db';
import { thisPage, whyUnreachable, type PageReach } from './join.svelte';

/**
 * The live channel: `unavailable`, the club's server has lost its database (it says so, and
 * says `change` again once it is back); `refused`, the club no longer takes this key.
 */
export type StandingsLink = 'connecting' | 'live' | 'unavailable' | 'reconnecting' | 'refused';

/** The moment a club night (YYYY-MM-DD, the server's calendar) begins here, to write it as a day. */
export function nightDay(night: string): number {
	const [y, m, d] = night.split('-').map(Number) as [number, number, number];
	// Noon, local: the same calendar day in every time zone. (A moment read once, not state.)
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	return new Date(y, m - 1, d, 12).getTime();
}

/** A player's season total after each of their nights, oldest first: the season chart's line. */
export function seasonTotals(nights: PlayerNights['nights']): number[] {
	let running = 0;
	return nights.map((n) => (running += n.total));
}

/**
 * How many players a list of the standings has in all when the club sent only the best placed of
 * them (`count`, at most MAX_STANDINGS_ROWS listed); null when the list is whole.
 */
export function playersBeyond(listed: readonly unknown[], count: number | undefined) {
	return count !== undefined && count > listed.length ? count : null;
}

export class ClubStandingsView {
	/** undefined while loading; null when the phone is in no club. */
	club = $state.raw<ClubMembership | null | undefined>(undefined);
	standings = $state.raw<Standings | null>(null);
	link = $state<StandingsLink>('connecting');
	/** The last read failed (the server away): what is shown may be old. */
	stale = $state(false);
	/** When the standings shown were read (null: none yet). */
	readAt = $state<number | null>(null);
	/** The club refused the key because it ended its access (link `refused`). */
	revoked = $state(false);
	/** The club's server answers, but serves the app at this other address (null: it does not). */
	otherOrigin = $state<string | null>(null);
	/** The nights of the player asked for (showNights), read again on each change; null: none. */
	nights = $state.raw<PlayerNights | null>(null);
	#player: string | null = null;
	#club: ClubMembership | null = null;
	readonly #db: CabooseDb;
	readonly #fetch: Fetch;

	readonly #page: PageReach;

	constructor(db: CabooseDb = appDb, fetchFn: Fetch = (...a) => fetch(...a), page = thisPage()) {
		this.#db = db;
		this.#fetch = fetchFn;
		this.#page = page;
	}

	/** Shows `player`'s nights of the season, read from the club now and again on each change. */
	async showNights(player: string): Promise<void> {
		this.#player = player;
		await this.#readNights();
	}

	async #readNights(): Promise<void> {
		const player = this.#player;
		if (!this.#club || player === null) return;
		const nights = await fetchPlayerNights(this.#fetch, this.#club, player);
		// Only the answer for the player still asked for; none (the server away) keeps the last.
		if (nights && this.#player === player) this.nights = nights;
	}

	/** Shows standings read at `readAt`, fresh from the club or kept from the last read. */
	#show(standings: Standings, readAt: number): void {
		this.standings = standings;
		this.readAt = readAt;
	}

	/** One read of the standings: shown and kept, or why not (the club's answer). */
	async #read(club: ClubMembership): Promise<'ok' | 'refused' | 'unreachable'> {
		const answer = await fetchStandings(this.#fetch, club);
		if (answer.ok) {
			const readAt = Date.now();
			this.#show(answer.standings, readAt);
			this.stale = false;
			this.otherOrigin = null;
			void this.#readNights();
			// Kept for a phone without signal; a failure to keep them changes nothing shown.
			void keepClubStandings(this.#db, club.server, answer.standings, readAt).catch(() => {});
			return 'ok';
		}
		if (answer.reason === 'unreachable') {
			this.stale = true;
			const why = await whyUnreachable(this.#fetch, club.server, this.#page);
			this.otherOrigin = why.kind === 'other-origin' ? why.appOrigin : null;
		}
		return answer.reason;
	}

	/** The club refuses this key: asked why (GET /v1/me), and said; nothing more is asked. */
	async #refused(club: ClubMembership): Promise<void> {
		const me = await askWhoAmI(this.#fetch, club);
		this.revoked = !me.ok && me.reason === 'refused' && me.revoked;
		this.link = 'refused';
	}

	/** Reads the standings and follows the club's live channel; returns the stop for `$effect`. */
	watch(): () => void {
		let stopped = false;
		let source: EventSource | null = null;
		let timer: ReturnType<typeof setTimeout> | undefined;
		let failures = 0;
		let reading: Promise<void> | null = null;
		let again = false;

		const read = async (club: ClubMembership): Promise<void> => {
			if (reading) {
				again = true;
				return;
			}
			reading = (async () => {
				do {
					again = false;
					const answer = await this.#read(club);
					if (stopped) return;
					if (answer === 'refused') {
						source?.close();
						await this.#refused(club);
						return;
					}
				} while (again && !stopped);
			})();
			await reading;
			reading = null;
		};

		const connect = (club: ClubMembership) => {
			if (stopped || this.link === 'refused') return;
			source = new EventSource(eventsUrl(club));
			source.addEventListener('change', () => {
				failures = 0;
				this.link = 'live';
				void read(club);
			});
			// The club's server lost its database: what is shown is not live until it is back.
			source.addEventListener('unavailable', () => {
				this.link = 'unavailable';
			});
			source.onerror = () => {
				if (stopped || !source) return;
				this.link = 'reconnecting';
				if (source.readyState !== EventSource.CLOSED) return;
				source.close();
				// Closed for good: a revoked key's channel is closed by the club. Ask why.
				void (async () => {
					const me = await askWhoAmI(this.#fetch, club);
					if (stopped) return;
					if (!me.ok && me.reason === 'refused') {
						this.revoked = me.revoked;
						this.link = 'refused';
						return;
					}
					timer = setTimeout(() => connect(club), backoff(failures++));
					await read(club);
				})();
			};
		};

		void (async () => {
			const club = await clubMembership(this.#db).catch(() => null);
			if (stopped) return;
			this.club = club;
			this.#club = club;
			if (!club) return;
			const kept = await keptClubStandings(this.#db, club.server).catch(() => null);
			// Shown at once: offline, they are what this phone knows (a fresh read replaces them).
			if (kept && !stopped && !this.standings) this.#show(kept.standings, kept.readAt);
			await read(club);
			connect(club);
		})();

		return () => {
			stopped = true;
			clearTimeout(timer);
			source?.close();
		};
	}
}

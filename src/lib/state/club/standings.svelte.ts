// The club standings screen: what the club's server computes (GET /v1/standings), read again
// each time its live channel (server-sent events) says something changed. The browser's
// EventSource reconnects by itself after a dropped connection; when it gives up (the server was
// away), this opens it again after a wait that doubles up to a minute.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import { clubMembership } from '$lib/db/outbox';
import {
	backoff,
	eventsUrl,
	fetchPlayerNights,
	fetchStandings,
	type Fetch
} from '$lib/club/client';
import type { PlayerNights, Standings } from '$lib/club/protocol';
import { appDb } from '../app-db';

export type StandingsLink = 'connecting' | 'live' | 'reconnecting' | 'refused';

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

export class ClubStandingsView {
	/** undefined while loading; null when the phone is in no club. */
	club = $state.raw<ClubMembership | null | undefined>(undefined);
	standings = $state.raw<Standings | null>(null);
	link = $state<StandingsLink>('connecting');
	/** The last read failed (the server away): what is shown may be old. */
	stale = $state(false);
	/** The nights of the player asked for (showNights), read again on each change; null: none. */
	nights = $state.raw<PlayerNights | null>(null);
	#player: string | null = null;
	#club: ClubMembership | null = null;
	readonly #db: CabooseDb;
	readonly #fetch: Fetch;

	constructor(db: CabooseDb = appDb, fetchFn: Fetch = (...a) => fetch(...a)) {
		this.#db = db;
		this.#fetch = fetchFn;
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
					const answer = await fetchStandings(this.#fetch, club);
					if (stopped) return;
					if (answer.ok) {
						this.standings = answer.standings;
						this.stale = false;
						void this.#readNights();
					} else if (answer.reason === 'refused') this.link = 'refused';
					else this.stale = true;
				} while (again && !stopped);
			})();
			await reading;
			reading = null;
		};

		const connect = (club: ClubMembership) => {
			if (stopped) return;
			source = new EventSource(eventsUrl(club));
			source.addEventListener('change', () => {
				failures = 0;
				this.link = 'live';
				void read(club);
			});
			source.onerror = () => {
				if (stopped || !source) return;
				if (source.readyState === EventSource.CLOSED) {
					source.close();
					this.link = 'reconnecting';
					timer = setTimeout(() => connect(club), backoff(failures++));
					// A refused token closes the channel at once: find out why.
					void read(club);
				} else this.link = 'reconnecting';
			};
		};

		void (async () => {
			const club = await clubMembership(this.#db).catch(() => null);
			if (stopped) return;
			this.club = club;
			this.#club = club;
			if (!club) return;
			await read(club);
			if (this.link !== 'refused') connect(club);
		})();

		return () => {
			stopped = true;
			clearTimeout(timer);
			source?.close();
		};
	}
}

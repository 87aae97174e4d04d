// The club standings screen: what the club's server computes (GET /v1/standings), read again
// each time its live channel says the evenings or the club changed (live.ts follows it). A
// refused key is asked why (GET /v1/me: its access ended) and says so. The last standings read
// are kept on the phone (db/club.ts), so a phone without signal shows them, with the time they
// were read.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import { keepClubStandings, keptClubStandings } from '$lib/db/club';
import { askWhoAmI, fetchPlayerNights, fetchStandings, type Fetch } from '$lib/club/client';
import type { PlayerNights, Standings } from '$lib/club/protocol';
import { appDb } from '../app-db';
import { thisPage, whyUnreachable, type PageReach } from './join.svelte';
import type { ReadResult } from './live';
import { ClubReading } from './reading.svelte';

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

export class ClubStandingsView extends ClubReading {
	standings = $state.raw<Standings | null>(null);
	/** When the standings shown were read (null: none yet). */
	readAt = $state<number | null>(null);
	/** The club refused the key because it ended its access (link `refused`). */
	revoked = $state(false);
	/** The club's server answers, but serves the app at this other address (null: it does not). */
	otherOrigin = $state<string | null>(null);
	/** The nights of the player asked for (showNights), read again on each change; null: none. */
	nights = $state.raw<PlayerNights | null>(null);
	#player: string | null = null;
	readonly #page: PageReach;

	constructor(db: CabooseDb = appDb, fetchFn: Fetch = (...a) => fetch(...a), page = thisPage()) {
		super(db, fetchFn);
		this.#page = page;
	}

	/** Shows `player`'s nights of the season, read from the club now and again on each change. */
	async showNights(player: string): Promise<void> {
		this.#player = player;
		await this.#readNights();
	}

	async #readNights(): Promise<void> {
		const player = this.#player;
		const club = this.club;
		if (!club || player === null) return;
		const nights = await fetchPlayerNights(this.fetch, club, player);
		// Only the answer for the player still asked for; none (the server away) keeps the last.
		if (nights && this.#player === player) this.nights = nights;
	}

	/** Shows standings read at `readAt`, fresh from the club or kept from the last read. */
	#show(standings: Standings, readAt: number): void {
		this.standings = standings;
		this.readAt = readAt;
	}

	/**
	 * The tables' evenings (and a table revoked), and the club's members (one player under each
	 * spelling): not tonight's check-in, seats or games, which the standings do not show.
	 */
	protected override readonly about = ['evenings', 'club'] as const;

	/** Every role reads the standings. */
	protected reads(): boolean {
		return true;
	}

	/** One read of the standings: shown and kept, or why not (the club's answer). */
	protected async read(club: ClubMembership): Promise<ReadResult> {
		// Before the first answer, the kept ones: offline, they are what this phone knows.
		if (!this.standings) {
			const kept = await keptClubStandings(this.db, club.server).catch(() => null);
			if (kept && !this.standings) this.#show(kept.standings, kept.readAt);
		}
		const answer = await fetchStandings(this.fetch, club);
		if (answer.ok) {
			const readAt = Date.now();
			this.#show(answer.standings, readAt);
			this.otherOrigin = null;
			void this.#readNights();
			// Kept for a phone without signal; a failure to keep them changes nothing shown.
			void keepClubStandings(this.db, club.server, answer.standings, readAt).catch(() => {});
			return 'ok';
		}
		if (answer.reason === 'refused') {
			// Asked why, and said; nothing more is asked.
			const me = await askWhoAmI(this.fetch, club);
			this.revoked = !me.ok && me.reason === 'refused' && me.revoked;
		} else {
			const why = await whyUnreachable(this.fetch, club.server, this.#page);
			this.otherOrigin = why.kind === 'other-origin' ? why.appOrigin : null;
		}
		return answer.reason;
	}
}

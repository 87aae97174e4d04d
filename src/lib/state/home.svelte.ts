// The home page's evenings, read with a peek (plain IndexedDB, no Dexie: the home page keeps to
// its JS budget), for Continue; read again after every write in another tab.
import { peekDatabase } from '$lib/db/peek';
import type { CardMove, SeatsCard } from '$lib/db/seats-card';
import { whenSettled } from '$lib/pwa/settled';
import { summaryOf, type EveningSummary } from './summary';

export type { CardMove, SeatsCard };

/**
 * Dexie tells its other tabs about every write on this channel (dexie/src/live-query, the name
 * `x-storagemutated-1`). Listening to it keeps Continue current without loading Dexie; should the
 * name ever change, Continue is only as old as the last visit to the home page.
 */
const DEXIE_MUTATIONS = 'x-storagemutated-1';

export class HomeEvenings {
	/** The newest evening not yet over, for Continue. */
	newestOpen = $state.raw<EveningSummary | null>(null);
	/** The phone joined a club (as a table or a viewer): home links to its standings. */
	inClub = $state(false);
	/** Joined as the club's organiser: home links to the club night. */
	organiser = $state(false);
	/** Joined as a club table: its seats at tonight's club night, as last read (null: none). */
	seats = $state.raw<SeatsCard | null>(null);
	/**
	 * The first read has answered (or failed): until then home does not show the links below
	 * Continue, which would move down under a finger as Continue appears.
	 */
	answered = $state(false);

	/** Reads now and again after every write in another tab; returns the stop for `$effect`. */
	watch(): () => void {
		let stopped = false;
		let running = false;
		let again = false;
		const load = async (): Promise<void> => {
			if (running) {
				again = true;
				return;
			}
			running = true;
			try {
				// Newer data is for a newer build to show (no answer); the banner says so.
				const { peek } = await peekDatabase(
					// Asked at once, in one transaction: the club's row does not wait for Continue's.
					async (reader) => {
						const club = reader.club();
						const seats = club.then((c) => reader.clubSeats(c));
						return Promise.all([reader.newestOpen(), club, seats]);
					},
					{ scoring: () => import('$lib/db/summaries').then((m) => m.deriveSummary) }
				);
				const [open, club, seats] = peek?.answer ?? [null, null, null];
				if (stopped) return;
				this.newestOpen = open ? summaryOf(open) : null;
				this.inClub = club !== null;
				this.organiser = club?.role === 'organiser';
				this.seats = seats;
				if (club?.role === 'table' && !club.revoked) followSeats();
			} catch (e) {
				console.error('Caboose: the saved evenings could not be read', e);
			} finally {
				if (!stopped) this.answered = true;
				running = false;
				if (again && !stopped) {
					again = false;
					void load();
				}
			}
		};
		let unfollow: (() => void) | null = null;
		// A table's phone reads its club night's seats once the page has settled (Dexie is
		// loaded then, not with the home page), and reads the card again after each is kept.
		const followSeats = () => {
			if (unfollow) return;
			unfollow = () => undefined;
			void (async () => {
				await whenSettled();
				const { ClubSeats } = await import('./club/seats.svelte');
				if (!stopped) unfollow = new ClubSeats(undefined, undefined, () => void load()).watch();
			})().catch((e: unknown) => {
				// The card shows the seats kept before; the next visit tries again.
				console.error('Caboose: the club night seats could not be followed', e);
			});
		};
		void load();
		// The listing of databases can stay pending while the browser clears site data: the links
		// are not kept from the user for longer than a second.
		const atLatest = setTimeout(() => (this.answered = true), 1000);
		const channel =
			typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DEXIE_MUTATIONS);
		if (channel) channel.onmessage = () => void load();
		return () => {
			stopped = true;
			clearTimeout(atLatest);
			unfollow?.();
			channel?.close();
		};
	}
}

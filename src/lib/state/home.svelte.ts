// The home page's evenings, read with a peek (plain IndexedDB, no Dexie: the home page keeps to
// its JS budget), for Continue; read again after every write in another tab.
import { peekDatabase } from '$lib/db/peek';
import { summaryOf, type EveningSummary } from './summary';

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
				const { peek } = await peekDatabase((reader) =>
					Promise.all([reader.newestOpen(), reader.club()])
				);
				const [open, club] = peek?.answer ?? [null, null];
				if (stopped) return;
				this.newestOpen = open ? summaryOf(open) : null;
				this.inClub = club !== null;
				this.organiser = club?.role === 'organiser';
			} catch (e) {
				console.error('Caboose: the saved evenings could not be read', e);
			} finally {
				running = false;
				if (again && !stopped) {
					again = false;
					void load();
				}
			}
		};
		void load();
		const channel =
			typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DEXIE_MUTATIONS);
		if (channel) channel.onmessage = () => void load();
		return () => {
			stopped = true;
			channel?.close();
		};
	}
}

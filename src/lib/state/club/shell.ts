// The app shell's only club code: once the page has settled, a peek (plain IndexedDB, no Dexie)
// at whether this phone joined a club; only then is the sync loop loaded and started. A phone
// in no club loads nothing more, and no screen's first paint waits for this.
import { whenSettled } from '$lib/pwa/settled';

/** For the root layout's `$effect`: starts the club's sync loop if the phone is in a club. */
export function syncIfInClub(): () => void {
	let stopped = false;
	void (async () => {
		await whenSettled();
		if (stopped) return;
		try {
			// Loaded here, not with the shell: only a settled page needs it.
			const { peekDatabase } = await import('$lib/db/peek');
			const { peek } = await peekDatabase((reader) => reader.club());
			const club = peek?.answer;
			if (stopped || !club || club.role !== 'table' || club.revoked) return;
			const { runClubSync } = await import('./sync');
			if (!stopped) runClubSync();
		} catch (e) {
			console.error('Caboose: the club could not be read', e);
		}
	})();
	return () => {
		stopped = true;
	};
}

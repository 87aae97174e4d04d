// The club organiser's corrections of this table's evenings, read from the club and taken in
// (db/corrections.ts), as the sync loop asks: when it starts, when the phone comes online, on a
// change of the club's live channel, and whenever the club answers that it holds a newer revision of an evening (`behind`: a correction,
// most often, which the club keeps until this phone has taken it in).

import type { CabooseDb, ClubMembership } from '$lib/db/database';
import { correctionsRead, takeClubCorrection } from '$lib/db/corrections';
import type { Fetch } from '$lib/club/client';
import { fetchCorrections } from '$lib/club/night-client';
import { MAX_CORRECTIONS } from '$lib/club/night-protocol';

/**
 * Reads the corrections after the last one read and takes each in, in order, until none is left.
 * False when the club could not be asked (offline, say): ask again later.
 */
export async function takeCorrections(
	db: CabooseDb,
	fetchFn: Fetch,
	club: ClubMembership
): Promise<boolean> {
	for (;;) {
		const after = await correctionsRead(db, club.server);
		const answer = await fetchCorrections(fetchFn, club, after);
		if (!answer.ok) return false;
		for (const c of answer.value) await takeClubCorrection(db, club.server, c);
		if (answer.value.length < MAX_CORRECTIONS) return true;
	}
}

// Joining a club: the membership, and every evening already on the phone handed to the outbox
// in the same transaction, so the club gets the evenings played before joining (and those of a
// backup imported before) exactly as it gets the ones played after.

import type { CabooseDb, ClubMembership } from './rows';
import { CLUB_KEY, outboxTables, recordPut } from './outbox';
import { writeSummary } from './summaries';

/**
 * Joins a club: from now on each write that changes an evening is sent to it, and each evening
 * stored now is queued once, oldest first, at its current revision (the club ignores one it
 * already holds, so joining again sends nothing twice). Kept copies are other tables' evenings.
 */
export async function joinClub(db: CabooseDb, club: ClubMembership): Promise<void> {
	await db.transaction(
		'rw',
		[db.evenings, db.rounds, db.summaries, ...outboxTables(db)],
		async () => {
			await db.outbox.clear();
			await db.meta.put({ key: CLUB_KEY, value: { ...club } });
			if (club.role !== 'table' || club.revoked) return;
			const evenings = await db.evenings.orderBy('createdAt').toArray();
			for (const evening of evenings) {
				if (evening.keptFrom !== undefined) continue;
				const rounds = () => db.rounds.where('eveningId').equals(evening.id).sortBy('index');
				const summary = await db.summaries.get(evening.id);
				// A summary written before revisions were kept gets one now (and is queued by it).
				if (summary?.revision === undefined) await writeSummary(db, evening, await rounds());
				else await recordPut(db, evening, rounds, summary.revision);
			}
		}
	);
}

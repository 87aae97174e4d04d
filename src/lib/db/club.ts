// Joining a club: the membership, and every evening already on the phone handed to the outbox
// in the same transaction, so the club gets the evenings played before joining (and those of a
// backup imported before) exactly as it gets the ones played after.

import * as v from 'valibot';
import { StandingsSchema, type Standings } from '$lib/club/protocol';
import type { CabooseDb, ClubMembership } from './rows';
import {
	CLUB_KEY,
	CLUB_STANDINGS_KEY,
	clubMembership,
	outboxTables,
	recordPut,
	unsentDeletes
} from './outbox';
import { writeSummary } from './summaries';

/**
 * Joins a club: from now on each write that changes an evening is sent to it, and each evening
 * stored now is queued once, oldest first, at its current revision (the club takes the revision
 * it holds as stored, so joining again changes nothing twice), after the deletes this phone has
 * not yet sent to that club (left unsent when it left, or when its key was revoked). Kept copies
 * are other tables' evenings.
 */
export async function joinClub(db: CabooseDb, club: ClubMembership): Promise<void> {
	await db.transaction(
		'rw',
		[db.evenings, db.rounds, db.summaries, ...outboxTables(db)],
		async () => {
			const before = await clubMembership(db);
			const deletes = await unsentDeletes(db, before?.server ?? null);
			// What the club refused under the link before (a revoked key's `not-your-evening`)
			// goes: the evenings are queued again as they are now.
			await db.outbox.clear();
			await db.meta.put({ key: CLUB_KEY, value: { ...club } });
			const sends = club.role === 'table' && !club.revoked;
			for (const { op, server } of deletes) {
				// An evening deleted here, perhaps while offline, that this club may hold. (One
				// brought back since, from a backup, is queued below as it is now.)
				if (await db.evenings.get(op.eveningId)) continue;
				const queue = sends && server === club.server;
				await db.outbox.add(queue ? { held: 0, op } : { held: 2, op, server });
			}
			if (!sends) return;
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

/** The last club standings this phone read, and when: what it shows while the club is away. */
export interface KeptStandings {
	standings: Standings;
	readAt: number;
}

/** Keeps `standings`, read from the club at `server` at `readAt`, in place of the last ones. */
export async function keepClubStandings(
	db: CabooseDb,
	server: string,
	standings: Standings,
	readAt: number
): Promise<void> {
	await db.meta.put({ key: CLUB_STANDINGS_KEY, value: { server, standings, readAt } });
}

/** The last standings read from the club at `server` (read defensively), or null. */
export async function keptClubStandings(
	db: CabooseDb,
	server: string
): Promise<KeptStandings | null> {
	const value = (await db.meta.get(CLUB_STANDINGS_KEY))?.value as
		{ server?: unknown; standings?: unknown; readAt?: unknown } | undefined;
	if (value?.server !== server || typeof value.readAt !== 'number') return null;
	const standings = v.safeParse(StandingsSchema, value.standings);
	return standings.success ? { standings: standings.output, readAt: value.readAt } : null;
}

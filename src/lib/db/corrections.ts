// The club organiser's corrections of this table's evenings (docs/club.md "A correction"), taken
// in on the phone that owns the evening. Each is checked by the rules core as an edit of the
// evening as it is here (the phone may hold rounds the club has not had yet): accepted, the round
// is replaced and keeps who corrected it and when (`correctedBy`); refused (a later round of this
// phone's conflicts), the phone's own round stays and the refusal is kept, in the rules core's
// codes, for the evening's screen to say. Either way the evening notes the correction's club
// revision (`clubCorrection`) and is queued for the club above it, in the same transaction as
// the cursor that says which corrections were read, so none is taken twice or skipped.

import { checkRound, eveningSetup, type Problem } from '$lib/rules';
import type { RoundEntry } from '$lib/rules/types';
import type { CabooseDb, CorrectedBy, EveningRow, RoundRow } from './database';
import { listRounds, plainEntry } from './rounds';
import { CLUB_CORRECTIONS_KEY, outboxTables } from './outbox';
import { writeSummary } from './summaries';

/** A correction as the club sends it (night-protocol's ClubCorrection). */
export interface CorrectionFromClub {
	id: number;
	eveningId: string;
	/** 0-based. */
	round: number;
	entry: RoundEntry;
	/** The evening's revision on the club once corrected. */
	revision: number;
	by: string;
	at: number;
}

/** A correction this phone did not take: the rules core's problems with it, here. */
export interface RefusedCorrection {
	eveningId: string;
	round: number;
	by: string;
	at: number;
	problems: Problem[];
}

interface CorrectionsRow {
	server: string;
	/** The last correction read (its id): the next read asks for the ones after it. */
	after: number;
	refused: RefusedCorrection[];
}

/** What became of a correction. */
export type CorrectionTaken =
	| { taken: 'applied' }
	| { taken: 'refused'; problems: Problem[] }
	/** Taken in before, or of an evening not on this phone (deleted here, say): nothing to do. */
	| { taken: 'nothing' };

function readRow(value: unknown, server: string): CorrectionsRow {
	const row = value as Partial<CorrectionsRow> | undefined;
	if (!row || row.server !== server || typeof row.after !== 'number') {
		return { server, after: 0, refused: [] };
	}
	return { server, after: row.after, refused: Array.isArray(row.refused) ? row.refused : [] };
}

/** The id of the last correction read from `server` (0: none yet). */
export async function correctionsRead(db: CabooseDb, server: string): Promise<number> {
	return readRow((await db.meta.get(CLUB_CORRECTIONS_KEY))?.value, server).after;
}

/** The corrections of an evening that this phone refused, oldest first. */
export async function refusedCorrections(
	db: CabooseDb,
	eveningId: string
): Promise<RefusedCorrection[]> {
	const value = (await db.meta.get(CLUB_CORRECTIONS_KEY))?.value as Partial<CorrectionsRow>;
	const refused = Array.isArray(value?.refused) ? value.refused : [];
	return refused.filter((r) => r.eveningId === eveningId);
}

/** The rounds with the correction in, or the rules core's problems with it (none: no such round). */
function corrected(
	evening: EveningRow,
	rows: RoundRow[],
	c: CorrectionFromClub
): { rounds: RoundRow[] } | { problems: Problem[] } {
	const row = rows[c.round];
	// Undone here since the club had it: this phone's evening stands.
	if (!row) return { problems: [] };
	const check = checkRound(
		eveningSetup(evening),
		rows.map((r) => r.entry),
		c.round,
		c.entry
	);
	if (check.errors.length > 0) return { problems: check.errors };
	const correctedBy: CorrectedBy = { name: c.by, at: c.at };
	const edited = { ...row, entry: plainEntry(c.entry), correctedBy };
	return { rounds: rows.map((r) => (r.index === c.round ? edited : r)) };
}

/**
 * Takes in one correction read from the club at `server`, and notes it read, in one transaction.
 */
export async function takeClubCorrection(
	db: CabooseDb,
	server: string,
	c: CorrectionFromClub
): Promise<CorrectionTaken> {
	return db.transaction(
		'rw',
		[db.evenings, db.rounds, db.summaries, ...outboxTables(db)],
		async () => {
			const row = readRow((await db.meta.get(CLUB_CORRECTIONS_KEY))?.value, server);
			const note = (refused?: RefusedCorrection) =>
				db.meta.put({
					key: CLUB_CORRECTIONS_KEY,
					value: {
						...row,
						after: Math.max(row.after, c.id),
						refused: refused ? [...row.refused, refused] : row.refused
					}
				});
			const evening = await db.evenings.get(c.eveningId);
			if (
				!evening ||
				evening.keptFrom !== undefined ||
				(evening.clubCorrection ?? 0) >= c.revision
			) {
				await note();
				return { taken: 'nothing' } as const;
			}
			const rows = await listRounds(db, c.eveningId);
			const made = corrected(evening, rows, c);
			const rounds = 'rounds' in made ? made.rounds : rows;
			const now = Date.now();
			const after: EveningRow = { ...evening, updatedAt: now, clubCorrection: c.revision };
			if ('rounds' in made) await db.rounds.put(rounds[c.round]!);
			await db.evenings.put(after);
			// At a revision above the club's: the club stores this phone's evening as it is now.
			await writeSummary(db, after, rounds, 'rounds' in made ? c.round : rounds.length, c.revision);
			if ('rounds' in made) {
				await note();
				return { taken: 'applied' } as const;
			}
			const { problems } = made;
			await note({ eveningId: c.eveningId, round: c.round, by: c.by, at: c.at, problems });
			return { taken: 'refused', problems } as const;
		}
	);
}

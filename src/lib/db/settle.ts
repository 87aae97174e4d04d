// What the club answered for a batch, written back to the outbox in one transaction: an
// operation the club stored (now or before) is dropped; one it refused, or cannot take, is set
// aside with its reason (Settings says it) and never holds back the ones after it; one it holds
// a newer revision of (`behind`: a restored phone, say) is dropped too, and the phone continues
// from the club's revision: the evening's revision is raised above it and its current state
// (or its delete) is queued again, so the club ends with what the phone shows.

import type { CabooseDb, OutboxRow } from './rows';
import { outboxTables, recordDelete } from './outbox';
import { nextRevision, writeSummary } from './summaries';

/** Why an operation is set aside: the club's refusal code, or the phone's own. */
export interface SetAside {
	id: string;
	/**
	 * The club's (`not-your-evening`, `inconsistent`, `round-refused`, `invalid`, `unstorable`,
	 * `too-large`, …) or `server-error`: the club's server failed on it every time it was sent.
	 */
	code: string;
	path?: string;
	detail?: string;
}

/** What became of a batch's operations, by id. Any operation not named stays waiting. */
export interface Settlement {
	/** Stored by the club, now or before (`applied`, `ignored`). */
	done: readonly string[];
	setAside: readonly SetAside[];
	/** Not stored: the club holds `revision` of that evening, which this operation did not write. */
	behind?: readonly { id: string; revision: number }[];
}

export async function settleOps(
	db: CabooseDb,
	sent: readonly OutboxRow[],
	answer: Settlement
): Promise<void> {
	const done = new Set(answer.done);
	const setAside = new Map(answer.setAside.map((r) => [r.id, r]));
	const behind = new Map((answer.behind ?? []).map((b) => [b.id, b.revision]));
	await db.transaction(
		'rw',
		[db.evenings, db.rounds, db.summaries, ...outboxTables(db)],
		async () => {
			/** Per evening, the highest revision the club is now known to hold. */
			const clubHolds = new Map<string, number>();
			const holds = (eveningId: string, revision: number) =>
				clubHolds.set(eveningId, Math.max(revision, clubHolds.get(eveningId) ?? 0));
			/** Evenings the club holds a revision of that this phone did not send it. */
			const aheadOf = new Set<string>();
			for (const row of sent) {
				if (row.seq === undefined) continue;
				const { op } = row;
				const reason = setAside.get(op.id);
				const clubRevision = behind.get(op.id);
				if (done.has(op.id)) {
					await db.outbox.delete(row.seq);
					holds(op.eveningId, op.revision);
				} else if (reason) {
					const { code, path, detail } = reason;
					await db.outbox.update(row.seq, { held: 1, refused: code, path, detail });
				} else if (clubRevision !== undefined) {
					await db.outbox.delete(row.seq);
					holds(op.eveningId, clubRevision);
					// The very revision this phone sent (a join queues what the club may hold): stored.
					if (clubRevision !== op.revision) aheadOf.add(op.eveningId);
				}
			}
			for (const [eveningId, revision] of clubHolds) {
				await dropSuperseded(db, eveningId, revision);
				if (aheadOf.has(eveningId)) await continueAbove(db, eveningId, revision);
			}
		}
	);
}

/**
 * Set-aside operations of an evening the club now holds a later revision of: they say nothing
 * about what the club holds any more (a round it refused was corrected since, say).
 */
async function dropSuperseded(db: CabooseDb, eveningId: string, revision: number): Promise<void> {
	await db.outbox
		.where('held')
		.equals(1)
		// (A claim says which seats the evening was for: a later revision of it changes nothing.)
		.filter(
			(r) => r.op.eveningId === eveningId && r.op.kind !== 'claim' && r.op.revision < revision
		)
		.delete();
}

/**
 * The club holds `clubRevision` of the evening, written elsewhere: unless an operation above it
 * already waits, the evening as it is here is queued again above it (a put at a raised revision,
 * or a delete if it was deleted here). A kept copy is another table's and is never sent.
 */
async function continueAbove(db: CabooseDb, eveningId: string, clubRevision: number) {
	const waiting = await db.outbox
		.where('held')
		.equals(0)
		.filter(
			(r) => r.op.eveningId === eveningId && r.op.kind !== 'claim' && r.op.revision > clubRevision
		)
		.count();
	if (waiting > 0) return;
	const evening = await db.evenings.get(eveningId);
	if (!evening) return recordDelete(db, eveningId, nextRevision(clubRevision));
	if (evening.keptFrom !== undefined) return;
	const rounds = await db.rounds.where('eveningId').equals(eveningId).toArray();
	// Nothing in the rounds changed: a screen that follows the evening reads none again.
	await writeSummary(db, evening, rounds, rounds.length, clubRevision);
}

// Each evening's summary (leader, winner, next round…), derived once per write and stored, so
// that the lists open in the same time with 5 evenings or 500: they read one small row per
// evening shown instead of replaying every round ever saved.
//
// The summary is a cache, never the truth: it carries the evening's `updatedAt` and `endedAt`
// and its number of rounds at the time it was derived, and a summary that differs in any of them
// (or none) is derived again from the rounds when read. The number of rounds is checked against
// the round keys (never the rounds themselves), so a round written past these functions is not
// missed either. Every function that changes an evening or its rounds writes it in the same
// transaction (tests/db/summaries.test.ts proves the stored rows equal a recomputation).

import type { Transaction } from 'dexie';
import { continueEvening, eveningSetup, scoreStoredEvening } from '$lib/rules';
import type { EveningSetup, EveningState, RoundEntry, Standing } from '$lib/rules';
import type { CabooseDb, EveningRow, RoundRow, SummaryRow } from './rows';
import { recordPut, sendsToClub } from './outbox';
import { summaryIsCurrent, type ListedEvening } from './summary-current';

/** The summary of `evening` with `rounds` (all of them, in any order), by the scoring core. */
export function deriveSummary(evening: EveningRow, rounds: readonly RoundRow[]): SummaryRow {
	const ordered = [...rounds].sort((a, b) => a.index - b.index);
	return summaryFrom(
		evening,
		eveningSetup(evening),
		ordered.length,
		scoreStoredEvening(evening, ordered)
	);
}

/**
 * The summary of `evening` (as it is written now) once `entry` is played after the rounds that
 * `standing` stands for (`setup` is the evening's, as the save read it): what deriveSummary
 * gives over all of them, without reading them.
 */
export function nextSummary(
	evening: EveningRow,
	setup: EveningSetup,
	standing: Standing,
	roundCount: number,
	entry: RoundEntry,
	before: SummaryRow
): SummaryRow {
	const summary = summaryFrom(
		evening,
		setup,
		roundCount + 1,
		continueEvening(setup, standing, [entry])
	);
	return { ...summary, ...revisionAfter(before, roundCount) };
}

/** A write changed anything, the evening itself included (an import, a new evening). */
export const CHANGED_ALL = -1;

/**
 * Revisions per millisecond of the clock that floors them: room for many writes within one
 * millisecond, and a floor (about 1.7e15 today, below 2^53 until the year 2255) above every
 * revision phones drew at random (below 2^48) before revisions followed the clock.
 */
const REVISIONS_PER_MS = 1000;

/**
 * The revision a write stores after `previous` (the evening's revision here, if any), above
 * `above` too when given (the club's, which the phone continues from): one more, and never below
 * the clock. So an evening's revision only grows, on this phone and across phones: an evening
 * restored from a backup, imported on another phone, or deleted and brought back starts above
 * every revision written before it (as far as the phones' clocks agree; when they do not, the
 * club says so, and the phone continues from the club's revision).
 */
export function nextRevision(previous: number | null, above = 0, now = Date.now()): number {
	return Math.max(Math.max(previous ?? 0, above) + 1, Math.floor(now) * REVISIONS_PER_MS);
}

/**
 * The revision fields of the summary a write stores after `before` (the summary stored until
 * then, if any), having changed rounds from index `changedFrom` on; above `above` when given.
 */
function revisionAfter(
	before: SummaryRow | undefined,
	changedFrom: number,
	above?: number
): Pick<SummaryRow, 'revision' | 'previous' | 'changedFrom'> {
	const previous = before?.revision ?? null;
	return { revision: nextRevision(previous, above), previous, changedFrom };
}

function summaryFrom(
	evening: EveningRow,
	setup: EveningSetup,
	roundCount: number,
	{ state, standing }: { state: EveningState; standing: Standing }
): SummaryRow {
	const played = roundCount > 0;
	return {
		eveningId: evening.id,
		updatedAt: evening.updatedAt,
		endedAt: evening.endedAt,
		preset: setup.rules.preset,
		roundCount,
		over: state.over,
		leader: played ? [...(state.ranking[0] ?? [])] : [],
		winner: state.over && played && state.winner ? [...state.winner] : null,
		nextRound: state.next ? state.next.index + 1 : null,
		scheduleLength: state.scheduleLength,
		standing
	};
}

/** Rounds per evening from the rounds' primary keys (`${eveningId}:${index}`). */
export function roundCountsFromKeys(keys: readonly IDBValidKey[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const key of keys) {
		if (typeof key !== 'string') continue;
		const at = key.lastIndexOf(':');
		if (at < 0) continue;
		const id = key.slice(0, at);
		counts.set(id, (counts.get(id) ?? 0) + 1);
	}
	return counts;
}

/**
 * Inside the caller's read-write transaction: stores `summary`, the one of `evening` as a write
 * left it with `rounds` (read only when needed), and hands the change to the club's outbox at the
 * summary's revision (db/outbox.ts: only on a phone in a club). Every write that changes an
 * evening comes through here, so each appends exactly one operation, in its own transaction.
 */
export async function putSummary(
	db: CabooseDb,
	summary: SummaryRow,
	evening: EveningRow,
	rounds: () => Promise<readonly RoundRow[]> | readonly RoundRow[]
): Promise<void> {
	await db.summaries.put(summary);
	if (summary.revision !== undefined) await recordPut(db, evening, rounds, summary.revision);
}

/**
 * Inside the caller's read-write transaction (with `summaries` and `outboxTables` in its scope):
 * stores the summary of `evening` as written with `rounds`, by a write that changed rounds from
 * `changedFrom` on, at a revision above `above` when given (the club's). An evening whose rules
 * this build cannot read gets no summary (and sends the club nothing); readers derive it (and
 * meet the same error) as before summaries were stored.
 */
export async function writeSummary(
	db: CabooseDb,
	evening: EveningRow,
	rounds: readonly RoundRow[],
	changedFrom: number = CHANGED_ALL,
	above?: number
): Promise<void> {
	let summary: SummaryRow;
	try {
		summary = deriveSummary(evening, rounds);
	} catch {
		await db.summaries.delete(evening.id);
		return;
	}
	const before = await db.summaries.get(evening.id);
	await putSummary(
		db,
		{ ...summary, ...revisionAfter(before, changedFrom, above) },
		evening,
		() => rounds
	);
}

/**
 * Inside the caller's read-write transaction: `evening` changed without its rounds (a seat
 * renamed). On a phone in a club it gets the next revision, which its copy is sent at; elsewhere
 * nothing needs it (the summary holds no names).
 */
export async function touchSummary(db: CabooseDb, evening: EveningRow): Promise<void> {
	if (!(await sendsToClub(db))) return;
	const rounds = await db.rounds.where('eveningId').equals(evening.id).toArray();
	await writeSummary(db, evening, rounds, rounds.length);
}

/** The schema upgrade to version 2: a summary for every stored evening. */
export async function fillSummaries(tx: Transaction): Promise<void> {
	const evenings = (await tx.table('evenings').toArray()) as EveningRow[];
	const rounds = (await tx.table('rounds').toArray()) as RoundRow[];
	const byEvening = new Map<string, RoundRow[]>();
	for (const r of rounds) {
		const list = byEvening.get(r.eveningId);
		if (list) list.push(r);
		else byEvening.set(r.eveningId, [r]);
	}
	const rows: SummaryRow[] = [];
	for (const evening of evenings) {
		try {
			rows.push(deriveSummary(evening, byEvening.get(evening.id) ?? []));
		} catch {
			// Rules this build cannot read: derived when read, as before.
		}
	}
	await tx.table('summaries').bulkPut(rows);
}

export interface EveningPage {
	/** Newest first (createdAt, then id, descending). */
	items: ListedEvening[];
	/** Evenings stored in all. */
	total: number;
}

/**
 * The newest `limit` evenings with their summaries: reads `limit` evenings and their summary
 * rows, whatever the history's length. Only an evening without a current summary (written by
 * an older path, or its rules unreadable) has its rounds read to derive it here.
 */
export async function listEveningPage(db: CabooseDb, limit: number): Promise<EveningPage> {
	return db.transaction('r', [db.evenings, db.summaries, db.rounds], async () => {
		const total = await db.evenings.count();
		const evenings = await db.evenings
			.orderBy('createdAt')
			.reverse()
			.limit(Math.max(0, limit))
			.toArray();
		const stored = await db.summaries.bulkGet(evenings.map((e) => e.id));
		// Counted on the index, for this page's evenings only.
		const counts = await Promise.all(
			evenings.map((e) => db.rounds.where('eveningId').equals(e.id).count())
		);
		const items: ListedEvening[] = [];
		for (const [i, evening] of evenings.entries()) {
			const summary = stored[i];
			if (summaryIsCurrent(summary, evening, counts[i]!)) {
				items.push({ evening, summary });
				continue;
			}
			const rounds = await db.rounds.where('eveningId').equals(evening.id).toArray();
			items.push({ evening, summary: deriveSummary(evening, rounds) });
		}
		return { items, total };
	});
}

/**
 * Whether any evening is finished (ended, or played to its last round), from the summaries: the
 * first stored summary that says so is checked against its evening and round count, and answers
 * when it holds (the usual case: the summaries are read only as far as that one). Else every
 * evening is looked at.
 */
export async function anyEveningFinished(db: CabooseDb): Promise<boolean> {
	return db.transaction('r', [db.evenings, db.summaries, db.rounds], async () => {
		const candidate = await db.summaries.filter((s) => s.over || s.endedAt !== null).first();
		const evening = candidate && (await db.evenings.get(candidate.eveningId));
		if (candidate && evening) {
			if (evening.endedAt !== null) return true;
			const count = await db.rounds.where('eveningId').equals(evening.id).count();
			if (summaryIsCurrent(candidate, evening, count) && candidate.over) return true;
		}
		const evenings = await db.evenings.toArray();
		if (evenings.some((e) => e.endedAt !== null)) return true;
		const summaries = new Map((await db.summaries.toArray()).map((s) => [s.eveningId, s]));
		const counts = roundCountsFromKeys(await db.rounds.toCollection().primaryKeys());
		for (const evening of evenings) {
			const summary = summaries.get(evening.id);
			if (summaryIsCurrent(summary, evening, counts.get(evening.id) ?? 0)) {
				if (summary.over) return true;
				continue;
			}
			const rounds = await db.rounds.where('eveningId').equals(evening.id).toArray();
			try {
				if (deriveSummary(evening, rounds).over) return true;
			} catch {
				// Rules this build cannot read: not a reason to ask the browser for anything.
			}
		}
		return false;
	});
}

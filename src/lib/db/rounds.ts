// Rounds of an evening: saved, edited and undone in one transaction each, always re-validated
// against what is on disk at that moment, so a second tab can never add the same round twice or
// store a round the rules refuse.

import {
	checkNextRound,
	checkRound,
	continueEvening,
	eveningSetup,
	scoreStoredEvening,
	type EveningSetup,
	type Standing
} from '$lib/rules';
import type { EveningState, Problem, RoundEntry, Tile } from '$lib/rules/types';
import type { CabooseDb, DraftRow, EveningRow, RoundRow, SummaryRow } from './database';
import { readStanding } from './standing';
import { CHANGED_ALL, nextSummary, putSummary, writeSummary } from './summaries';
import { summaryIsCurrent } from './summary-current';
import { outboxTables, wholeEveningTables } from './outbox';
import { emptyDraftFields, fieldsFromEntry, type DraftFields } from './draft';

export type SaveResult =
	| { ok: true }
	/** The rules refuse the round: nothing was written. */
	| { ok: false; problems: Problem[] }
	/** The evening or the round changed meanwhile (another tab, a deleted evening): nothing written. */
	| { ok: false; conflict: Conflict };

/**
 * What changed since a write was made (another tab, a deleted evening): nothing was written.
 * 'round-changed': the round the write was made from is no longer the one stored (corrected,
 * or undone and saved again elsewhere); 'evening-changed': the evening was written since the
 * revision the write was made from (a round saved, undone or corrected, ended or resumed).
 */
export type Conflict =
	'missing-evening' | 'round-taken' | 'no-such-round' | 'round-changed' | 'evening-changed';

/**
 * What a write was made from: the evening's revision the screen showed (`LiveEvening.revision`;
 * null when it was not known, and then not checked) and, for a write about one saved round, that
 * round as the screen read it.
 */
export interface MadeFrom {
	revision?: number | null;
	round?: RoundRow | null;
}

/**
 * Inside the caller's transaction (with `summaries` in its scope): whether the evening was
 * written since the revision `made` names, or false when it names none (nothing is read). Every
 * write to an evening stores its summary with the next revision, so another revision means
 * another write came between. Await it only when it is not false: a transaction that awaits
 * anything but a Dexie operation can commit before its writes.
 */
export function revisionMoved(
	db: CabooseDb,
	eveningId: string,
	made: MadeFrom | undefined
): PromiseLike<boolean> | false {
	const revision = made?.revision;
	if (revision === undefined || revision === null) return false;
	return db.summaries.get(eveningId).then((summary) => summary?.revision !== revision);
}

/** Whether the round a write was made from (`made.round`) is no longer `round`, as stored. */
export function roundMoved(made: MadeFrom | undefined, round: RoundRow | undefined): boolean {
	return !!made?.round && !sameRound(made.round, round);
}

/** The same saved round: same place, same hands, same starter, saved at the same time. */
function sameRound(a: RoundRow, b: RoundRow | undefined): boolean {
	return (
		!!b &&
		a.index === b.index &&
		a.savedAt === b.savedAt &&
		(a.starter ?? null) === (b.starter ?? null) &&
		JSON.stringify(plainEntry(a.entry)) === JSON.stringify(plainEntry(b.entry))
	);
}

export function roundId(eveningId: string, index: number): string {
	return `${eveningId}:${index}`;
}

/** The evening's rounds in order of play. */
export async function listRounds(db: CabooseDb, eveningId: string): Promise<RoundRow[]> {
	return db.rounds
		.where('[eveningId+index]')
		.between([eveningId, -Infinity], [eveningId, Infinity], true, true)
		.toArray();
}

/** The evening's rounds from index `from` on, in order of play. */
function roundsFrom(db: CabooseDb, eveningId: string, from: number): Promise<RoundRow[]> {
	return db.rounds
		.where('[eveningId+index]')
		.between([eveningId, from], [eveningId, Infinity], true, true)
		.toArray();
}

/** Whether round `index` of the evening is saved (one key read). */
export async function isRoundSaved(
	db: CabooseDb,
	eveningId: string,
	index: number
): Promise<boolean> {
	return (await db.rounds.get(roundId(eveningId, index))) !== undefined;
}

/**
 * Dexie's ConstraintError, known by its name: no value import of Dexie here, so a screen that
 * loads the database after its first paint does not get Dexie with these functions.
 */
function isConstraintError(error: unknown): boolean {
	return typeof error === 'object' && error !== null && (error as Error).name === 'ConstraintError';
}

/** Plain data only: a Svelte $state proxy or a frozen tuple must never reach IndexedDB. */
export function plainEntry(entry: RoundEntry): RoundEntry {
	const hands: RoundEntry['hands'] = {};
	for (const [player, hand] of Object.entries(entry.hands)) {
		hands[player] = typeof hand === 'number' ? hand : hand.map((t) => [t[0], t[1]] as Tile);
	}
	return { out: entry.out, blocked: entry.blocked, hands };
}

/** Why a round was not stored. */
export type Refusal = Exclude<SaveResult, { ok: true }>;

/**
 * Inside the caller's transaction: the evening and its rounds as on disk now, once the evening is
 * there, `place` accepts round `index` among them and the rules accept `entry` as that round;
 * else the refusal, and the caller writes nothing.
 */
async function checkedRounds(
	db: CabooseDb,
	eveningId: string,
	index: number,
	entry: RoundEntry,
	place: (rows: RoundRow[]) => Refusal | null
): Promise<{ evening: EveningRow; rows: RoundRow[] } | Refusal> {
	const evening = await db.evenings.get(eveningId);
	if (!evening) return { ok: false, conflict: 'missing-evening' };
	const rows = await listRounds(db, eveningId);
	const misplaced = place(rows);
	if (misplaced) return misplaced;
	const check = checkRound(
		eveningSetup(evening),
		rows.map((r) => r.entry),
		index,
		entry
	);
	if (check.errors.length > 0) return { ok: false, problems: check.errors };
	return { evening, rows };
}

/**
 * Inside the caller's transaction: when the evening's stored summary is current and its standing
 * reads back, the evening and that standing once the rules accept `entry` as round `index` (the
 * next one), or the refusal. Null when there is no such summary: the caller replays the rounds.
 */
async function nextFromStanding(
	db: CabooseDb,
	eveningId: string,
	index: number,
	entry: RoundEntry
): Promise<
	| { evening: EveningRow; setup: EveningSetup; standing: Standing; summary: SummaryRow }
	| Refusal
	| null
> {
	const [evening, summary, last] = await Promise.all([
		db.evenings.get(eveningId),
		db.summaries.get(eveningId),
		// The last round on the index, so a round written past these functions is not missed.
		db.rounds
			.where('[eveningId+index]')
			.between([eveningId, -Infinity], [eveningId, Infinity], true, true)
			.last()
	]);
	if (!evening) return { ok: false, conflict: 'missing-evening' };
	const stored = last ? last.index + 1 : 0;
	if (!summaryIsCurrent(summary, evening, stored)) return null;
	const setup = eveningSetup(evening);
	const standing = readStanding(summary.standing, setup, stored);
	if (!standing) return null;
	if (index !== stored) return { ok: false, conflict: 'round-taken' };
	const check = checkNextRound(setup, standing, entry);
	if (check.errors.length > 0) return { ok: false, problems: check.errors };
	return { evening, setup, standing, summary };
}

/**
 * Adds round `index` (0-based) to the evening. Inside the transaction the evening and its rounds
 * are read again and the round is checked again; the round must be the next one. Resolves only
 * after the transaction has committed, so "Saved" is never shown for a round not on disk.
 */
export async function saveRound(
	db: CabooseDb,
	eveningId: string,
	index: number,
	entry: RoundEntry,
	starter: number | null = null,
	made?: MadeFrom
): Promise<SaveResult> {
	try {
		return await db.transaction(
			'rw',
			[db.evenings, db.rounds, db.drafts, db.summaries, ...outboxTables(db)],
			async () => {
				// From the evening's stored standing when it is current: three reads, however long the
				// evening and the history. Else the rounds are read and replayed.
				const next = await nextFromStanding(db, eveningId, index, entry);
				const checked =
					next ??
					(await checkedRounds(db, eveningId, index, entry, (stored) =>
						index === stored.length ? null : { ok: false, conflict: 'round-taken' }
					));
				if (!('evening' in checked)) return checked;
				// The stored summary, when the save read it, already names the evening's revision.
				const moved =
					'summary' in checked
						? (made?.revision ?? null) !== null && checked.summary.revision !== made?.revision
						: revisionMoved(db, eveningId, made);
				if (moved === true || (moved && (await moved)))
					return { ok: false, conflict: 'evening-changed' } as const;
				const now = Date.now();
				const row: RoundRow = {
					id: roundId(eveningId, index),
					eveningId,
					index,
					entry: plainEntry(entry),
					starter,
					savedAt: now
				};
				const evening = { ...checked.evening, updatedAt: now };
				await db.rounds.add(row);
				await db.evenings.put(evening); // as read in this transaction, newer
				await db.drafts.delete(eveningId);
				if ('standing' in checked) {
					const { setup, standing, summary } = checked;
					const next = nextSummary(evening, setup, standing, index, row.entry, summary);
					// The rounds are read only for a club's copy of the evening.
					await putSummary(db, next, evening, () => listRounds(db, eveningId));
				} else await writeSummary(db, evening, [...checked.rows, row], index);
				return { ok: true } as const;
			}
		);
	} catch (error) {
		// The unique [eveningId+index] index: another tab stored this round first.
		if (isConstraintError(error)) return { ok: false, conflict: 'round-taken' };
		throw error;
	}
}

/**
 * Replaces saved round `index` with a corrected entry. The rounds after it are checked again
 * against the corrected history (an edit can eliminate a player who then holds a hand later);
 * if any would be refused, the edit is refused ('later-round-conflict') and nothing changes.
 */
export async function editRound(
	db: CabooseDb,
	eveningId: string,
	index: number,
	entry: RoundEntry,
	starter?: number | null,
	made?: MadeFrom
): Promise<SaveResult> {
	return db.transaction(
		'rw',
		[db.evenings, db.rounds, db.summaries, ...outboxTables(db)],
		async () => {
			// The round as the edit screen loaded it must still be the one stored: a correction of a
			// round corrected, or undone and saved again, since would silently replace that.
			if (made?.round) {
				const now = await db.rounds.get(roundId(eveningId, index));
				if (!now) return { ok: false, conflict: 'no-such-round' } as const;
				if (roundMoved(made, now)) return { ok: false, conflict: 'round-changed' } as const;
			}
			// checkRound also re-checks every later round against the corrected history.
			const checked = await checkedRounds(db, eveningId, index, entry, (stored) =>
				stored[index] ? null : { ok: false, conflict: 'no-such-round' }
			);
			if (!('rows' in checked)) return checked;
			const { rows } = checked;
			const row = rows[index]!; // there, or checkedRounds refused it
			const now = Date.now();
			// The scorekeeper's own edit: no longer the club organiser's correction.
			const { correctedBy: _, ...before } = row;
			const edited: RoundRow = {
				...before,
				entry: plainEntry(entry),
				starter: starter === undefined ? row.starter : starter,
				savedAt: now
			};
			await db.rounds.put(edited);
			await db.evenings.update(eveningId, { updatedAt: now });
			await writeSummary(
				db,
				{ ...checked.evening, updatedAt: now },
				rows.map((r) => (r.index === index ? edited : r)),
				index
			);
			return { ok: true } as const;
		}
	);
}

/** A write refused because what it was made from changed: nothing was written. */
export interface Stale {
	conflict: Conflict;
}

/**
 * Removes the last saved round; resolves to its index, or null when there was none. Made from
 * the round its dialog named (`made.round`), it removes that round or nothing: a round saved,
 * corrected or undone elsewhere since is refused as 'round-changed'.
 */
export async function undoLastRound(
	db: CabooseDb,
	eveningId: string,
	made?: MadeFrom
): Promise<number | null | Stale> {
	return db.transaction('rw', wholeEveningTables(db), async () => {
		const rows = await listRounds(db, eveningId);
		const last = rows.at(-1);
		if (made?.round && !last) return { conflict: 'no-such-round' as const };
		if (!last) return null;
		if (roundMoved(made, last)) return { conflict: 'round-changed' as const };
		const moved = revisionMoved(db, eveningId, made);
		if (moved && (await moved)) return { conflict: 'evening-changed' as const };
		const evening = await db.evenings.get(eveningId);
		await db.rounds.delete(last.id);
		const now = Date.now();
		// The removed round becomes the draft of its round, to correct and save again (a typo
		// must not mean retyping every hand). The live table of the round after it no longer
		// applies: that round is played again from a clean table. Its own table log stays.
		const draft: DraftRow = {
			eveningId,
			index: last.index,
			fields: fieldsFromEntry(last.entry, last.starter ?? null) as unknown as DraftRow['fields'],
			updatedAt: now
		};
		await db.drafts.put(draft);
		await db.tableEvents
			.where('[eveningId+roundIndex]')
			.equals([eveningId, last.index + 1])
			.delete();
		await db.evenings.update(eveningId, { updatedAt: now });
		if (evening)
			await writeSummary(db, { ...evening, updatedAt: now }, rows.slice(0, -1), last.index);
		return last.index;
	});
}

/** The scorekeeper ends the evening (early, or a cyclic schedule): no further round is taken. */
export function endEvening(db: CabooseDb, eveningId: string, made?: MadeFrom) {
	return markEnded(db, eveningId, true, made);
}

/** Reopens an evening the scorekeeper ended, so further rounds can be played. */
export function resumeEvening(db: CabooseDb, eveningId: string, made?: MadeFrom) {
	return markEnded(db, eveningId, false, made);
}

/** Ends or reopens an evening; asked for what it already is, it changes nothing but the draft. */
async function markEnded(
	db: CabooseDb,
	eveningId: string,
	end: boolean,
	made?: MadeFrom
): Promise<boolean | Stale> {
	return db.transaction(
		'rw',
		[db.evenings, db.drafts, db.rounds, db.summaries, ...outboxTables(db)],
		async () => {
			const evening = await db.evenings.get(eveningId);
			if (!evening) return false;
			const moved = revisionMoved(db, eveningId, made);
			if (moved && (await moved)) return { conflict: 'evening-changed' as const };
			if ((evening.endedAt !== null) !== end) {
				const now = Date.now();
				const endedAt = end ? now : null;
				await db.evenings.update(eveningId, { endedAt, updatedAt: now });
				const rows = await listRounds(db, eveningId);
				// No round changed: a reader holding them all reads none again.
				await writeSummary(db, { ...evening, endedAt, updatedAt: now }, rows, rows.length);
			}
			// An ended evening takes no round: its half-typed one goes.
			if (end) await db.drafts.delete(eveningId);
			return true;
		}
	);
}

// ---------------------------------------------------------------------------------------------
// The evening as its screens follow it: read again after every write, by any tab.

/** An evening with its rounds, scored: what the screens show, and where the next read starts. */
export interface LiveEvening {
	evening: EveningRow;
	rows: RoundRow[];
	state: EveningState;
	/** Where the evening stands after `rows`: its next round is placed and scored from here. */
	standing: Standing;
	/** The stored summary's revision that these stand for; null when it was not current. */
	revision: number | null;
	/** The first round index this read took from disk: 0 for all of them, `rows.length` for none. */
	readFrom: number;
}

/**
 * In one read transaction: the evening with its rounds, scored, or null when it is not there.
 * `held` is what the last read of it answered. When the stored summary shows that at most one
 * write came since, and that it changed no round `held` has, only the rounds after them are read
 * and scored: after a save, one round, however long the evening. Else everything is read and
 * scored again (an edit, an undo, an import, or reads that fell behind).
 */
export async function readLiveEvening(
	db: CabooseDb,
	eveningId: string,
	held: LiveEvening | null
): Promise<LiveEvening | null> {
	return db.transaction('r', [db.evenings, db.rounds, db.summaries], async () => {
		const [evening, summary] = await Promise.all([
			db.evenings.get(eveningId),
			db.summaries.get(eveningId)
		]);
		if (!evening) return null;
		const current =
			summary &&
			summary.updatedAt === evening.updatedAt &&
			summary.endedAt === evening.endedAt &&
			summary.revision !== undefined
				? summary
				: null;
		if (held && current && held.revision !== null && held.evening.id === eveningId) {
			const from = held.rows.length;
			const follows =
				current.revision === held.revision ||
				(current.previous === held.revision && (current.changedFrom ?? CHANGED_ALL) >= from);
			if (follows) {
				const added = await roundsFrom(db, eveningId, from);
				// Fewer or more rounds than the summary counts: one was written past these functions.
				if (from + added.length === current.roundCount) {
					const after = continueHeld(held, evening, added, current.revision ?? null);
					if (after) return after;
				}
			}
		}
		const rows = await listRounds(db, eveningId);
		const { state, standing } = scoreStoredEvening(evening, rows);
		const revision = current && current.roundCount === rows.length ? current.revision : null;
		return { evening, rows, state, standing, revision: revision ?? null, readFrom: 0 };
	});
}

/** `held` with the rounds `added` after it, scored from its standing; null if it cannot be. */
function continueHeld(
	held: LiveEvening,
	evening: EveningRow,
	added: RoundRow[],
	revision: number | null
): LiveEvening | null {
	let after: ReturnType<typeof continueEvening>;
	try {
		// The evening as read now: ending or resuming it changes the state, not the rounds.
		after = continueEvening(
			eveningSetup(evening),
			held.standing,
			added.map((r) => r.entry)
		);
	} catch {
		return null; // the held standing does not fit the evening read now
	}
	const more = added.length > 0;
	return {
		evening,
		rows: more ? [...held.rows, ...added] : held.rows,
		state: {
			...after.state,
			rounds: more ? [...held.state.rounds, ...after.state.rounds] : held.state.rounds
		},
		standing: after.standing,
		revision,
		readFrom: held.rows.length
	};
}

// ---------------------------------------------------------------------------------------------
// The draft: the round being typed, kept as typed.

function isRecord(x: unknown): x is Record<string, unknown> {
	return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Reads stored draft fields defensively: a draft from an older build must not break the form. */
export function readDraftFields(raw: unknown): DraftFields {
	const fields = emptyDraftFields();
	if (!isRecord(raw)) return fields;
	if (isRecord(raw.text)) {
		for (const [k, v] of Object.entries(raw.text)) if (typeof v === 'string') fields.text[k] = v;
	}
	if (isRecord(raw.mode)) {
		for (const [k, v] of Object.entries(raw.mode)) {
			if (v === 'points' || v === 'tiles') fields.mode[k] = v;
		}
	}
	if (isRecord(raw.tiles)) {
		for (const [k, v] of Object.entries(raw.tiles)) {
			if (!Array.isArray(v)) continue;
			fields.tiles[k] = v
				.filter(
					(t): t is [number, number] =>
						Array.isArray(t) && t.length === 2 && t.every((x) => Number.isInteger(x))
				)
				.map((t) => [t[0], t[1]]);
		}
	}
	if (Array.isArray(raw.out))
		fields.out = raw.out.filter((x): x is string => typeof x === 'string');
	fields.blocked = raw.blocked === true;
	fields.starter = Number.isInteger(raw.starter) ? (raw.starter as number) : null;
	return fields;
}

/**
 * Keeps `fields` as the draft of round `index`, if that round is the one the evening is at: a
 * write that comes late (a tab's autosave after another tab saved or undid a round) would put an
 * older round's typing over the draft now due, such as the values an undo put back. Returns
 * whether it was written.
 */
export async function saveDraft(
	db: CabooseDb,
	eveningId: string,
	index: number,
	fields: DraftFields
): Promise<boolean> {
	const row: DraftRow = {
		eveningId,
		index,
		fields: readDraftFields(JSON.parse(JSON.stringify(fields))) as unknown as Record<
			string,
			unknown
		>,
		updatedAt: Date.now()
	};
	return db.transaction('rw', [db.evenings, db.rounds, db.drafts], async () => {
		if (!(await isRoundDue(db, eveningId, index))) return false;
		await db.drafts.put(row);
		return true;
	});
}

/** Round `index` is the next round of a running evening: its draft may be written. */
async function isRoundDue(db: CabooseDb, eveningId: string, index: number): Promise<boolean> {
	const evening = await db.evenings.get(eveningId);
	if (!evening || evening.endedAt !== null) return false;
	return (await db.rounds.where('eveningId').equals(eveningId).count()) === index;
}

/** The draft of round `index`, or null (none, or one left over from another round). */
export async function loadDraft(
	db: CabooseDb,
	eveningId: string,
	index: number
): Promise<DraftFields | null> {
	return (await loadDraftAt(db, eveningId, index))?.fields ?? null;
}

/** The draft of round `index` with when it was written (ms since epoch), or null. */
export async function loadDraftAt(
	db: CabooseDb,
	eveningId: string,
	index: number
): Promise<{ fields: DraftFields; updatedAt: number } | null> {
	const row = await db.drafts.get(eveningId);
	const fields = draftOf(row, index);
	return row && fields ? { fields, updatedAt: row.updatedAt } : null;
}

/** The fields of a stored draft row if it is round `index`'s, else null. */
export function draftOf(row: DraftRow | null | undefined, index: number): DraftFields | null {
	if (!row || row.index !== index) return null;
	return readDraftFields(row.fields);
}

/** Drops the draft of round `index` (a form emptied): a draft of another round is not its own. */
export async function clearDraft(db: CabooseDb, eveningId: string, index: number): Promise<void> {
	await db.drafts
		.where('eveningId')
		.equals(eveningId)
		.and((row) => row.index === index)
		.delete();
}

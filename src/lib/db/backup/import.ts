// Merging a parsed backup into the database, all or nothing.

import type { CabooseDb } from '../database';
import { writeSummary } from '../summaries';
import { wholeEveningTables } from '../outbox';
import { parseBackup } from './parse';
import type { RoundRow } from '../rows';
import { MAX_BACKUP_BYTES, type Backup, type BackupEvening, type BackupProblem } from './types';

export interface ImportResult {
	/** Evenings that were not stored before. */
	added: number;
	/** Stored evenings replaced by the file's copy (it had more rounds, or was edited later). */
	replaced: number;
	/** Stored evenings kept because the file's copy had nothing they lacked. */
	kept: number;
	/** Rounds written (of added and replaced evenings). */
	rounds: number;
	/** Players added to the known players. */
	players: number;
	/** Evenings stored as a kept copy beside one this import must not replace (absent: none). */
	copied?: number;
	/**
	 * Stored evenings whose rounds changed here since the file's copy was made (1-based rounds):
	 * not replaced (the file's copy is kept beside them) unless the import was told to.
	 */
	changed?: { eveningId: string; rounds: number[] }[];
}

export interface ImportOptions {
	/** 'link': "Keep a copy" of a shared evening, which never replaces one recorded here. */
	from?: 'backup' | 'link';
	/** Stored evenings the scorekeeper agreed to replace although their rounds changed here. */
	replace?: readonly string[];
}

/**
 * Rounds (1-based) of `stored` corrected here since the file's copy was made: different from the
 * file's round and saved later than it (a round the file corrected later is the file's to give).
 */
function roundsChanged(stored: RoundRow[], incoming: RoundRow[]): number[] {
	const changedHere = (a: RoundRow) => {
		const b = incoming[a.index];
		if (!b) return true;
		const same =
			JSON.stringify(a.entry) === JSON.stringify(b.entry) &&
			(a.starter ?? null) === (b.starter ?? null);
		return !same && a.savedAt > b.savedAt;
	};
	return stored.filter(changedHere).map((r) => r.index + 1);
}

/** The bundle as a kept copy of the evening it came as, under `id` (by default a new one). */
function asCopy(bundle: BackupEvening, id: string = crypto.randomUUID()): BackupEvening {
	const { evening, rounds, tableEvents } = bundle;
	return {
		evening: { ...evening, id, keptFrom: evening.keptFrom ?? evening.id },
		rounds: rounds.map((r) => ({ ...r, id: `${id}:${r.index}`, eveningId: id })),
		...(tableEvents ? { tableEvents: tableEvents.map((e) => ({ ...e, eveningId: id })) } : {})
	};
}

/** A kept copy stored here under an id of its own (beside the evening recorded here). */
async function keptCopyOf(db: CabooseDb, eveningId: string) {
	return db.evenings.filter((e) => e.keptFrom === eveningId && e.id !== eveningId).first();
}

/** Inside the import's transaction: stores one evening whole, over whatever had its id. */
async function storeBundle(db: CabooseDb, bundle: BackupEvening): Promise<void> {
	const { evening, rounds } = bundle;
	// Also clears rows left without their evening, so the adds below cannot collide.
	await db.rounds.where('eveningId').equals(evening.id).delete();
	await db.tableEvents
		.where('[eveningId+roundIndex]')
		.between([evening.id, -Infinity], [evening.id, Infinity])
		.delete();
	await db.evenings.put(evening);
	await db.rounds.bulkAdd(rounds);
	if (bundle.tableEvents?.length) await db.tableEvents.bulkAdd(bundle.tableEvents);
	await writeSummary(db, evening, rounds);
}

/**
 * Merges a parsed backup into the database, all or nothing, in one transaction over every table.
 *
 * Evenings are merged by id, each one whole (never a mix of two copies' rounds):
 * - an evening not stored yet is added with its rounds and table events;
 * - a stored evening is replaced by the file's copy only if the copy has MORE rounds, or as many
 *   rounds and a LATER `updatedAt`, and the copy keeps every round stored here as it is here;
 *   when rounds were corrected here since, both are kept (the file's as a kept copy under a new
 *   id) and `changed` says which, unless `options.replace` names the evening;
 * - from a link ("Keep a copy"), the evening is stored as a kept copy (`keptFrom`); an evening
 *   recorded here under its id is never replaced: the link's evening is kept beside it, and a
 *   newer link of it updates that copy (as above) rather than adding another;
 * - otherwise the stored evening stays as it is. So an import never removes a saved round.
 * Known players are merged by id and by name: a player whose id or name is already known keeps
 * the stored row (its last-played time moves forward); seats of evenings carry their own names,
 * so nothing is lost when two phones gave one person two ids.
 */
export async function importBackup(
	db: CabooseDb,
	backup: Backup,
	options: ImportOptions = {}
): Promise<ImportResult> {
	const result: ImportResult = { added: 0, replaced: 0, kept: 0, rounds: 0, players: 0 };
	const copy = (bundle: BackupEvening) => {
		result.copied = (result.copied ?? 0) + 1;
		return asCopy(bundle);
	};
	await db.transaction('rw', [db.players, ...wholeEveningTables(db)], async () => {
		for (const given of backup.evenings) {
			let bundle = given;
			const { evening } = given;
			// From a link, the evening is a kept copy; an earlier kept copy of it is updated.
			const fromLink = options.from === 'link';
			if (fromLink && !evening.keptFrom)
				bundle = { ...given, evening: { ...evening, keptFrom: evening.id } };
			let stored = await db.evenings.get(evening.id);
			// A newer link of an evening recorded here updates the copy an earlier link left.
			const kept = fromLink && stored && !stored.keptFrom && (await keptCopyOf(db, evening.id));
			if (kept) {
				bundle = asCopy(bundle, kept.id);
				stored = kept;
			}
			if (stored) {
				const storedRounds = await db.rounds.where('eveningId').equals(stored.id).toArray();
				const rounds = given.rounds;
				const newer =
					rounds.length > storedRounds.length ||
					(rounds.length === storedRounds.length && evening.updatedAt > stored.updatedAt);
				if (!newer) {
					result.kept++;
					continue;
				}
				const changed = roundsChanged(storedRounds, rounds);
				if (fromLink && !stored.keptFrom) {
					// Recorded on this phone: a link never replaces it; the link's evening is kept
					// beside it as a copy.
					bundle = copy(bundle);
				} else if (changed.length > 0 && !options.replace?.includes(stored.id)) {
					// Rounds corrected here since the file's copy was made: both are kept, and said.
					(result.changed ??= []).push({ eveningId: stored.id, rounds: changed });
					bundle = copy(bundle);
				} else {
					// A draft of a round that the file now holds would be typed into a taken slot.
					const draft = await db.drafts.get(stored.id);
					if (draft && draft.index < rounds.length) await db.drafts.delete(stored.id);
					result.replaced++;
				}
			}
			if (!stored) result.added++;
			await storeBundle(db, bundle);
			result.rounds += bundle.rounds.length;
		}

		for (const player of backup.players) {
			const byId = await db.players.get(player.id);
			const byKey = await db.players.where('key').equals(player.key).first();
			const known = byId ?? byKey;
			if (known) {
				if (player.lastPlayedAt > known.lastPlayedAt) {
					await db.players.update(known.id, { lastPlayedAt: player.lastPlayedAt });
				}
				continue;
			}
			await db.players.add(player);
			result.players++;
		}
	});
	return result;
}

export type ImportOutcome =
	{ ok: true; result: ImportResult } | { ok: false; problem: BackupProblem };

/**
 * A backup file's text, checked and merged: what the Import backup control does. A refused file
 * changes nothing; a database failure while writing (a full disk) rejects, and changes nothing.
 */
export async function importBackupText(
	db: CabooseDb,
	text: string,
	maxBytes = MAX_BACKUP_BYTES,
	options: ImportOptions = {}
): Promise<ImportOutcome> {
	const parsed = parseBackup(text, maxBytes);
	if (!parsed.ok) return parsed;
	return { ok: true, result: await importBackup(db, parsed.backup, options) };
}

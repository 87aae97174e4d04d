// Merging a parsed backup into the database, all or nothing.

import type { CabooseDb } from '../database';
import { writeSummary } from '../summaries';
import { outboxTables } from '../outbox';
import { parseBackup } from './parse';
import { MAX_BACKUP_BYTES, type Backup, type BackupProblem } from './types';

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
}

/**
 * Merges a parsed backup into the database, all or nothing, in one transaction over every table.
 *
 * Evenings are merged by id, each one whole (never a mix of two copies' rounds):
 * - an evening not stored yet is added with its rounds and table events;
 * - a stored evening is replaced by the file's copy only if the copy has MORE rounds, or as many
 *   rounds and a LATER `updatedAt` (a round corrected after the stored copy was made);
 * - otherwise the stored evening stays as it is. So an import never removes a saved round.
 * Known players are merged by id and by name: a player whose id or name is already known keeps
 * the stored row (its last-played time moves forward); seats of evenings carry their own names,
 * so nothing is lost when two phones gave one person two ids.
 */
export async function importBackup(db: CabooseDb, backup: Backup): Promise<ImportResult> {
	const result: ImportResult = { added: 0, replaced: 0, kept: 0, rounds: 0, players: 0 };
	await db.transaction(
		'rw',
		[
			db.players,
			db.evenings,
			db.rounds,
			db.drafts,
			db.tableEvents,
			db.summaries,
			...outboxTables(db)
		],
		async () => {
			for (const bundle of backup.evenings) {
				const { evening, rounds } = bundle;
				const stored = await db.evenings.get(evening.id);
				if (stored) {
					const storedRounds = await db.rounds.where('eveningId').equals(evening.id).count();
					const newer =
						rounds.length > storedRounds ||
						(rounds.length === storedRounds && evening.updatedAt > stored.updatedAt);
					if (!newer) {
						result.kept++;
						continue;
					}
					// A draft of a round that the file now holds would be typed into a taken slot.
					const draft = await db.drafts.get(evening.id);
					if (draft && draft.index < rounds.length) await db.drafts.delete(evening.id);
					result.replaced++;
				} else result.added++;
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
				result.rounds += rounds.length;
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
		}
	);
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
	maxBytes = MAX_BACKUP_BYTES
): Promise<ImportOutcome> {
	const parsed = parseBackup(text, maxBytes);
	if (!parsed.ok) return parsed;
	return { ok: true, result: await importBackup(db, parsed.backup) };
}

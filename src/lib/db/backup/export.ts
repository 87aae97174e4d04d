// Writing a backup: every evening with its rounds and table events, and the file's text and name.

import { fileDate } from '$lib/format';
import type { CabooseDb } from '../database';
import { groupByEvening } from '../group';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Backup, type BackupEvening } from './types';

/** Every evening with its rounds and table events, and every known player, as one value. */
export async function exportBackup(db: CabooseDb): Promise<Backup> {
	return db.transaction('r', [db.evenings, db.rounds, db.tableEvents, db.players], async () => {
		const [evenings, rounds, events, players] = await Promise.all([
			db.evenings.orderBy('createdAt').toArray(),
			db.rounds.toArray(),
			db.tableEvents.toArray(),
			db.players.toArray()
		]);
		const roundsOf = groupByEvening(rounds);
		const eventsOf = groupByEvening(events);
		return {
			format: BACKUP_FORMAT,
			formatVersion: BACKUP_FORMAT_VERSION,
			exportedAt: Date.now(),
			evenings: evenings.map((evening) => {
				const own = (eventsOf.get(evening.id) ?? [])
					.sort((a, b) => a.roundIndex - b.roundIndex || a.seq - b.seq)
					.map(({ eveningId, roundIndex, seq, event, at }) => ({
						eveningId,
						roundIndex,
						seq,
						event,
						at
					}));
				const bundle: BackupEvening = {
					evening,
					rounds: (roundsOf.get(evening.id) ?? []).sort((a, b) => a.index - b.index)
				};
				if (own.length > 0) bundle.tableEvents = own;
				return bundle;
			}),
			players: players.sort((a, b) => a.key.localeCompare(b.key))
		};
	});
}

/** The file's text. Compact: the size cap must hold for the biggest honest history. */
export function backupJson(backup: Backup): string {
	return JSON.stringify(backup);
}

/** `caboose-backup-2026-11-21.json`, in the local calendar. */
export function backupFileName(date = new Date()): string {
	return `caboose-backup-${fileDate(date)}.json`;
}

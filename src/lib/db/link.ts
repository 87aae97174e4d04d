// "Keep a copy": an evening from a link stored on this phone, merged exactly like an imported
// backup (importBackupText: the same checks, the same merge, never removing a saved round).
// Seats get this phone's ids for the names it already knows, so a player's evenings stay together.

import { renameEntry, type EveningSnapshot } from '$lib/link';
import { renameEvent, type TableEvent } from '$lib/rules';
import {
	BACKUP_FORMAT,
	BACKUP_FORMAT_VERSION,
	backupJson,
	importBackupText,
	MAX_BACKUP_BYTES,
	type Backup,
	type ImportOutcome
} from './backup';
import type { CabooseDb, PlayerRow, RoundRow, SeatRow } from './database';
import { playerKey } from '$lib/rules';

/** The snapshot as a one-evening backup, with seat ids of this phone's known players. */
export async function snapshotBackup(db: CabooseDb, snapshot: EveningSnapshot): Promise<Backup> {
	const keys = snapshot.names.map(playerKey);
	const known = await db.players.where('key').anyOf(keys).toArray();
	const byKey = new Map(known.map((p) => [p.key, p.id]));
	const at = snapshot.updatedAt;
	const seats: SeatRow[] = snapshot.names.map((name, i) => ({
		id: byKey.get(keys[i]!) ?? crypto.randomUUID(),
		name
	}));
	const rename = (k: string) => seats[Number(k)]?.id ?? null;
	const rounds: RoundRow[] = snapshot.rounds.map((r, index) => ({
		id: `${snapshot.id}:${index}`,
		eveningId: snapshot.id,
		index,
		entry: renameEntry(r.entry, rename),
		starter: r.starter,
		savedAt: at
	}));
	const events = (snapshot.table ?? [])
		.map((e) => renameEvent(e, rename))
		.filter((e): e is TableEvent => e !== null);
	const players: PlayerRow[] = seats.map((s, i) => ({
		id: s.id,
		name: s.name,
		key: keys[i]!,
		lastPlayedAt: at
	}));
	return {
		format: BACKUP_FORMAT,
		formatVersion: BACKUP_FORMAT_VERSION,
		exportedAt: at,
		evenings: [
			{
				evening: {
					id: snapshot.id,
					createdAt: snapshot.createdAt,
					updatedAt: snapshot.updatedAt,
					players: seats,
					rules: snapshot.rules,
					firstStarter: snapshot.firstStarter,
					endedAt: snapshot.ended ? snapshot.updatedAt : null
				},
				rounds,
				...(events.length > 0
					? {
							tableEvents: events.map((event, seq) => ({
								eveningId: snapshot.id,
								roundIndex: rounds.length,
								seq,
								event: event as unknown as Record<string, unknown>,
								at
							}))
						}
					: {})
			}
		],
		players
	};
}

/**
 * Stores the evening of a decoded link as a kept copy (marked with the id it was recorded under):
 * added when new; a kept copy of it is updated only by a copy with more rounds (or as many,
 * edited later); an evening recorded on this phone under that id is never replaced (the link's
 * evening is stored beside it, as a copy). The
 * backup's own checks run again on the way in; a refusal changes nothing.
 */
export async function keepSnapshot(
	db: CabooseDb,
	snapshot: EveningSnapshot
): Promise<ImportOutcome> {
	const backup = await snapshotBackup(db, snapshot);
	return importBackupText(db, backupJson(backup), MAX_BACKUP_BYTES, { from: 'link' });
}

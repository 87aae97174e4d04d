// Export every evening to one file, and merge such a file back in: for the Settings screen.
// A refused file changes nothing; so does a storage failure while merging (one transaction).
import {
	MAX_BACKUP_BYTES,
	backupFileName,
	backupJson,
	exportBackup,
	importBackupText,
	type ImportResult
} from '$lib/db/backup';
import type { CabooseDb } from '$lib/db/database';
import { appDb } from './app-db';
import { attempt, done, type Outcome } from './outcome';

export type { ImportResult };

export class BackupTransfer {
	busy = $state(false);

	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
	}

	/** Every evening as one JSON file's text, with its file name and how many evenings. */
	async exportAll(): Promise<Outcome<{ text: string; file: string; count: number }>> {
		this.busy = true;
		try {
			return await attempt(async () => {
				const backup = await exportBackup(this.#db);
				return { text: backupJson(backup), file: backupFileName(), count: backup.evenings.length };
			});
		} finally {
			this.busy = false;
		}
	}

	/** Reads, checks and merges a chosen file. Too big is refused before it is read into memory. */
	async importFile(file: Blob): Promise<Outcome<ImportResult>> {
		if (file.size > MAX_BACKUP_BYTES) return { ok: false, backup: { code: 'too-large' } };
		this.busy = true;
		try {
			// A file the device cannot read is "not readable", not a storage failure.
			const text = await file.text().catch(() => '');
			const merged = await attempt(() => importBackupText(this.#db, text));
			if (!merged.ok) return merged;
			return merged.value.ok
				? done(merged.value.result)
				: { ok: false, backup: merged.value.problem };
		} finally {
			this.busy = false;
		}
	}
}

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
		// A file the device cannot read is "not readable", not a storage failure.
		return this.#merge(await file.text().catch(() => ''));
	}

	/**
	 * The last file again, now replacing the evenings whose rounds were corrected here (which the
	 * first import kept, with the file's as a copy): what the scorekeeper chose when asked.
	 */
	replaceChanged(result: ImportResult): Promise<Outcome<ImportResult>> {
		const ids = (result.changed ?? []).map((c) => c.eveningId);
		return this.#merge(this.#last, ids);
	}

	/** The text of the last file imported, for replaceChanged. */
	#last = '';

	async #merge(text: string, replace: string[] = []): Promise<Outcome<ImportResult>> {
		this.#last = text;
		this.busy = true;
		try {
			const merged = await attempt(() =>
				importBackupText(this.#db, text, MAX_BACKUP_BYTES, { replace })
			);
			if (!merged.ok) return merged;
			return merged.value.ok
				? done(merged.value.result)
				: { ok: false, backup: merged.value.problem };
		} finally {
			this.busy = false;
		}
	}
}

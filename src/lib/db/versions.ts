import type { CabooseDb } from './database';
import { DATA_VERSION } from './database';
import { flushDrafts } from './flush';

export { FLUSH_EVENT, flushDrafts, type FlushDetail } from './flush';

// The data-format version and what an open connection does when another build changes the
// database under it. Two rules: an older build never writes to a newer database, and a tab that
// is asked to step aside keeps the round being typed before it lets go.

export const DATA_VERSION_KEY = 'dataVersion';

/** Thrown (as the open error) when the stored data was written by a newer Caboose. */
export class NewerDataError extends Error {
	override name = 'NewerDataError';
	constructor(
		readonly stored: number,
		readonly supported: number
	) {
		// A code with the two versions, not a sentence: the screen says it in the reader's words.
		super(`newer-data: stored ${stored}, supported ${supported}`);
	}
}

/** True for every way an open can say "this database is newer than this build". */
export function isNewerDataError(err: unknown): boolean {
	if (err instanceof NewerDataError) return true;
	if (typeof err !== 'object' || err === null) return false;
	const e = err as { name?: unknown; inner?: unknown };
	// Dexie wraps the native VersionError (and our own error thrown from on('ready')).
	if (e.name === 'VersionError' || e.name === 'NewerDataError') return true;
	return e.inner !== undefined && e.inner !== err && isNewerDataError(e.inner);
}

/**
 * Guards every open of `db`: if the stored schema or data format is newer than this build's,
 * the open fails with NewerDataError, so every later read or write fails too and nothing is
 * written. Otherwise the data version is recorded (first open, or after a migration).
 *
 * Dexie 4 quietly opens a database whose schema version is higher than declared, so the check
 * compares the native version itself.
 */
export function guardDataVersion(db: CabooseDb, supported = DATA_VERSION): void {
	const declaredNative = Math.round(db.verno * 10);
	db.on(
		'ready',
		async (vip) => {
			const d = vip as CabooseDb;
			const native = d.backendDB().version;
			if (native > declaredNative) throw new NewerDataError(native / 10, db.verno);
			const row = await d.meta.get(DATA_VERSION_KEY);
			const stored = typeof row?.value === 'number' ? row.value : 0;
			if (stored > supported) throw new NewerDataError(stored, supported);
			if (stored < supported) await d.meta.put({ key: DATA_VERSION_KEY, value: supported });
		},
		true
	);
}

/**
 * When another tab opens a newer schema (or deletes the database), this tab writes its draft,
 * calls `onClosed` so the screen can offer a reload, and closes its connection for good (no write
 * from old code can follow).
 */
export function watchVersionChange(
	db: CabooseDb,
	target: EventTarget,
	onClosed: (reason: 'upgrade' | 'delete') => void
): void {
	db.on('versionchange', (ev: IDBVersionChangeEvent) => {
		void flushDrafts(target).finally(() => {
			// Told first, so a listener of Dexie's 'close' event knows this close is on purpose.
			onClosed(ev.newVersion ? 'upgrade' : 'delete');
			db.close();
		});
		// Returning false keeps Dexie's default handler from closing (and re-opening) at once.
		return false;
	});
}

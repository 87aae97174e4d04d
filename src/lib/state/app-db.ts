// The one way a state class reads IndexedDB live: Dexie's liveQuery on the database the class was
// given (the app's connection by default; tests pass a fake-indexeddb one).
import { liveQuery } from 'dexie';
import { db } from '$lib/db/client';
import type { CabooseDb } from '$lib/db/database';
import { dbFailure, type DbErrorKind } from './outcome';

/** The app's database connection: the default of every state class. */
export const appDb: CabooseDb = db;

/**
 * Starts opening the app's database while a screen's code still loads (an evening screen's
 * layout `load`), so the open overlaps that work instead of waiting for the first read. A failed
 * open is said by the screen's first `follow`, which opens again.
 */
export function openEarly(): void {
	if (!appDb.isOpen()) appDb.open().catch(() => {});
}

/**
 * Follows `query` live on `db` (this tab's writes and every other tab's) and returns the stop,
 * for `$effect`. A read that fails is passed on as its kind, never thrown.
 */
export function follow<T>(
	db: CabooseDb,
	query: (db: CabooseDb) => Promise<T>,
	next: (value: T) => void,
	failed: (kind: DbErrorKind) => void
): () => void {
	let stopped = false;
	const fail = (error: unknown) => {
		if (stopped) return;
		const failure = dbFailure(error);
		failed('error' in failure ? failure.error : 'unknown');
	};
	const subscription = liveQuery(() => query(db)).subscribe({ next, error: fail });
	// liveQuery waits on a database that cannot open (no IndexedDB at all, a refused open) without
	// a word: the open's own failure is said, never an endless "Loading…" or an empty list.
	if (!db.isOpen()) db.open().catch(fail);
	return () => {
		stopped = true;
		subscription.unsubscribe();
	};
}

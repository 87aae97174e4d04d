// The app's database for the screens' state classes, loaded on first use: Dexie (about 32 KiB
// gzip) is then not part of a screen's first paint, only of what that screen reads after it.
import type { CabooseDb } from '$lib/db/database';
import { afterPaint } from '$lib/pwa/settled';
import { dbFailure, type DbErrorKind } from './outcome';

/** A database, or the way to load it when first needed. */
export type DbSource = CabooseDb | (() => Promise<CabooseDb>);

let loading: Promise<CabooseDb> | null = null;

/**
 * The app's one connection ($lib/db/client), imported on the first call: after the next paint,
 * unless `now` (the evening screens, whose content and taps need it at once).
 */
export function appDb(options: { now?: boolean } = {}): Promise<CabooseDb> {
	loading ??= (options.now ? Promise.resolve() : afterPaint())
		.then(() => import('$lib/db/client'))
		.then((m) => m.db);
	return loading;
}

/** The database of `source`, loading it if need be. */
export function dbOf(source: DbSource): Promise<CabooseDb> {
	return typeof source === 'function' ? source() : Promise.resolve(source);
}

/**
 * Follows `query` live on the database of `source` and returns the stop, for `$effect`. Dexie and
 * the db functions the query needs (`load`, a dynamic import) arrive after the screen's first
 * paint; they are loaded before the query runs, as a live query may await only the database.
 */
export function follow<M, T>(
	source: DbSource,
	load: () => Promise<M>,
	query: (db: CabooseDb, functions: M) => Promise<T>,
	next: (value: T) => void,
	failed: (kind: DbErrorKind) => void
): () => void {
	let stopped = false;
	let subscription: { unsubscribe(): void } | undefined;
	const fail = (error: unknown) => {
		const failure = dbFailure(error);
		failed('error' in failure ? failure.error : 'unknown');
	};
	Promise.all([import('dexie'), dbOf(source), load()]).then(([{ liveQuery }, db, functions]) => {
		if (stopped) return;
		subscription = liveQuery(() => query(db, functions)).subscribe({ next, error: fail });
	}, fail);
	return () => {
		stopped = true;
		subscription?.unsubscribe();
	};
}

// The app's database for the screens' state classes, loaded on first use: Dexie (about 32 KiB
// gzip) is then not part of a screen's first paint, only of what that screen reads after it.
import type { CabooseDb } from '$lib/db/database';
import { afterPaint } from '$lib/pwa/settled';
import { dbFailure, type DbErrorKind } from './outcome';

/** A database, or the way to load it when first needed. */
export type DbSource = CabooseDb | (() => Promise<CabooseDb>);

let loading: Promise<CabooseDb> | null = null;

/** The app's one connection ($lib/db/client), imported on the first call, after the next paint. */
export function appDb(): Promise<CabooseDb> {
	loading ??= afterPaint()
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
 *
 * `peek`, a plain IndexedDB read without Dexie (db/peek.ts), fills that first paint when `source`
 * is the app's loader: its value (null: nothing to show, Dexie decides) is passed to `next` with
 * `live` false, and stands until the live query's first answer (`live` true). A screen keeps its
 * controls inert until then, so no tap or keystroke is taken that could not be stored at once.
 */
export function follow<M, T>(
	source: DbSource,
	load: () => Promise<M>,
	query: (db: CabooseDb, functions: M) => Promise<T>,
	next: (value: T, live: boolean) => void,
	failed: (kind: DbErrorKind) => void,
	peek?: () => Promise<T | null>
): () => void {
	let stopped = false;
	let live = false;
	let subscription: { unsubscribe(): void } | undefined;
	const fail = (error: unknown) => {
		const failure = dbFailure(error);
		failed('error' in failure ? failure.error : 'unknown');
	};
	// The database is asked for after the peek: with the app's loader it then waits for the paint
	// of what the peek found, so Dexie never takes bandwidth from it.
	const peeked =
		peek && typeof source === 'function'
			? peek().then(
					(value) => {
						if (value !== null && !stopped && !live) next(value, false);
					},
					() => undefined
				)
			: Promise.resolve();
	peeked
		.then(() => dbOf(source))
		.then((db) => Promise.all([import('dexie'), db, load()]))
		.then(([{ liveQuery }, db, functions]) => {
			if (stopped) return;
			subscription = liveQuery(() => query(db, functions)).subscribe({
				next: (value) => {
					live = true;
					next(value, true);
				},
				error: fail
			});
		}, fail);
	return () => {
		stopped = true;
		subscription?.unsubscribe();
	};
}

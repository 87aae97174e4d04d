// The app's database for the screens' state classes, loaded on first use: Dexie (about 32 KiB
// gzip) is then not part of a screen's first paint, only of what that screen reads after it.
import type { CabooseDb } from '$lib/db/database';

/** A database, or the way to load it when first needed. */
export type DbSource = CabooseDb | (() => Promise<CabooseDb>);

let loading: Promise<CabooseDb> | null = null;

/** The app's one connection ($lib/db/client), imported on the first call. */
export function appDb(): Promise<CabooseDb> {
	loading ??= import('$lib/db/client').then((m) => m.db);
	return loading;
}

/** The database of `source`, loading it if need be. */
export function dbOf(source: DbSource): Promise<CabooseDb> {
	return typeof source === 'function' ? source() : Promise.resolve(source);
}

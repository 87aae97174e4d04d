// What the browser may do to stored data, and noticing when it did. IndexedDB can be evicted
// (storage pressure, "clear site data", an OS cleaner); a marker kept outside IndexedDB remembers
// that evenings existed, so an emptied database is reported instead of shown as a fresh app.

export const MARKER_KEY = 'caboose:saved';

export interface SavedMarker {
	/** How many evenings were stored when the marker was last written. */
	evenings: number;
	/** When a save was last noticed (ms since epoch). */
	lastSavedAt: number;
}

/** The part of localStorage the marker needs (so tests pass a Map-backed fake). */
export interface MarkerStore {
	getItem(key: string): string | null;
	setItem(key: string, value: string): void;
	removeItem(key: string): void;
}

function defaultStore(): MarkerStore | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		// Storage disabled by the browser: there is nothing to remember with.
		return null;
	}
}

/** The marker, or null if there is none or it is not one of ours. */
export function readMarker(store: MarkerStore | null = defaultStore()): SavedMarker | null {
	const raw = rememberGet(MARKER_KEY, store);
	if (!raw) return null;
	try {
		const v = JSON.parse(raw) as Partial<SavedMarker> | null;
		if (
			v &&
			typeof v.evenings === 'number' &&
			Number.isInteger(v.evenings) &&
			v.evenings >= 0 &&
			typeof v.lastSavedAt === 'number' &&
			Number.isFinite(v.lastSavedAt)
		) {
			return { evenings: v.evenings, lastSavedAt: v.lastSavedAt };
		}
	} catch {
		// A damaged marker proves nothing either way.
	}
	return null;
}

/**
 * Call after a save (or a delete) with how many evenings are stored now. The app also keeps it
 * current by watching the evening count, so this is for callers that know the count already.
 */
export function noteSaved(
	count: number,
	now = Date.now(),
	store: MarkerStore | null = defaultStore()
): void {
	if (!store || !Number.isInteger(count) || count < 0) return;
	try {
		store.setItem(MARKER_KEY, JSON.stringify({ evenings: count, lastSavedAt: now }));
	} catch {
		// Quota or disabled storage: the marker is a best effort, the data itself is in IndexedDB.
	}
}

/** localStorage that never throws (disabled storage, quota): for small remembered choices. */
export function rememberGet(
	key: string,
	store: MarkerStore | null = defaultStore()
): string | null {
	try {
		return store?.getItem(key) ?? null;
	} catch {
		return null;
	}
}

export function rememberSet(
	key: string,
	value: string,
	store: MarkerStore | null = defaultStore()
): void {
	try {
		store?.setItem(key, value);
	} catch {
		// Forgetting a dismissed notice only means seeing it once more.
	}
}

export function rememberRemove(key: string, store: MarkerStore | null = defaultStore()): void {
	try {
		store?.removeItem(key);
	} catch {
		// Nothing kept, nothing to forget.
	}
}

/** Forgets the marker: the scorekeeper chose to start fresh after data vanished. */
export function clearMarker(store: MarkerStore | null = defaultStore()): void {
	try {
		store?.removeItem(MARKER_KEY);
	} catch {
		// Nothing to do.
	}
}

/** Data vanished when the marker remembers evenings but the database holds none. */
export function dataVanished(marker: SavedMarker | null, storedEvenings: number): boolean {
	return marker !== null && marker.evenings > 0 && storedEvenings === 0;
}

export type Protection = 'protected' | 'unprotected' | 'unsupported';

interface StorageManagerLike {
	persisted?: () => Promise<boolean>;
	persist?: () => Promise<boolean>;
}

function manager(): StorageManagerLike | undefined {
	return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/** Whether the browser promised not to evict this origin's data. */
export async function storageProtection(sm = manager()): Promise<Protection> {
	if (!sm?.persisted) return 'unsupported';
	try {
		return (await sm.persisted()) ? 'protected' : 'unprotected';
	} catch {
		return 'unsupported';
	}
}

/**
 * Asks for persistent storage. Only after the first finished evening: by then the app has proven
 * its worth, and browsers grant it more readily to a site that is used.
 */
export async function requestProtection(sm = manager()): Promise<Protection> {
	if (!sm?.persist) return 'unsupported';
	try {
		if (sm.persisted && (await sm.persisted())) return 'protected';
		return (await sm.persist()) ? 'protected' : 'unprotected';
	} catch {
		return 'unsupported';
	}
}

/**
 * While the browser is still deleting the data (or opening it again), an open can fail: tries
 * `again` soon, up to six times with growing waits (0.1 s … 3.2 s). False once the tries are used.
 */
export function retrySoon(attempt: number, again: (next: number) => void): boolean {
	if (attempt >= 6) return false;
	setTimeout(() => again(attempt + 1), 100 * 2 ** attempt);
	return true;
}

/**
 * Whether to tell the scorekeeper the browser's answer: once, ever. `noted` is what was kept after
 * it was first shown (any value): a later change of the answer (granted, revoked) is not news
 * worth a banner; Settings always shows the current answer.
 */
export function protectionNoticeDue(answer: Protection, noted: string | null): boolean {
	return answer !== 'unsupported' && noted === null;
}

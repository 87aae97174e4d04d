import { liveQuery } from 'dexie';
import { getLocale, setLocale } from '$lib/paraglide/runtime.js';
import { db as appDb } from '$lib/db/client';
import type { CabooseDb } from '$lib/db/database';
import { isNewerDataError, watchVersionChange } from '$lib/db/versions';
import { anyFinished } from './finished';
import { dataVanished, noteSaved, readMarker, retrySoon, type SavedMarker } from '$lib/pwa/storage';

// The data watcher of every screen that uses the database, loaded on demand (the home page
// peeks instead, without Dexie). It reports into the app's status.

/** What the watcher reports into: the app's status (AppStatusState), seen from here. */
export interface StatusReport {
	newerData: boolean;
	otherTab: 'upgrade' | 'delete' | null;
	vanished: SavedMarker | null;
	/** The data was removed while this tab had it open (site data cleared). */
	removedWhileOpen: boolean;
	readonly asked: boolean;
	noteCount(marker: SavedMarker | null, count: number, lastSaved: number): void;
	protect(): Promise<void>;
}

/** Watches `db` for the banners; returns the stop. */
export function watchDatabase(status: StatusReport, db: CabooseDb = appDb): () => void {
	const openFailed = (err: unknown) => {
		if (isNewerDataError(err)) status.newerData = true;
		else if (status.otherTab === null)
			console.error('Caboose: the database could not be read', err);
	};

	// The evenings this tab last read, and on which connection: cleared with the rest of the
	// site's data, the marker is gone too, and what this tab read last says what was there.
	let seen: SavedMarker | null = null;
	let seenOn: IDBDatabase | null = null;
	const language = getLocale();
	const removed = (marker: SavedMarker | null, count: number) => {
		// The language chosen went with the site's data: kept, so the words below stay in it.
		if (getLocale() !== language) setLocale(language, { reload: false });
		const lost = marker && marker.evenings > 0 ? marker : seen;
		if (lost && dataVanished(lost, count)) {
			status.vanished = lost;
			// Remembered again, so the offer outlives a reload (until a backup or Start fresh).
			noteSaved(lost.evenings, lost.lastSavedAt);
		} else if (createdAgain && count === 0) {
			// How many evenings went is unknown (the marker went with them), not that they went.
			status.vanished = { evenings: 0, lastSavedAt: 0 };
		} else return;
		status.removedWhileOpen = true;
	};
	// The database this tab had open was created again: the browser removed it meanwhile.
	let opened = false;
	let createdAgain = false;
	db.on('populate', () => {
		if (opened) createdAgain = true;
	});

	const recheck = async (attempt = 0): Promise<void> => {
		const marker = readMarker();
		try {
			// Opens the database again (empty, if the browser deleted it). Dexie keeps the failed
			// open of the dropped connection, so start from a clean close.
			if (!db.isOpen()) {
				db.close({ disableAutoOpen: false });
				await db.open();
			}
			removed(marker, await db.evenings.count());
		} catch (err) {
			// While the browser is still deleting, a new connection is closed too: try again shortly.
			const name = (err as { name?: unknown } | null)?.name;
			const closed = name === 'DatabaseClosedError' || name === 'AbortError';
			if (!closed || !retrySoon(attempt, (next) => void recheck(next))) openFailed(err);
		}
	};

	watchVersionChange(db, window, (reason) => (status.otherTab = reason));
	// liveQuery swallows a failed open (DatabaseClosedError), so ask the open itself.
	db.open().then(() => (opened = true), openFailed);

	// The browser can also delete the data while the app is open (clearing site data closes
	// the connection): look again as soon as the connection drops without our asking.
	const onClose = () => {
		if (status.otherTab === null && !status.newerData) setTimeout(() => void recheck(), 0);
	};
	db.on('close', onClose);

	// Read before the first count, which updates it.
	const marker = readMarker();
	let first = true;
	const count = liveQuery(async () => ({
		count: await db.evenings.count(),
		last: (await db.evenings.orderBy('updatedAt').last())?.updatedAt ?? Date.now()
	})).subscribe({
		next: ({ count, last }) => {
			const on = db.isOpen() ? db.backendDB() : null;
			if (count > 0) {
				seen = { evenings: count, lastSavedAt: last };
				seenOn = on;
			} else if ((createdAgain || (seen && on !== seenOn)) && status.otherTab === null) {
				// The evenings went with the connection they were read on: the browser removed the
				// database and Dexie opened a new, empty one (no 'close' is heard every time).
				removed(readMarker(), count);
			}
			if (first || count > 0) status.noteCount(first ? marker : null, count, last);
			else if (!status.vanished) {
				// Every evening deleted on purpose, in this app: nothing vanished.
				noteSaved(0);
			}
			first = false;
		},
		error: openFailed
	});
	const stopFinished = status.asked ? null : protectOnFirstFinished(status, db, openFailed);
	return () => {
		count.unsubscribe();
		stopFinished?.();
		db.on('close').unsubscribe(onClose);
	};
}

/** Asks for protected storage once the first evening is finished; returns the stop. */
function protectOnFirstFinished(
	status: StatusReport,
	db: CabooseDb,
	failed: (err: unknown) => void
): () => void {
	const finished = liveQuery(() => anyFinished(db)).subscribe({
		next: (done) => {
			if (done) {
				finished.unsubscribe();
				void status.protect();
			}
		},
		error: failed
	});
	return () => finished.unsubscribe();
}

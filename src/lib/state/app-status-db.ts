import { liveQuery } from 'dexie';
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

	const recheck = async (attempt = 0): Promise<void> => {
		const marker = readMarker();
		try {
			// Opens the database again (empty, if the browser deleted it). Dexie keeps the failed
			// open of the dropped connection, so start from a clean close.
			if (!db.isOpen()) {
				db.close({ disableAutoOpen: false });
				await db.open();
			}
			const count = await db.evenings.count();
			if (dataVanished(marker, count)) status.vanished = marker;
		} catch (err) {
			// While the browser is still deleting, a new connection is closed too: try again shortly.
			const name = (err as { name?: unknown } | null)?.name;
			const closed = name === 'DatabaseClosedError' || name === 'AbortError';
			if (!closed || !retrySoon(attempt, (next) => void recheck(next))) openFailed(err);
		}
	};

	watchVersionChange(db, window, (reason) => (status.otherTab = reason));
	// liveQuery swallows a failed open (DatabaseClosedError), so ask the open itself.
	db.open().catch(openFailed);

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
			if (first || count > 0) status.noteCount(first ? marker : null, count, last);
			else if (!status.vanished) {
				// Every evening deleted on purpose, in this app: nothing vanished.
				noteSaved(0);
			}
			first = false;
		},
		error: openFailed
	});
	const finished = status.asked
		? null
		: liveQuery(() => anyFinished(db)).subscribe({
				next: (done) => {
					if (done) {
						finished?.unsubscribe();
						void status.protect();
					}
				},
				error: openFailed
			});
	return () => {
		count.unsubscribe();
		finished?.unsubscribe();
		db.on('close').unsubscribe(onClose);
	};
}

import { liveQuery, type Subscription } from 'dexie';
import type { CabooseDb } from '$lib/db/database';
import { isNewerDataError, watchVersionChange } from '$lib/db/versions';
import { anyFinished } from './finished';
import { applyUpdate, registerServiceWorker, updateThenReload } from './register';
import {
	clearMarker,
	dataVanished,
	noteSaved,
	readMarker,
	rememberGet,
	rememberSet,
	requestProtection,
	storageProtection,
	type Protection,
	type SavedMarker
} from './storage';

const NOTED_KEY = 'caboose:protection-noted';

/**
 * App-wide status the banners show: an update waiting, another tab that upgraded the data, data
 * from a newer build, data the browser deleted, and whether storage is protected from eviction.
 */
export class AppStatusState {
	updateReady = $state(false);
	/** Another tab upgraded (or deleted) the database; this tab's connection is closed. */
	otherTab = $state<'upgrade' | 'delete' | null>(null);
	/** The stored data is newer than this build: nothing is written until a reload. */
	newerData = $state(false);
	/** What the marker remembered when the database turned up empty. */
	vanished = $state<SavedMarker | null>(null);
	protection = $state<Protection | null>(null);
	/** The browser's answer after the first finished evening, until the scorekeeper saw it. */
	protectionNotice = $state<Protection | null>(null);

	#count: Subscription | null = null;
	#finished: Subscription | null = null;
	#asked = false;

	constructor(private readonly db: CabooseDb) {}

	start(): () => void {
		registerServiceWorker({ onUpdateReady: () => (this.updateReady = true) });
		watchVersionChange(this.db, window, (reason) => (this.otherTab = reason));
		void storageProtection().then((p) => (this.protection = p));
		// liveQuery swallows a failed open (DatabaseClosedError), so ask the open itself.
		this.db.open().catch((err: unknown) => this.#openFailed(err));

		// The browser can also delete the data while the app is open (clearing site data closes
		// the connection): look again as soon as the connection drops without our asking.
		this.db.on('close', () => {
			if (this.otherTab === null && !this.newerData) setTimeout(() => void this.#recheck(), 0);
		});

		// Read before the first count, which updates it.
		const marker = readMarker();
		let first = true;
		this.#count = liveQuery(async () => ({
			count: await this.db.evenings.count(),
			last: (await this.db.evenings.orderBy('updatedAt').last())?.updatedAt ?? Date.now()
		})).subscribe({
			next: ({ count, last }) => {
				if (first && dataVanished(marker, count)) {
					// Keep the marker: the offer stays until a backup is restored or declined.
					this.vanished = marker;
				} else if (count > 0) {
					noteSaved(count, last);
					this.vanished = null;
				} else if (!first && !this.vanished) {
					// Every evening deleted on purpose, in this app: nothing vanished.
					noteSaved(0);
				}
				first = false;
			},
			error: (err: unknown) => this.#openFailed(err)
		});
		this.#finished = liveQuery(() => anyFinished(this.db)).subscribe({
			next: (finished) => {
				if (finished) void this.#protect();
			},
			error: (err: unknown) => this.#openFailed(err)
		});
		return () => this.stop();
	}

	stop(): void {
		this.#count?.unsubscribe();
		this.#finished?.unsubscribe();
	}

	async #protect(): Promise<void> {
		if (this.#asked) return;
		this.#asked = true;
		this.#finished?.unsubscribe();
		const answer = await requestProtection();
		this.protection = answer;
		// Tell the answer once; ask again on later starts (browsers may grant it later) silently.
		if (answer !== 'unsupported' && rememberGet(NOTED_KEY) !== answer) {
			this.protectionNotice = answer;
		}
	}

	async #recheck(attempt = 0): Promise<void> {
		const marker = readMarker();
		try {
			// Opens the database again (empty, if the browser deleted it). Dexie keeps the failed
			// open of the dropped connection, so start from a clean close.
			if (!this.db.isOpen()) {
				this.db.close({ disableAutoOpen: false });
				await this.db.open();
			}
			const count = await this.db.evenings.count();
			if (dataVanished(marker, count)) this.vanished = marker;
		} catch (err) {
			// While the browser is still deleting, a new connection is closed too: try again shortly.
			const name = (err as { name?: unknown } | null)?.name;
			const closed = name === 'DatabaseClosedError' || name === 'AbortError';
			if (closed && attempt < 6) {
				setTimeout(() => void this.#recheck(attempt + 1), 100 * 2 ** attempt);
			} else this.#openFailed(err);
		}
	}

	#openFailed(err: unknown): void {
		if (isNewerDataError(err)) this.newerData = true;
		else if (this.otherTab === null) console.error('Caboose: the database could not be read', err);
	}

	reload(): void {
		if (this.updateReady) applyUpdate();
		else if (this.newerData || this.otherTab) void updateThenReload();
		else location.reload();
	}

	/** The scorekeeper chose an empty app over restoring a backup. */
	startFresh(): void {
		clearMarker();
		this.vanished = null;
	}

	dismissProtectionNotice(): void {
		if (this.protectionNotice) rememberSet(NOTED_KEY, this.protectionNotice);
		this.protectionNotice = null;
	}
}

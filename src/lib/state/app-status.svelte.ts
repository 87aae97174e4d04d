import { FLUSH_EVENT } from '$lib/db/flush';
import type { Peek, PeekReader } from '$lib/db/peek';
import { applyUpdate, registerServiceWorker, updateThenReload } from '$lib/pwa/register';
import { whenSettled } from '$lib/pwa/settled';
import {
	clearMarker,
	dataVanished,
	noteSaved,
	readMarker,
	rememberGet,
	rememberSet,
	protectionNoticeDue,
	requestProtection,
	retrySoon,
	storageProtection,
	type Protection,
	type SavedMarker
} from '$lib/pwa/storage';

const NOTED_KEY = 'caboose:protection-noted';

/**
 * App-wide status the banners show: an update waiting, another tab that upgraded the data, data
 * from a newer build, data the browser deleted, and whether storage is protected from eviction.
 *
 * Two ways to watch the data. Screens that use the database load the Dexie watcher
 * (status-db.ts) on demand. The home page does not load Dexie at all (JS budget): there a
 * plain-IndexedDB peek reads the evenings and holds a connection only to hear about upgrades and
 * deletions.
 */
export class AppStatusState {
	updateReady = $state(false);
	/** Another tab upgraded (or deleted) the database; this tab's connection is closed. */
	otherTab = $state<'upgrade' | 'delete' | null>(null);
	/** The stored data is newer than this build: nothing is written until a reload. */
	newerData = $state(false);
	/**
	 * The browser does not let the app reach its storage (no IndexedDB, or it refuses to open):
	 * said as such, never as data deleted, since the evenings come back once it can be reached.
	 */
	unreachable = $state(false);
	/** What the marker remembered when the database turned up empty. */
	vanished = $state<SavedMarker | null>(null);
	/** The data vanished while this tab had it open (its site data cleared), round being typed too. */
	removedWhileOpen = $state(false);
	protection = $state<Protection | null>(null);
	/** The browser's answer after the first finished evening, until the scorekeeper saw it. */
	protectionNotice = $state<Protection | null>(null);

	#mode: 'none' | 'peek' | 'database' = 'none';
	/** The route the current peek was taken for. */
	#peekedAt: string | null = null;
	#peekRun = 0;
	#release: (() => void) | null = null;
	#stopDatabase: (() => void) | null = null;
	#asked = false;

	/** Registers the service worker and reads the storage's protection; returns the stop. */
	watch(): () => void {
		registerServiceWorker({ onUpdateReady: () => (this.updateReady = true) });
		void storageProtection().then((p) => (this.protection = p));
		return () => this.stop();
	}

	/**
	 * Called with the route on every navigation. The home page peeks (its cold budget has no room
	 * for Dexie); the read-only view reads nothing for the banners (it stores nothing unless Keep a
	 * copy is tapped, and that write has its own checks); any other route uses the database, and
	 * once Dexie is loaded it keeps watching (going home again costs nothing then). Coming home
	 * from the view, the peek is taken again: a copy kept there counts on the home page.
	 */
	atRoute(routeId: string | null): void {
		if (routeId === '/view') {
			if (this.#mode === 'database') return;
			this.#release?.();
			this.#release = null;
			this.#mode = 'none';
			this.#peekedAt = null;
		} else if (routeId === '/') {
			if (this.#mode === 'database' || routeId === this.#peekedAt) return;
			this.#release?.();
			this.#release = null;
			this.#mode = 'peek';
			this.#peekedAt = routeId;
			void this.#peek(readMarker(), false);
		} else this.useDatabase();
	}

	useDatabase(): void {
		if (this.#mode === 'database') return;
		this.#mode = 'database';
		this.#release?.();
		this.#release = null;
		// The banners' watcher waits for the screen's first paint and its own reads.
		void whenSettled()
			.then(() => import('./app-status-db'))
			.then(
				({ watchDatabase }) => {
					if (this.#mode === 'database') this.#stopDatabase = watchDatabase(this);
				},
				(err: unknown) => console.error('Caboose: the data watcher could not be loaded', err)
			);
	}

	stop(): void {
		this.#release?.();
		this.#release = null;
		this.#stopDatabase?.();
		this.#stopDatabase = null;
		this.#mode = 'none';
		this.#peekedAt = null;
	}

	/** The home page's look at the data: newer data, vanished data, the first finished evening. */
	async #peek(marker: SavedMarker | null, again: boolean, attempt = 0): Promise<void> {
		// Only the newest peek keeps its connection and reports (a route may change meanwhile).
		const run = ++this.#peekRun;
		let peek: Peek<StoredStatus> | null;
		// No IndexedDB at all reads as no database: that is storage out of reach, not data gone.
		if (typeof indexedDB === 'undefined' || indexedDB === null) {
			this.unreachable = true;
			return;
		}
		try {
			// Only the home page peeks, and it has loaded the peek already: every other screen's
			// shell is spared it (and the summaries and rules it reads through).
			const { peekDatabase } = await import('$lib/db/peek');
			const peeked = await peekDatabase(peekStatus, {
				unlisted: again,
				scoring: () => import('$lib/db/summaries').then((m) => m.deriveSummary),
				watch: {
					onVersionChange: (reason) => this.#versionChanged(reason),
					onClose: () => {
						if (run !== this.#peekRun) return;
						this.#release = null;
						// The browser deleted the data (or is deleting it): look again.
						if (this.#mode === 'peek' && this.otherTab === null && !this.newerData) {
							setTimeout(() => void this.#peek(readMarker(), true), 0);
						}
					}
				}
			});
			if (this.#mode !== 'peek' || run !== this.#peekRun) {
				peeked.release();
				return;
			}
			this.#release = peeked.release;
			peek = peeked.peek;
			this.unreachable = false;
		} catch (err) {
			const retried =
				this.#mode === 'peek' && retrySoon(attempt, (next) => void this.#peek(marker, again, next));
			if (!retried) {
				console.error('Caboose: the database could not be read', err);
				if (run === this.#peekRun) this.unreachable = true;
			}
			return;
		}
		if (peek && !peek.answer) {
			// An older build leaves newer data alone, and says so.
			this.newerData = true;
			this.#release?.();
			this.#release = null;
			return;
		}
		const { count, lastSaved, finished } = peek?.answer ?? {
			count: 0,
			lastSaved: 0,
			finished: false
		};
		this.noteCount(marker, count, lastSaved);
		if (finished) void this.protect();
	}

	/**
	 * What a count of the stored evenings says: vanished (the marker remembered more), or saved
	 * (the marker moves on).
	 */
	noteCount(marker: SavedMarker | null, count: number, lastSaved: number): void {
		if (dataVanished(marker, count)) {
			// Keep the marker: the offer stays until a backup is restored or declined.
			this.vanished = marker;
		} else if (count > 0) {
			noteSaved(count, lastSaved);
			this.vanished = null;
			this.removedWhileOpen = false;
		}
	}

	#versionChanged(reason: 'upgrade' | 'delete'): void {
		this.#release = null;
		// Nothing on the home page keeps a draft, but the event is the app's contract: whoever
		// listens writes what is on screen.
		const detail = { waitUntil: () => undefined };
		window.dispatchEvent(new CustomEvent(FLUSH_EVENT, { detail }));
		this.otherTab = reason;
	}

	/** Asks the browser to protect storage, once per start (after the first finished evening). */
	async protect(): Promise<void> {
		if (this.#asked) return;
		this.#asked = true;
		const answer = await requestProtection();
		this.protection = answer;
		// Tell the answer once, ever; ask again on later starts (browsers may grant it later)
		// silently. Kept as soon as it is shown, so a changed answer never brings it back.
		if (protectionNoticeDue(answer, rememberGet(NOTED_KEY))) {
			this.protectionNotice = answer;
			rememberSet(NOTED_KEY, answer);
		}
	}

	get asked(): boolean {
		return this.#asked;
	}

	/** This tab is out of date (newer data, or another tab upgraded it): only Reload helps. */
	get stale(): boolean {
		return this.newerData || this.otherTab !== null;
	}

	reload(): void {
		if (this.updateReady) applyUpdate();
		else if (this.stale) void updateThenReload();
		else location.reload();
	}

	/** The scorekeeper chose an empty app over restoring a backup. */
	startFresh(): void {
		clearMarker();
		this.vanished = null;
		this.removedWhileOpen = false;
	}

	dismissProtectionNotice(): void {
		if (this.protectionNotice) rememberSet(NOTED_KEY, this.protectionNotice);
		this.protectionNotice = null;
	}
}

export interface StoredStatus {
	count: number;
	lastSaved: number;
	finished: boolean;
}

/**
 * What the banners need from the stored evenings: how many, when last saved, and whether one is
 * finished (asked once per start: only the first answer leads anywhere).
 */
export async function peekStatus(reader: PeekReader): Promise<StoredStatus> {
	const [count, lastSaved] = await Promise.all([reader.count(), reader.lastSaved()]);
	return { count, lastSaved, finished: await reader.anyFinished() };
}

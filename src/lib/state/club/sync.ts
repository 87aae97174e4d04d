// The club's sync loop: while the phone is joined to a club as a table and online, it sends the
// outbox in order, in batches, and drops operations only once the club acknowledged them (stored,
// or had them already). It runs beside the screens and never holds a tap: a write only appends to
// the outbox in its own transaction, and the loop reads and settles the outbox in short ones of
// its own. Offline, it waits for the browser's `online`; on a failure it tries again later,
// waiting twice as long each time (up to a minute). A 401 means the club ended this table's
// access: it stops, and Settings says so; every evening stays on the phone.

import type { CabooseDb } from '$lib/db/database';
import { clubMembership, markRevoked, settleOps, waitingOps, outboxCounts } from '$lib/db/outbox';
import { backoff, sendBatch, type Fetch } from '$lib/club/client';
import { MAX_BATCH_OPS, type ClubOp } from '$lib/club/protocol';
import { appDb, follow } from '../app-db';

export type SyncStatus = 'idle' | 'sending' | 'offline' | 'waiting-to-retry' | 'stopped';

export interface SyncOptions {
	fetch?: Fetch;
	/** Where `online` and `offline` are heard (the window). */
	events?: EventTarget;
	isOnline?: () => boolean;
	setTimer?: (run: () => void, ms: number) => unknown;
	clearTimer?: (timer: unknown) => void;
	/** Runs `work` while no other tab of this phone sends (Web Locks), so two do not race. */
	exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
	onStatus?: (status: SyncStatus) => void;
}

function webLock<T>(work: () => Promise<T>): Promise<T> {
	const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
	// (request resolves to what `work` resolves to.)
	return locks ? (locks.request('caboose-club-sync', work) as Promise<T>) : work();
}

export class ClubSync {
	readonly #db: CabooseDb;
	readonly #fetch: Fetch;
	readonly #events: EventTarget | null;
	readonly #isOnline: () => boolean;
	readonly #setTimer: (run: () => void, ms: number) => unknown;
	readonly #clearTimer: (timer: unknown) => void;
	readonly #exclusive: <T>(work: () => Promise<T>) => Promise<T>;
	readonly #onStatus: (status: SyncStatus) => void;
	#running: Promise<void> | null = null;
	#again = false;
	#stopped = false;
	#retry: unknown = null;
	#failures = 0;
	#batchSize = MAX_BATCH_OPS;
	status: SyncStatus = 'idle';

	constructor(db: CabooseDb = appDb, options: SyncOptions = {}) {
		this.#db = db;
		this.#fetch = options.fetch ?? ((...a) => fetch(...a));
		this.#events = options.events ?? (typeof window === 'undefined' ? null : window);
		this.#isOnline =
			options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
		this.#setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
		this.#clearTimer =
			options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
		this.#exclusive = options.exclusive ?? webLock;
		this.#onStatus = options.onStatus ?? (() => undefined);
	}

	/** Starts sending (now, on every new operation, and when the phone comes online); the stop. */
	start(): () => void {
		this.#stopped = false;
		const online = () => {
			// Back online: no reason to wait out a failure that happened offline.
			this.#cancelRetry();
			this.#failures = 0;
			this.kick();
		};
		const offline = () => this.#setStatus('offline');
		this.#events?.addEventListener('online', online);
		this.#events?.addEventListener('offline', offline);
		// A new operation in the outbox (this tab's write or another's).
		const unfollow = follow(
			this.#db,
			(db) => outboxCounts(db),
			() => {
				if (this.#retry === null) this.kick();
			},
			() => undefined
		);
		this.kick();
		return () => {
			this.#stopped = true;
			this.#cancelRetry();
			this.#events?.removeEventListener('online', online);
			this.#events?.removeEventListener('offline', offline);
			unfollow();
		};
	}

	/** Sends what waits, unless a round of sending is under way (it then runs once more). */
	kick(): Promise<void> {
		if (this.#running) {
			this.#again = true;
			return this.#running;
		}
		this.#running = (async () => {
			try {
				do {
					this.#again = false;
					await this.#exclusive(() => this.#sendAll());
				} while (this.#again && !this.#stopped && this.#retry === null);
			} catch (error) {
				// The database failed (closed, upgraded elsewhere): try again as after a failed send.
				console.error('Caboose: the club sync failed', error);
				this.#later(null);
			} finally {
				this.#running = null;
			}
		})();
		return this.#running;
	}

	/** Batches in order until the outbox is empty, the phone offline, or a send fails. */
	async #sendAll(): Promise<void> {
		while (!this.#stopped) {
			const club = await clubMembership(this.#db);
			if (!club || club.role !== 'table' || club.revoked) return this.#setStatus('stopped');
			if (!this.#isOnline()) return this.#setStatus('offline');
			const batch = await waitingOps(this.#db, this.#batchSize);
			if (batch.length === 0) return this.#setStatus('idle');
			this.#setStatus('sending');
			const ops = batch.map((row) => row.op as ClubOp);
			const answer = await sendBatch(this.#fetch, club, ops);
			switch (answer.kind) {
				case 'ack': {
					const { applied, ignored, refused } = answer.ack;
					await settleOps(this.#db, batch, [...applied, ...ignored], refused);
					this.#failures = 0;
					this.#batchSize = MAX_BATCH_OPS;
					break;
				}
				case 'invalid': {
					// One operation the club refuses unread would hold back every one after it. When
					// the answer does not say which, they go one at a time until it is found.
					if (answer.index === null && batch.length > 1) {
						this.#batchSize = 1;
						break;
					}
					const bad = batch[answer.index ?? 0];
					await settleOps(this.#db, batch, [], bad ? [{ id: bad.op.id, code: 'invalid' }] : []);
					break;
				}
				case 'revoked':
					await markRevoked(this.#db, club.token);
					return this.#setStatus('stopped');
				case 'retry':
					return this.#later(answer.after);
			}
		}
	}

	#later(after: number | null): void {
		if (this.#stopped) return;
		const wait = after ?? backoff(this.#failures);
		this.#failures++;
		this.#setStatus('waiting-to-retry');
		this.#cancelRetry();
		this.#retry = this.#setTimer(() => {
			this.#retry = null;
			void this.kick();
		}, wait);
	}

	#cancelRetry(): void {
		if (this.#retry !== null) this.#clearTimer(this.#retry);
		this.#retry = null;
	}

	#setStatus(status: SyncStatus): void {
		this.status = status;
		this.#onStatus(status);
	}
}

let running: { sync: ClubSync; stop: () => void } | null = null;

/** Starts this tab's sync loop if it is not running (the app shell, and a phone that just joined). */
export function runClubSync(db: CabooseDb = appDb): ClubSync {
	if (!running) {
		const sync = new ClubSync(db);
		running = { sync, stop: sync.start() };
	}
	return running.sync;
}

/** Stops this tab's sync loop (the phone left its club). */
export function stopClubSync(): void {
	running?.stop();
	running = null;
}

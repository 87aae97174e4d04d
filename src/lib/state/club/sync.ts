// The club's sync loop: while the phone is joined to a club as a table and online, it sends the
// outbox in order, in batches, and drops operations only once the club acknowledged them (stored,
// or had them already). It runs beside the screens and never holds a tap: a write only appends to
// the outbox in its own transaction, and the loop reads and settles the outbox in short ones of
// its own. Offline, it waits for the browser's `online`; on a failure it tries again later,
// waiting twice as long each time (up to a minute). An operation the club refuses or cannot take
// is set aside with its reason (db/settle.ts) and the rest go on; one the club holds a newer
// revision of is sent again above it. A claim (the evening a table's phone started for its seats
// at a club night) goes alone, in its place, after the changes before it. A 401 means the club
// ended this table's access: it stops, and Settings says so; every evening stays on the phone.
// The club's live channel (where the browser has one) has it read the organiser's corrections on
// a `change`, so a correction shows without waiting for the table's next save.

import type { CabooseDb, ClubMembership, OutboxRow } from '$lib/db/database';
import { clubMembership, markRevoked, waitingOps, outboxCounts } from '$lib/db/outbox';
import { settleOps } from '$lib/db/settle';
import { backoff, sendBatch, type BatchAnswer, type Fetch } from '$lib/club/client';
import { MAX_BATCH_OPS, type ClubOp } from '$lib/club/protocol';
import { sendClaim } from '$lib/club/night-client';
import { appDb, follow } from '../app-db';
import { takeCorrections } from './corrections';
import { followMembership, type ReadResult } from './live';

/** Failures of the club's server (500) on the same batch in a row before it is taken apart. */
export const SERVER_FAILURES = 3;

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

const idOf = (x: string | { id: string }) => (typeof x === 'string' ? x : x.id);

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
	/** Operations left to send one at a time while looking for one the club cannot take. */
	#search = 0;
	/** The club's corrections are to be read before the next batch (at start, back online). */
	#askCorrections = true;
	/** The batch the club's server failed on, and how many times in a row. */
	#failed: { first: string; size: number; count: number } | null = null;
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
			this.#askCorrections = true;
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
		const unlive =
			typeof EventSource === 'undefined'
				? () => undefined
				: followMembership(this.#db, (club) =>
						club?.role === 'table' && !club.revoked
							? { read: () => this.#changed(), update: () => undefined, about: ['correction'] }
							: null
					);
		this.kick();
		return () => {
			this.#stopped = true;
			this.#cancelRetry();
			this.#events?.removeEventListener('online', online);
			this.#events?.removeEventListener('offline', offline);
			unfollow();
			unlive();
		};
	}

	/**
	 * A `change` of the club's live channel that may bring a correction (one that says so, or says
	 * nothing of what changed): the corrections are read before the next batch. A
	 * burst of changes reads them once: each only raises the flag that one read takes down (and
	 * waits for nothing, so the burst is over before that read starts); a round of sending under
	 * way runs once more. Waiting out a failure, the retry reads them.
	 */
	#changed(): Promise<ReadResult> {
		this.#askCorrections = true;
		if (this.#retry === null) void this.kick();
		// Stopped (the club ended this table's access): the channel stops too.
		return Promise.resolve(this.status === 'stopped' ? 'refused' : 'ok');
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
			if (this.#askCorrections) {
				// Down before the read: a change heard during it asks again (as does a failed read).
				this.#askCorrections = false;
				let read = false;
				try {
					read = await takeCorrections(this.#db, this.#fetch, club);
				} finally {
					if (!read) this.#askCorrections = true;
				}
			}
			const waiting = await waitingOps(this.#db, this.#search > 0 ? 1 : MAX_BATCH_OPS);
			if (waiting.length === 0) return this.#setStatus('idle');
			this.#setStatus('sending');
			if (waiting[0]!.op.kind === 'claim') {
				if (await this.#sendClaim(club, waiting[0]!)) continue;
				return;
			}
			// A claim waits its turn: the changes before it go first, as one batch.
			const cut = waiting.findIndex((row) => row.op.kind === 'claim');
			const batch = cut === -1 ? waiting : waiting.slice(0, cut);
			const ops = batch.map((row) => row.op as ClubOp);
			const answer = await sendBatch(this.#fetch, club, ops);
			if (answer.kind === 'revoked') {
				await markRevoked(this.#db, club.token);
				return this.#setStatus('stopped');
			}
			if (answer.kind === 'retry') return this.#later(answer.after);
			if (answer.kind === 'failed' && !(await this.#failedAgain(batch))) {
				return this.#later(null);
			}
			if (answer.kind === 'set-aside') await this.#setAside(batch, answer);
			if (answer.kind === 'ack') {
				const { applied, ignored, refused, behind } = answer.ack;
				const named = new Set([...applied, ...ignored, ...refused, ...behind].map(idOf));
				// An answer that names none of the batch would have it sent again at once, forever.
				if (!batch.some((row) => named.has(row.op.id))) return this.#later(null);
				// The club holds a newer revision: an organiser's correction, taken in before the
				// evening is sent again above it (else the phone's copy would go without it, and
				// be behind again). Not read: the batch waits and goes again later.
				if (behind.length > 0 && !(await takeCorrections(this.#db, this.#fetch, club))) {
					return this.#later(null);
				}
				await settleOps(this.#db, batch, {
					done: [...applied, ...ignored],
					setAside: refused,
					behind
				});
				this.#failures = 0;
				this.#failed = null;
				this.#search = Math.max(0, this.#search - batch.length);
			}
		}
	}

	/**
	 * Tells the club which evening this phone started for its seats (a claim). True when it is
	 * settled (claimed, or refused and set aside with the club's reason, as a batch's operation
	 * would be); false: stop here (revoked, or try again later).
	 */
	async #sendClaim(club: ClubMembership, row: OutboxRow): Promise<boolean> {
		const { op } = row;
		if (op.kind !== 'claim') return true;
		const { eveningId, game, table } = op;
		const answer = await sendClaim(this.#fetch, club, { eveningId, game, table });
		if (answer.kind === 'revoked') {
			await markRevoked(this.#db, club.token);
			this.#setStatus('stopped');
			return false;
		}
		if (answer.kind === 'retry') {
			this.#later(null);
			return false;
		}
		await settleOps(
			this.#db,
			[row],
			answer.kind === 'claimed'
				? { done: [op.id], setAside: [] }
				: { done: [], setAside: [{ id: op.id, code: answer.code }] }
		);
		this.#failures = 0;
		return true;
	}

	/**
	 * One operation the club cannot take would hold back every one after it: it is set aside with
	 * the club's reason. When the answer does not say which, they go one at a time until it is
	 * found (or the batch is through).
	 */
	async #setAside(
		batch: readonly OutboxRow[],
		answer: Extract<BatchAnswer, { kind: 'set-aside' }>
	): Promise<void> {
		if (answer.index === null && batch.length > 1) {
			this.#search = batch.length;
			return;
		}
		const bad = batch[answer.index ?? 0];
		if (!bad) return;
		const { code, path } = answer;
		await settleOps(this.#db, batch, {
			done: [],
			setAside: [{ id: bad.op.id, code, ...(path ? { path } : {}) }]
		});
		this.#search = 0;
	}

	/**
	 * The club's server failed (500) on `batch`. A server that fails the same batch every time
	 * (a value it chokes on) must not hold the phone forever: after SERVER_FAILURES in a row the
	 * batch goes one at a time, and an operation that alone fails as often is set aside. True when
	 * this was settled so; false: wait, and send the same again.
	 */
	async #failedAgain(batch: readonly OutboxRow[]): Promise<boolean> {
		const first = batch[0]!.op.id;
		const same = this.#failed?.first === first && this.#failed.size === batch.length;
		this.#failed = { first, size: batch.length, count: same ? this.#failed!.count + 1 : 1 };
		if (this.#failed.count < SERVER_FAILURES) return false;
		this.#failed = null;
		if (batch.length > 1) this.#search = batch.length;
		else {
			await settleOps(this.#db, batch, {
				done: [],
				setAside: [{ id: first, code: 'server-error' }]
			});
			this.#search = 0;
		}
		return true;
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

import type { EveningRow, RoundRow, SummaryRow } from './database';
import {
	deriveSummary,
	roundCountsFromKeys,
	summaryIsCurrent,
	type ListedEvening
} from './summaries';

// A read-only look at the saved evenings with plain IndexedDB, for the home page: it must stay
// small (JS budget), so it never loads Dexie. Two rules keep it harmless next to Dexie: it never
// creates the database (that would make an empty version 1 Dexie cannot use), and it never
// stands in the way of an upgrade (it closes as soon as another connection asks).
//
// Only types come from database.ts: a value import would pull Dexie into the home page.
// (summaries.ts imports Dexie's types only.)

export const DB_NAME = 'caboose';
/** The native version of the current schema (Dexie stores version × 10); a test keeps it in step. */
export const SCHEMA_NATIVE_VERSION = 20;
/** database.ts DATA_VERSION, repeated here for the same reason; a test keeps it in step. */
export const PEEK_DATA_VERSION = 2;

export interface Peek {
	/** The native IndexedDB version of the stored database. */
	version: number;
	/** The data format recorded in the meta store (0 when none is recorded). */
	dataVersion: number;
	evenings: EveningRow[];
	/** The stored summaries (none before schema v2). */
	summaries: SummaryRow[];
	/** Only the rounds of evenings without a current summary: the rest is never read. */
	rounds: RoundRow[];
	/** Rounds stored per evening id, from the rounds' keys. */
	roundCounts: Map<string, number>;
}

export interface PeekWatch {
	/** Another connection upgrades or deletes the database; the peek has closed already. */
	onVersionChange(reason: 'upgrade' | 'delete'): void;
	/** The browser closed the connection without being asked (e.g. site data was cleared). */
	onClose(): void;
}

export interface PeekOptions {
	name?: string;
	factory?: IDBFactory;
	/** Keep the connection open after reading, to hear about upgrades and deletions. */
	watch?: PeekWatch;
	/**
	 * Skip `indexedDB.databases()`: Chromium leaves it pending while the browser clears site
	 * data. Safe all the same: an open that would create the database is aborted.
	 */
	unlisted?: boolean;
}

export interface Peeked {
	/** Null when there is no database (nothing was ever saved, or the browser deleted it). */
	peek: Peek | null;
	/** Closes the connection if it is still open (only a watched peek keeps it). */
	release(): void;
}

const nothing: Peeked = { peek: null, release: () => undefined };

/** True when the stored data was written by a newer Caboose than this build. */
export function peekIsNewer(peek: Peek): boolean {
	return peek.version > SCHEMA_NATIVE_VERSION || peek.dataVersion > PEEK_DATA_VERSION;
}

/** Opens without a version; resolves null if the database turned out not to exist. */
/** A request failed without an error of its own: which step failed (a code, not a sentence). */
export class PeekFailed extends Error {
	override name = 'PeekFailed';
	constructor(readonly step: 'open' | 'read') {
		super(`peek-failed: ${step}`);
	}
}

function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
	return new Promise((resolve, reject) => {
		const req = factory.open(name);
		let created = false;
		// It was deleted between the listing and this open: abort, so nothing is created.
		req.onupgradeneeded = () => {
			created = true;
			req.transaction?.abort();
		};
		req.onsuccess = () => resolve(req.result);
		req.onerror = (ev) => {
			if (created) {
				ev.preventDefault();
				resolve(null);
			} else reject(req.error ?? new PeekFailed('open'));
		};
	});
}

function all<T>(store: IDBObjectStore): Promise<T[]> {
	return new Promise((resolve, reject) => {
		const req = store.getAll();
		req.onsuccess = () => resolve(req.result as T[]);
		req.onerror = () => reject(req.error ?? new PeekFailed('read'));
	});
}

function one<T>(store: IDBObjectStore, key: string): Promise<T | undefined> {
	return new Promise((resolve, reject) => {
		const req = store.get(key);
		req.onsuccess = () => resolve(req.result as T | undefined);
		req.onerror = () => reject(req.error ?? new PeekFailed('read'));
	});
}

function allKeys(store: IDBObjectStore): Promise<IDBValidKey[]> {
	return new Promise((resolve, reject) => {
		const req = store.getAllKeys();
		req.onsuccess = () => resolve(req.result);
		req.onerror = () => reject(req.error ?? new Error('A store could not be read'));
	});
}

function byIndex<T>(store: IDBObjectStore, index: string, key: string): Promise<T[]> {
	return new Promise((resolve, reject) => {
		const req = store.index(index).getAll(key);
		req.onsuccess = () => resolve(req.result as T[]);
		req.onerror = () => reject(req.error ?? new Error('A store could not be read'));
	});
}

async function read(db: IDBDatabase): Promise<Peek> {
	const stores = ['evenings', 'summaries', 'rounds', 'meta'];
	const present = stores.filter((n) => db.objectStoreNames.contains(n));
	const peek: Peek = {
		version: db.version,
		dataVersion: 0,
		evenings: [],
		summaries: [],
		rounds: [],
		roundCounts: new Map()
	};
	if (present.length === 0) return peek;
	// One transaction: the evenings, their summaries and rounds as of the same moment.
	const tx = db.transaction(present, 'readonly');
	const has = (n: string) => present.includes(n);
	const [evenings, summaries, meta] = await Promise.all([
		has('evenings') ? all<EveningRow>(tx.objectStore('evenings')) : [],
		has('summaries') ? all<SummaryRow>(tx.objectStore('summaries')) : [],
		has('meta') ? one<{ value?: unknown }>(tx.objectStore('meta'), 'dataVersion') : undefined
	]);
	peek.evenings = evenings;
	peek.summaries = summaries;
	peek.dataVersion = typeof meta?.value === 'number' ? meta.value : 0;
	if (has('rounds')) {
		// Rounds only where a summary is missing or not current (all of them in a database of
		// schema v1), asked for within the same transaction; the rest only by their keys.
		const rounds = tx.objectStore('rounds');
		peek.roundCounts = roundCountsFromKeys(await allKeys(rounds));
		const current = new Map(summaries.map((s) => [s.eveningId, s]));
		const stale = evenings.filter(
			(e) => !summaryIsCurrent(current.get(e.id), e, peek.roundCounts.get(e.id) ?? 0)
		);
		const lists =
			stale.length === evenings.length
				? [await all<RoundRow>(rounds)]
				: await Promise.all(stale.map((e) => byIndex<RoundRow>(rounds, 'eveningId', e.id)));
		peek.rounds = lists.flat();
	}
	return peek;
}

/**
 * Reads the evenings and rounds, if a database exists. Without `watch` the connection is closed
 * at once; with it, it stays open until `release()`, an upgrade or deletion elsewhere (closed at
 * once, so that never waits on this tab), or the browser dropping it.
 */
export async function peekDatabase(options: PeekOptions = {}): Promise<Peeked> {
	const name = options.name ?? DB_NAME;
	const factory = options.factory ?? globalThis.indexedDB;
	if (!factory) return nothing;
	// Listing first: opening a database that does not exist would create it.
	if (!options.unlisted) {
		const listed = await factory.databases();
		if (!listed.some((d) => d.name === name)) return nothing;
	}
	const db = await openExisting(factory, name);
	if (!db) return nothing;

	let open = true;
	const release = () => {
		if (!open) return;
		open = false;
		db.close();
	};
	db.onversionchange = (ev) => {
		release();
		options.watch?.onVersionChange(ev.newVersion ? 'upgrade' : 'delete');
	};
	db.onclose = () => {
		open = false;
		options.watch?.onClose();
	};
	try {
		const peek = await read(db);
		if (!options.watch) release();
		return { peek, release };
	} catch (err) {
		release();
		throw err;
	}
}

/**
 * The peeked evenings as the list shows them, newest first, each with its summary: the stored
 * one when current, else derived from its rounds. An evening whose rules this build cannot read
 * is left out.
 */
export function peekedEvenings(peek: Peek): ListedEvening[] {
	const summaries = new Map(peek.summaries.map((s) => [s.eveningId, s]));
	const byEvening = new Map<string, RoundRow[]>();
	for (const r of peek.rounds) {
		const list = byEvening.get(r.eveningId);
		if (list) list.push(r);
		else byEvening.set(r.eveningId, [r]);
	}
	// As listEvenings orders them: createdAt descending, then id descending.
	const evenings = [...peek.evenings].sort(
		(a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
	);
	const out: ListedEvening[] = [];
	for (const evening of evenings) {
		const stored = summaries.get(evening.id);
		if (summaryIsCurrent(stored, evening, peek.roundCounts.get(evening.id) ?? 0)) {
			out.push({ evening, summary: stored });
			continue;
		}
		try {
			out.push({ evening, summary: deriveSummary(evening, byEvening.get(evening.id) ?? []) });
		} catch {
			// An evening this build cannot read is not offered.
		}
	}
	return out;
}

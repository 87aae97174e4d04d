import type { EveningRow, RoundRow, SummaryRow } from './database';
import type { deriveSummary } from './summaries';
import { summaryIsCurrent, type ListedEvening } from './summary-current';
import { CLUB_KEY, CLUB_SEATS_KEY, readMembership } from './outbox';
import { seatsCard, type SeatsCard } from './seats-card';
import type { ClubMembership } from './rows';

// A read-only look at the saved evenings with plain IndexedDB, for the home page: it must stay
// small (JS budget), so it never loads Dexie. Two rules keep it harmless next to Dexie: it never
// creates the database (that would make an empty version 1 Dexie cannot use), and it never
// stands in the way of an upgrade (it closes as soon as another connection asks).
//
// Only types come from database.ts: a value import would pull Dexie into the home page. The
// scoring core (summaries.ts) is loaded only for a stored summary that no longer holds.

export const DB_NAME = 'caboose';
/** The native version of the current schema (Dexie stores version × 10); a test keeps it in step. */
export const SCHEMA_NATIVE_VERSION = 60;
/** database.ts DATA_VERSION, repeated here for the same reason; a test keeps it in step. */
export const PEEK_DATA_VERSION = 6;

export interface Peek<T> {
	/** The native IndexedDB version of the stored database. */
	version: number;
	/** The data format recorded in the meta store (0 when none is recorded). */
	dataVersion: number;
	/** What was asked, read in the same transaction; null when the data is newer than this build. */
	answer: T | null;
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
	 * Loads the scoring core, for a stored summary that no longer holds: an import() in the
	 * caller's own file. Here it would hide files from the home page's preloads (SvelteKit skips
	 * a file it met first behind an import(): the rules' tiles that `format` needs). A peek that
	 * needs it without it fails.
	 */
	scoring?: () => Promise<DeriveSummary>;
	/**
	 * Skip `indexedDB.databases()`: Chromium leaves it pending while the browser clears site
	 * data. Safe all the same: an open that would create the database is aborted.
	 */
	unlisted?: boolean;
}

export interface Peeked<T> {
	/** Null when there is no database (nothing was ever saved, or the browser deleted it). */
	peek: Peek<T> | null;
	/** Closes the connection if it is still open (only a watched peek keeps it). */
	release(): void;
}

/** True when the stored data was written by a newer Caboose than this build. */
export function peekIsNewer(peek: { version: number; dataVersion: number }): boolean {
	return peek.version > SCHEMA_NATIVE_VERSION || peek.dataVersion > PEEK_DATA_VERSION;
}

/** The scoring core's summary of an evening (db/summaries.ts), loaded only when needed. */
export type DeriveSummary = typeof deriveSummary;

/**
 * The scoring core's summary, once loaded: a peek meets a summary that no longer holds only for
 * an evening written past the data functions (or with rules this build cannot read), so the
 * home page does not load it to paint.
 */
let derive: DeriveSummary | null = null;

/**
 * A summary must be derived before the scoring core is loaded. An import() inside the
 * transaction would let it commit while waiting, so the peek ends and is asked again once loaded.
 */
class ScoringNeeded extends Error {
	override name = 'ScoringNeeded';
}

/** A request failed without an error of its own: which step failed (a code, not a sentence). */
export class PeekFailed extends Error {
	override name = 'PeekFailed';
	constructor(readonly step: 'open' | 'read') {
		super(`peek-failed: ${step}`);
	}
}

/** Opens without a version; resolves null if the database turned out not to exist. */
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

function result<T>(req: IDBRequest): Promise<T> {
	return new Promise((resolve, reject) => {
		req.onsuccess = () => resolve(req.result as T);
		req.onerror = () => reject(req.error ?? new PeekFailed('read'));
	});
}

/** The data format recorded in the meta store (0 when none is recorded). */
async function dataVersionIn(tx: IDBTransaction): Promise<number> {
	const meta = await result<{ value?: unknown } | undefined>(
		tx.objectStore('meta').get('dataVersion')
	);
	return typeof meta?.value === 'number' ? meta.value : 0;
}

/**
 * The questions the home page asks, each answered with a few small reads inside one read-only
 * transaction: however long the history, it reads no more than it needs (the newest evenings
 * up to the answer, by the `createdAt` index), never every evening or every round.
 */
export class PeekReader {
	readonly #tx: IDBTransaction | null;
	/** `tx`: over the stores there are (null when there are none). */
	constructor(tx: IDBTransaction | null) {
		this.#tx = tx;
	}

	#store(name: string): IDBObjectStore | null {
		return this.#tx?.objectStoreNames.contains(name) ? this.#tx.objectStore(name) : null;
	}

	/** Evenings stored. */
	async count(): Promise<number> {
		const evenings = this.#store('evenings');
		return evenings ? result<number>(evenings.count()) : 0;
	}

	/** When an evening was last saved (0 with none). */
	async lastSaved(): Promise<number> {
		const evenings = this.#store('evenings');
		if (!evenings) return 0;
		const req = evenings.index('updatedAt').openCursor(null, 'prev');
		const cursor = await result<IDBCursorWithValue | null>(req);
		return (cursor?.value as EveningRow | undefined)?.updatedAt ?? 0;
	}

	/**
	 * The evenings as listEvenings orders them (createdAt, then id, descending: an index cursor
	 * walking back visits equal dates by id, backwards), read one at a time.
	 */
	async *#newestFirst(): AsyncGenerator<EveningRow> {
		const evenings = this.#store('evenings');
		if (!evenings) return;
		const req = evenings.index('createdAt').openCursor(null, 'prev');
		let cursor = await result<IDBCursorWithValue | null>(req);
		while (cursor) {
			yield cursor.value as EveningRow;
			const next = result<IDBCursorWithValue | null>(req);
			cursor.continue();
			cursor = await next;
		}
	}

	/**
	 * An evening with its summary: the stored one when current, else derived from its rounds.
	 * Null for an evening whose rules this build cannot read (it is not offered).
	 */
	async listed(evening: EveningRow): Promise<ListedEvening | null> {
		const rounds = this.#store('rounds')?.index('eveningId');
		const summaries = this.#store('summaries');
		const [stored, count] = await Promise.all([
			summaries ? result<SummaryRow | undefined>(summaries.get(evening.id)) : undefined,
			rounds ? result<number>(rounds.count(evening.id)) : 0
		]);
		if (summaryIsCurrent(stored, evening, count)) return { evening, summary: stored };
		if (!derive) throw new ScoringNeeded();
		try {
			const played = rounds ? await result<RoundRow[]>(rounds.getAll(evening.id)) : [];
			return { evening, summary: derive(evening, played) };
		} catch {
			return null;
		}
	}

	/** The newest evening not yet over (for Continue). Ended evenings need no other read. */
	async newestOpen(): Promise<ListedEvening | null> {
		for await (const evening of this.#newestFirst()) {
			if (evening.endedAt !== null) continue;
			const item = await this.listed(evening);
			if (item && !item.summary.over) return item;
		}
		return null;
	}

	/** The club this phone joined, or null (one key of the meta store). */
	async club(): Promise<ClubMembership | null> {
		const meta = this.#store('meta');
		if (!meta) return null;
		const row = await result<{ value?: unknown } | undefined>(meta.get(CLUB_KEY));
		return readMembership(row?.value);
	}

	/** This table's seats at tonight's club night, for the home page's card (null: none kept). */
	async clubSeats(club: ClubMembership | null): Promise<SeatsCard | null> {
		const meta = this.#store('meta');
		if (!meta || club?.role !== 'table') return null;
		const row = await result<{ value?: unknown } | undefined>(meta.get(CLUB_SEATS_KEY));
		return seatsCard(row?.value, club.server);
	}

	/** Whether any evening is finished: ended, or played to its last round. */
	async anyFinished(): Promise<boolean> {
		for await (const evening of this.#newestFirst()) {
			if (evening.endedAt !== null) return true;
			if ((await this.listed(evening))?.summary.over) return true;
		}
		return false;
	}
}

/**
 * Opens the database, if one exists, and answers `ask` from it in one read-only transaction
 * (unless the data is newer than this build: then `answer` is null). Without `watch` the
 * connection is closed at once; with it, it stays open until `release()`, an upgrade or deletion
 * elsewhere (closed at once, so that never waits on this tab), or the browser dropping it.
 */
export async function peekDatabase<T>(
	ask: (reader: PeekReader) => Promise<T>,
	options: PeekOptions = {}
): Promise<Peeked<T>> {
	try {
		return await peekOnce(ask, options);
	} catch (err) {
		if (!(err instanceof ScoringNeeded) || !options.scoring) throw err;
		derive = await options.scoring();
		return peekOnce(ask, options);
	}
}

async function peekOnce<T>(
	ask: (reader: PeekReader) => Promise<T>,
	options: PeekOptions
): Promise<Peeked<T>> {
	const name = options.name ?? DB_NAME;
	const factory = options.factory ?? globalThis.indexedDB;
	const nothing: Peeked<T> = { peek: null, release: () => undefined };
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
		const peek: Peek<T> = { version: db.version, dataVersion: 0, answer: null };
		const stores = ['evenings', 'summaries', 'rounds', 'meta'].filter((n) =>
			db.objectStoreNames.contains(n)
		);
		const tx = stores.length > 0 ? db.transaction(stores, 'readonly') : null;
		if (tx && stores.includes('meta')) peek.dataVersion = await dataVersionIn(tx);
		// Newer data is for a newer build to read.
		if (!peekIsNewer(peek)) peek.answer = await ask(new PeekReader(tx));
		if (!options.watch) release();
		return { peek, release };
	} catch (err) {
		release();
		throw err;
	}
}

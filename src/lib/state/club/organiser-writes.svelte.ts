// The organiser's writes from one screen, one at a time: each is sent with the night's revision
// the one before it left (read again after it), so a screen never sends a revision it knows is
// old; a fresh Idempotency-Key each. What every organiser's screen (the night, the members)
// sends through, and the base of those screens' classes.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import type { Fetch } from '$lib/club/client';
import { write, type Write, type WriteAnswer } from '$lib/club/night-client';
import { appDb } from '../app-db';
import { ClubReading } from './reading.svelte';

/** A write to send, made from the revision shown and a fresh Idempotency-Key. */
export type MakeWrite = (revision: number, key: string) => Write;

export class OrganiserWrites {
	/** A write on its way to the club. */
	busy = $state(false);
	#sending: Promise<WriteAnswer> | null = null;
	readonly #fetch: Fetch;
	readonly #key: () => string;

	constructor(fetchFn: Fetch, key: () => string) {
		this.#fetch = fetchFn;
		this.#key = key;
	}

	/**
	 * Sends `make`'s write once the one before it answered, with the revision `shown` gives then
	 * (null: nothing read yet, so nothing is sent), and reads again after a stored one (`stored`:
	 * what it changed is new) or a stale one (another write came first: anything may be new).
	 */
	async send(
		club: ClubMembership | null | undefined,
		shown: () => number | null,
		make: MakeWrite,
		reread: (club: ClubMembership, stored: boolean) => Promise<unknown>
	): Promise<WriteAnswer> {
		while (this.#sending) await this.#sending.catch(() => {});
		const revision = shown();
		if (!club || revision === null) return { ok: false, reason: 'unreachable' };
		this.busy = true;
		this.#sending = (async () => {
			const answer = await write(this.#fetch, club, make(revision, this.#key()));
			if (answer.ok || answer.reason === 'stale') await reread(club, answer.ok);
			return answer;
		})();
		try {
			return await this.#sending;
		} finally {
			this.#sending = null;
			this.busy = false;
		}
	}
}

/**
 * The turns of one thing's reads, taken when each starts: whether its answer may be kept once it
 * comes (`answered`: it brought something). A read after a write and one the live channel asked
 * for may overlap; an answer that comes after a later read's was kept is older than what is
 * shown, and would send the next write with an old revision (409 stale).
 */
export class ReadTurns {
	#started = 0;
	#kept = 0;

	take(): (answered: boolean) => boolean {
		const mine = ++this.#started;
		return (answered) => {
			if (mine < this.#kept) return false;
			if (answered) this.#kept = mine;
			return true;
		};
	}
}

/** An organiser's screen: it reads only with an organiser's key, and writes one at a time. */
export abstract class OrganiserScreen extends ClubReading {
	protected readonly writes: OrganiserWrites;
	readonly #turns = new ReadTurns();

	constructor(
		db: CabooseDb = appDb,
		fetchFn: Fetch = (...a) => fetch(...a),
		key: () => string = () => crypto.randomUUID()
	) {
		super(db, fetchFn);
		this.writes = new OrganiserWrites(fetchFn, key);
	}

	/** An action on its way to the club. */
	get busy(): boolean {
		return this.writes.busy;
	}

	protected reads(club: ClubMembership): boolean {
		return club.role === 'organiser';
	}

	/** A read's turn (ReadTurns), taken when it starts. */
	protected turn(): (answered: boolean) => boolean {
		return this.#turns.take();
	}
}

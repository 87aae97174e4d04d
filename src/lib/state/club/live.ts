// Reading something of the club now and again on each `change` of its live channel (server-sent
// events, GET /v1/events), for the club night's screens. Reads never overlap: a change during a
// read reads once more after it. The browser's EventSource reconnects by itself after a dropped
// connection; when it gives up (the server was away, or closed the channel of a key it revoked),
// the club is read (a refused key stops it all) and the channel opened again after a wait that
// doubles up to a minute.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import { clubMembership } from '$lib/db/outbox';
import { backoff, eventsUrl, type ClubAddress } from '$lib/club/client';
import type { ReadAnswer } from '$lib/club/night-client';

/**
 * The live channel: `unavailable`, the club's server has lost its database (it says so, and
 * says `change` again once it is back); `refused`, the club no longer takes this key.
 */
export type ClubLink = 'connecting' | 'live' | 'unavailable' | 'reconnecting' | 'refused';

/** What one read found: stored by the caller, or why there is nothing new. */
export type ReadResult = 'ok' | 'refused' | 'unreachable';

export interface LiveReader {
	/** Reads and stores; its answer says whether the club still accepts the token. */
	read: () => Promise<ReadResult>;
	/** The channel's state, and whether the last read failed (what is shown may be old). */
	update: (link: ClubLink, stale: boolean) => void;
}

/** Several reads as one: ok when all answered, refused when the club refused any. */
export function readResult(...answers: ReadAnswer<unknown>[]): ReadResult {
	if (answers.every((a) => a.ok)) return 'ok';
	return answers.some((a) => !a.ok && a.reason === 'refused') ? 'refused' : 'unreachable';
}

/** Reads now and on every change; returns the stop (for `$effect`). */
export function followClub(club: ClubAddress, reader: LiveReader): () => void {
	let stopped = false;
	let source: EventSource | null = null;
	let timer: ReturnType<typeof setTimeout> | undefined;
	let failures = 0;
	let reading: Promise<void> | null = null;
	let again = false;
	let link: ClubLink = 'connecting';
	let stale = false;
	const tell = () => {
		if (!stopped) reader.update(link, stale);
	};

	const read = async (): Promise<void> => {
		if (reading) {
			again = true;
			return reading;
		}
		reading = (async () => {
			do {
				again = false;
				const result = await reader.read();
				if (stopped) return;
				if (result === 'refused') {
					link = 'refused';
					source?.close();
					clearTimeout(timer);
				}
				stale = result === 'unreachable';
				tell();
			} while (again && !stopped && link !== 'refused');
		})();
		await reading;
		reading = null;
	};

	const connect = () => {
		if (stopped || link === 'refused') return;
		source = new EventSource(eventsUrl(club));
		source.addEventListener('change', () => {
			failures = 0;
			link = 'live';
			tell();
			void read();
		});
		source.addEventListener('unavailable', () => {
			link = 'unavailable';
			tell();
		});
		source.onerror = () => {
			if (stopped || !source) return;
			link = 'reconnecting';
			tell();
			if (source.readyState === EventSource.CLOSED) {
				source.close();
				timer = setTimeout(connect, backoff(failures++));
				// A refused token closes the channel at once: find out why.
				void read();
			}
		};
	};

	void read().then(connect);
	return () => {
		stopped = true;
		clearTimeout(timer);
		source?.close();
	};
}

/**
 * Reads the phone's membership, tells it (`joined`: null for a phone in no club), and follows
 * the club with the reader `joined` answers (none: nothing to read). Returns the stop.
 */
export function followMembership(
	db: CabooseDb,
	joined: (club: ClubMembership | null) => LiveReader | null
): () => void {
	let stop: (() => void) | null = null;
	let stopped = false;
	void (async () => {
		const club = await clubMembership(db).catch(() => null);
		if (stopped) return;
		const reader = joined(club);
		if (club && reader) stop = followClub(club, reader);
	})();
	return () => {
		stopped = true;
		stop?.();
	};
}

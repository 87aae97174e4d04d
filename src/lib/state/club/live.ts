// Reading something of the club now and again on each `change` of its live channel (server-sent
// events, GET /v1/events, one connection shared by all that follow the club: channel.ts), for the
// club's screens, the seats card and the sync loop. Reads never overlap: a change during a read
// reads once more after it (told every kind heard meanwhile). When the browser gives up on the
// channel (the server was away, or closed the channel of a key it revoked), the club is read: a
// refused key stops this follower.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import { clubMembership } from '$lib/db/outbox';
import type { ClubAddress } from '$lib/club/client';
import type { ReadAnswer } from '$lib/club/night-client';
import type { ChangeKind } from '$lib/club/protocol';
import { listenToClub, type ChannelListener } from './channel';

/**
 * The live channel: `unavailable`, the club's server has lost its database (it says so, and
 * says `change` again once it is back); `refused`, the club no longer takes this key.
 */
export type ClubLink = 'connecting' | 'live' | 'unavailable' | 'reconnecting' | 'refused';

/** What one read found: stored by the caller, or why there is nothing new. */
export type ReadResult = 'ok' | 'refused' | 'unreachable';

/** What changed, as the live channel said it; null: it may be anything (the first read, say). */
export type Changed = ReadonlySet<ChangeKind> | null;

/** Whether a change of `changed` may be one of `kinds` (a change that does not say may be any). */
export function mayBe(changed: Changed, ...kinds: ChangeKind[]): boolean {
	return !changed || kinds.some((kind) => changed.has(kind));
}

/** Two changes as one: every kind of both (either may be anything: so may both). */
function both(a: Changed, b: Changed): Changed {
	return a && b ? new Set([...a, ...b]) : null;
}

export interface LiveReader {
	/**
	 * Reads and stores what may have `changed` (a reader may leave the rest as it is); its answer
	 * says whether the club still accepts the token.
	 */
	read: (changed: Changed) => Promise<ReadResult>;
	/** The channel's state, and whether the last read failed (what is shown may be old). */
	update: (link: ClubLink, stale: boolean) => void;
	/** Read again only on a change of these kinds (or one that does not say): all when absent. */
	about?: readonly ChangeKind[];
}

/**
 * Several reads as one (null: a read not made, which says nothing): ok when all answered, refused
 * when the club refused any.
 */
export function readResult(...answers: (ReadAnswer<unknown> | null | undefined)[]): ReadResult {
	const made = answers.filter((a) => a != null);
	if (made.every((a) => a.ok)) return 'ok';
	return made.some((a) => !a.ok && a.reason === 'refused') ? 'refused' : 'unreachable';
}

/** Reads now and on every change; returns the stop (for `$effect`). */
export function followClub(club: ClubAddress, reader: LiveReader): () => void {
	let stopped = false;
	let reading: Promise<void> | null = null;
	/** What changed since the read under way began (undefined: nothing). */
	let asked: Changed | undefined;
	let link: ClubLink = 'connecting';
	let stale = false;
	const tell = () => {
		if (!stopped) reader.update(link, stale);
	};

	const read = async (changed: Changed): Promise<void> => {
		asked = asked === undefined ? changed : both(asked, changed);
		if (reading) return reading;
		reading = (async () => {
			while (asked !== undefined && !stopped && link !== 'refused') {
				const now = asked;
				asked = undefined;
				const result = await reader.read(now);
				if (stopped) return;
				if (result === 'refused') {
					link = 'refused';
					channel?.stop();
				}
				stale = result === 'unreachable';
				tell();
			}
		})();
		await reading;
		reading = null;
	};

	const listener: ChannelListener = {
		change: (kinds) => {
			link = 'live';
			tell();
			if (!reader.about || mayBe(kinds, ...reader.about)) void read(kinds);
		},
		unavailable: () => {
			link = 'unavailable';
			tell();
		},
		lost: (closed) => {
			link = 'reconnecting';
			tell();
			// A refused token closes the channel at once: find out why.
			if (closed) void read(null);
		}
	};
	let channel: { stop: () => void } | null = null;
	// The first read before listening: a refused key opens no channel.
	void read(null).then(() => {
		if (stopped || link === 'refused') return;
		const joined = listenToClub(club, listener);
		channel = joined;
		// A channel already open said its first `change` before: read what changed meanwhile.
		if (joined.state !== 'connecting') {
			link = joined.state;
			tell();
			void read(null);
		}
	});
	return () => {
		stopped = true;
		channel?.stop();
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

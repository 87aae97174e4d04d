// The club's live channel (server-sent events, GET /v1/events), one connection per club on this
// page: whatever follows the club (the sync loop, the seats card, a screen) listens to the same
// EventSource, opened while one listens and closed when none does. The browser reconnects by
// itself after a dropped connection; when it gives up (the server was away, or closed the channel
// of a key it revoked) each listener is told, and the channel is opened again after a wait that
// doubles up to a minute (a `change` heard sets the wait back).
import { backoff, eventsUrl, type ClubAddress } from '$lib/club/client';
import { changeKinds, type ChangeKind } from '$lib/club/protocol';

/** What the channel last said: a `change` heard (`live`) or the club's database away. */
export type ChannelState = 'connecting' | 'live' | 'unavailable' | 'reconnecting';

export interface ChannelListener {
	/** The club stored a change (also said once at each connection): its kinds, null when not said. */
	change(kinds: ReadonlySet<ChangeKind> | null): void;
	/** The club's server has lost its database; `change` again once it is back. */
	unavailable(): void;
	/** The connection dropped; `closed`: the browser gave up on it (opened again after a wait). */
	lost(closed: boolean): void;
}

class Channel {
	readonly listeners = new Set<ChannelListener>();
	state: ChannelState = 'connecting';
	#source: EventSource | null = null;
	#timer: ReturnType<typeof setTimeout> | undefined;
	#failures = 0;

	constructor(readonly url: string) {}

	open() {
		const source = new EventSource(this.url);
		this.#source = source;
		source.addEventListener('change', (event) => {
			this.#failures = 0;
			this.state = 'live';
			const kinds = changeKinds(String(event.data ?? ''));
			for (const l of [...this.listeners]) l.change(kinds);
		});
		source.addEventListener('unavailable', () => {
			this.state = 'unavailable';
			for (const l of [...this.listeners]) l.unavailable();
		});
		source.onerror = () => {
			if (this.#source !== source) return;
			this.state = 'reconnecting';
			const closed = source.readyState === EventSource.CLOSED;
			if (closed) {
				source.close();
				this.#source = null;
				this.#timer = setTimeout(() => this.open(), backoff(this.#failures++));
			}
			for (const l of [...this.listeners]) l.lost(closed);
		};
	}

	close() {
		clearTimeout(this.#timer);
		this.#source?.close();
		this.#source = null;
	}
}

const channels = new Map<string, Channel>();

/**
 * Listens to the club's live channel (opening it if nothing listens yet); returns the stop, which
 * closes the channel when it was the last listener. A listener that joins an open channel is not
 * told its first `change`: it reads the club itself (`state` says what the channel last said).
 */
export function listenToClub(
	club: ClubAddress,
	listener: ChannelListener
): { state: ChannelState; stop: () => void } {
	const url = eventsUrl(club);
	let channel = channels.get(url);
	if (!channel) {
		channel = new Channel(url);
		channels.set(url, channel);
		channel.open();
	}
	channel.listeners.add(listener);
	const joined = channel;
	return {
		state: joined.state,
		stop: () => {
			joined.listeners.delete(listener);
			if (joined.listeners.size > 0 || channels.get(url) !== joined) return;
			channels.delete(url);
			joined.close();
		}
	};
}

/** How many follow the club's live channel on this page (none: it is closed). */
export function listenersOf(club: ClubAddress): number {
	return channels.get(eventsUrl(club))?.listeners.size ?? 0;
}

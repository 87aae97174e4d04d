// The app's "save what is on screen now" event: the round entry writes its draft when it hears
// it. Its own module, without Dexie, so the home page's peek can send it too.

/** The event the round-entry state listens to, to write its draft right now. */
export const FLUSH_EVENT = 'caboose:flush';

export interface FlushDetail {
	/** A listener passes the promise of its write, so the connection stays open until it lands. */
	waitUntil(p: Promise<unknown>): void;
}

/** Asks every listener to save what is on screen; resolves when their writes settled. */
export async function flushDrafts(target: EventTarget, maxWaitMs = 2000): Promise<void> {
	const pending: Promise<unknown>[] = [];
	const detail: FlushDetail = { waitUntil: (p) => void pending.push(p) };
	target.dispatchEvent(new CustomEvent<FlushDetail>(FLUSH_EVENT, { detail }));
	if (pending.length === 0) return;
	// Bounded: the other tab's upgrade waits for this one, and must not wait forever.
	let timer: ReturnType<typeof setTimeout> | undefined;
	await Promise.race([
		Promise.allSettled(pending),
		new Promise((resolve) => (timer = setTimeout(resolve, maxWaitMs)))
	]);
	clearTimeout(timer);
}

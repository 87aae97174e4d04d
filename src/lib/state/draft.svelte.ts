// Keeping the round being typed as a draft: apart from the entry form, so the screens that only
// follow an evening (the table, the standings) do not load the form with their first paint.
import { nothingTyped, type DraftFields } from '$lib/db/draft';
import { FLUSH_EVENT, type FlushDetail } from '$lib/db/flush';
import { rememberGet, rememberRemove, rememberSet } from '$lib/pwa/storage';
import type { EntryForm } from './entry.svelte';

/**
 * The draft not yet in IndexedDB, kept in localStorage as well: written at once with each change
 * (localStorage is synchronous), it survives a page closed a moment after a keystroke, when an
 * IndexedDB write started then would not commit. Forgotten once IndexedDB holds the draft.
 */
export interface PendingDraft {
	keep(fields: DraftFields, index: number): void;
	forget(): void;
}

const pendingKey = (eveningId: string) => `caboose:draft:${eveningId}`;

/** The pending draft of an evening, kept in localStorage. */
export function pendingDraft(eveningId: string): PendingDraft {
	return {
		keep: (fields, index) =>
			rememberSet(pendingKey(eveningId), JSON.stringify({ index, fields, at: Date.now() })),
		forget: () => rememberRemove(pendingKey(eveningId))
	};
}

/** The pending draft of round `index` (its raw fields and when it was typed), or null. */
export function readPendingDraft(
	eveningId: string,
	index: number
): { fields: unknown; at: number } | null {
	try {
		const kept = JSON.parse(rememberGet(pendingKey(eveningId)) ?? 'null') as {
			index?: unknown;
			fields?: unknown;
			at?: unknown;
		} | null;
		if (kept?.index !== index || typeof kept.at !== 'number') return null;
		return { fields: kept.fields, at: kept.at };
	} catch {
		return null;
	}
}

/**
 * Keeps the form in IndexedDB while it is typed: shortly after each change, and at once when the
 * page is hidden or closed (a killed tab usually gets `visibilitychange` first); until then in
 * `mirror` (`pendingDraft`), at each change.
 */
export function autosave(
	form: EntryForm,
	/** Writes the draft; false when it could not (the copy in `mirror` is kept then). */
	store: (fields: DraftFields, index: number) => Promise<boolean>,
	delayMs = 300,
	mirror?: PendingDraft
): {
	stop: () => void;
	cancel: () => void;
	writeRestored: (fields: DraftFields, index: number) => void;
} {
	let timer: ReturnType<typeof setTimeout> | null = null;
	// The round index is taken when the change happens: a late flush never lands on the next round.
	let pending: { fields: DraftFields; index: number } | null = null;
	const flush = (): Promise<void> | null => {
		if (timer) clearTimeout(timer);
		timer = null;
		if (!pending) return null;
		const { fields, index } = pending;
		pending = null;
		return store(fields, index).then((stored) => {
			if (stored && !pending) mirror?.forget();
		});
	};
	const flushNow = () => void flush();
	// A draft restored from `mirror` alone (its page closed before the write committed): written
	// now, and the mirror forgotten once it is, as for what is typed (unless typed again since).
	const writeRestored = (fields: DraftFields, index: number) => {
		pending ??= { fields, index };
		flushNow();
	};
	// Another tab is upgrading the database: write what is typed before the connection closes.
	const onFlushRequest = (e: Event) => {
		const write = flush();
		if (write) (e as CustomEvent<FlushDetail>).detail.waitUntil(write);
	};
	const cancel = () => {
		if (timer) clearTimeout(timer);
		timer = null;
		pending = null;
		mirror?.forget();
	};
	const onHide = () => {
		if (document.visibilityState === 'hidden') void flush();
	};
	const stopEffect = $effect.root(() => {
		let first = true;
		let seen: number | null = null;
		/** The fields as last read or written: a run that finds them unchanged writes nothing. */
		let kept = '';
		$effect(() => {
			const fields = $state.snapshot(form.fields) as DraftFields;
			const index = form.context?.index;
			const loaded = form.loadedFor;
			const now = JSON.stringify(fields);
			// The first run is what was just loaded; before the round's draft is read, an empty
			// form must never overwrite it.
			if (first || index === undefined || loaded !== index) {
				first = false;
				seen = loaded;
				kept = now;
				return;
			}
			// The run in which the round's draft has just been read: the form holds that draft (it
			// changed in the read), or what was typed while it was read (unchanged by it). Only
			// the latter is written: writing the draft back, or an empty form, could undo the draft
			// another tab is typing (drafts are kept per evening).
			const justRead = seen !== loaded;
			seen = loaded;
			if (justRead ? now !== kept || nothingTyped(fields) : now === kept) {
				// Otherwise unchanged: the evening read again (after a write in this tab or another)
				// runs this too, and writes nothing.
				kept = now;
				return;
			}
			kept = now;
			pending = { fields, index };
			mirror?.keep(fields, index);
			if (timer) clearTimeout(timer);
			timer = setTimeout(flushNow, delayMs);
		});
	});
	addEventListener('pagehide', flushNow);
	addEventListener(FLUSH_EVENT, onFlushRequest);
	document.addEventListener('visibilitychange', onHide);
	return {
		stop: () => {
			void flush();
			stopEffect();
			removeEventListener('pagehide', flushNow);
			removeEventListener(FLUSH_EVENT, onFlushRequest);
			document.removeEventListener('visibilitychange', onHide);
		},
		cancel,
		writeRestored
	};
}

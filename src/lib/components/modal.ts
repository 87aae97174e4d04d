// Where the focus goes when a part of the screen goes (WCAG 2.4.3): back to what opened a dialog,
// or to what takes the place of a button that is gone. Left alone, the browser drops it on the
// page itself, and the next Tab starts again from the top.

type Target = () => HTMLElement | null | undefined;

/** Focuses `target()` once this change is on screen, unless something else took the focus. */
function refocus(target: Target, inside: Node): void {
	queueMicrotask(() => {
		const active = document.activeElement;
		if (active && active !== document.body && !inside.contains(active)) return;
		target()?.focus();
	});
}

/**
 * Shows `dialog` as a modal (focus kept inside, Escape heard); returns its end, for `$effect`:
 * the focus goes back to the opener, or to `fallback()` when the opener is gone. The browser
 * does that when a dialog is closed, but not when it is taken out of the page (an `{#if}`).
 */
export function showModal(dialog: HTMLDialogElement, fallback?: Target): () => void {
	const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
	// jsdom has no showModal; a browser always does.
	if (typeof dialog.showModal === 'function') {
		if (!dialog.open) dialog.showModal();
	} else dialog.setAttribute('open', '');
	return () => {
		if (dialog.open && typeof dialog.close === 'function') dialog.close();
		refocus(
			() => (opener?.isConnected && opener !== document.body ? opener : fallback?.()),
			dialog
		);
	};
}

/**
 * For `$effect` on a part of the screen that goes once used (Covered, when no double is left
 * open): if it held the focus, the focus goes to `target()`.
 */
export function focusWhenGone(part: HTMLElement, target: Target): () => void {
	let held = false;
	const onIn = () => (held = true);
	// Taken out of the page, the focused button loses the focus too (focusout, to nowhere):
	// whether the focus left is known only once the part is still there afterwards.
	const onOut = (e: FocusEvent) => {
		if (e.relatedTarget) held = part.contains(e.relatedTarget as Node);
		else queueMicrotask(() => part.isConnected && (held = part.contains(document.activeElement)));
	};
	part.addEventListener('focusin', onIn);
	part.addEventListener('focusout', onOut);
	return () => {
		part.removeEventListener('focusin', onIn);
		part.removeEventListener('focusout', onOut);
		if (held) refocus(target, part);
	};
}

// Whether anything a finger can tap moves while a page loads (steady.spec says why it matters).
import type { Page } from '@playwright/test';

/**
 * For `addInitScript`: every frame from the page's first, where each visible tap target is; a
 * target that moves is written down. Reset by each load of a document.
 */
export function watchTargets(): void {
	const seen = new WeakMap<Element, { x: number; y: number }>();
	const moved: string[] = [];
	const look = () => {
		for (const el of document.querySelectorAll(
			'a[href], button, [role="button"], input, select, textarea, summary'
		)) {
			if (!el.checkVisibility({ visibilityProperty: true })) continue;
			const r = el.getBoundingClientRect();
			const at = { x: Math.round(r.left + scrollX), y: Math.round(r.top + scrollY) };
			const was = seen.get(el);
			seen.set(el, at);
			if (was && (Math.abs(was.x - at.x) > 1 || Math.abs(was.y - at.y) > 1)) {
				const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
				moved.push(`${el.tagName.toLowerCase()} "${name}" ${was.x},${was.y} → ${at.x},${at.y}`);
			}
		}
		return moved;
	};
	const frame = () => {
		look();
		requestAnimationFrame(frame);
	};
	requestAnimationFrame(frame);
	(window as unknown as { __moved: () => string[] }).__moved = look;
}

/** What moved since the page loaded (looked at once more now: the last change may be this frame's). */
export const movedTargets = (page: Page) =>
	page.evaluate(() => (window as unknown as { __moved: () => string[] }).__moved());

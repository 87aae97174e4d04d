// A sticky bar hides what scrolls under it: the focused field, a tile reached with Tab (WCAG
// 2.4.11). The scroll container's scroll-padding follows the bar's height, so the browser
// scrolls a focused element clear of it.

/** For `$effect`: keeps `container`'s scroll-padding on `side` the height of `bar`. */
export function padScroll(
	bar: HTMLElement,
	container: HTMLElement,
	side: 'top' | 'bottom'
): () => void {
	const property = `scroll-padding-${side}`;
	// A little more than the bar: a focus ring drawn outside the element stays clear of it too.
	const fit = () =>
		container.style.setProperty(property, `${Math.ceil(bar.getBoundingClientRect().height) + 6}px`);
	fit();
	const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
	observer?.observe(bar);
	return () => {
		observer?.disconnect();
		container.style.removeProperty(property);
	};
}

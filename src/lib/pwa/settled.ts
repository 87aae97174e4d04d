// When work that a screen's first content does not need may start. On a cheap phone it would
// otherwise take bandwidth and CPU from that first paint.
// - afterPaint: what the screen shows first is on screen (Dexie, the standings under the entry,
//   the chart, the print sheet that Ctrl+P must find in place);
// - whenSettled: the page has loaded, its content is painted and the browser is idle (the
//   service worker, the data watcher behind the banners, the wake lock, the failure words).

/** The longest wait for the browser to report a paint (ms). */
const PAINT_WAIT = 200;

/**
 * Resolves once the browser reports a paint of content that happened after this call (a first,
 * or a new largest, contentful paint: reported once the frame is on screen), or after PAINT_WAIT.
 * Animation frames are not enough: a frame is shown some time after the next one has begun.
 */
export function afterPaint(): Promise<void> {
	if (typeof PerformanceObserver !== 'function' || typeof performance === 'undefined')
		return Promise.resolve();
	const since = performance.now();
	return new Promise((resolve) => {
		let observer: PerformanceObserver | undefined;
		const painted = () => {
			observer?.disconnect();
			clearTimeout(timer);
			resolve();
		};
		const timer = setTimeout(painted, PAINT_WAIT);
		try {
			observer = new PerformanceObserver((list) => {
				if (list.getEntries().some((e) => e.startTime >= since)) painted();
			});
			observer.observe({ type: 'paint' });
			observer.observe({ type: 'largest-contentful-paint' });
		} catch {
			// A browser without these entries waits PAINT_WAIT.
		}
	});
}

/**
 * Resolves in a task of its own, after those already queued: work split this way lets a tap in
 * between (and after `afterPaint`, it does not join the other work waiting for the paint).
 */
export function nextTask(): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve));
}

/**
 * A second after the screen's last large paint: the load event (which an app rendered by scripts
 * reaches before its content), or a later largest contentful paint (the screen's content, once
 * its reads are done). Then the first idle moment, or IDLE_TIMEOUT at most. Counted from the
 * paint, not from the load event: on a phone four times slower than a laptop an evening screen
 * paints its content more than a second after the load event, and a wait counted from the load
 * event put this work in the middle of that paint. A browser that reports no such paint counts
 * from the load event; SETTLE_MAX bounds a screen that keeps painting larger content.
 */
const AFTER_PAINT = 1000;
const SETTLE_MAX = 5000;
const IDLE_TIMEOUT = 2000;

let settled: Promise<void> | null = null;

/** Resolves once: a second after the screen's last large paint, at the first idle moment. */
export function whenSettled(): Promise<void> {
	settled ??= new Promise<void>((resolve) => {
		if (typeof window === 'undefined') return resolve();
		// A second later the page may be gone (a unit test's DOM is torn down after its file):
		// then it never settles, and nothing here names a global that may no longer exist.
		const idle = () => {
			if (typeof document === 'undefined') return;
			if (typeof requestIdleCallback === 'function')
				requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT });
			else resolve();
		};
		const loaded = () => quietAfterPaints(idle);
		if (document.readyState === 'complete') loaded();
		else window.addEventListener('load', loaded, { once: true });
	});
	return settled;
}

/** Calls `then` once AFTER_PAINT has passed without a new largest contentful paint. */
function quietAfterPaints(then: () => void): void {
	let observer: PerformanceObserver | undefined;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const done = () => {
		observer?.disconnect();
		clearTimeout(timer);
		clearTimeout(bound);
		then();
	};
	const restart = () => {
		clearTimeout(timer);
		timer = setTimeout(done, AFTER_PAINT);
	};
	const bound = setTimeout(done, SETTLE_MAX);
	restart();
	try {
		observer = new PerformanceObserver(restart);
		observer.observe({ type: 'largest-contentful-paint' });
	} catch {
		// No such entries here: a second after the load event.
	}
}

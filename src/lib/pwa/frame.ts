// When a tap's result is on screen. Its own module: the live table imports it, and importing it
// with settled.ts changed how the build groups the modules every screen loads (2.6 KiB more each).

/** The longest wait for the frame after a tap, for a tab that draws no frames (hidden). */
const FRAME_WAIT = 100;

/**
 * Resolves once the frame that shows what a tap changed is painted: the task after that frame's
 * animation callbacks runs after its paint. Work a tap starts but the screen does not wait for (a
 * write to IndexedDB) runs after it, so the tap's result is on screen first.
 */
export function afterNextFrame(): Promise<void> {
	if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
	return new Promise((resolve) => {
		const timer = setTimeout(resolve, FRAME_WAIT);
		requestAnimationFrame(() =>
			setTimeout(() => {
				clearTimeout(timer);
				resolve();
			}, 0)
		);
	});
}

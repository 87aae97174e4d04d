// whenSettled: work that a screen's first content does not need starts a second after the
// screen's last large paint (not a second after the load event), at the first idle moment.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A browser with a finished load event, whose largest contentful paints the test emits. */
function browser(reportsPaints: boolean) {
	const observers: (() => void)[] = [];
	vi.stubGlobal('window', { addEventListener: vi.fn() });
	vi.stubGlobal('document', { readyState: 'complete' });
	vi.stubGlobal('requestIdleCallback', (f: () => void) => f()); // idle at once
	vi.stubGlobal(
		'PerformanceObserver',
		class {
			constructor(private readonly callback: () => void) {}
			observe({ type }: { type: string }) {
				if (!reportsPaints || type !== 'largest-contentful-paint') throw new TypeError(type);
				observers.push(this.callback);
			}
			disconnect() {
				observers.splice(observers.indexOf(this.callback), 1);
			}
		}
	);
	return { paint: () => observers.forEach((f) => f()), observers };
}

async function watchSettled(): Promise<{ settled: () => boolean }> {
	const { whenSettled } = await import('$lib/pwa/settled');
	let done = false;
	void whenSettled().then(() => (done = true));
	return { settled: () => done };
}

describe('whenSettled', () => {
	beforeEach(() => {
		vi.useFakeTimers();
		vi.resetModules();
	});
	afterEach(() => {
		vi.useRealTimers();
		vi.unstubAllGlobals();
	});

	it('waits a second after the content’s paint, however late it comes after the load event', async () => {
		const page = browser(true);
		const { settled } = await watchSettled();
		await vi.advanceTimersByTimeAsync(900);
		page.paint(); // the screen's content, 0.9 s after the load event
		await vi.advanceTimersByTimeAsync(900);
		expect(settled()).toBe(false);
		page.paint(); // a larger paint still
		await vi.advanceTimersByTimeAsync(999);
		expect(settled()).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(settled()).toBe(true);
		expect(page.observers).toHaveLength(0);
	});

	it.each([
		['when nothing paints later', true],
		['in a browser that reports no such paint', false]
	])('a second after the load event %s', async (_, reportsPaints) => {
		browser(reportsPaints);
		const { settled } = await watchSettled();
		await vi.advanceTimersByTimeAsync(999);
		expect(settled()).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(settled()).toBe(true);
	});

	it('at most five seconds after the load event, however often the screen paints', async () => {
		const page = browser(true);
		const { settled } = await watchSettled();
		for (let t = 0; t < 4900; t += 700) {
			page.paint();
			await vi.advanceTimersByTimeAsync(700);
		}
		expect(settled()).toBe(false);
		await vi.advanceTimersByTimeAsync(100);
		expect(settled()).toBe(true);
	});

	it('waits for the load event first', async () => {
		const page = browser(true);
		vi.stubGlobal('document', { readyState: 'loading' });
		const { settled } = await watchSettled();
		await vi.advanceTimersByTimeAsync(3000);
		expect(settled()).toBe(false);
		const [, loaded] = vi.mocked(window.addEventListener).mock.calls[0] as [string, () => void];
		loaded();
		page.paint();
		await vi.advanceTimersByTimeAsync(1000);
		expect(settled()).toBe(true);
	});
});

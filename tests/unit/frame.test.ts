// A tap's write waits for the frame that shows the tap (afterNextFrame): it must come after that
// frame's animation callbacks, and never hang in a tab that draws no frames.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame } from '$lib/pwa/frame';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.useRealTimers();
});

describe('afterNextFrame', () => {
	it('resolves in the task after the next frame, not before it', async () => {
		vi.useFakeTimers();
		const frames: FrameRequestCallback[] = [];
		vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
		let done = false;
		void afterNextFrame().then(() => (done = true));
		await vi.advanceTimersByTimeAsync(50);
		expect(done).toBe(false);
		frames.shift()!(0); // the frame: its callbacks run, then it is painted
		await Promise.resolve();
		expect(done).toBe(false);
		await vi.advanceTimersByTimeAsync(0);
		expect(done).toBe(true);
	});

	it('resolves after at most 100 ms when no frame comes (a hidden tab)', async () => {
		vi.useFakeTimers();
		vi.stubGlobal('requestAnimationFrame', () => 0);
		let done = false;
		void afterNextFrame().then(() => (done = true));
		await vi.advanceTimersByTimeAsync(99);
		expect(done).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(done).toBe(true);
	});

	it('resolves at once where there are no frames at all (Node)', async () => {
		vi.stubGlobal('requestAnimationFrame', undefined);
		await expect(afterNextFrame()).resolves.toBeUndefined();
	});
});

// The bench's comparison with a baseline build: the ratio is read pair by pair (run i of each
// build, taken next to each other), so load that drifts during the run cancels.
import { describe, expect, it } from 'vitest';
import { pairedRatio } from '../../scripts/bench/stats.js';

describe('pairedRatio', () => {
	it('is 0.9 with no spread when every pair is 10 % quicker, however the load drifts between pairs', () => {
		// The machine slows down and speeds up again between pairs (up to 3×), not within one.
		const base = [400, 900, 520, 1300, 610, 480, 1100];
		const ours = base.map((ms) => ms * 0.9);
		expect(pairedRatio(ours, base)).toEqual({
			ratio: expect.closeTo(0.9, 10),
			low: expect.closeTo(0.9, 10),
			high: expect.closeTo(0.9, 10),
			pairs: 7
		});
	});

	it('gives an interval around the median of the ratios that widens with their spread', () => {
		const base = [500, 500, 500, 500, 500, 500, 500, 500];
		const close = pairedRatio([480, 505, 490, 500, 495, 510, 485, 500], base)!;
		const wide = pairedRatio([350, 650, 400, 600, 450, 550, 380, 620], base)!;
		// The median proper of an even count: (0.99 + 1.00) / 2.
		expect(close.ratio).toBeCloseTo(0.995, 10);
		for (const r of [close, wide]) {
			expect(r.low).toBeLessThanOrEqual(r.ratio);
			expect(r.high).toBeGreaterThanOrEqual(r.ratio);
		}
		expect(wide.high - wide.low).toBeGreaterThan(5 * (close.high - close.low));
		// Seeded: the same runs give the same interval.
		expect(pairedRatio([480, 505, 490, 500, 495, 510, 485, 500], base)).toEqual(close);
	});

	it('leaves out a pair whose other side was not measured, and needs two pairs', () => {
		expect(pairedRatio([100, null, 300], [200, 400, undefined])).toBeNull();
		expect(pairedRatio([100, null, 300, 120], [200, 400, undefined, 240])).toEqual({
			ratio: 0.5,
			low: 0.5,
			high: 0.5,
			pairs: 2
		});
		expect(pairedRatio([], [])).toBeNull();
	});
});

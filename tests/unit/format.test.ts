import { describe, expect, it } from 'vitest';
import { formatScore } from '$lib/format';

describe('formatScore', () => {
	it('keeps at most one decimal', () => {
		expect(formatScore(10 / 3)).toBe(3.3);
		expect(formatScore(7.5)).toBe(7.5);
		expect(formatScore(65 / 6)).toBe(10.8);
		expect(formatScore(12)).toBe(12);
		expect(Object.is(formatScore(-0.01), 0)).toBe(true);
	});
});

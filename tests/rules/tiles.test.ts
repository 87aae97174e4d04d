import { describe, expect, it } from 'vitest';
import {
	allTiles,
	handValue,
	heavyHandWarning,
	maxHandValue,
	normalizeTile,
	resolveRules,
	tileKey,
	tileValue,
	type RulesChoice,
	type SetSize
} from '../../src/lib/rules/index';

const r = (choice: Partial<RulesChoice> = {}) =>
	resolveRules({ preset: 'swiss-jassshop', ...choice });

describe('tiles', () => {
	it.each([6, 9, 12, 15, 18] as SetSize[])(
		'double-%d has (n+1)(n+2)/2 tiles and n(n+1)(n+2)/2 pips',
		(n) => {
			const tiles = allTiles(n);
			expect(tiles.length).toBe(((n + 1) * (n + 2)) / 2);
			expect(new Set(tiles.map(tileKey)).size).toBe(tiles.length);
			expect(tiles.reduce((s, [a, b]) => s + a + b, 0)).toBe((n * (n + 1) * (n + 2)) / 2);
			expect(tiles[0]).toEqual([n, n]);
			expect(tiles.at(-1)).toEqual([0, 0]);
			expect(tiles.every(([a, b]) => a >= b)).toBe(true);
		}
	);

	it('double-12: 91 tiles, 1092 pips (RULES.md)', () => {
		expect(allTiles(12).length).toBe(91);
		expect(handValue(r(), allTiles(12))).toBe(1092);
	});

	it('normalizes larger number first', () => {
		expect(normalizeTile([3, 9])).toEqual([9, 3]);
		expect(normalizeTile([9, 3])).toEqual([9, 3]);
		expect(tileKey([5, 12])).toBe('12|5');
		expect(tileKey([0, 0])).toBe('0|0');
	});

	it('allTiles returns fresh arrays (callers may not corrupt the cache)', () => {
		const a = allTiles(6);
		a.pop();
		expect(allTiles(6).length).toBe(28);
	});
});

describe('tileValue (the RULES.md formula)', () => {
	it('plain pips (000)', () => {
		expect(tileValue(r(), [12, 5])).toBe(17);
		expect(tileValue(r(), [0, 0])).toBe(0);
		expect(tileValue(r(), [6, 6])).toBe(12);
	});

	it('blankHalf: each blank half (0-5 = 30 with 25; 0-0 = 50 through the halves)', () => {
		expect(tileValue(r({ blankHalf: 25 }), [0, 5])).toBe(30);
		expect(tileValue(r({ blankHalf: 25 }), [0, 0])).toBe(50);
		expect(tileValue(r({ blankHalf: 5 }), [5, 0])).toBe(10);
	});

	it('doubleFactor 2: 6-6 = 24, a plain tile unchanged', () => {
		expect(tileValue(r({ doubleFactor: 2 }), [6, 6])).toBe(24);
		expect(tileValue(r({ doubleFactor: 2 }), [6, 5])).toBe(11);
		expect(tileValue(r({ doubleFactor: 2, blankHalf: 25 }), [0, 0])).toBe(100);
	});

	it('doubleBlank comes first, then doubleFlat', () => {
		expect(tileValue(r({ doubleBlank: 10, doubleFlat: 50 }), [0, 0])).toBe(10);
		expect(tileValue(r({ doubleBlank: 10, doubleFlat: 50 }), [1, 1])).toBe(50);
		expect(tileValue(r({ doubleFlat: 50 }), [0, 0])).toBe(50);
		expect(tileValue(r({ doubleBlank: 25, doubleFactor: 2 }), [0, 0])).toBe(25);
		expect(tileValue(r({ doubleBlank: 50 }), [0, 3])).toBe(3);
	});

	it('the presets as their sheets count', () => {
		const station = resolveRules({ preset: 'swiss-station' });
		expect(tileValue(station, [0, 0])).toBe(50);
		const talon = resolveRules({ preset: 'german-talon' });
		expect(
			handValue(talon, [
				[6, 6],
				[0, 3],
				[0, 0],
				[12, 11]
			])
		).toBe(50 + 28 + 50 + 23);
		const cardinal = resolveRules({ preset: 'cardinal-us' });
		expect(
			handValue(cardinal, [
				[0, 0],
				[0, 7],
				[11, 12]
			])
		).toBe(50 + 32 + 23);
		const italian = resolveRules({ preset: 'italian-elimination' });
		expect(
			handValue(italian, [
				[0, 0],
				[1, 2]
			])
		).toBe(13);
	});
});

describe('bounds', () => {
	it('maxHandValue: every tile of the variant but the engine double', () => {
		expect(maxHandValue(r(), 12)).toBe(1092 - 24);
		expect(maxHandValue(r(), 0)).toBe(1092);
		// 003: 1092 pips + 12 blank halves × 25 + the double blank's 50.
		expect(maxHandValue(resolveRules({ preset: 'cardinal-us' }), 12)).toBe(1442 - 24);
		// 002: non-double pips 936 + 300 blank halves + 13 doubles × 50, less the engine's 50.
		expect(maxHandValue(resolveRules({ preset: 'german-talon' }), 7)).toBe(1886 - 50);
		expect(maxHandValue(r({ set: 6 }), 6)).toBe(168 - 12);
	});

	it('heavyHandWarning: the 15 heaviest tiles, engine aside', () => {
		// 12|11, 11|11, 12|10, 12|9, 11|10, 12|8, 11|9, 10|10, 12|7, 11|8, 10|9, 12|6, 11|7, 10|8, 9|9
		expect(heavyHandWarning(r(), 12)).toBe(298);
		// With 12|12 in play and 9|9 out as the engine: 24 + the 14 next after it.
		expect(heavyHandWarning(r(), 9)).toBe(24 + 298 - 18);
		// 002: every double 50, so the 13 doubles less the engine, then 12|0, 11|0, 10|0 (37, 36, 35).
		expect(heavyHandWarning(resolveRules({ preset: 'german-talon' }), 12)).toBe(
			12 * 50 + 37 + 36 + 35
		);
	});
});

// The hand as tiles: each counted pip given to a half of one tile by the tile's divider line, on
// hand-made dividers. On generated photos (the tiles offered are the tiles drawn, and a hand that
// cannot be read cleanly is offered as a pip total only): pips.test.ts, on the scenes it counts.
import { describe, expect, it } from 'vitest';
import { tilesOf, type Divider } from '../../src/lib/vision/halves';
import { handNames } from './hand';

describe('tilesOf', () => {
	// A tile standing upright at (x, 100), its divider 37 px long across it (tile 50 px wide), pip
	// radius 3 px; pips above the divider are one half, below it the other.
	const divider = (x: number, major = 37 / (2 * Math.sqrt(3))): Divider => ({
		x,
		y: 100,
		major,
		minor: 1,
		angle: 0,
		ring: 1
	});
	const pip = (x: number, y: number) => ({ x, y });

	it('gives each pip to the half it lies in', () => {
		const pips = [pip(100, 80), pip(110, 70), pip(200, 125), pip(190, 115), pip(210, 135)];
		expect(handNames(tilesOf(pips, [divider(100), divider(200)], 3)!)).toEqual(['0|2', '0|3']);
	});

	it('counts a blank tile by its divider alone', () => {
		expect(tilesOf([pip(100, 125)], [divider(100), divider(200)], 3)).toEqual([
			[0, 1],
			[0, 0]
		]);
	});

	it('joins a divider split by the spinner into one line', () => {
		const pieces = [
			{ ...divider(88, 14 / (2 * Math.sqrt(3))) },
			{ ...divider(112, 14 / (2 * Math.sqrt(3))) }
		];
		expect(tilesOf([pip(100, 80), pip(100, 125)], pieces, 3)).toEqual([[1, 1]]);
	});

	it('gives the pip total only where a pip lies in no half, or the same tile comes twice', () => {
		expect(tilesOf([pip(100, 80), pip(400, 400)], [divider(100)], 3)).toBeNull();
		expect(tilesOf([pip(100, 80), pip(200, 80)], [divider(100), divider(200)], 3)).toBeNull();
		expect(tilesOf([pip(100, 80)], [], 3)).toBeNull();
	});
});

// The hand as tiles: each counted pip given to a half of one tile by the tile's divider line. On
// generated photos (evaluation seeds) the tiles offered are the tiles drawn, and a hand that cannot
// be read cleanly is offered as a pip total only.
import { describe, expect, it } from 'vitest';
import { countPips } from '../../src/lib/vision/pips';
import { tilesOf, type Divider } from '../../src/lib/vision/halves';
import { EVAL_SEED_BASE, renderScene, type SceneOptions } from './render';

const HALVES = EVAL_SEED_BASE + 600_000;

/** A hand as sorted tile names, to compare hands whatever their order. */
const hand = (tiles: readonly (readonly [number, number])[]) =>
	tiles.map(([a, b]) => `${Math.min(a, b)}|${Math.max(a, b)}`).sort();

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
		expect(hand(tilesOf(pips, [divider(100), divider(200)], 3)!)).toEqual(['0|2', '0|3']);
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

describe('countPips offers the hand as tiles', { timeout: 120_000 }, () => {
	const cases: SceneOptions[] = [
		{ background: 'wood', pipStyle: 'black', tiles: 4 },
		{ background: 'felt', pipStyle: 'colour', tiles: 7 },
		{ background: 'wood', pipStyle: 'colour', tiles: 10 },
		{ background: 'felt', pipStyle: 'black', tiles: 2 },
		{ background: 'wood', pipStyle: 'colour', tiles: 6, touching: true },
		{ background: 'felt', pipStyle: 'colour', tiles: 5, spinner: true }
	];

	it('offers the tiles drawn, only when the count is sure', async () => {
		let offered = 0;
		for (const [i, opts] of cases.entries()) {
			const scene = await renderScene(HALVES + i, { megapixels: 0.8, ...opts });
			const res = countPips(scene);
			if (!res.tiles) continue;
			offered++;
			expect(res.confidence).toBe('high');
			const drawn: [number, number][] = [];
			for (let k = 0; k < scene.halves.length; k += 2)
				drawn.push([scene.halves[k]!, scene.halves[k + 1]!]);
			expect(hand(res.tiles)).toEqual(hand(drawn));
		}
		expect(offered).toBeGreaterThanOrEqual(4);
	});

	it('offers no tiles on a white cloth (not sure of the count)', async () => {
		const scene = await renderScene(HALVES + 50, { megapixels: 0.8, background: 'white' });
		expect(countPips(scene).tiles).toBeUndefined();
	});
});

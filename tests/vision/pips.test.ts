// The pip counter on generated photos (seeds from the evaluation range, never used for tuning):
// exact counts on plain scenes, pips found where they are, the hand read as tiles, and honest
// confidence when it cannot see well. Each scene is rendered and counted once: a scene costs about
// a CPU-second, and the plain scenes serve the count's tests and the tiles' test alike.
import { describe, expect, it } from 'vitest';
import { countPips, type PipCount } from '../../src/lib/vision/pips';
import { boxBlur, closing, dilate, label, type Rgba } from '../../src/lib/vision/image';
import { handNames } from './hand';
import { EVAL_SEED_BASE, renderScene, type Scene, type SceneOptions } from './render';

const UNIT = EVAL_SEED_BASE + 500_000;

const counted = new Map<number, Promise<{ scene: Scene; res: PipCount }>>();
/** Scene `seed` (always with the same options) and its count, rendered and counted once a file. */
function countedScene(seed: number, opts: SceneOptions) {
	let done = counted.get(seed);
	if (!done) {
		done = renderScene(seed, opts).then((scene) => ({ scene, res: countPips(scene) }));
		counted.set(seed, done);
	}
	return done;
}

// One to twelve tiles, black and colour pips, wood and felt, apart and touching.
const PLAIN: [number, SceneOptions][] = [
	[UNIT + 1, { megapixels: 0.8, background: 'wood', pipStyle: 'black', tiles: 3 }],
	[UNIT + 2, { megapixels: 0.8, background: 'felt', pipStyle: 'colour', tiles: 6 }],
	[UNIT + 3, { megapixels: 0.8, background: 'wood', pipStyle: 'colour', tiles: 9, touching: true }],
	[UNIT + 4, { megapixels: 0.8, background: 'felt', pipStyle: 'black', tiles: 12 }],
	[UNIT + 5, { megapixels: 0.8, background: 'wood', pipStyle: 'colour', tiles: 1 }],
	[UNIT + 6, { megapixels: 0.6, tiles: 4 }]
];

describe('countPips on plain scenes', { timeout: 60_000 }, () => {
	for (const [seed, opts] of PLAIN.slice(0, 5)) {
		it(`counts every pip exactly (seed ${seed}, ${JSON.stringify(opts)})`, async () => {
			const { scene, res } = await countedScene(seed, opts);
			expect(res.total).toBe(scene.total);
			expect(res.pips).toHaveLength(res.total);
			expect(res.confidence).not.toBe('low');
		});
	}

	it('puts each mark on a real pip', async () => {
		const { scene, res } = await countedScene(...PLAIN[5]!);
		expect(res.total).toBe(scene.total);
		for (const p of res.pips) {
			const nearest = Math.min(...scene.pips.map((q) => Math.hypot(q.x - p.x, q.y - p.y)));
			expect(nearest).toBeLessThan(4);
		}
	});

	it('downscales a large photo first and still counts exactly', async () => {
		// 1.5 MP, shrunk by 1.22 to the counter's 1 MP (3 MP was twice the work): a mark left in
		// the shrunk photo's pixels lands about a tenth of the photo away from its pip.
		const f = Math.sqrt(1.5);
		const scene = await renderScene(UNIT + 7, { megapixels: 1.5, tiles: 7, background: 'felt' });
		const res = countPips(scene);
		expect(res.total).toBe(scene.total);
		// Marks are in the photo's own pixels, each on a pip.
		for (const p of res.pips) {
			const nearest = Math.min(...scene.pips.map((q) => Math.hypot(q.x - p.x, q.y - p.y)));
			expect(nearest).toBeLessThan(4 * f);
		}
	});
});

describe('countPips offers the hand as tiles', { timeout: 120_000 }, () => {
	// The plain scenes above (halves.test.ts holds tilesOf on hand-made dividers).
	it('offers the tiles drawn, only when the count is sure', async () => {
		let offered = 0;
		for (const [seed, opts] of PLAIN) {
			const { scene, res } = await countedScene(seed, opts);
			if (!res.tiles) continue;
			offered++;
			expect(res.confidence).toBe('high');
			const drawn: [number, number][] = [];
			for (let k = 0; k < scene.halves.length; k += 2)
				drawn.push([scene.halves[k]!, scene.halves[k + 1]!]);
			expect(handNames(res.tiles), `seed ${seed}`).toEqual(handNames(drawn));
		}
		expect(offered).toBeGreaterThanOrEqual(4);
	});
});

describe('countPips on harder scenes', { timeout: 90_000 }, () => {
	// Seeds from the evaluation range. These conditions are not all counted exactly (see the
	// bench); these scenes guard what the counter handles now.
	it('splits pips that mild blur has joined (dense 10-12 layouts)', async () => {
		for (const seed of [UNIT + 40, UNIT + 41, UNIT + 42]) {
			const scene = await renderScene(seed, { megapixels: 0.8, blur: 1 });
			expect(countPips(scene).total, `seed ${seed}`).toBe(scene.total);
		}
	});

	it('finds tiles on a busy patterned cloth, also where cream prints touch them', async () => {
		for (const seed of [UNIT + 51, UNIT + 52, UNIT + 53]) {
			const scene = await renderScene(seed, { megapixels: 0.8, background: 'busy' });
			expect(countPips(scene).total, `seed ${seed}`).toBe(scene.total);
		}
	});

	it('counts on a white cloth but says it is unsure, and offers no tiles', async () => {
		for (const seed of [UNIT + 60, UNIT + 61]) {
			const scene = await renderScene(seed, { megapixels: 0.8, background: 'white' });
			const res = countPips(scene);
			expect(res.total, `seed ${seed}`).toBe(scene.total);
			expect(res.confidence).toBe('low');
			expect(res.flags).toContain('light-background');
			expect(res.tiles).toBeUndefined();
		}
	});

	it('does not count the brass spinner on the divider as pips when tiles are small', async () => {
		for (const seed of [UNIT + 70, UNIT + 71]) {
			const scene = await renderScene(seed, { megapixels: 0.5, tiles: 15, spinner: true });
			expect(countPips(scene).total, `seed ${seed}`).toBe(scene.total);
		}
	});
});

/** The scene as a camera at a low angle sees it: every two rows averaged into one. */
function squashed(scene: Rgba): Rgba {
	const { width: w } = scene;
	const h = scene.height >> 1;
	const data = new Uint8ClampedArray(w * h * 4);
	for (let y = 0; y < h; y++)
		for (let x = 0; x < w * 4; x++)
			data[y * w * 4 + x] =
				(scene.data[2 * y * w * 4 + x]! + scene.data[(2 * y + 1) * w * 4 + x]!) / 2;
	return { width: w, height: h, data };
}

describe('countPips on a low-angle photo', { timeout: 60_000 }, () => {
	it('counts pips foreshortened to half their height, and is not sure', async () => {
		for (const seed of [UNIT + 100, UNIT + 101]) {
			const scene = await renderScene(seed, { megapixels: 1.2, tiles: 6 });
			const res = countPips(squashed(scene));
			expect(res.total, `seed ${seed}`).toBe(scene.total);
			expect(res.flags).toContain('oblique');
			expect(res.confidence).not.toBe('high');
		}
	});
});

describe('countPips says when it is unsure', { timeout: 60_000 }, () => {
	// A white cloth: 'countPips on harder scenes' above.
	it('finds no tiles in a photo without tiles', () => {
		const width = 400;
		const height = 300;
		const data = new Uint8ClampedArray(width * height * 4);
		for (let i = 0; i < data.length; i += 4) {
			data[i] = 120 + ((i >> 4) % 7);
			data[i + 1] = 80;
			data[i + 2] = 50;
			data[i + 3] = 255;
		}
		const res = countPips({ width, height, data });
		expect(res).toEqual({ total: 0, pips: [], confidence: 'low', flags: ['no-tiles'] });
	});

	it('does not call a heavily blurred photo high', async () => {
		const scene = await renderScene(UNIT + 30, { megapixels: 0.6, blur: 3 });
		const res = countPips(scene);
		expect(res.confidence).not.toBe('high');
	});
});

describe('image operations', () => {
	it('closing fills dark spots smaller than the square and leaves the rest', () => {
		const w = 40;
		const h = 20;
		const a = new Float32Array(w * h).fill(200);
		for (let y = 8; y < 12; y++) for (let x = 8; x < 12; x++) a[y * w + x] = 50;
		const c = closing(a, w, h, 7);
		expect(c[10 * w + 10]).toBe(200);
		expect(c[2 * w + 30]).toBe(200);
	});

	it('dilation takes the maximum over the square, also at the edges', () => {
		const w = 9;
		const h = 7;
		const a = new Float32Array(w * h);
		a[3 * w + 4] = 10;
		a[0] = 5;
		const d = dilate(a, w, h, 3);
		expect(d[2 * w + 3]).toBe(10);
		expect(d[4 * w + 5]).toBe(10);
		expect(d[1 * w + 4]).toBe(0);
		expect(d[1 * w + 1]).toBe(5);
		expect(d[2 * w + 2]).toBe(0);
	});

	it('box blur averages the square with edges clamped', () => {
		const w = 6;
		const h = 5;
		const a = new Float32Array(w * h).map((_, i) => i);
		const b = boxBlur(a, w, h, 1);
		// Interior: the mean of a linear ramp is the centre value.
		expect(b[2 * w + 2]).toBeCloseTo(a[2 * w + 2]!, 4);
		// Corner (0,0): clamped samples 0,0,1 / 0,0,1 / 6,6,7.
		expect(b[0]).toBeCloseTo((0 + 0 + 1 + 0 + 0 + 1 + 6 + 6 + 7) / 9, 4);
	});

	it('labels 8-connected components with their areas', () => {
		const w = 5;
		const m = new Uint8Array([1, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1]);
		const c = label(m, w, 3, true);
		expect(c.count).toBe(2);
		expect([...c.area.slice(1)].sort()).toEqual([3, 3]);
	});
});

// The photo conditions of the issue, in one place: the bench measures them on held-out seeds and
// the tuning harness (tune.ts) on tuning seeds, always the same scenes' recipes.
import { rng, type SceneOptions } from './render';

type Maker = (i: number) => SceneOptions;
const plain = { glare: false, blur: 0, perspective: false };
/**
 * The bench's conditions, each a scene maker for its i-th scene; the realistic mix draws its
 * scenes from `seedBase` (the held-out base for the bench, a tuning base for tune.ts).
 */
export function sceneConditions(seedBase: number): [string, Maker][] {
	return [
		['plain (wood/felt, flat, sharp)', () => ({ ...plain })],
		['wood', () => ({ ...plain, background: 'wood' })],
		['felt', () => ({ ...plain, background: 'felt' })],
		['busy patterned cloth', () => ({ ...plain, background: 'busy' })],
		['white cloth', () => ({ ...plain, background: 'white' })],
		['glare', () => ({ glare: true })],
		['mild blur', () => ({ blur: 1 })],
		['noise + JPEG q55', () => ({ noise: 10, jpeg: 55 })],
		['mild perspective', () => ({ perspective: true })],
		['tiles touching', () => ({ touching: true })],
		['colour pips', () => ({ pipStyle: 'colour' })],
		['15 tiles', () => ({ tiles: 15 })],
		['0.5 MP', () => ({ megapixels: 0.5 })],
		['12 MP', () => ({ megapixels: 12 })],
		[
			'realistic mix',
			(i) => {
				const r = rng(seedBase * 3 + i);
				const u = r();
				return {
					background: u < 0.45 ? 'wood' : u < 0.75 ? 'felt' : u < 0.92 ? 'busy' : 'white',
					glare: r() < 0.25,
					blur: r() < 0.2 ? 0.5 + r() * 0.5 : 0,
					perspective: r() < 0.4,
					noise: 2 + r() * 8,
					jpeg: 60 + Math.floor(r() * 35),
					megapixels: Math.exp(Math.log(0.5) + r() * Math.log(24)),
					touching: r() < 0.3,
					pipStyle: r() < 0.5 ? 'black' : 'colour'
				};
			}
		]
	];
}

// The organiser's draw: a seeded, reproducible random source. The seed is stored with each deal
// and each move, so the organiser's action can be audited and replayed years later: the same
// seed and the same players give the same seats. That is why the algorithm is written out here
// (not Math.random, not the platform's crypto) and why it carries a version.
//
// sfc32 (Chris Doty-Humphrey's "small fast chaotic" generator, public domain; passes PractRand),
// on 32-bit integer arithmetic only, so every JavaScript engine gives the same numbers. The seed
// is 128 bits written as 32 lower-case hex digits (the server draws it with
// crypto.randomBytes(16)); its four 32-bit words, in order, are sfc32's state a, b, c and its
// counter.

/** Bumped if the draw below ever changes, so an old seed is replayed with its own draw. */
export const DRAW_METHOD = 1;

/** A seed: 32 lower-case hex digits (128 bits). */
export const SEED_PATTERN = /^[0-9a-f]{32}$/;

export function isSeed(seed: unknown): seed is string {
	return typeof seed === 'string' && SEED_PATTERN.test(seed);
}

/** Whole numbers drawn uniformly from a seed. */
export interface SeededDraw {
	/** A whole number in [0, n), n a whole number from 1 to 2^32. */
	below(n: number): number;
}

// Outputs thrown away after seeding, as sfc32's author advises, so that seeds that differ in a
// few bits give unrelated first numbers.
const WARM_UP = 12;
const TWO_32 = 2 ** 32;

export function seededDraw(seed: string): SeededDraw {
	if (!isSeed(seed)) throw new RangeError('a seed is 32 lower-case hex digits');
	let a = parseInt(seed.slice(0, 8), 16) | 0;
	let b = parseInt(seed.slice(8, 16), 16) | 0;
	let c = parseInt(seed.slice(16, 24), 16) | 0;
	let d = parseInt(seed.slice(24, 32), 16) | 0;
	const next = (): number => {
		const t = (((a + b) | 0) + d) | 0;
		d = (d + 1) | 0;
		a = b ^ (b >>> 9);
		b = (c + (c << 3)) | 0;
		c = (c << 21) | (c >>> 11);
		c = (c + t) | 0;
		return t >>> 0;
	};
	for (let i = 0; i < WARM_UP; i++) next();
	return {
		below(n) {
			if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError('n is 1 to 2^32');
			// Rejection keeps every value equally likely: numbers at or above the largest multiple
			// of n below 2^32 would favour the small values, so they are drawn again.
			const limit = TWO_32 - (TWO_32 % n);
			let x = next();
			while (x >= limit) x = next();
			return x % n;
		}
	};
}

/** A copy of `items` in an order drawn from `draw` (Fisher–Yates: every order equally likely). */
export function shuffled<T>(items: readonly T[], draw: SeededDraw): T[] {
	const out = items.slice();
	for (let i = out.length - 1; i > 0; i--) {
		const j = draw.below(i + 1);
		const held = out[i]!;
		out[i] = out[j]!;
		out[j] = held;
	}
	return out;
}

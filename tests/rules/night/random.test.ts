import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DRAW_METHOD, isSeed, seededDraw, shuffled } from '../../../src/lib/club/night';

const seedArb = fc
	.uint8Array({ minLength: 16, maxLength: 16 })
	.map((bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(''));

describe("the organiser's draw", () => {
	it('replays a stored seed: these numbers never change while DRAW_METHOD is 1', () => {
		// Checked against a BigInt transcription of sfc32's reference code (state a, b, c and the
		// counter from the seed's four words, 12 outputs thrown away).
		expect(DRAW_METHOD).toBe(1);
		const draw = seededDraw('0123456789abcdef0123456789abcdef');
		const first = Array.from({ length: 5 }, () => draw.below(2 ** 32));
		expect(first).toEqual([3530455095, 2738071380, 2303632856, 2328069915, 2463861768]);
		const zero = seededDraw('0'.repeat(32));
		expect(zero.below(2 ** 32)).toBe(4035892905);
	});

	it('the same seed draws the same numbers; another seed others', () => {
		fc.assert(
			fc.property(seedArb, seedArb, (a, b) => {
				const one = seededDraw(a);
				const again = seededDraw(a);
				const other = seededDraw(b);
				const xs = Array.from({ length: 8 }, () => one.below(1000));
				expect(Array.from({ length: 8 }, () => again.below(1000))).toEqual(xs);
				if (a !== b) expect(Array.from({ length: 8 }, () => other.below(2 ** 32))).not.toEqual(xs);
			})
		);
	});

	it('draws whole numbers below n, and refuses a bound that is not 1 to 2^32', () => {
		fc.assert(
			fc.property(seedArb, fc.integer({ min: 1, max: 2 ** 32 }), (seed, n) => {
				const x = seededDraw(seed).below(n);
				expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
			})
		);
		const draw = seededDraw('f'.repeat(32));
		for (const n of [0, -1, 1.5, 2 ** 32 + 1, NaN]) expect(() => draw.below(n)).toThrow(RangeError);
	});

	it('a seed is 32 lower-case hex digits, nothing else', () => {
		expect(isSeed('0123456789abcdef0123456789abcdef')).toBe(true);
		for (const bad of [
			'',
			'ABCDEF0123456789abcdef0123456789',
			'0'.repeat(31),
			'0'.repeat(33),
			'g'.repeat(32),
			7
		]) {
			expect(isSeed(bad)).toBe(false);
		}
		expect(() => seededDraw('nope')).toThrow(RangeError);
	});

	it('a shuffle is a reordering of the same items', () => {
		fc.assert(
			fc.property(seedArb, fc.array(fc.integer()), (seed, items) => {
				const out = shuffled(items, seededDraw(seed));
				expect([...out].sort()).toEqual([...items].sort());
			})
		);
	});

	it('every order of three players is about equally likely (fixed seeds: the same counts each run)', () => {
		const counts = new Map<string, number>();
		const draw = seededDraw('5eed5eed5eed5eed5eed5eed5eed5eed');
		const runs = 60_000;
		for (let i = 0; i < runs; i++) {
			const order = shuffled(['a', 'b', 'c'], draw).join('');
			counts.set(order, (counts.get(order) ?? 0) + 1);
		}
		expect(counts.size).toBe(6);
		// Each order 10,000 expected; a fair draw stays within ±3 % here (about 3 standard deviations).
		for (const n of counts.values()) expect(Math.abs(n - runs / 6)).toBeLessThan(300);
	});

	it('who is drawn first among 7 is about equally likely, so no seat or table is favoured', () => {
		const firsts = new Array<number>(7).fill(0);
		const draw = seededDraw('0badc0de0badc0de0badc0de0badc0de');
		for (let i = 0; i < 70_000; i++) firsts[shuffled([0, 1, 2, 3, 4, 5, 6], draw)[0]!]!++;
		for (const n of firsts) expect(Math.abs(n - 10_000)).toBeLessThan(300);
	});
});

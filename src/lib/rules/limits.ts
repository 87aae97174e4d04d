// The largest numbers an evening can hold, from the knob table's limits (knobs.ts): a backup's
// and a link's schema and the club take hands up to MAX_HAND_POINTS, and a seat's total over
// `rounds` rounds stays within maxSeatTotal(rounds), which the club's database must hold.
import { MAX_SET_SIZE, MAX_TILE_POINTS } from './knobs';

/** The most any knobs within their limits can make one tile of the largest set worth. */
function mostPoints(a: number, b: number): number {
	const L = MAX_TILE_POINTS;
	if (a === b) {
		// A double: flat, the double blank's own value, or its halves doubled.
		const half = a === 0 ? L : a;
		return Math.max(L, half * 2 * 2);
	}
	return (a === 0 ? L : a) + (b === 0 ? L : b);
}

/**
 * The most a hand can be worth under any rules: every tile of the largest set at the most the
 * knobs allow it (the rules core refuses a hand, and a round's hands together, above what the
 * evening's own rules make of the whole set).
 */
export const MAX_HAND_POINTS = (() => {
	let sum = 0;
	for (let a = 0; a <= MAX_SET_SIZE; a++) for (let b = 0; b <= a; b++) sum += mostPoints(a, b);
	return sum;
})();

/**
 * The most a seat's total can reach, either way, in `rounds` rounds: each round, a round's hands
 * together (paid by a seat, or collected in plus mode) and the going-out bonus.
 */
export function maxSeatTotal(rounds: number): number {
	return rounds * (MAX_HAND_POINTS + MAX_TILE_POINTS);
}

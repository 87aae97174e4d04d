// The figures every bench script prints: a median and a range of samples, and how two builds'
// runs taken in turn compare. Plain JavaScript so that `node scripts/bench.js` and the TypeScript
// benches run by tsx share it.

/** @param {unknown[]} xs @returns {number[]} the finite numbers, ascending */
const finite = (xs) =>
	/** @type {number[]} */ (xs.filter((x) => typeof x === 'number' && Number.isFinite(x))).sort(
		(a, b) => a - b
	);

/**
 * The middle sample (the lower of the two middle ones for an even count), skipping what is not
 * a number (a step that failed); null when nothing was measured.
 * @param {unknown[]} xs
 * @returns {number | null}
 */
export function median(xs) {
	const s = finite(xs);
	return s.length ? (s[Math.floor((s.length - 1) / 2)] ?? null) : null;
}

/**
 * The smallest and the largest sample; null when nothing was measured.
 * @param {unknown[]} xs
 * @returns {[number, number] | null}
 */
export function range(xs) {
	const s = finite(xs);
	return s.length ? [/** @type {number} */ (s[0]), /** @type {number} */ (s[s.length - 1])] : null;
}

/** A range as "12–34" (rounded), or "–" when nothing was measured. @param {[number, number] | null} r */
export const rangeText = (r) => (r ? `${Math.round(r[0])}–${Math.round(r[1])}` : '–');

/** How many resamples of the pairs give pairedRatio's interval. */
const RESAMPLES = 2000;

/**
 * This build's time over the baseline's, pair by pair: run i of each build is taken next to the
 * other's, so load that drifts during a bench run falls on both sides of a pair alike, which a
 * ratio of two medians does not use. Gives the median of the pairs' ratios and a 90 % interval
 * for it (the 5th and 95th percentiles of that median over RESAMPLES resamples of the pairs, with
 * a fixed seed: the same samples always give the same interval). A pair with a side not measured
 * is left out; null with fewer than two pairs.
 * @param {(number | null | undefined)[]} ours run i of this build, by index
 * @param {(number | null | undefined)[]} base run i of the baseline, by index
 * @returns {{ ratio: number, low: number, high: number, pairs: number } | null}
 */
export function pairedRatio(ours, base) {
	/** @type {number[]} */
	const ratios = [];
	ours.forEach((a, i) => {
		const b = base[i];
		if (typeof a === 'number' && typeof b === 'number' && a > 0 && b > 0) ratios.push(a / b);
	});
	if (ratios.length < 2) return null;
	const random = seeded(0x5eed);
	const pick = () => ratios[Math.floor(random() * ratios.length)] ?? NaN;
	const medians = Array.from({ length: RESAMPLES }, () => middle(ratios.map(pick))).sort(
		(x, y) => x - y
	);
	const at = (/** @type {number} */ p) => medians[Math.floor(p * RESAMPLES)] ?? NaN;
	return { ratio: middle(ratios), low: at(0.05), high: at(0.95), pairs: ratios.length };
}

/**
 * The median proper: the mean of the two middle ones for an even count (not `median`'s lower one,
 * which leans towards this build whenever the pairs are even in number). @param {number[]} xs
 */
function middle(xs) {
	const s = finite(xs);
	const h = s.length >> 1;
	const upper = s[h] ?? NaN;
	return s.length % 2 ? upper : ((s[h - 1] ?? NaN) + upper) / 2;
}

/** mulberry32: a small seeded generator, uniform in [0, 1). @param {number} seed */
function seeded(seed) {
	let t = seed >>> 0;
	return () => {
		t = (t + 0x6d2b79f5) >>> 0;
		let r = Math.imul(t ^ (t >>> 15), 1 | t);
		r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
		return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
	};
}

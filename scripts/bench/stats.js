// The figures every bench script prints: a median and a range of samples. Plain JavaScript so
// that `node scripts/bench.js` and the TypeScript benches run by tsx share it.

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

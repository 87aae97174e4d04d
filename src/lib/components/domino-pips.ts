// Pip layouts of a domino half, 0 to 18, as points in a unit square (x, y in 0..1).
// 0–9 follow the classic 3×3 grid; 10–18 follow the double-18 sets: two full outer columns and a
// middle column, so a number is recognised by its shape across a table, not by counting.

type Pip = readonly [number, number];

const L = 0.22;
const C = 0.5;
const R = 0.78;

const CLASSIC: Record<number, Pip[]> = {
	0: [],
	1: [[C, C]],
	2: [
		[L, L],
		[R, R]
	],
	3: [
		[L, L],
		[C, C],
		[R, R]
	],
	4: [
		[L, L],
		[R, L],
		[L, R],
		[R, R]
	],
	5: [
		[L, L],
		[R, L],
		[C, C],
		[L, R],
		[R, R]
	],
	6: [
		[L, L],
		[L, C],
		[L, R],
		[R, L],
		[R, C],
		[R, R]
	],
	7: [
		[L, L],
		[L, C],
		[L, R],
		[C, C],
		[R, L],
		[R, C],
		[R, R]
	],
	8: [
		[L, L],
		[L, C],
		[L, R],
		[C, L],
		[C, R],
		[R, L],
		[R, C],
		[R, R]
	],
	9: [
		[L, L],
		[L, C],
		[L, R],
		[C, L],
		[C, C],
		[C, R],
		[R, L],
		[R, C],
		[R, R]
	]
};

/** Outer column length and middle column length for 10–18. */
const COLUMNS: Record<number, readonly [number, number]> = {
	10: [4, 2],
	11: [4, 3],
	12: [4, 4],
	13: [5, 3],
	14: [5, 4],
	15: [5, 5],
	16: [6, 4],
	17: [6, 5],
	18: [6, 6]
};

const TOP = 0.14;
const BOTTOM = 0.86;

function column(x: number, count: number, span: number): Pip[] {
	// `span` is the outer columns' count, so a shorter middle column sits centred between them.
	const step = (BOTTOM - TOP) / (span - 1);
	const first = TOP + ((span - count) * step) / 2;
	return Array.from({ length: count }, (_, i) => [x, first + i * step] as const);
}

/** The pip centres of one half showing `n` (0 ≤ n ≤ 18). */
export function pipLayout(n: number): Pip[] {
	const classic = CLASSIC[n];
	if (classic) return classic;
	const cols = COLUMNS[n];
	if (!cols) throw new RangeError(`no pip layout for ${n}`);
	const [outer, middle] = cols;
	return [...column(0.2, outer, outer), ...column(C, middle, outer), ...column(0.8, outer, outer)];
}

/** Pip radius as a share of the half's side: smaller when there are many pips. */
export function pipRadius(n: number): number {
	if (n <= 9) return 0.09;
	if (n <= 12) return 0.075;
	if (n <= 15) return 0.065;
	return 0.055;
}

const pipPaths = new Map<string, string>();

/**
 * Every pip of a domino as one SVG path (a circle is two arcs), in the drawing's units: a half is
 * 100 × 100, the second half to the right of the first or, `vertical`, below it. One element
 * rather than a circle per pip: a screen draws dozens of dominoes, the tile picker 28 to 190, and
 * each element costs its first render. The same tile always gets the same string (kept).
 */
export function pipPath(a: number, b: number, vertical = false): string {
	const key = `${a} ${b} ${vertical}`;
	let d = pipPaths.get(key);
	if (d === undefined) {
		d = '';
		for (const [n, dx, dy] of [
			[a, 0, 0],
			[b, vertical ? 0 : 100, vertical ? 100 : 0]
		] as const) {
			const r = round(pipRadius(n) * 100);
			for (const [x, y] of pipLayout(n))
				d += `M${round(dx + x * 100 - r)} ${round(dy + y * 100)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
		}
		pipPaths.set(key, d);
	}
	return d;
}

const round = (x: number) => Math.round(x * 100) / 100;

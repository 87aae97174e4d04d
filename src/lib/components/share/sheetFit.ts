// The printed score sheet fits the paper it is printed on, whatever its width: an A4 page, or a
// phone's screen printed as it is (issue 46: "Om a", "11 4", an A4 header running into the next
// column). Each column is as wide as what it holds, measured in the sheet's own type; a name
// breaks only between its words (or after a hyphen), a number never. Where the headers across
// do not fit, they stand upright and the columns are only as wide as their numbers; where even
// the numbers do not fit, the type gets smaller. The paper's width is known only when the page is
// laid out for print, so PrintSheet hands these widths to CSS (container queries), which decides.

/** The width of `text` in em of its type at `weight`. */
export type Measure = (text: string, weight: number) => number;

export interface SheetCell {
	text: string;
	weight: number;
	/** Its type in em of the table's (a total stands larger). */
	size?: number;
}

export interface SheetColumn {
	header: string;
	cells: SheetCell[];
}

export interface SheetFit {
	/** Each column's width in em of the table's type, with its header across. */
	wide: number[];
	/** …and with its header upright. */
	tight: number[];
	/** The sheet's width in em of the table's type: every header across, or upright. */
	needWide: number;
	needTight: number;
}

/** A cell's padding (1.5 mm each side at 10 pt) and border, in em, with a little to spare. */
const PAD = 1;
/** An upright header wraps into lines of at most this many em (the header row's height). */
export const UPRIGHT_LINE = 12;
/** An upright line's thickness: the line height. */
const LINE = 1.3;
/** A header's type (thead th: bold). */
const HEADER_WEIGHT = 700;

/** The pieces of a header a line may break between: at its spaces, and after a hyphen. */
export function breakPieces(text: string): string[] {
	return text
		.split(/\s+/)
		.flatMap((word) => word.split(/(?<=-)/))
		.filter((p) => p !== '');
}

/** How many upright lines of `UPRIGHT_LINE` em a header takes, broken between its pieces. */
function uprightLines(header: string, measure: Measure): number {
	let lines = 0;
	let room = 0;
	const space = measure(' ', HEADER_WEIGHT);
	for (const piece of breakPieces(header)) {
		const w = measure(piece, HEADER_WEIGHT);
		if (lines > 0 && w + space <= room) {
			room -= w + space;
			continue;
		}
		// A piece longer than a line breaks inside (the only place a name is ever cut).
		const taken = Math.max(1, Math.ceil(w / UPRIGHT_LINE));
		lines += taken;
		room = taken * UPRIGHT_LINE - w;
	}
	return Math.max(lines, 1);
}

const round2 = (x: number) => Math.ceil(x * 100) / 100;

/**
 * The columns' widths for `columns` (in order), and the row under them whose first two cells are
 * one (the total's label, `spanning`): those two columns are wide enough for it together.
 */
export function sheetFit(columns: SheetColumn[], spanning: string, measure: Measure): SheetFit {
	const numbers = columns.map((c) =>
		Math.max(0, ...c.cells.map((cell) => measure(cell.text, cell.weight) * (cell.size ?? 1)))
	);
	const wide = columns.map((c, i) =>
		round2(
			Math.max(numbers[i]!, ...breakPieces(c.header).map((p) => measure(p, HEADER_WEIGHT))) + PAD
		)
	);
	const tight = columns.map((c, i) =>
		round2(Math.max(numbers[i]!, uprightLines(c.header, measure) * LINE) + PAD)
	);
	const label = measure(spanning, HEADER_WEIGHT) + PAD;
	for (const widths of [wide, tight]) {
		const short = label - (widths[0] ?? 0) - (widths[1] ?? 0);
		if (short > 0 && widths.length > 1) widths[1] = round2(widths[1]! + short);
	}
	const sum = (xs: number[]) => round2(xs.reduce((a, b) => a + b, 0));
	return { wide, tight, needWide: sum(wide), needTight: sum(tight) };
}

/**
 * Measures text in `family` on a canvas (the browser's own metrics, as the page will set it);
 * where there is no canvas (a test's DOM), a generous guess per character.
 */
export function canvasMeasure(family: string): Measure {
	const context =
		typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
	return (text, weight) => {
		if (!context) return [...text].length * 0.72;
		context.font = `${weight} 100px ${family}`;
		return context.measureText(text).width / 100;
	};
}

// A table of names over numbers that fits its width, whatever it is (issue 46): the printed score
// sheet on any paper ("Om a", "11 4" at a phone's width, an A4 header running into the next
// column), the chart's running totals on a phone. Each column is as wide as what it holds,
// measured in the table's own type; a name breaks only between its words (or after a hyphen), a
// number never. Where the headers across do not fit, they stand upright and the columns are only
// as wide as their numbers. The width is known only when the page is laid out (for paper: only
// when it is printed), so the components hand these widths to CSS (a container query), which
// decides.

/** The width of `text` in em of its type at `weight`. */
export type Measure = (text: string, weight: number) => number;

export interface FitCell {
	text: string;
	weight: number;
	/** Its type in em of the table's (a total stands larger). */
	size?: number;
}

export interface FitColumn {
	header: string;
	cells: FitCell[];
	/** Its header stays across, never upright (a short word: "Round"). */
	across?: boolean;
}

/** How the table is set, in em of its type. */
export interface FitStyle {
	/** A cell's padding and border across, with a little to spare. */
	pad: number;
	/** The headers' weight and type. */
	headerWeight: number;
	headerSize: number;
}

export interface TableFit {
	/** Each column's width in em of the table's type, with its header across. */
	wide: number[];
	/** …and with its header upright. */
	tight: number[];
	/** The table's width in em of its type: every header across, or upright. */
	needWide: number;
	needTight: number;
}

/** An upright header wraps into lines of at most this many em of its type. */
export const UPRIGHT_LINE = 12;
/** An upright line's thickness (the line height), in em of its type. */
const LINE = 1.3;

/** The pieces of a header a line may break between: at its spaces, and after a hyphen. */
export function breakPieces(text: string): string[] {
	return text
		.split(/\s+/)
		.flatMap((word) => word.split(/(?<=-)/))
		.filter((p) => p !== '');
}

/** How many upright lines of `UPRIGHT_LINE` em a header takes, broken between its pieces. */
function uprightLines(header: string, width: (text: string) => number): number {
	let lines = 0;
	let room = 0;
	const space = width(' ');
	for (const piece of breakPieces(header)) {
		const w = width(piece);
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
 * The columns' widths for `columns` (in order). `spanning` is the label of a row whose first two
 * cells are one (the sheet's Total): those two columns are wide enough for it together.
 */
export function tableFit(
	columns: FitColumn[],
	measure: Measure,
	style: FitStyle,
	spanning = ''
): TableFit {
	const { pad, headerWeight, headerSize } = style;
	// A header's width in em of its own type, and in em of the table's.
	const own = (text: string) => measure(text, headerWeight);
	const numbers = columns.map((c) =>
		Math.max(0, ...c.cells.map((cell) => measure(cell.text, cell.weight) * (cell.size ?? 1)))
	);
	const across = columns.map((c) =>
		Math.max(0, ...breakPieces(c.header).map((p) => own(p) * headerSize))
	);
	const wide = columns.map((_, i) => round2(Math.max(numbers[i]!, across[i]!) + pad));
	const tight = columns.map((c, i) =>
		round2(
			Math.max(
				numbers[i]!,
				c.across ? across[i]! : uprightLines(c.header, own) * LINE * headerSize
			) + pad
		)
	);
	if (spanning !== '' && columns.length > 1) {
		const label = own(spanning) * headerSize + pad;
		for (const widths of [wide, tight]) {
			const short = label - widths[0]! - widths[1]!;
			if (short > 0) widths[1] = round2(widths[1]! + short);
		}
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

/** The family the page's text is set in (what `canvasMeasure` measures). */
export function pageFont(): string {
	return typeof document === 'undefined'
		? 'sans-serif'
		: getComputedStyle(document.body).fontFamily || 'sans-serif';
}

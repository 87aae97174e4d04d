// The standings as a picture to send to the family chat: a PNG drawn on a canvas in the theme on
// screen. Loaded only when Share standings is pressed. Any name up to 40 characters and 2 to 10
// players fit: a name too wide is wrapped onto a second line, then drawn smaller.

export interface CardRow {
	rank: number;
	name: string;
	total: string;
	leader: boolean;
	eliminated: boolean;
}

export interface CardData {
	title: string;
	/** The round and the date, under the title. */
	subtitle: string;
	/** Below the rows, e.g. "Winner: Anna" or "Lowest total wins". */
	footer: string;
	rows: CardRow[];
	colors: {
		bg: string;
		surface: string;
		text: string;
		muted: string;
		accent: string;
		border: string;
	};
}

export const CARD_WIDTH = 1080;
const PAD = 64;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";

type Ctx = CanvasRenderingContext2D;

function font(size: number, weight = 400): string {
	return `${weight} ${size}px ${FONT}`;
}

/** Breaks `text` into lines no wider than `width`, splitting a word only when it alone is wider. */
export function wrap(ctx: Ctx, text: string, width: number): string[] {
	const lines: string[] = [];
	let line = '';
	const push = () => {
		if (line) lines.push(line);
		line = '';
	};
	for (const word of text.split(/(\s+)/)) {
		if (word === '') continue;
		const candidate = line + word;
		if (ctx.measureText(candidate).width <= width) {
			line = candidate;
			continue;
		}
		if (/^\s+$/.test(word)) {
			push();
			continue;
		}
		push();
		// A word wider than the line (a 40-letter name without a space): split by characters.
		for (const ch of Array.from(word)) {
			if (line && ctx.measureText(line + ch).width > width) push();
			line += ch;
		}
	}
	push();
	return lines.map((l) => l.trim()).filter((l) => l !== '');
}

/**
 * The largest size (from `max` down to `min`) at which `text` fits `width` in at most `maxLines`
 * lines; at `min` the last line is cut with an ellipsis.
 */
export function fit(
	ctx: Ctx,
	text: string,
	width: number,
	max: number,
	min: number,
	maxLines: number,
	weight = 400
): { size: number; lines: string[]; cut: boolean } {
	for (let size = max; size >= min; size -= 2) {
		ctx.font = font(size, weight);
		const lines = wrap(ctx, text, width);
		if (lines.length <= maxLines) return { size, lines, cut: false };
	}
	ctx.font = font(min, weight);
	const lines = wrap(ctx, text, width).slice(0, maxLines);
	let last = lines[maxLines - 1] ?? '';
	while (last && ctx.measureText(last + '…').width > width)
		last = Array.from(last).slice(0, -1).join('');
	lines[maxLines - 1] = last + '…';
	return { size: min, lines, cut: true };
}

/** Draws the card; returns the canvas (for tests) once drawn. */
export function drawCard(
	data: CardData,
	canvas: HTMLCanvasElement = document.createElement('canvas')
): HTMLCanvasElement {
	const many = data.rows.length > 6;
	const rowHeight = many ? 92 : 124;
	const nameMax = many ? 40 : 52;
	const totalSize = many ? 52 : 68;
	const headerHeight = 230;
	const footerHeight = 130;
	const height = headerHeight + data.rows.length * rowHeight + footerHeight;
	canvas.width = CARD_WIDTH;
	canvas.height = height;
	const ctx = canvas.getContext('2d');
	if (!ctx) throw new Error('No 2D canvas');
	const c = data.colors;

	ctx.fillStyle = c.bg;
	ctx.fillRect(0, 0, CARD_WIDTH, height);
	ctx.textBaseline = 'middle';

	// The title and, under it, the round and the date.
	const inner = CARD_WIDTH - 2 * PAD;
	const title = fit(ctx, data.title, inner, 64, 36, 1, 800);
	ctx.font = font(title.size, 800);
	ctx.fillStyle = c.text;
	ctx.textAlign = 'left';
	ctx.fillText(title.lines[0] ?? '', PAD, 92);
	const sub = fit(ctx, data.subtitle, inner, 36, 24, 1, 400);
	ctx.font = font(sub.size, 400);
	ctx.fillStyle = c.muted;
	ctx.fillText(sub.lines[0] ?? '', PAD, 162);

	// One band per player: rank, name (wrapped or smaller when long), total at the right.
	const rankWidth = 90;
	const totalWidth = 260;
	const nameX = PAD + 24 + rankWidth;
	const nameWidth = CARD_WIDTH - PAD - 24 - totalWidth - nameX;
	data.rows.forEach((row, i) => {
		const top = headerHeight + i * rowHeight;
		const mid = top + rowHeight / 2;
		ctx.fillStyle = row.leader ? c.surface : i % 2 === 0 ? c.surface : c.bg;
		ctx.beginPath();
		ctx.roundRect(PAD, top + 6, inner, rowHeight - 12, 18);
		ctx.fill();
		if (row.leader) {
			ctx.strokeStyle = c.accent;
			ctx.lineWidth = 5;
			ctx.stroke();
		}
		const ink = row.eliminated ? c.muted : row.leader ? c.accent : c.text;

		ctx.textAlign = 'left';
		ctx.font = font(nameMax - 4, 700);
		ctx.fillStyle = c.muted;
		ctx.fillText(`${row.rank}.`, PAD + 24, mid);

		// One line if it fits at a readable size, else two lines small enough to stay in the band.
		const twoLineMax = Math.floor((rowHeight - 24) / 2.3);
		const oneLine = fit(ctx, row.name, nameWidth, nameMax, twoLineMax + 2, 1, 700);
		const name = !oneLine.cut ? oneLine : fit(ctx, row.name, nameWidth, twoLineMax, 18, 2, 700);
		ctx.font = font(name.size, 700);
		ctx.fillStyle = ink;
		const lineHeight = name.size * 1.15;
		name.lines.forEach((line, j) => {
			ctx.fillText(line, nameX, mid + (j - (name.lines.length - 1) / 2) * lineHeight);
		});
		if (row.eliminated) {
			// Struck through, as on the standings table.
			const w = Math.min(nameWidth, Math.max(...name.lines.map((l) => ctx.measureText(l).width)));
			ctx.fillRect(nameX, mid - 2, w, 3);
		}

		const total = fit(ctx, row.total, totalWidth, totalSize, 28, 1, 800);
		ctx.font = font(total.size, 800);
		ctx.textAlign = 'right';
		ctx.fillStyle = ink;
		ctx.fillText(total.lines[0] ?? '', CARD_WIDTH - PAD - 24, mid);
	});

	// The footer (winner or how the evening is won) and the app's name.
	const footTop = headerHeight + data.rows.length * rowHeight;
	ctx.textAlign = 'left';
	const foot = fit(ctx, data.footer, inner - 200, 34, 22, 2, 700);
	ctx.font = font(foot.size, 700);
	ctx.fillStyle = c.accent;
	foot.lines.forEach((line, j) => ctx.fillText(line, PAD, footTop + 52 + j * foot.size * 1.15));
	ctx.font = font(28, 400);
	ctx.fillStyle = c.muted;
	ctx.textAlign = 'right';
	ctx.fillText('Caboose', CARD_WIDTH - PAD, footTop + 52);
	return canvas;
}

/** The card as a PNG. */
export async function cardPng(data: CardData): Promise<Blob> {
	const canvas = drawCard(data);
	return new Promise((resolve, reject) =>
		canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png')
	);
}

// The hand as tiles: each counted pip given to a half of one tile, found by the tile's divider
// line. A tile is two square halves side by side, the divider across the middle a little shorter
// than the tile is wide, and a half's pips sit on a 3×3 (double-6) or 3×4 (double-12) grid within
// it. Only a clean reading is offered: every pip in exactly one half, no half over twelve, no tile
// twice, each half's pips symmetric. A pip outside every half (a tile whose divider went unseen) or
// in two (tiles touching) means the photo gives the pip total only.
import { axisGap, lineCoords, median } from './image';

/** What a divider line needs: where it is and its extent (a described blob has these). */
export interface Divider {
	x: number;
	y: number;
	/** Standard deviation along the line and across it. */
	major: number;
	minor: number;
	angle: number;
	/** Share of the ring around it that is face. */
	ring: number;
}

/** A uniform segment's length from its standard deviation along it. */
const SEGMENT = 2 * Math.sqrt(3);
/** A half reaches this far across the divider and out from it, in divider lengths. */
const ACROSS = 0.62;
const OUT = 1.35;
/** The widest gap a spinner leaves in a divider, in pip radii. */
const SPINNER = 4;
/** Pips a half can hold (a double-12 set). */
const MOST = 12;
/** A divider lies across a face: face nearly all round it (a tile's edge or a gap has less). */
const RING = 0.8;
/** A blank tile shows only its divider: held to more (face all round, the hand's length). */
const BLANK_RING = 0.9;
/** How far one divider's length may stray from the hand's (one set of tiles). */
const LENGTH_REL = 1.3;

interface Line {
	x: number;
	y: number;
	angle: number;
	length: number;
	ring: number;
}

/** Pieces of one divider (a spinner on it splits the line) joined into one line. */
function joinPieces(dividers: Divider[], rp: number): Line[] {
	const lines: Line[] = dividers.map((d) => ({
		x: d.x,
		y: d.y,
		angle: d.angle,
		length: SEGMENT * d.major,
		ring: d.ring
	}));
	for (let i = 0; i < lines.length; i++)
		for (let j = i + 1; j < lines.length; j++) {
			const a = lines[i]!;
			const b = lines[j]!;
			const { t, v } = lineCoords(a, b);
			const gap = Math.abs(t) - (a.length + b.length) / 2;
			if (axisGap(a.angle, b.angle) > 0.2 || Math.abs(v) > rp || gap > SPINNER * rp) continue;
			const lo = Math.min(-a.length / 2, t - b.length / 2);
			const hi = Math.max(a.length / 2, t + b.length / 2);
			const mid = (lo + hi) / 2;
			lines[i] = {
				x: a.x + Math.cos(a.angle) * mid,
				y: a.y + Math.sin(a.angle) * mid,
				angle: a.angle,
				length: hi - lo,
				ring: Math.min(a.ring, b.ring)
			};
			lines.splice(j, 1);
			j = i;
		}
	return lines;
}

type Spot = { x: number; y: number };

/** How near a pip's mirror image must fall to a pip, in pip radii (pips are 4 or more apart). */
const MIRROR = 1.5;

/**
 * Every layout of pips on a half is symmetric about the half's centre (a half turn maps it onto
 * itself): a half read with a pip missing or one too many mostly is not.
 */
function symmetric(half: Spot[], rp: number): boolean {
	const cx = half.reduce((s, p) => s + p.x, 0) / half.length;
	const cy = half.reduce((s, p) => s + p.y, 0) / half.length;
	return half.every((p) =>
		half.some((q) => Math.hypot(q.x - (2 * cx - p.x), q.y - (2 * cy - p.y)) < MIRROR * rp)
	);
}

/**
 * The tiles, as [pips on one half, pips on the other], or null when the pips cannot all be given
 * to one half each. `rp` is the pip radius.
 */
export function tilesOf(pips: Spot[], dividers: Divider[], rp: number): [number, number][] | null {
	const across = joinPieces(
		dividers.filter((d) => d.ring >= RING),
		rp
	);
	const typical = median(across.map((d) => d.length));
	const lines = across.filter(
		(d) => d.length <= typical * LENGTH_REL && d.length * LENGTH_REL >= typical
	);
	if (!lines.length) return null;
	const halves = lines.map((): [Spot[], Spot[]] => [[], []]);
	for (const p of pips) {
		let home: [number, 0 | 1] | null = null;
		for (const [i, d] of lines.entries()) {
			const { t, v } = lineCoords(d, p);
			if (Math.abs(t) > ACROSS * d.length || Math.abs(v) > OUT * d.length || Math.abs(v) < rp)
				continue;
			if (home) return null;
			home = [i, v < 0 ? 0 : 1];
		}
		if (!home) return null;
		halves[home[0]]![home[1]].push(p);
	}
	if (!halves.every(([a, b]) => symmetric(a, rp) && symmetric(b, rp))) return null;
	const counts = halves.map(([a, b]): [number, number] => [a.length, b.length]);
	const blank = (c: [number, number], d: Line) =>
		c[0] + c[1] === 0 && (d.ring < BLANK_RING || Math.abs(d.length / typical - 1) > 0.15);
	if (counts.some(([a, b]) => a > MOST || b > MOST)) return null;
	if (counts.some((c, i) => blank(c, lines[i]!))) return null;
	const tiles = counts.map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));
	// A set holds each tile once: the same tile twice is a misreading.
	const names = new Set(tiles.map(([a, b]) => a * 13 + b));
	return names.size === tiles.length ? tiles : null;
}

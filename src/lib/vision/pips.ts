// Counts the pips of a domino hand in a photo. Classical image processing, explainable step by
// step, and no fixed colours: what makes a pip a pip is a small, round, darker spot on a light
// tile face, whatever the light, the table or the tile's colour.
//  1. downscale to about a megapixel (area average);
//  2. white balance and exposure from the brightest pixels (light.ts), then the "ink" plane: the
//     darkest channel, where black, grey and coloured pips are all darker than the face;
//  3. dark spots: a black-hat (closing minus the image) relative to the local face brightness,
//     hysteresis-thresholded into blobs;
//  4. each blob described: size, roundness, and whether a ring just outside it is face-light
//     (a pip sits on a face; a gap between tiles, the table, a shadow or the divider does not
//     pass);
//  5. the pip scale: the median size of the round, face-ringed blobs; blobs are kept by their
//     size relative to it, pairs joined by blur split in two;
//  6. confidence from what could go wrong.
import {
	axisGap,
	closing,
	dilate,
	downscale,
	label,
	lineCoords,
	median,
	moments,
	type Components,
	type Rgba
} from './image';
import { faceReaches } from './face';
import { tilesOf } from './halves';
import { inkPlane, whiteGains, type Ink } from './light';

export type { Ink };

export type Confidence = 'high' | 'medium' | 'low';

export interface PipCount {
	total: number;
	pips: { x: number; y: number }[];
	confidence: Confidence;
	flags: string[];
	/**
	 * Each tile's two halves ([smaller, larger]), only where every pip was given to one half of a
	 * tile and the count is sure; otherwise the photo gives the pip total only.
	 */
	tiles?: [number, number][];
}

/** Working size: photos are downscaled to at most this many pixels first. */
const TARGET_PIXELS = 1_000_000;

export function countPips(image: Rgba): PipCount {
	const px = image.width * image.height;
	if (!px || image.data.length < px * 4) {
		return { total: 0, pips: [], confidence: 'low', flags: ['no-tiles'] };
	}
	const f = Math.max(1, Math.sqrt(px / TARGET_PIXELS));
	return analyse(image, f).result;
}

interface Analysis {
	result: PipCount;
	pipRadius: number;
}

/** The ink plane with what the analysis needs beside it. */

/** A dark blob and what it looks like. */
export interface Blob {
	x: number;
	y: number;
	A: number;
	/** Elongation: major over minor axis. */
	el: number;
	major: number;
	minor: number;
	angle: number;
	/** Local face brightness (the closing at the centre). */
	face: number;
	/** Share of the ring just outside the blob that is face-light. */
	ring: number;
	/** Depth relative to the face. */
	depth: number;
	/** The face's chromaticity around the blob. */
	tint: [number, number];
}

export function analyse(image: Rgba, f: number, debug?: Record<string, unknown>): Analysis {
	const P = downscale(image, f);
	const gains = whiteGains(P);
	const I: Ink = { w: P.w, h: P.h, ink: inkPlane(P, gains), P, gains };
	const k = blackHatSize(I);
	const table = tableLevel(I);
	const lightTable = table > LIGHT_TABLE;
	const blobs = darkBlobs(I, k, (k >> 1) | 1, lightTable ? LIGHT_TABLE_MIN_FACE : MIN_FACE);
	const { scale, pips, ambiguous, oblique } = countSeen(I, blobs, lightTable ? table : 0);
	// Nothing pip-like on anything face-like: no tiles seen (the other doubts would only repeat it).
	const flags = scale.found ? doubts(I, pips, ambiguous, lightTable) : new Set(['no-tiles']);
	if (oblique && scale.found) flags.add('oblique');
	if (debug) Object.assign(debug, { k, scale, blobs, I });
	const rp = Math.sqrt(scale.area / Math.PI);
	const tiles = flags.size ? null : tilesOf(pips, dividerBlobs(blobs, rp), rp);
	return {
		result: finish(pips.length, pips, flags, f, tiles),
		pipRadius: rp
	};
}

/**
 * The pips among the blobs, as seen from above when the photo was taken at a low angle. A change
 * of viewpoint does not conjure very many new pips: where seeing the spots as foreshortened would,
 * they were something else lined up (grain, streaks), and the photo is taken as it is, with a
 * doubt. Pips squashed to half their height fail the roundness tests, so taken as it is such a
 * photo can show as few as a fifth of them (a very low angle on marble).
 */
function countSeen(I: Ink, blobs: Blob[], table: number) {
	const scale = pipScale(blobs);
	const seen = { scale, ...classify(I, blobs, scale, { oblique: false, table }), oblique: false };
	const flat = unsquash(blobs);
	if (flat === blobs) return seen;
	const flatScale = pipScale(flat);
	const asFlat = {
		scale: flatScale,
		...classify(I, flat, flatScale, { oblique: true, table }),
		oblique: true
	};
	if (seen.pips.length < 5 || asFlat.pips.length <= seen.pips.length * CONJURED + 3) return asFlat;
	seen.ambiguous++;
	return seen;
}

/** How many times the pips seen from above a low angle may outnumber those seen as it is. */
const CONJURED = 5;

/** Black-hat square: wider than any pip, at most a few per cent of the photo. */
function blackHatSize(I: Ink): number {
	return Math.max(9, Math.round(Math.sqrt(I.w * I.h) * 0.045)) | 1;
}

/** Thresholds on depth relative to the local face (hysteresis: seed and extent). */
const SEED_DEPTH = 0.3;
const LOW_DEPTH = 0.17;
/** A face is at least this light after white balance. */
const MIN_FACE = 100;
/**
 * On a light table the white balance is set by the table, and a cream face's darkest channel can
 * fall well below it (pale marble); nothing dark there passes for a face anyway.
 */
const LIGHT_TABLE_MIN_FACE = 55;
/** Share of the local deepest that still belongs to a spot. */
const HALF = 0.5;

/** Dark spots on light surroundings, as described blobs. */
export function darkBlobs(I: Ink, k: number, lk: number, minFace = MIN_FACE): Blob[] {
	const { w, h, ink } = I;
	const n = w * h;
	const c = closing(ink, w, h, k);
	const low = new Uint8Array(n);
	const depth = new Float32Array(n);
	for (let i = 0; i < n; i++) {
		const face = c[i]!;
		if (face < minFace) continue;
		const d = (face - ink[i]!) / face;
		depth[i] = d;
		if (d > LOW_DEPTH) low[i] = 1;
	}
	// Each spot down to half its own depth: a pip comes apart from a neighbouring pip, the
	// divider or a shadow that blur joined it to, and keeps its own size.
	const lm = dilate(depth, w, h, lk);
	for (let i = 0; i < n; i++) if (low[i] && depth[i]! < HALF * lm[i]!) low[i] = 0;
	const comps = label(low, w, h, true);
	const peak = new Float32Array(comps.count + 1);
	for (let i = 0; i < n; i++) {
		const l = comps.labels[i]!;
		if (l && depth[i]! > peak[l]!) peak[l] = depth[i]!;
	}
	const out: Blob[] = [];
	for (let l = 1; l <= comps.count; l++) {
		if (peak[l]! < SEED_DEPTH || comps.area[l]! < 3 || comps.border[l]) continue;
		out.push(describe(I, comps, l, c, peak[l]!, minFace));
	}
	return out;
}

const RING_STEPS = 16;

function describe(
	I: Ink,
	comps: Components,
	l: number,
	c: Float32Array,
	depth: number,
	minFace: number
): Blob {
	const { w, ink } = I;
	const m = moments(comps, l);
	const A = comps.area[l]!;
	const near = c[Math.round(m.y) * w + Math.round(m.x)]!;
	// Semi-axes of the equivalent ellipse (a uniform ellipse's standard deviation is half its
	// semi-axis); the ring runs a little outside it.
	const a = 2 * m.major;
	const b = 2 * m.minor;
	const ring: number[] = [];
	const points: [number, number][] = [];
	for (let s = 0; s < RING_STEPS; s++) {
		const phi = (2 * Math.PI * s) / RING_STEPS;
		const rr = ((a * b) / Math.hypot(b * Math.cos(phi), a * Math.sin(phi))) * 1.35 + 1.5;
		const ux = Math.cos(phi + m.angle);
		const uy = Math.sin(phi + m.angle);
		ring.push(sample(I, ink, m.x + ux * rr, m.y + uy * rr));
		points.push([m.x + ux * rr, m.y + uy * rr]);
	}
	// The face is what most of the ring shows (a table brighter than the tiles, as white paper
	// can be, does not set it), bounded by the closing.
	const sorted = [...ring].sort((p, q) => p - q);
	const face = Math.min(near, sorted[Math.floor(RING_STEPS * 0.7)]!);
	const share = (v: number[], t: number) => v.filter((x) => x >= t).length / RING_STEPS;
	const tint = faceTint(
		I,
		points.filter((_, i) => ring[i]! >= face * 0.72)
	);
	return {
		x: m.x,
		y: m.y,
		A,
		el: m.major / m.minor,
		major: m.major,
		minor: m.minor,
		angle: m.angle,
		face,
		ring: face < minFace ? 0 : share(ring, face * 0.72),
		depth,
		tint
	};
}

/** Chromaticity (red and green shares) of the white-balanced photo at these points. */
function faceTint(I: Ink, points: [number, number][]): [number, number] {
	let R = 0;
	let G = 0;
	let B = 0;
	for (const [x, y] of points) {
		const i = Math.round(y) * I.w + Math.round(x);
		R += I.P.r[i]! * I.gains[0];
		G += I.P.g[i]! * I.gains[1];
		B += I.P.b[i]! * I.gains[2];
	}
	const sum = R + G + B || 1;
	return [R / sum, G / sum];
}

/** The plane's value at the nearest pixel, or -1 outside the photo. */
function sample(I: Ink, plane: Float32Array, x: number, y: number): number {
	const xi = Math.round(x);
	const yi = Math.round(y);
	return xi < 0 || yi < 0 || xi >= I.w || yi >= I.h ? -1 : plane[yi * I.w + xi]!;
}

/** Pip elongation below which a photo is taken as seen from above. */
const OBLIQUE = 1.3;

/**
 * A photo taken at a low angle foreshortens every pip the same way: round pips look like
 * ellipses squashed along one direction. When the face-ringed spots mostly agree on that, each
 * blob's elongation is measured as if seen from above (stretched back along that direction).
 */
export function unsquash(blobs: Blob[]): Blob[] {
	const seen = blobs.filter(
		(b) => b.ring >= 0.75 && b.depth >= 0.4 && b.A >= 8 && b.el < 3 && b.el >= 1
	);
	if (seen.length < 8 || median(seen.map((b) => b.el)) < OBLIQUE) return blobs;
	// The direction most of the squash agrees on (marble veins and lettering point every way).
	const total = seen.reduce((t, b) => t + b.el - 1, 0);
	let best = 0;
	let major = 0;
	for (const c of seen) {
		const agree = seen.reduce((t, b) => t + (axisGap(b.angle, c.angle) < AGREE ? b.el - 1 : 0), 0);
		if (agree > best) [best, major] = [agree, c.angle];
	}
	if (best < ALONG * total) return blobs;
	const s = median(seen.filter((b) => axisGap(b.angle, major) < AGREE).map((b) => b.el));
	if (s < OBLIQUE) return blobs;
	return blobs.map((b) => ({ ...b, el: stretchedEl(b, major + Math.PI / 2, s) }));
}

/** Squash directions this close agree; the share of all squash that must. */
const AGREE = Math.PI / 12;
const ALONG = 0.55;

/** A blob's elongation after stretching it by `s` along `angle`. */
function stretchedEl(b: Blob, angle: number, s: number): number {
	const c = Math.cos(b.angle);
	const n = Math.sin(b.angle);
	const a2 = b.major * b.major;
	const m2 = b.minor * b.minor;
	// Covariance from the axes, then S C S with S = I + (s - 1) u u^T.
	let xx = a2 * c * c + m2 * n * n;
	let yy = a2 * n * n + m2 * c * c;
	let xy = (a2 - m2) * c * n;
	const ux = Math.cos(angle);
	const uy = Math.sin(angle);
	const S = [1 + (s - 1) * ux * ux, (s - 1) * ux * uy, 1 + (s - 1) * uy * uy] as const;
	// S C (S symmetric): T = S C, then T S.
	const t11 = S[0] * xx + S[1] * xy;
	const t12 = S[0] * xy + S[1] * yy;
	const t21 = S[1] * xx + S[2] * xy;
	const t22 = S[1] * xy + S[2] * yy;
	xx = t11 * S[0] + t12 * S[1];
	xy = t11 * S[1] + t12 * S[2];
	yy = t21 * S[1] + t22 * S[2];
	const tr = xx + yy;
	const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - (xx * yy - xy * xy)));
	return Math.sqrt((tr / 2 + disc) / Math.max(1e-6, tr / 2 - disc));
}

/** A blob that looks like one pip on a face. */
const pipLike = (b: Blob) => b.ring >= 0.75 && b.el < 1.5 && b.A >= 4 && b.depth >= 0.4;

/**
 * The typical pip: where the pip-like blobs' areas pile up, weighted by area (a few dozen pips
 * outweigh a hundred specks of dust or grain), then the median area near there.
 */
export function pipScale(blobs: Blob[]): { area: number; found: boolean } {
	const areas = blobs.filter(pipLike).map((b) => b.A);
	if (!areas.length) return { area: 0, found: false };
	const BIN = 0.2;
	const hist = new Map<number, number>();
	for (const A of areas) {
		const bin = Math.round(Math.log(A) / BIN);
		for (const d of [-1, 0, 1])
			hist.set(bin + d, (hist.get(bin + d) ?? 0) + Math.sqrt(A) * (d ? 0.5 : 1));
	}
	let best = 0;
	let bestW = -1;
	for (const [bin, wgt] of hist)
		if (wgt > bestW) {
			bestW = wgt;
			best = bin;
		}
	const centre = Math.exp(best * BIN);
	const near = areas.filter((A) => A > centre * 0.4 && A < centre * 2.5);
	return { area: median(near.length ? near : areas), found: true };
}

/** A counted pip, with what its blob measured. */
export interface Pip {
	x: number;
	y: number;
	A: number;
	depth: number;
	tint: [number, number];
	face: number;
	/**
	 * Less vouched for: only part of its ring is face (a pip by a tile's edge, or not a pip), or
	 * it is bigger than the hand's pips (a low number's pip, or a glare streak's hole).
	 */
	weak: boolean;
}

/**
 * How the photo was taken: at a low angle (the near side of each face is shaded by its bevel), and
 * the light table's level (0 on a dark one).
 */
interface Seen {
	oblique: boolean;
	table: number;
}

/** The pips among the blobs, given the pip scale. */
function classify(
	I: Ink,
	blobs: Blob[],
	scale: { area: number },
	seen: Seen
): { pips: Pip[]; ambiguous: number } {
	const pips: Pip[] = [];
	let ambiguous = 0;
	const Am = scale.area;
	if (!Am) return { pips, ambiguous };
	const rp = Math.sqrt(Am / Math.PI);
	const dividers = dividerBlobs(blobs, rp);
	const small: Blob[] = [];
	for (const b of blobs) {
		if (onDivider(b, dividers, rp)) continue;
		const rel = b.A / Am;
		// A pip by a tile's edge has the face on only part of its ring: kept when it is round,
		// pip-sized and deep. In a small photo a corner pip's ring is mostly off the tile: there
		// it must be as round, as deep and as big as a pip can be.
		const edgePip =
			(b.ring >= 0.45 && rel >= 0.5 && rel <= 1.6 && b.el < 1.5 && b.depth > 0.45) ||
			(b.ring >= 0.35 && rel >= 0.7 && rel <= 1.4 && b.el < 1.25 && b.depth >= 0.8);
		if ((b.ring < 0.7 && !edgePip) || !onFace(I, b)) {
			// Pip-like but not clearly on a face: perhaps a pip by a shadowed edge.
			if (rel >= 0.5 && rel <= 1.6 && b.el < 1.5 && b.ring >= 0.3) ambiguous++;
			continue;
		}
		// Double-12 sets give the low numbers bigger pips: a big round spot wholly on a face is
		// one pip (pips that blur joined are elongated).
		const bigPip = rel > 1.8 && rel <= 3.5 && b.el < 1.35 && b.ring >= 0.85;
		if ((rel >= 0.4 && rel <= 1.8 && b.el < 1.8) || bigPip) pips.push(asPip(b, bigPip));
		else if (rel >= SMALL_REL && rel < 0.4 && b.el < 1.5 && b.ring >= 0.9 && b.depth >= 0.5)
			small.push(b);
		else if (rel > 1.5 && rel <= 2.8 && b.el >= 1.6 && b.el < 3.2 && saddle(I, b)) {
			const d = b.major;
			const dx = Math.cos(b.angle) * d;
			const dy = Math.sin(b.angle) * d;
			const half = { A: b.A / 2, depth: b.depth, tint: b.tint, face: b.face, weak: false };
			pips.push({ x: b.x - dx, y: b.y - dy, ...half }, { x: b.x + dx, y: b.y + dy, ...half });
			ambiguous += 0.5;
		} else if (rel > 0.25 && rel < 4 && b.el < 2.5) ambiguous++;
	}
	const kept = smallSiblings(small, pips);
	ambiguous += small.length - kept.length;
	const same = sameFaces([...pips, ...kept.map((b) => asPip(b))], seen);
	return { pips: same.kept, ambiguous: ambiguous + same.faint };
}

const asPip = (b: Blob, big = false): Pip => ({
	x: b.x,
	y: b.y,
	A: b.A,
	depth: b.depth,
	tint: b.tint,
	face: b.face,
	weak: big || b.ring < 0.7
});

/** Smallest pip, against the hand's typical one: double-12 sets print the high numbers smaller. */
const SMALL_REL = 0.2;

/**
 * Small round spots wholly on a face that are pips: a double-12's 10s to 12s have smaller pips,
 * packed in rows, so each has at least two neighbours of its own size a pip spacing away; a speck
 * of dust or grain stands alone.
 */
function smallSiblings(small: Blob[], pips: Pip[]): Blob[] {
	const all: { x: number; y: number; A: number }[] = [...small, ...pips];
	return small.filter((b) => {
		const reach = 5.5 * Math.sqrt(b.A / Math.PI);
		let n = 0;
		for (const o of all)
			if (
				o !== b &&
				o.A > b.A * 0.65 &&
				o.A < b.A * 1.6 &&
				Math.hypot(o.x - b.x, o.y - b.y) < reach
			)
				n++;
		return n >= 2;
	});
}

/** How far a face's tint may stray from the hand's (chromaticity shares). */
const TINT = 0.05;
/** How much darker than the hand's faces a face may be (shading across a photo). */
const FACE_REL = 0.7;
/** At a low angle: the near side of a face, tilted away from the light, is darker still. */
const OBLIQUE_FACE_REL = 0.55;
/** A pip is not much fainter than the hand's pips (glare on a table, a shadowed gap). */
const DEPTH_REL = 0.5;
/** The same ringed by a light table brighter than the hand's faces. */
const TABLE_DEPTH_REL = 0.7;
/** The same for a weak pip (by a tile's edge, or big), where less vouches for it. */
const WEAK_FACE_REL = 0.85;

/**
 * The tiles of one set share one face colour: a dark spot ringed by another colour (a flower's
 * petals, a print on the cloth) is not a pip. Nor is a faint spot on a dimmer face: a colour pip
 * is at least half as deep as the hand's pips, a gap between tiles or a glare streak's edge is not
 * (each dropped is a doubt).
 */
function sameFaces(pips: Pip[], { oblique, table }: Seen): { kept: Pip[]; faint: number } {
	if (pips.length < 3) return { kept: pips, faint: 0 };
	const r = median(pips.map((p) => p.tint[0]));
	const g = median(pips.map((p) => p.tint[1]));
	const face = median(pips.map((p) => p.face));
	const depth = median(pips.map((p) => p.depth));
	const same = pips.filter(
		(p) =>
			Math.max(Math.abs(p.tint[0] - r), Math.abs(p.tint[1] - g)) <= TINT &&
			// At a low angle the near side of each face is shaded by its bevel: an edge pip there
			// is held to the plain rule.
			p.face >= face * (oblique ? OBLIQUE_FACE_REL : p.weak ? WEAK_FACE_REL : FACE_REL)
	);
	// Glare washes a pip out but lights its face: only a faint spot on a dimmer face is dropped, or
	// one ringed by a light table rather than by the hand's darker faces (where tiles meet; at a low
	// angle the faces' light varies with their tilt, so not there).
	const onTable = (p: Pip) =>
		!oblique && p.face > face * 1.15 && Math.abs(p.face - table) < Math.abs(p.face - face);
	const kept = same.filter(
		(p) =>
			p.depth >= depth * (onTable(p) ? TABLE_DEPTH_REL : DEPTH_REL) ||
			(p.face >= face * WEAK_FACE_REL && !onTable(p))
	);
	return { kept, faint: same.length - kept.length };
}

/** Light face around a pip, in pip areas: a tile's half holds dozens; a flower's petals a few. */
const FACE_AREAS = 25;

function onFace(I: Ink, b: Blob): boolean {
	const r = Math.sqrt(b.A / Math.PI) * 1.35 + 1.5;
	return faceReaches(I, b.x, b.y, r, b.face * 0.72, FACE_AREAS * b.A);
}

/**
 * Two pips joined by blur are lighter between their centres; a spinner on its divider, or a
 * smudge, is darkest in the middle.
 */
function saddle(I: Ink, b: Blob): boolean {
	const dx = Math.cos(b.angle) * b.major;
	const dy = Math.sin(b.angle) * b.major;
	const mid = sample(I, I.ink, b.x, b.y);
	const lobe = Math.max(sample(I, I.ink, b.x - dx, b.y - dy), sample(I, I.ink, b.x + dx, b.y + dy));
	return mid > lobe + b.face * 0.08;
}

/**
 * Light level above which the table is light (tiles hard to tell from it): pale marble whose white
 * balance leaves the faces grey sits near 150, dark tables below 60.
 */
const LIGHT_TABLE = 120;

/** The table's light level: the photo's median (the table fills most photos of a hand). */
function tableLevel(I: Ink): number {
	const sample: number[] = [];
	for (let i = 0; i < I.ink.length; i += 97) sample.push(I.ink[i]!);
	return median(sample);
}

/** What could make this count wrong, as flags (see `finish` for what each does to confidence). */
function doubts(I: Ink, pips: Pip[], ambiguous: number, lightTable: boolean): Set<string> {
	const flags = new Set<string>();
	if (ambiguous >= 1) flags.add('ambiguous');
	if (lightTable) flags.add('light-background');
	if (pips.length >= 4) {
		const areas = pips.map((p) => p.A);
		const mean = areas.reduce((s, v) => s + v, 0) / areas.length;
		const sd = Math.sqrt(areas.reduce((s, v) => s + (v - mean) ** 2, 0) / areas.length);
		if (sd / mean > 0.35) flags.add('pip-size');
	}
	if (pips.length && (median(pips.map((p) => p.depth)) < 0.45 || sharpness(I, pips) < 1.3))
		flags.add('blur');
	return flags;
}

/**
 * How sharp the pips' edges are: the steepest step at each pip against its depth, times the pip
 * radius (a blurred edge spreads over more pixels than a small pip can hide).
 */
export function sharpness(I: Ink, pips: Pip[]): number {
	const { w, h, ink } = I;
	const ratios: number[] = [];
	for (const p of pips.slice(0, 60)) {
		const rp = Math.sqrt(p.A / Math.PI);
		const R = Math.ceil(rp * 1.6);
		const cx = Math.round(p.x);
		const cy = Math.round(p.y);
		let gmax = 0;
		let lo = 255;
		let hi = 0;
		for (let y = Math.max(1, cy - R); y <= Math.min(h - 2, cy + R); y++)
			for (let x = Math.max(1, cx - R); x <= Math.min(w - 2, cx + R); x++) {
				const i = y * w + x;
				const g = Math.hypot(ink[i + 1]! - ink[i - 1]!, ink[i + w]! - ink[i - w]!) / 2;
				if (g > gmax) gmax = g;
				if (ink[i]! < lo) lo = ink[i]!;
				if (ink[i]! > hi) hi = ink[i]!;
			}
		if (hi > lo) ratios.push((gmax / (hi - lo)) * Math.min(rp, 6));
	}
	return ratios.length ? median(ratios) : Infinity;
}

/** A tile's divider line: long, thin, on a face. */
function dividerBlobs(blobs: Blob[], rp: number): Blob[] {
	return blobs.filter((b) => b.el > 4 && 2 * b.major > 3 * rp && b.ring >= 0.5);
}

/**
 * Pips never sit on a tile's divider line: whatever lies on it (the brass spinner, bits of the
 * line or of lettering) is not a pip.
 */
function onDivider(b: Blob, dividers: Blob[], rp: number): boolean {
	for (const d of dividers) {
		if (d === b) return true;
		const { t, v } = lineCoords(d, b);
		if (Math.abs(v) < 0.7 * rp && Math.abs(t) < 2 * d.major + rp) return true;
	}
	return false;
}

function finish(
	total: number,
	pips: { x: number; y: number }[],
	flags: Set<string>,
	f: number,
	tiles: [number, number][] | null = null
): PipCount {
	// 'oblique' and 'ambiguous' cap it at medium: pips at a grazing angle can hide.
	const LOW = ['no-tiles', 'light-background', 'blur', 'too-many', 'small-pips'];
	const list = [...flags];
	const confidence: Confidence = list.some((x) => LOW.includes(x))
		? 'low'
		: list.length
			? 'medium'
			: 'high';
	return {
		total,
		pips: pips.map((p) => ({ x: (p.x + 0.5) * f, y: (p.y + 0.5) * f })),
		confidence,
		flags: list,
		...(tiles && confidence === 'high' ? { tiles } : {})
	};
}

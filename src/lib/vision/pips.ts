// Counts the pips of a domino hand in a photo. Classical image processing, explainable step by step:
//  1. downscale to about a megapixel (area average);
//  2. tiles: bright, low-saturation pixels; connected components whose holes (pips, divider,
//     spinner) are filled; kept when they are compact, convex and rectangular (one tile or a row
//     of touching tiles), rejected when they touch the frame or look like cloth. On a light
//     cloth, or when ivory with pip-like holes stays unexplained (a tile joined to a cream print
//     or stripe), one more pass cuts each face out at its darker bevel and shadow (a grey
//     black-hat) and opens the outline so thin bridges break;
//  3. the pip scale: the median size of the round holes in those tiles;
//  4. pips: a black-hat of the darkest channel (closing minus the image) inside the tiles away
//     from their rims, hysteresis threshold, connected components kept by size and roundness
//     relative to the pip scale. Blobs too big for one pip (pips joined by blur) are split at
//     half their local maximum into parts of similar depth. Nothing on a tile's divider line
//     counts (the line, the brass spinner, pieces of them): pips never sit there;
//  5. confidence from what could go wrong: no tiles, a light background, blur, glare, pip sizes
//     that disagree, blobs that were neither clearly pips nor clearly not.
import {
	boxBlur,
	closing,
	dilate,
	distance,
	downscale,
	hull,
	label,
	minRect,
	moments,
	polygonArea,
	type Planes,
	type Rgba
} from './image';

export type Confidence = 'high' | 'medium' | 'low';

export interface PipCount {
	total: number;
	pips: { x: number; y: number }[];
	confidence: Confidence;
	flags: string[];
}

/** Working size: photos are downscaled to at most this many pixels first. */
const TARGET_PIXELS = 1_000_000;
/** When the pips come out this small (radius, working pixels), a larger working size is used. */
const SMALL_PIP_RADIUS = 3.2;
/** The tile-finding pass that cuts faces apart at their darker rim (light cloths). */
const RING = -1;
const RING_DEPTH = 14;
/** Share of the local maximum that splits pips joined by blur. */
const HALF = 0.5;
const MAX_PIXELS = 2_600_000;

export function countPips(image: Rgba): PipCount {
	const px = image.width * image.height;
	if (!px || image.data.length < px * 4) {
		return { total: 0, pips: [], confidence: 'low', flags: ['no-tiles'] };
	}
	const f0 = Math.max(1, Math.sqrt(px / TARGET_PIXELS));
	let a = analyse(image, f0);
	if (a.pipRadius > 0 && a.pipRadius < SMALL_PIP_RADIUS && f0 > 1) {
		// Small pips in a big photo: look again at a finer scale (bounded cost).
		const f1 = Math.max(1, f0 * (a.pipRadius / 4), Math.sqrt(px / MAX_PIXELS));
		if (f1 < f0 * 0.85) a = analyse(image, f1);
	}
	return a.result;
}

interface Analysis {
	result: PipCount;
	pipRadius: number;
}

const median = (v: number[]) => {
	if (!v.length) return 0;
	const s = [...v].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export function analyse(image: Rgba, f: number, debug?: Record<string, unknown>): Analysis {
	const t0 = performance.now();
	const times: [string, number][] = [];
	const mark = (name: string) => {
		if (debug) times.push([name, performance.now() - t0]);
	};
	const P: Planes = downscale(image, f);
	const { w, h } = P;
	// Smoothed planes for the tile mask and the ivory reference, so sensor noise and JPEG
	// blocks average out; the pips themselves are measured on the unsmoothed planes.
	const sm = f < 2.5 ? 1 : 0;
	const r = boxBlur(P.r, w, h, sm);
	const g = boxBlur(P.g, w, h, sm);
	const b = boxBlur(P.b, w, h, sm);
	const n = w * h;
	const flags = new Set<string>();

	mark('start');
	// 1. Ivory: bright, low saturation, not bluish.
	const lum = new Float32Array(n);
	const chroma = new Float32Array(n);
	for (let i = 0; i < n; i++) {
		const R = r[i]!;
		const G = g[i]!;
		const B = b[i]!;
		lum[i] = (R + G + B) / 3;
		chroma[i] = B > R + 10 ? 255 : Math.max(R, G, B) - Math.min(R, G, B);
	}

	mark('ivory');
	// 2-3. Tiles, at rising brightness thresholds: a tile merged with glare on the cloth at
	// one threshold stands alone at a higher one. Accepted tiles are filled (pips, divider and
	// spinner are holes in the ivory) into M and kept out of later passes.
	const M = new Uint8Array(n);
	const minTileArea = Math.max(300, n * 0.0006);
	let tileCount = 0;
	let cut = 0;
	let framed = 0;
	let rough = 0;
	const shorts: number[] = [];
	const holeAreas: number[] = [];
	const rects: {
		A: number;
		long: number;
		short: number;
		angle: number;
		cx: number;
		cy: number;
	}[] = [];
	const rejected: { A: number; pixels: number[]; pipHoles: number }[] = [];
	let firstIvory: Uint8Array | null = null;
	let rejectedBefore = -1;
	for (const LT of [135, 175, 210, RING]) {
		let ivory: Uint8Array;
		if (LT === RING) {
			// A light cloth: ivory everywhere, so the first passes found one big region touching the
			// frame. Each tile's face is ringed by its darker bevel and its shadow; pixels in such a
			// thin dark line are cut away, so faces stand apart from the cloth.
			// Also when a region with pip-like holes is still unexplained (a tile touching a cream
			// print on the cloth, or glare).
			const open = rejected.some((q) => {
				let un = 0;
				for (const i of q.pixels) if (!M[i]) un++;
				return un / q.pixels.length > 0.5;
			});
			if (!open && !framed && !lightCloth(firstIvory!, M, lum, n)) break;
			const k = Math.max(7, Math.round(Math.sqrt(n) * 0.012) | 1);
			const cl = closing(lum, w, h, k);
			ivory = new Uint8Array(n);
			for (let i = 0; i < n; i++)
				ivory[i] =
					!M[i] && lum[i]! > 135 && chroma[i]! < 62 && cl[i]! - lum[i]! < RING_DEPTH ? 1 : 0;
			// An opening: erode, then grow back all but a pixel, so the thin bridges left between a
			// face and a cream print (where the rim is faint) break.
			// Holes (pips, the divider) are filled first, so only the outline is opened.
			const e = Math.max(2, Math.round(Math.sqrt(n) * 0.004));
			const filled = new Uint8Array(n);
			for (let i = 0; i < n; i++) filled[i] = ivory[i] ? 0 : 1;
			const gaps = label(filled, w, h, false);
			for (let i = 0; i < n; i++) {
				const l = gaps.labels[i]!;
				filled[i] = !l || (!gaps.border[l] && gaps.area[l]! < n * 0.01) ? 1 : 0;
			}
			const d1 = distance(filled, w, h);
			const outside = new Uint8Array(n);
			for (let i = 0; i < n; i++) outside[i] = d1[i]! > e ? 0 : 1;
			const d2 = distance(outside, w, h);
			for (let i = 0; i < n; i++) ivory[i] = ivory[i] && d2[i]! < e ? 1 : 0;
			if (debug) debug.ringIvory = ivory;
		} else {
			// A later pass only when this one left something ivory with pip-like holes unexplained.
			if (LT > 135 && rejected.length === rejectedBefore) continue;
			ivory = new Uint8Array(n);
			for (let i = 0; i < n; i++) ivory[i] = !M[i] && lum[i]! > LT && chroma[i]! < 62 ? 1 : 0;
		}
		rejectedBefore = rejected.length;
		if (!firstIvory) firstIvory = ivory;
		const comp = label(ivory, w, h, true);
		const inv = new Uint8Array(n);
		for (let i = 0; i < n; i++) inv[i] = ivory[i] ? 0 : 1;
		const holes = label(inv, w, h, false);
		const owner = new Int32Array(holes.count + 1);
		const seen = new Uint8Array(holes.count + 1);
		for (let i = w; i < n; i++) {
			const hl = holes.labels[i]!;
			if (!hl || seen[hl]) continue;
			seen[hl] = 1;
			if (!holes.border[hl]) owner[hl] = comp.labels[i - w]!;
		}
		const filledArea = new Float64Array(comp.count + 1);
		const roundHoles = new Int32Array(comp.count + 1);
		for (let l = 1; l <= comp.count; l++) filledArea[l] = comp.area[l]!;
		for (let hl = 1; hl <= holes.count; hl++) {
			const o = owner[hl]!;
			if (!o) continue;
			filledArea[o]! += holes.area[hl]!;
			if (holes.area[hl]! >= 4) {
				const m = moments(holes, hl);
				if (m.major / m.minor < 1.5) roundHoles[o]!++;
			}
		}
		const tile = new Uint8Array(comp.count + 1);
		for (let l = 1; l <= comp.count; l++) {
			const A = filledArea[l]!;
			if (A < minTileArea) continue;
			const pts: number[] = [];
			for (let y = comp.miny[l]!; y <= comp.maxy[l]!; y++) {
				let x0 = -1;
				let x1 = -1;
				const row = y * w;
				for (let x = comp.minx[l]!; x <= comp.maxx[l]!; x++) {
					if (comp.labels[row + x] === l) {
						if (x0 < 0) x0 = x;
						x1 = x;
					}
				}
				if (x0 >= 0) pts.push(x0, y, x1 + 1, y, x0, y + 1, x1 + 1, y + 1);
			}
			const hp = hull(pts);
			const solidity = A / Math.max(1, polygonArea(hp));
			const rect = minRect(hp);
			const rectangularity = A / Math.max(1, rect.long * rect.short);
			if (comp.border[l]) {
				// A tile cut by the frame (compact, with pip-like holes) cannot be counted whole.
				if (LT === 135 && solidity >= 0.85 && roundHoles[l]! >= 2) cut++;
				// Pip-like holes in ivory that reaches the frame: perhaps a tile joined to a cream
				// print on the cloth.
				if (roundHoles[l]! >= 2) framed++;
				continue;
			}
			if (solidity >= 0.88 && rectangularity >= 0.8 && rect.short >= 12) {
				tile[l] = 1;
				tileCount++;
				shorts.push(rect.short);
				// Hull points are pixel corners; pixel centres are half a pixel in.
				rects.push({ A, ...rect, cx: rect.cx - 0.5, cy: rect.cy - 0.5 });
				if (solidity < 0.95 || rectangularity < 0.9) rough++;
			} else if (roundHoles[l]! >= 2) {
				// Remember where it was; if no later pass explains it, it is an unclear tile.
				const pixels: number[] = [];
				for (let y = comp.miny[l]!; y <= comp.maxy[l]!; y += 2)
					for (let x = comp.minx[l]!; x <= comp.maxx[l]!; x += 2)
						if (comp.labels[y * w + x] === l) pixels.push(y * w + x);
				rejected.push({ A, pixels, pipHoles: roundHoles[l]! });
			}
		}
		for (let hl = 1; hl <= holes.count; hl++) {
			const o = owner[hl]!;
			if (!o || !tile[o]) continue;
			const A = holes.area[hl]!;
			if (A < 4 || A > filledArea[o]! * 0.04) continue;
			const m = moments(holes, hl);
			if (m.major / m.minor < 1.5) holeAreas.push(A);
		}
		for (let i = 0; i < n; i++) {
			const l = comp.labels[i]!;
			if (l) {
				if (tile[l]) M[i] = 1;
			} else {
				const ho = holes.labels[i]!;
				if (ho && tile[owner[ho]!]) M[i] = 1;
			}
		}
	}

	mark('passes');
	// Fill what the tiles enclose (specks of ivory inside a pip are not holes of the tile).
	// Only within the tiles' bounding box (plus a pixel): a gap that reaches its edge is open.
	{
		let gx0 = w;
		let gy0 = h;
		let gx1 = -1;
		let gy1 = -1;
		for (let y = 0; y < h; y++) {
			const row = y * w;
			for (let x = 0; x < w; x++) {
				if (!M[row + x]) continue;
				if (x < gx0) gx0 = x;
				if (x > gx1) gx1 = x;
				if (y < gy0) gy0 = y;
				if (y > gy1) gy1 = y;
			}
		}
		if (gx1 >= 0) {
			gx0 = Math.max(0, gx0 - 1);
			gy0 = Math.max(0, gy0 - 1);
			const gw = Math.min(w - 1, gx1 + 1) - gx0 + 1;
			const gh = Math.min(h - 1, gy1 + 1) - gy0 + 1;
			const inv = new Uint8Array(gw * gh);
			for (let y = 0; y < gh; y++)
				for (let x = 0; x < gw; x++) inv[y * gw + x] = M[(gy0 + y) * w + gx0 + x] ? 0 : 1;
			const gaps = label(inv, gw, gh, false);
			const maxGap = n * 0.01;
			for (let y = 0; y < gh; y++)
				for (let x = 0; x < gw; x++) {
					const l = gaps.labels[y * gw + x]!;
					if (l && !gaps.border[l] && gaps.area[l]! < maxGap) M[(gy0 + y) * w + gx0 + x] = 1;
				}
		}
	}

	mark('fill');
	if (debug) debug.M = M;
	// Background brightness: a light cloth makes tiles hard to separate.
	let bgSum = 0;
	let bgN = 0;
	let bgBright = 0;
	for (let i = 0; i < n; i += 3) {
		if (M[i]) continue;
		bgSum += lum[i]!;
		bgN++;
		if (firstIvory![i]) bgBright++;
	}
	const bgMean = bgN ? bgSum / bgN : 0;
	const bgIvoryShare = bgN ? bgBright / bgN : 0;
	if (bgMean > 175 || bgIvoryShare > 0.35) flags.add('light-background');

	if (!tileCount) {
		flags.add('no-tiles');
		return { result: finish(0, [], flags, f), pipRadius: 0 };
	}
	if (cut) flags.add('tile-cut');
	if (rough) flags.add('tile-shape');
	// Something ivory, tile-sized and holding pip-like holes that no pass found tile-shaped:
	// a tile merged with glare or with the cloth.
	const tileMedian = median(rects.map((q) => Math.min(q.A, 2 * q.short * q.short)));
	for (const q of rejected) {
		let un = 0;
		for (const i of q.pixels) if (!M[i]) un++;
		if (un / q.pixels.length > 0.5 && q.A * (un / q.pixels.length) > tileMedian * 0.3) {
			flags.add('unclear-tiles');
			break;
		}
	}

	mark('bg');
	// 4. Pip scale from the round holes in the tiles.
	let rp = holeAreas.length >= 1 ? Math.sqrt(median(holeAreas) / Math.PI) : 0;
	const minShort = Math.min(...shorts);
	if (!rp) rp = minShort * 0.06;
	rp = Math.max(1.2, rp);

	// 5. Tile mask (filled), its inside away from the rim.
	const dt = distance(M, w, h);
	const margin = Math.max(1.5, rp * 1.1);

	mark('dt');
	// 6. Colour black-hat.
	let k = Math.round(rp * 3.4) | 1;
	k = Math.max(5, k);
	// Only around the tiles: the closing reaches k pixels, so a crop padded by more than k gives
	// the same values inside the tiles as the whole image would, for a fraction of the work.
	let bx0 = w;
	let by0 = h;
	let bx1 = -1;
	let by1 = -1;
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			if (!M[y * w + x]) continue;
			if (x < bx0) bx0 = x;
			if (x > bx1) bx1 = x;
			if (y < by0) by0 = y;
			if (y > by1) by1 = y;
		}
	}
	const pad = k + 2;
	const x0 = Math.max(0, bx0 - pad);
	const y0 = Math.max(0, by0 - pad);
	const cw = Math.min(w - 1, bx1 + pad) - x0 + 1;
	const ch = Math.min(h - 1, by1 + pad) - y0 + 1;
	const crop = (src: Float32Array) => {
		const o = new Float32Array(cw * ch);
		for (let y = 0; y < ch; y++) {
			const from = (y0 + y) * w + x0;
			o.set(src.subarray(from, from + cw), y * cw);
		}
		return o;
	};
	// One plane: the darkest channel. Ivory is light in all three; every pip colour (black,
	// grey, the blues, pale yellow, red...) is dark in at least one, so one closing does.
	const dark = new Float32Array(cw * ch);
	for (let y = 0; y < ch; y++)
		for (let x = 0, i = (y0 + y) * w + x0, j = y * cw; x < cw; x++, i++, j++)
			dark[j] = Math.min(r[i]!, g[i]!, b[i]!);
	const cd = closing(dark, cw, ch, k);
	const raw = new Float32Array(n);
	let glare = 0;
	let inside = 0;
	for (let y = y0; y < y0 + ch; y++) {
		for (let x = x0; x < x0 + cw; x++) {
			const i = y * w + x;
			if (dt[i]! <= margin) continue;
			const j = (y - y0) * cw + (x - x0);
			inside++;
			raw[i] = cd[j]! - Math.min(P.r[i]!, P.g[i]!, P.b[i]!);
			if (lum[i]! > 250) glare++;
		}
	}
	mark('blackhat');
	const ink = median3(raw, w, h, dt, margin);
	if (inside && glare / inside > 0.04) flags.add('glare');

	const TH = 48;
	const TL = 30;
	// Half of the local maximum: pips that blur has joined by a shallow saddle come apart.
	const lk = Math.max(3, Math.round(rp * 1.6) * 2 + 1);
	const lm = dilate(crop(ink), cw, ch, lk);
	const low = new Uint8Array(n);
	for (let y = y0; y < y0 + ch; y++) {
		for (let x = x0; x < x0 + cw; x++) {
			const i = y * w + x;
			const v = ink[i]!;
			low[i] = v > TL ? 1 : 0;
		}
	}
	mark('median3');
	const blobs = label(low, w, h, true);
	const peak = new Float32Array(blobs.count + 1);
	for (let i = 0; i < n; i++) {
		const l = blobs.labels[i]!;
		if (l && ink[i]! > peak[l]!) peak[l] = ink[i]!;
	}

	mark('label');
	// 7. Blob classification relative to the pip scale.
	const expected = Math.PI * rp * rp;
	type Blob = {
		l: number;
		x: number;
		y: number;
		A: number;
		el: number;
		m: ReturnType<typeof moments>;
	};
	const cands: Blob[] = [];
	for (let l = 1; l <= blobs.count; l++) {
		if (peak[l]! < TH) continue;
		const A = blobs.area[l]!;
		if (A < Math.max(3, expected * 0.2)) continue;
		const m = moments(blobs, l);
		cands.push({ l, x: m.x, y: m.y, A, el: m.major / m.minor, m });
	}
	const roundAreas = cands
		.filter((c) => c.el < 1.5 && c.A > expected * 0.35 && c.A < expected * 3)
		.map((c) => c.A);
	const Ap = roundAreas.length ? median(roundAreas) : expected;
	const pips: { x: number; y: number }[] = [];
	let ambiguous = 0;
	const accepted: number[] = [];
	// Pips joined by blur into one blob: within the blob, keep what is above half the local
	// maximum; the shallow saddles between pips fall below it. Only round, pip-sized parts count.
	const split = (c: Blob): { x: number; y: number }[] => {
		const l = c.l;
		const bx = blobs.minx[l]!;
		const by = blobs.miny[l]!;
		const bw = blobs.maxx[l]! - bx + 1;
		const bh = blobs.maxy[l]! - by + 1;
		const sub = new Uint8Array(bw * bh);
		for (let y = 0; y < bh; y++)
			for (let x = 0; x < bw; x++) {
				const i = (by + y) * w + bx + x;
				if (blobs.labels[i] !== l) continue;
				const j = (by + y - y0) * cw + (bx + x - x0);
				if (ink[i]! > HALF * lm[j]!) sub[y * bw + x] = 1;
			}
		const parts = label(sub, bw, bh, false);
		// Each part's own depth: pips joined by blur are about equally deep; a smudge of noise or
		// a JPEG block beside one pip is shallower.
		const depth = new Float32Array(parts.count + 1);
		for (let y = 0; y < bh; y++)
			for (let x = 0; x < bw; x++) {
				const q = parts.labels[y * bw + x]!;
				const v = ink[(by + y) * w + bx + x]!;
				if (q && v > depth[q]!) depth[q] = v;
			}
		const out: { x: number; y: number }[] = [];
		for (let q = 1; q <= parts.count; q++) {
			const A = parts.area[q]!;
			if (A < Ap * 0.25 || A > Ap * 1.9 || depth[q]! < peak[l]! * 0.6) continue;
			const m = moments(parts, q);
			if (m.major / m.minor > 1.8) return [];
			out.push({ x: bx + m.x, y: by + m.y });
		}
		return out;
	};
	// The divider: pips sit at least about four pip radii from it, so whatever lies on it (the
	// line, the brass spinner, bits of them) is not a pip. Where it runs is known from a tile's
	// shape: across the middle of a lone tile (twice as long as wide, about 17 pip radii wide),
	// along the middle of a row of tiles standing side by side (about 34 pip radii high).
	const W = rp / 0.058;
	const onDivider = (x: number, y: number): boolean => {
		for (const q of rects) {
			const ux = Math.cos(q.angle);
			const uy = Math.sin(q.angle);
			const du = (x - q.cx) * ux + (y - q.cy) * uy;
			const dv = -(x - q.cx) * uy + (y - q.cy) * ux;
			if (Math.abs(du) > q.long / 2 || Math.abs(dv) > q.short / 2) continue;
			const ratio = q.long / q.short;
			const sw = q.short / W;
			if (sw > 0.7 && sw < 1.4 && ratio > 1.7 && ratio < 2.4) return Math.abs(du) < rp * 1.8;
			if (sw > 1.6 && sw < 2.6) return Math.abs(dv) < rp * 1.8;
			return false;
		}
		return false;
	};
	for (const c of cands) {
		const rel = c.A / Ap;
		if (onDivider(c.x, c.y)) continue;
		if (rel > 1.45 && c.el < 7) {
			const parts = split(c).filter((p) => !onDivider(p.x, p.y));
			if (parts.length >= 2) {
				pips.push(...parts);
				continue;
			}
			if (parts.length === 1 && rel <= 2.8) {
				// One pip-sized core and something shallower beside it: one pip.
				pips.push(parts[0]!);
				ambiguous += 0.5;
				continue;
			}
		}
		if (rel >= 0.55 && rel <= 1.9 && c.el < (rel <= 1.45 ? 2 : 1.6)) {
			pips.push({ x: c.x, y: c.y });
			accepted.push(c.A);
		} else if (rel > 1.5 && rel <= 2.8 && c.el >= 1.6 && c.el < 3.2) {
			// Two pips merged: split along the major axis.
			const d = c.m.major;
			const dx = Math.cos(c.m.angle) * d;
			const dy = Math.sin(c.m.angle) * d;
			pips.push({ x: c.x - dx, y: c.y - dy }, { x: c.x + dx, y: c.y + dy });
			ambiguous += 0.5;
		} else if (rel > 0.25 && rel < 4 && c.el < 2.5) {
			ambiguous++;
		}
	}
	if (ambiguous >= 1) flags.add('ambiguous');
	if (roundAreas.length >= 4) {
		const mean = accepted.reduce((s, v) => s + v, 0) / Math.max(1, accepted.length);
		const sd = Math.sqrt(
			accepted.reduce((s, v) => s + (v - mean) * (v - mean), 0) / Math.max(1, accepted.length)
		);
		if (mean && sd / mean > 0.4) flags.add('pip-size');
	}
	if (Ap / expected > 2.2 || Ap / expected < 0.4) flags.add('scale-mismatch');
	if (rp < 2.2) flags.add('small-pips');
	// Tiles hold at most 24 pips each; tiles are at least about 12 pip radii wide.
	const tileArea = 2 * (12 * rp) * (12 * rp);
	let tilesEstimate = 0;
	for (const q of rects) tilesEstimate += Math.max(1, q.A / tileArea);
	if (pips.length > 24 * tilesEstimate) flags.add('too-many');
	if (debug)
		Object.assign(debug, {
			rp,
			Ap,
			k,
			tileCount,
			tilesEstimate,
			rects,
			bgMean,
			bgIvoryShare,
			cands: cands.map((c) => [Math.round(c.x), Math.round(c.y), c.A, +c.el.toFixed(2)])
		});

	mark('classify');
	// Blur: the steepest edge at each pip compared with its depth.
	const sharp: number[] = [];
	for (const p of pips.slice(0, 60)) {
		const cx = Math.round(p.x);
		const cy = Math.round(p.y);
		const R = Math.ceil(rp * 1.6);
		let gmax = 0;
		let depth = 0;
		// The steepest brightness step against the deepest step in any one channel (ivory to
		// pip), as a per-channel black-hat would measure it.
		let rl = 255,
			rh = 0,
			gl = 255,
			gh = 0,
			bl = 255,
			bh = 0;
		for (let y = Math.max(1, cy - R); y <= Math.min(h - 2, cy + R); y++) {
			for (let x = Math.max(1, cx - R); x <= Math.min(w - 2, cx + R); x++) {
				const i = y * w + x;
				const gx = lum[i + 1]! - lum[i - 1]!;
				const gy = lum[i + w]! - lum[i - w]!;
				const gm = Math.hypot(gx, gy) / 2;
				if (gm > gmax) gmax = gm;
				const R0 = r[i]!;
				const G0 = g[i]!;
				const B0 = b[i]!;
				if (R0 < rl) rl = R0;
				if (R0 > rh) rh = R0;
				if (G0 < gl) gl = G0;
				if (G0 > gh) gh = G0;
				if (B0 < bl) bl = B0;
				if (B0 > bh) bh = B0;
			}
		}
		depth = Math.max(rh - rl, gh - gl, bh - bl);
		if (depth > 0) sharp.push(gmax / depth);
	}
	const sharpness = median(sharp) * Math.min(rp, 6);
	if (sharp.length && sharpness < 0.9) flags.add('blur');
	if (debug) debug.sharpness = sharpness;

	mark('blur');
	if (debug) debug.times = times;
	return { result: finish(pips.length, pips, flags, f), pipRadius: rp };
}

/** The cloth is light when much of what is not a tile passed as ivory, or is bright. */
function lightCloth(firstIvory: Uint8Array, M: Uint8Array, lum: Float32Array, n: number): boolean {
	let sum = 0;
	let cnt = 0;
	let iv = 0;
	for (let i = 0; i < n; i += 3) {
		if (M[i]) continue;
		sum += lum[i]!;
		cnt++;
		if (firstIvory[i]) iv++;
	}
	return cnt > 0 && (sum / cnt > 175 || iv / cnt > 0.35);
}

function finish(
	total: number,
	pips: { x: number; y: number }[],
	flags: Set<string>,
	f: number
): PipCount {
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
		flags: list
	};
}

/** 3 x 3 median of `src` where `dt` > `margin` (elsewhere 0): removes speckle, keeps 2-px gaps. */
function median3(
	src: Float32Array,
	w: number,
	h: number,
	dt: Float32Array,
	margin: number
): Float32Array {
	const out = new Float32Array(src.length);
	const v = new Float32Array(9);
	for (let y = 1; y < h - 1; y++) {
		for (let x = 1; x < w - 1; x++) {
			const i = y * w + x;
			if (dt[i]! <= margin) continue;
			let k = 0;
			for (let dy = -w; dy <= w; dy += w)
				for (let dx = -1; dx <= 1; dx++) v[k++] = src[i + dy + dx]!;
			// Partial insertion sort up to the middle element.
			for (let a = 0; a <= 4; a++) {
				let m = a;
				for (let c = a + 1; c < 9; c++) if (v[c]! < v[m]!) m = c;
				const t = v[a]!;
				v[a] = v[m]!;
				v[m] = t;
			}
			out[i] = v[4]!;
		}
	}
	return out;
}

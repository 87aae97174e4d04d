// Small image operations for the pip counter: pure TypeScript on typed arrays (no DOM), so they
// run in a Worker, in Node and in Vitest.

export interface Rgba {
	width: number;
	height: number;
	data: Uint8ClampedArray;
}

/** Planar float channels of a (possibly downscaled) image. */
export interface Planes {
	w: number;
	h: number;
	r: Float32Array;
	g: Float32Array;
	b: Float32Array;
}

/**
 * Area-average downscale by a factor `f` >= 1 (1 = copy). Each output pixel averages the input
 * pixels whose centres fall in its footprint, so fine texture and noise average out.
 */
export function downscale(img: Rgba, f: number): Planes {
	const { width: W, height: H, data } = img;
	const w = Math.max(1, Math.floor(W / f));
	const h = Math.max(1, Math.floor(H / f));
	const r = new Float32Array(w * h);
	const g = new Float32Array(w * h);
	const b = new Float32Array(w * h);
	if (w === W && h === H) {
		for (let i = 0, j = 0; i < w * h; i++, j += 4) {
			r[i] = data[j]!;
			g[i] = data[j + 1]!;
			b[i] = data[j + 2]!;
		}
		return { w, h, r, g, b };
	}
	const cnt = new Float32Array(w * h);
	const xmap = new Int32Array(W);
	for (let x = 0; x < W; x++) xmap[x] = Math.min(w - 1, Math.floor(x / f));
	for (let y = 0; y < H; y++) {
		const oy = Math.min(h - 1, Math.floor(y / f));
		const row = oy * w;
		let i = y * W * 4;
		for (let x = 0; x < W; x++, i += 4) {
			const o = row + xmap[x]!;
			r[o]! += data[i]!;
			g[o]! += data[i + 1]!;
			b[o]! += data[i + 2]!;
			cnt[o]! += 1;
		}
	}
	for (let i = 0; i < w * h; i++) {
		const c = cnt[i]! || 1;
		r[i] = r[i]! / c;
		g[i] = g[i]! / c;
		b[i] = b[i]! / c;
	}
	return { w, h, r, g, b };
}

/**
 * Running max (`max=true`) or min over a window of `k` pixels along rows (`dx=1`) or columns,
 * van Herk / Gil-Werman: three comparisons per pixel whatever the window.
 */
function runFilter(
	src: Float32Array,
	w: number,
	h: number,
	k: number,
	horizontal: boolean,
	max: boolean
): Float32Array {
	if (!horizontal) return runFilterV(src, w, h, k, max);
	const out = new Float32Array(src.length);
	const n = horizontal ? w : h;
	const lines = horizontal ? h : w;
	const step = horizontal ? 1 : w;
	const half = k >> 1;
	const padded = n + k;
	const line = new Float32Array(padded);
	const gA = new Float32Array(padded);
	const hA = new Float32Array(padded);
	// Max of -v is -(min of v): one code path, the sign flips the operation.
	const sgn = max ? 1 : -1;
	const fill = -1e30;
	for (let l = 0; l < lines; l++) {
		const base = horizontal ? l * w : l;
		line.fill(fill);
		for (let i = 0, j = base; i < n; i++, j += step) line[i + half] = sgn * src[j]!;
		for (let s = 0; s < padded; s += k) {
			const e = s + k < padded ? s + k : padded;
			let m = line[s]!;
			gA[s] = m;
			for (let i = s + 1; i < e; i++) {
				const v = line[i]!;
				if (v > m) m = v;
				gA[i] = m;
			}
			m = line[e - 1]!;
			hA[e - 1] = m;
			for (let i = e - 2; i >= s; i--) {
				const v = line[i]!;
				if (v > m) m = v;
				hA[i] = m;
			}
		}
		for (let i = 0, j = base; i < n; i++, j += step) {
			const a = hA[i]!;
			const bb = gA[i + k - 1]!;
			out[j] = sgn * (a > bb ? a : bb);
		}
	}
	return out;
}

// Two work buffers kept between calls (a Worker counts one photo at a time): the column filters
// would otherwise leave several megabytes of garbage per pass, and the collector's pauses cost
// more than the filtering.
const scratchBufs: Float32Array[] = [new Float32Array(0), new Float32Array(0)];
function scratch(which: 0 | 1, size: number): Float32Array {
	if (scratchBufs[which]!.length < size) scratchBufs[which] = new Float32Array(size);
	return scratchBufs[which]!.subarray(0, size);
}

/**
 * The same along columns, a whole row at a time (memory is read in order, which is several times
 * faster than walking down each column).
 */
function runFilterV(src: Float32Array, w: number, h: number, k: number, max: boolean) {
	const half = k >> 1;
	const P = h + k;
	const sgn = max ? 1 : -1;
	const fill = -1e30;
	const gA = scratch(0, P * w);
	const hA = scratch(1, P * w);
	// Row i of the padded column stack is source row i - half, or `fill` outside.
	const load = (dst: Float32Array, i: number) => {
		const y = i - half;
		const o = i * w;
		if (y < 0 || y >= h) dst.fill(fill, o, o + w);
		else for (let x = 0, j = y * w; x < w; x++, j++) dst[o + x] = sgn * src[j]!;
	};
	for (let s = 0; s < P; s += k) {
		const e = s + k < P ? s + k : P;
		load(gA, s);
		for (let i = s + 1; i < e; i++) {
			load(gA, i);
			const o = i * w;
			for (let x = 0; x < w; x++) {
				const a = gA[o - w + x]!;
				if (a > gA[o + x]!) gA[o + x] = a;
			}
		}
		load(hA, e - 1);
		for (let i = e - 2; i >= s; i--) {
			load(hA, i);
			const o = i * w;
			for (let x = 0; x < w; x++) {
				const a = hA[o + w + x]!;
				if (a > hA[o + x]!) hA[o + x] = a;
			}
		}
	}
	const out = new Float32Array(w * h);
	for (let y = 0; y < h; y++) {
		const oh = y * w;
		const og = (y + k - 1) * w;
		for (let x = 0; x < w; x++) {
			const a = hA[oh + x]!;
			const b = gA[og + x]!;
			out[oh + x] = sgn * (a > b ? a : b);
		}
	}
	return out;
}

/** Grey dilation (running max) with a k x k square. */
export function dilate(src: Float32Array, w: number, h: number, k: number): Float32Array {
	return runFilter(runFilter(src, w, h, k, true, true), w, h, k, false, true);
}

/** Grey closing with a k x k square: fills dark structures smaller than the square. */
export function closing(src: Float32Array, w: number, h: number, k: number): Float32Array {
	const d = runFilter(runFilter(src, w, h, k, true, true), w, h, k, false, true);
	return runFilter(runFilter(d, w, h, k, true, false), w, h, k, false, false);
}

export interface Components {
	labels: Int32Array;
	count: number;
	area: Int32Array;
	sx: Float64Array;
	sy: Float64Array;
	sxx: Float64Array;
	syy: Float64Array;
	sxy: Float64Array;
	minx: Int32Array;
	maxx: Int32Array;
	miny: Int32Array;
	maxy: Int32Array;
	border: Uint8Array;
}

/** Connected components of a 0/1 mask (8-connected if `eight`, else 4), labels 1..count. */
export function label(mask: Uint8Array, w: number, h: number, eight = true): Components {
	const labels = new Int32Array(w * h);
	const parent: number[] = [0];
	const find = (a: number) => {
		while (parent[a] !== a) {
			parent[a] = parent[parent[a]!]!;
			a = parent[a]!;
		}
		return a;
	};
	const unite = (a: number, b: number) => {
		const ra = find(a);
		const rb = find(b);
		if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
	};
	let next = 1;
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			const i = y * w + x;
			if (!mask[i]) continue;
			let l = 0;
			const nb0 = x > 0 ? labels[i - 1]! : 0;
			const nb1 = y > 0 ? labels[i - w]! : 0;
			const nb2 = eight && y > 0 && x > 0 ? labels[i - w - 1]! : 0;
			const nb3 = eight && y > 0 && x < w - 1 ? labels[i - w + 1]! : 0;
			if (nb0) l = nb0;
			if (nb1) {
				if (!l) l = nb1;
				else if (nb1 !== l) unite(l, nb1);
			}
			if (nb2) {
				if (!l) l = nb2;
				else if (nb2 !== l) unite(l, nb2);
			}
			if (nb3) {
				if (!l) l = nb3;
				else if (nb3 !== l) unite(l, nb3);
			}
			if (!l) {
				l = next++;
				parent.push(l);
			}
			labels[i] = l;
		}
	}
	// Compact the labels.
	const remap = new Int32Array(next);
	let count = 0;
	for (let l = 1; l < next; l++) {
		const r = find(l);
		if (r === l) remap[l] = ++count;
	}
	for (let l = 1; l < next; l++) remap[l] = remap[find(l)]!;
	const c: Components = {
		labels,
		count,
		area: new Int32Array(count + 1),
		sx: new Float64Array(count + 1),
		sy: new Float64Array(count + 1),
		sxx: new Float64Array(count + 1),
		syy: new Float64Array(count + 1),
		sxy: new Float64Array(count + 1),
		minx: new Int32Array(count + 1).fill(w),
		maxx: new Int32Array(count + 1).fill(-1),
		miny: new Int32Array(count + 1).fill(h),
		maxy: new Int32Array(count + 1).fill(-1),
		border: new Uint8Array(count + 1)
	};
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			const i = y * w + x;
			const l0 = labels[i]!;
			if (!l0) continue;
			const l = remap[l0]!;
			labels[i] = l;
			c.area[l]!++;
			c.sx[l]! += x;
			c.sy[l]! += y;
			c.sxx[l]! += x * x;
			c.syy[l]! += y * y;
			c.sxy[l]! += x * y;
			if (x < c.minx[l]!) c.minx[l] = x;
			if (x > c.maxx[l]!) c.maxx[l] = x;
			if (y < c.miny[l]!) c.miny[l] = y;
			if (y > c.maxy[l]!) c.maxy[l] = y;
			if (x === 0 || y === 0 || x === w - 1 || y === h - 1) c.border[l] = 1;
		}
	}
	return c;
}

/** Centroid, and the square roots of the covariance's eigenvalues (major, minor) with the angle. */
export function moments(c: Components, l: number) {
	const n = c.area[l]!;
	const mx = c.sx[l]! / n;
	const my = c.sy[l]! / n;
	const vxx = c.sxx[l]! / n - mx * mx + 1 / 12;
	const vyy = c.syy[l]! / n - my * my + 1 / 12;
	const vxy = c.sxy[l]! / n - mx * my;
	const tr = vxx + vyy;
	const det = vxx * vyy - vxy * vxy;
	const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
	const l1 = tr / 2 + disc;
	const l2 = Math.max(1e-6, tr / 2 - disc);
	return {
		x: mx,
		y: my,
		major: Math.sqrt(l1),
		minor: Math.sqrt(l2),
		angle: 0.5 * Math.atan2(2 * vxy, vxx - vyy)
	};
}

/** Chamfer (3-4) distance to the nearest 0 pixel, in pixels (approximately Euclidean). */
export function distance(mask: Uint8Array, w: number, h: number): Float32Array {
	const big = 1e9;
	const d = new Float32Array(w * h);
	for (let i = 0; i < w * h; i++) d[i] = mask[i] ? big : 0;
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			const i = y * w + x;
			if (!d[i]) continue;
			let v = d[i]!;
			if (x > 0) v = Math.min(v, d[i - 1]! + 3);
			else v = Math.min(v, 3);
			if (y > 0) {
				v = Math.min(v, d[i - w]! + 3);
				if (x > 0) v = Math.min(v, d[i - w - 1]! + 4);
				if (x < w - 1) v = Math.min(v, d[i - w + 1]! + 4);
			} else v = Math.min(v, 3);
			d[i] = v;
		}
	}
	for (let y = h - 1; y >= 0; y--) {
		for (let x = w - 1; x >= 0; x--) {
			const i = y * w + x;
			if (!d[i]) continue;
			let v = d[i]!;
			if (x < w - 1) v = Math.min(v, d[i + 1]! + 3);
			else v = Math.min(v, 3);
			if (y < h - 1) {
				v = Math.min(v, d[i + w]! + 3);
				if (x < w - 1) v = Math.min(v, d[i + w + 1]! + 4);
				if (x > 0) v = Math.min(v, d[i + w - 1]! + 4);
			} else v = Math.min(v, 3);
			d[i] = v;
		}
	}
	for (let i = 0; i < w * h; i++) d[i] = d[i]! / 3;
	return d;
}

/** Convex hull (monotone chain) of points given as [x0, y0, x1, y1, ...]. */
export function hull(pts: number[]): [number, number][] {
	const p: [number, number][] = [];
	for (let i = 0; i < pts.length; i += 2) p.push([pts[i]!, pts[i + 1]!]);
	p.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	if (p.length < 3) return p;
	const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
		(a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
	const lower: [number, number][] = [];
	for (const q of p) {
		while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0)
			lower.pop();
		lower.push(q);
	}
	const upper: [number, number][] = [];
	for (let i = p.length - 1; i >= 0; i--) {
		const q = p[i]!;
		while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0)
			upper.pop();
		upper.push(q);
	}
	lower.pop();
	upper.pop();
	return lower.concat(upper);
}

/** Area of a polygon and its minimum-area enclosing rectangle (sides, angle). */
export function polygonArea(poly: [number, number][]): number {
	let a = 0;
	for (let i = 0; i < poly.length; i++) {
		const p = poly[i]!;
		const q = poly[(i + 1) % poly.length]!;
		a += p[0] * q[1] - q[0] * p[1];
	}
	return Math.abs(a) / 2;
}

export function minRect(poly: [number, number][]): {
	long: number;
	short: number;
	angle: number;
	cx: number;
	cy: number;
} {
	let best = { long: 0, short: 0, angle: 0, area: Infinity, cx: 0, cy: 0 };
	for (let i = 0; i < poly.length; i++) {
		const p = poly[i]!;
		const q = poly[(i + 1) % poly.length]!;
		const ang = Math.atan2(q[1] - p[1], q[0] - p[0]);
		const c = Math.cos(ang);
		const s = Math.sin(ang);
		let u0 = Infinity,
			u1 = -Infinity,
			v0 = Infinity,
			v1 = -Infinity;
		for (const [x, y] of poly) {
			const u = x * c + y * s;
			const v = -x * s + y * c;
			if (u < u0) u0 = u;
			if (u > u1) u1 = u;
			if (v < v0) v0 = v;
			if (v > v1) v1 = v;
		}
		const a = (u1 - u0) * (v1 - v0);
		if (a < best.area) {
			const du = u1 - u0;
			const dv = v1 - v0;
			const um = (u0 + u1) / 2;
			const vm = (v0 + v1) / 2;
			best = {
				long: Math.max(du, dv),
				short: Math.min(du, dv),
				angle: du >= dv ? ang : ang + Math.PI / 2,
				area: a,
				cx: um * c - vm * s,
				cy: um * s + vm * c
			};
		}
	}
	return { long: best.long, short: best.short, angle: best.angle, cx: best.cx, cy: best.cy };
}

/** Box blur with a (2r+1) square, separable, edges clamped; running sums, clamping only at the ends. */
export function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
	if (r <= 0) return src;
	const tmp = new Float32Array(src.length);
	const out = new Float32Array(src.length);
	const k = 2 * r + 1;
	const line = new Float32Array(Math.max(w, h) + 2 * r + 1);
	const blurLine = (n: number, dst: Float32Array, base: number, step: number) => {
		// line[0 .. n + 2r): the samples with r clamped copies at each end.
		let s = 0;
		for (let i = 0; i < k; i++) s += line[i]!;
		dst[base] = s / k;
		for (let x = 1; x < n; x++) {
			s += line[x + 2 * r]! - line[x - 1]!;
			dst[base + x * step] = s / k;
		}
	};
	for (let y = 0; y < h; y++) {
		const row = y * w;
		for (let i = 0; i < r; i++) line[i] = src[row]!;
		for (let x = 0; x < w; x++) line[x + r] = src[row + x]!;
		for (let i = 0; i < r; i++) line[w + r + i] = src[row + w - 1]!;
		blurLine(w, tmp, row, 1);
	}
	// Columns: a running sum per column, updated a row at a time (memory read in order).
	const sum = new Float32Array(w);
	const rowAt = (y: number) => (y < 0 ? 0 : y >= h ? h - 1 : y) * w;
	for (let y = -r; y <= r; y++) {
		const o = rowAt(y);
		for (let x = 0; x < w; x++) sum[x]! += tmp[o + x]!;
	}
	for (let y = 0; y < h; y++) {
		const o = y * w;
		for (let x = 0; x < w; x++) out[o + x] = sum[x]! / k;
		const add = rowAt(y + r + 1);
		const sub = rowAt(y - r);
		for (let x = 0; x < w; x++) sum[x]! += tmp[add + x]! - tmp[sub + x]!;
	}
	return out;
}

export const median = (v: number[]) => {
	if (!v.length) return 0;
	const s = [...v].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Angle between two axes (no sign: modulo a half turn). */
export function axisGap(a: number, b: number): number {
	const d = Math.abs(a - b) % Math.PI;
	return Math.min(d, Math.PI - d);
}

/** Where `p` lies against the line through (x, y) at `angle`: `t` along it, `v` across it. */
export function lineCoords(
	line: { x: number; y: number; angle: number },
	p: { x: number; y: number }
): { t: number; v: number } {
	const ux = Math.cos(line.angle);
	const uy = Math.sin(line.angle);
	return {
		t: (p.x - line.x) * ux + (p.y - line.y) * uy,
		v: -(p.x - line.x) * uy + (p.y - line.y) * ux
	};
}

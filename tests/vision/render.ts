// A seeded, deterministic renderer of synthetic photos of a domino hand, for the pip counter's
// tests and bench. Double-12 tiles (0-12 pips per half in the usual layouts), ivory with a soft
// bevel and shadow, black or colour-coded pips (incl. pale yellow and light blue) drawn as
// shaded drilled dots, a dark divider line, a brass spinner; wood, felt, a busy patterned cloth
// or a white cloth; uneven light, glare, blur, sensor noise, mild perspective, JPEG.
//
// SEEDS: tuning uses seeds 1..99_999 (TUNING_SEEDS); the bench and the unit tests evaluate on
// seeds from 1_000_000 up (EVAL_SEED_BASE), a range never used while tuning the counter.
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';

export const TUNING_SEED_MAX = 99_999;
export const EVAL_SEED_BASE = 1_000_000;

export type Background = 'wood' | 'felt' | 'busy' | 'white';

export interface SceneOptions {
	background?: Background;
	tiles?: number; // 1..15
	megapixels?: number; // 0.5..12
	pipStyle?: 'black' | 'colour';
	touching?: boolean;
	glare?: boolean;
	blur?: number; // 0 = sharp; 1 = mild (about 1.2 px at 1 MP)
	noise?: number; // sensor noise sigma in 0..255
	jpeg?: number; // JPEG quality 0..100, 0 = none
	perspective?: boolean;
	spinner?: boolean;
}

export interface Scene {
	width: number;
	height: number;
	data: Uint8ClampedArray;
	total: number;
	/** Ground-truth pip centres in image pixels (before perspective they are warped too). */
	pips: { x: number; y: number }[];
	halves: number[];
}

/** mulberry32: small, fast, seeded. */
export function rng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

// Pip layouts on a half, in units of the half's inner square (-1..1).
const C3 = [-0.62, 0, 0.62];
const R3 = [-0.62, 0, 0.62];
const R4 = [-0.66, -0.22, 0.22, 0.66];
export const LAYOUTS: [number, number][][] = [
	[],
	[[0, 0]],
	[
		[-0.62, -0.62],
		[0.62, 0.62]
	],
	[
		[-0.62, -0.62],
		[0, 0],
		[0.62, 0.62]
	],
	[
		[-0.62, -0.62],
		[0.62, -0.62],
		[-0.62, 0.62],
		[0.62, 0.62]
	],
	[
		[-0.62, -0.62],
		[0.62, -0.62],
		[0, 0],
		[-0.62, 0.62],
		[0.62, 0.62]
	],
	R3.flatMap((y) => [[-0.62, y] as [number, number], [0.62, y] as [number, number]]),
	[...R3.flatMap((y) => [[-0.62, y] as [number, number], [0.62, y] as [number, number]]), [0, 0]],
	[
		...R3.flatMap((y) => [[-0.62, y] as [number, number], [0.62, y] as [number, number]]),
		[0, -0.31],
		[0, 0.31]
	],
	R3.flatMap((y) => C3.map((x) => [x, y] as [number, number])),
	[
		...R4.flatMap((y) => [[-0.62, y] as [number, number], [0.62, y] as [number, number]]),
		[0, -0.31],
		[0, 0.31]
	],
	[
		...R4.flatMap((y) => [[-0.62, y] as [number, number], [0.62, y] as [number, number]]),
		[0, -0.5],
		[0, 0],
		[0, 0.5]
	],
	R4.flatMap((y) => C3.map((x) => [x, y] as [number, number]))
];

// Colour-coded double-12 sets: one colour per value.
const PIP_COLOURS: [number, number, number][] = [
	[0, 0, 0],
	[128, 188, 228], // 1 light blue
	[40, 150, 70], // 2 green
	[205, 40, 45], // 3 red
	[135, 80, 40], // 4 brown
	[35, 65, 165], // 5 blue
	[232, 204, 72], // 6 pale yellow
	[150, 60, 170], // 7 purple
	[20, 105, 90], // 8 teal
	[75, 45, 135], // 9 violet
	[232, 122, 35], // 10 orange
	[28, 28, 30], // 11 black
	[125, 125, 130] // 12 grey
];

function rgb(c: [number, number, number], k = 1, a = 1): string {
	const f = (v: number) => Math.max(0, Math.min(255, Math.round(v * k)));
	return `rgba(${f(c[0])},${f(c[1])},${f(c[2])},${a})`;
}

function drawBackground(
	ctx: SKRSContext2D,
	w: number,
	h: number,
	bg: Background,
	r: () => number
): void {
	const d = Math.hypot(w, h);
	if (bg === 'wood') {
		const base: [number, number, number] = [110 + r() * 60, 68 + r() * 40, 35 + r() * 30];
		ctx.fillStyle = rgb(base);
		ctx.fillRect(0, 0, w, h);
		ctx.save();
		ctx.translate(w / 2, h / 2);
		ctx.rotate(r() * Math.PI);
		const plank = d * (0.08 + r() * 0.1);
		for (let y = -d / 2; y < d / 2; y += plank) {
			ctx.fillStyle = rgb(base, 0.85 + r() * 0.3);
			ctx.fillRect(-d / 2, y, d, plank);
			ctx.fillStyle = 'rgba(20,10,5,0.5)';
			ctx.fillRect(-d / 2, y, d, Math.max(1, d * 0.0015));
			for (let i = 0; i < 25; i++) {
				ctx.strokeStyle = rgb(base, 0.6 + r() * 0.6, 0.25 + r() * 0.35);
				ctx.lineWidth = Math.max(1, d * (0.0005 + r() * 0.002));
				ctx.beginPath();
				const y0 = y + r() * plank;
				const amp = plank * 0.15 * r();
				const ph = r() * 6;
				ctx.moveTo(-d / 2, y0);
				for (let x = -d / 2; x <= d / 2; x += d / 40)
					ctx.lineTo(x, y0 + amp * Math.sin(ph + (x / d) * 9));
				ctx.stroke();
			}
		}
		ctx.restore();
	} else if (bg === 'felt') {
		const options: [number, number, number][] = [
			[28, 100, 52],
			[25, 62, 120],
			[120, 30, 40],
			[40, 40, 45]
		];
		const base = options[Math.floor(r() * options.length)]!;
		ctx.fillStyle = rgb(base, 0.8 + r() * 0.4);
		ctx.fillRect(0, 0, w, h);
		for (let i = 0; i < 400; i++) {
			ctx.fillStyle = rgb(base, 0.7 + r() * 0.6, 0.2);
			const s = d * 0.004 * (1 + r() * 3);
			ctx.beginPath();
			ctx.arc(r() * w, r() * h, s, 0, Math.PI * 2);
			ctx.fill();
		}
	} else if (bg === 'busy') {
		// A patterned cloth: plaid with cream and dark stripes, plus printed dots and flowers,
		// some of them pip-sized and dark.
		const palette: [number, number, number][] = [
			[180, 40, 50],
			[30, 70, 140],
			[230, 225, 200],
			[40, 120, 70],
			[220, 170, 40],
			[30, 30, 35],
			[200, 110, 150]
		];
		const pick = () => palette[Math.floor(r() * palette.length)]!;
		ctx.fillStyle = rgb(pick());
		ctx.fillRect(0, 0, w, h);
		ctx.save();
		ctx.translate(w / 2, h / 2);
		ctx.rotate(r() * Math.PI);
		const step = d * (0.03 + r() * 0.05);
		for (let k = 0; k < 2; k++) {
			for (let t = -d / 2; t < d / 2; t += step) {
				ctx.fillStyle = rgb(pick(), 1, 0.45);
				const sw = step * (0.15 + r() * 0.35);
				if (k === 0) ctx.fillRect(-d / 2, t, d, sw);
				else ctx.fillRect(t, -d / 2, sw, d);
			}
		}
		ctx.restore();
		const dots = 150 + Math.floor(r() * 250);
		for (let i = 0; i < dots; i++) {
			const c = pick();
			const x = r() * w;
			const y = r() * h;
			const s = d * (0.003 + r() * 0.012);
			ctx.fillStyle = rgb(c);
			if (r() < 0.5) {
				ctx.beginPath();
				ctx.arc(x, y, s, 0, Math.PI * 2);
				ctx.fill();
			} else {
				for (let p = 0; p < 5; p++) {
					const a = (p / 5) * Math.PI * 2;
					ctx.beginPath();
					ctx.ellipse(
						x + Math.cos(a) * s * 1.2,
						y + Math.sin(a) * s * 1.2,
						s,
						s * 0.55,
						a,
						0,
						Math.PI * 2
					);
					ctx.fill();
				}
				ctx.fillStyle = rgb(pick());
				ctx.beginPath();
				ctx.arc(x, y, s * 0.6, 0, Math.PI * 2);
				ctx.fill();
			}
		}
	} else {
		const v = 232 + r() * 20;
		ctx.fillStyle = rgb([v, v - r() * 6, v - 4 - r() * 10]);
		ctx.fillRect(0, 0, w, h);
		const step = d * 0.004;
		ctx.strokeStyle = 'rgba(120,120,110,0.06)';
		ctx.lineWidth = Math.max(1, step * 0.3);
		for (let t = 0; t < Math.max(w, h); t += step) {
			ctx.beginPath();
			ctx.moveTo(t, 0);
			ctx.lineTo(t, h);
			ctx.moveTo(0, t);
			ctx.lineTo(w, t);
			ctx.stroke();
		}
	}
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, rad: number) {
	ctx.beginPath();
	ctx.moveTo(x + rad, y);
	ctx.arcTo(x + w, y, x + w, y + h, rad);
	ctx.arcTo(x + w, y + h, x, y + h, rad);
	ctx.arcTo(x, y + h, x, y, rad);
	ctx.arcTo(x, y, x + w, y, rad);
	ctx.closePath();
}

interface TileDraw {
	cx: number;
	cy: number;
	angle: number;
	W: number;
	a: number;
	b: number;
}

function drawTile(
	ctx: SKRSContext2D,
	t: TileDraw,
	o: Required<SceneOptions>,
	ivory: [number, number, number],
	light: number,
	r: () => number,
	out: { x: number; y: number }[]
): void {
	const W = t.W;
	ctx.save();
	ctx.translate(t.cx, t.cy);
	ctx.rotate(t.angle);
	// Shadow under the tile.
	ctx.save();
	ctx.shadowColor = 'rgba(0,0,0,0.45)';
	ctx.shadowBlur = W * 0.08;
	ctx.shadowOffsetX = Math.cos(light - t.angle) * W * 0.04;
	ctx.shadowOffsetY = Math.sin(light - t.angle) * W * 0.04;
	roundRect(ctx, -W / 2, -W, W, 2 * W, W * 0.09);
	ctx.fillStyle = rgb(ivory, 0.8);
	ctx.fill();
	ctx.restore();
	// Face: a bevel (darker rim) and a lit face.
	const g = ctx.createLinearGradient(-W / 2, -W, W / 2, W);
	g.addColorStop(0, rgb(ivory, 1.02));
	g.addColorStop(1, rgb(ivory, 0.93));
	roundRect(ctx, -W / 2, -W, W, 2 * W, W * 0.09);
	ctx.fillStyle = rgb(ivory, 0.82);
	ctx.fill();
	roundRect(ctx, -W * 0.46, -W * 0.96, W * 0.92, W * 1.92, W * 0.07);
	ctx.fillStyle = g;
	ctx.fill();
	// Divider line, engraved.
	ctx.strokeStyle = 'rgba(55,50,45,0.9)';
	ctx.lineWidth = Math.max(1, W * 0.03);
	ctx.lineCap = 'round';
	ctx.beginPath();
	ctx.moveTo(-W * 0.37, 0);
	ctx.lineTo(W * 0.37, 0);
	ctx.stroke();
	// Pips.
	const pr = W * 0.058;
	const s = W * 0.5 * 0.78;
	const m = new DOMMatrixLite(t.cx, t.cy, t.angle);
	for (const [half, n] of [
		[-1, t.a],
		[1, t.b]
	] as const) {
		const col = o.pipStyle === 'black' ? PIP_COLOURS[11]! : PIP_COLOURS[n]!;
		for (const [px, py] of LAYOUTS[n]!) {
			const x = px * s;
			const y = half * W * 0.5 + py * s;
			const rg = ctx.createRadialGradient(x + pr * 0.25, y + pr * 0.25, pr * 0.1, x, y, pr * 1.05);
			rg.addColorStop(0, rgb(col, 1.08));
			rg.addColorStop(0.7, rgb(col, 0.95));
			rg.addColorStop(1, rgb(col, 0.6));
			ctx.fillStyle = rg;
			ctx.beginPath();
			ctx.arc(x, y, pr, 0, Math.PI * 2);
			ctx.fill();
			out.push(m.apply(x, y));
		}
	}
	// Brass spinner on the divider.
	if (o.spinner) {
		const sr = W * 0.075;
		const sg = ctx.createRadialGradient(-sr * 0.3, -sr * 0.3, sr * 0.1, 0, 0, sr);
		sg.addColorStop(0, 'rgb(250,226,150)');
		sg.addColorStop(0.5, 'rgb(190,150,70)');
		sg.addColorStop(1, 'rgb(110,80,35)');
		ctx.fillStyle = sg;
		ctx.beginPath();
		ctx.arc(0, 0, sr, 0, Math.PI * 2);
		ctx.fill();
		ctx.fillStyle = 'rgba(60,45,20,0.8)';
		ctx.beginPath();
		ctx.arc(0, 0, sr * 0.18, 0, Math.PI * 2);
		ctx.fill();
	}
	void r;
	ctx.restore();
}

class DOMMatrixLite {
	constructor(
		private tx: number,
		private ty: number,
		private a: number
	) {}
	apply(x: number, y: number) {
		const c = Math.cos(this.a);
		const s = Math.sin(this.a);
		return { x: this.tx + c * x - s * y, y: this.ty + s * x + c * y };
	}
}

/** Fills in the random parts of a scene from the seed. */
export function resolve(seed: number, opts: SceneOptions): Required<SceneOptions> {
	const r = rng(seed * 7919 + 17);
	return {
		background: opts.background ?? (r() < 0.5 ? 'wood' : 'felt'),
		tiles: opts.tiles ?? 1 + Math.floor(r() * 15),
		megapixels: opts.megapixels ?? 0.5 + r() * 3.5,
		pipStyle: opts.pipStyle ?? (r() < 0.5 ? 'black' : 'colour'),
		touching: opts.touching ?? r() < 0.3,
		glare: opts.glare ?? false,
		blur: opts.blur ?? 0,
		noise: opts.noise ?? 2 + r() * 3,
		jpeg: opts.jpeg ?? 88 + Math.floor(r() * 8),
		perspective: opts.perspective ?? false,
		spinner: opts.spinner ?? r() < 0.85
	};
}

export async function renderScene(seed: number, opts: SceneOptions = {}): Promise<Scene> {
	const o = resolve(seed, opts);
	const r = rng(seed);
	const aspect = r() < 0.5 ? 4 / 3 : 3 / 4;
	const w = Math.round(Math.sqrt(o.megapixels * 1e6 * aspect));
	const h = Math.round((o.megapixels * 1e6) / w);
	const canvas = createCanvas(w, h);
	const ctx = canvas.getContext('2d');
	drawBackground(ctx, w, h, o.background, r);

	// Layout in tile units (W = 1): rows of tiles standing side by side, or scattered in cells.
	const n = o.tiles;
	const centres: { x: number; y: number; a: number }[] = [];
	const halves: number[] = [];
	if (o.touching) {
		const perRow = Math.max(1, Math.min(n, Math.ceil(Math.sqrt(n * 2.2))));
		for (let i = 0; i < n; i++) {
			const row = Math.floor(i / perRow);
			const col = i % perRow;
			centres.push({ x: col * 1.0, y: row * 2.25, a: (r() - 0.5) * 0.02 });
		}
	} else {
		const cols = Math.max(1, Math.ceil(Math.sqrt(n * 1.3)));
		const cell = 2.45;
		for (let i = 0; i < n; i++) {
			const row = Math.floor(i / cols);
			const col = i % cols;
			centres.push({
				x: col * cell + (r() - 0.5) * 0.2,
				y: row * cell + (r() - 0.5) * 0.2,
				a: r() * Math.PI * 2
			});
		}
	}
	let minx = Infinity,
		maxx = -Infinity,
		miny = Infinity,
		maxy = -Infinity;
	for (const c of centres) {
		minx = Math.min(minx, c.x - 1.15);
		maxx = Math.max(maxx, c.x + 1.15);
		miny = Math.min(miny, c.y - 1.15);
		maxy = Math.max(maxy, c.y + 1.15);
	}
	const ga = r() * Math.PI * 2;
	// Rotated bounding box of the arrangement, to fit it in the frame.
	const bw = maxx - minx;
	const bh = maxy - miny;
	const cg = Math.abs(Math.cos(ga));
	const sg = Math.abs(Math.sin(ga));
	const rw = bw * cg + bh * sg;
	const rh = bw * sg + bh * cg;
	const fill = 0.55 + r() * 0.35;
	const W = Math.min((w * fill) / rw, (h * fill) / rh, Math.min(w, h) * 0.25);
	const ox = w / 2 + (r() - 0.5) * (w - rw * W) * 0.8;
	const oy = h / 2 + (r() - 0.5) * (h - rh * W) * 0.8;
	const ivory: [number, number, number] = [238 + r() * 14, 230 + r() * 14, 205 + r() * 20];
	const light = r() * Math.PI * 2;
	const pips: { x: number; y: number }[] = [];
	let total = 0;
	for (const c of centres) {
		const x = (c.x - (minx + maxx) / 2) * W;
		const y = (c.y - (miny + maxy) / 2) * W;
		const a = Math.floor(r() * 13);
		const b = Math.floor(r() * 13);
		halves.push(a, b);
		total += a + b;
		drawTile(
			ctx,
			{
				cx: ox + Math.cos(ga) * x - Math.sin(ga) * y,
				cy: oy + Math.sin(ga) * x + Math.cos(ga) * y,
				angle: ga + c.a,
				W,
				a,
				b
			},
			o,
			ivory,
			light,
			r,
			pips
		);
	}

	// Uneven light.
	const lg = ctx.createLinearGradient(r() * w, r() * h, r() * w, r() * h);
	lg.addColorStop(0, 'rgba(0,0,0,0)');
	lg.addColorStop(1, `rgba(0,0,0,${0.05 + r() * 0.2})`);
	ctx.fillStyle = lg;
	ctx.fillRect(0, 0, w, h);
	if (o.glare) {
		const gx = ox + (r() - 0.5) * rw * W * 0.6;
		const gy = oy + (r() - 0.5) * rh * W * 0.6;
		const gr = Math.min(w, h) * (0.08 + r() * 0.2);
		const gg = ctx.createRadialGradient(gx, gy, 0, gx, gy, gr);
		gg.addColorStop(0, `rgba(255,255,250,${0.45 + r() * 0.3})`);
		gg.addColorStop(1, 'rgba(255,255,250,0)');
		ctx.globalCompositeOperation = 'screen';
		ctx.fillStyle = gg;
		ctx.fillRect(0, 0, w, h);
		ctx.globalCompositeOperation = 'source-over';
	}

	let out = canvas;
	if (o.blur > 0) {
		const sigma = o.blur * (0.8 + r() * 0.6) * Math.sqrt(o.megapixels);
		const c2 = createCanvas(w, h);
		const x2 = c2.getContext('2d');
		x2.filter = `blur(${sigma.toFixed(2)}px)`;
		x2.drawImage(canvas, 0, 0);
		out = c2;
	}
	let img = out.getContext('2d').getImageData(0, 0, w, h);
	let data = img.data as unknown as Uint8ClampedArray;
	let finalPips = pips;
	if (o.perspective) {
		const warped = perspectiveWarp(data, w, h, r, pips);
		data = warped.data;
		finalPips = warped.pips;
	}
	if (o.noise > 0) addNoise(data, o.noise, rng(seed ^ 0x5bd1e995));
	if (o.jpeg > 0) {
		const c3 = createCanvas(w, h);
		const x3 = c3.getContext('2d');
		const id = x3.createImageData(w, h);
		id.data.set(data);
		x3.putImageData(id, 0, 0);
		const buf = await c3.encode('jpeg', o.jpeg);
		const im = await loadImage(buf);
		const c4 = createCanvas(w, h);
		const x4 = c4.getContext('2d');
		x4.drawImage(im, 0, 0);
		img = x4.getImageData(0, 0, w, h);
		data = img.data as unknown as Uint8ClampedArray;
	}
	return { width: w, height: h, data: new Uint8ClampedArray(data), total, pips: finalPips, halves };
}

function addNoise(data: Uint8ClampedArray, sigma: number, r: () => number): void {
	for (let i = 0; i < data.length; i += 4) {
		// Luma noise plus a little chroma noise; approximately Gaussian (sum of uniforms).
		const l = (r() + r() + r() - 1.5) * 2 * sigma;
		data[i] = data[i]! + l + (r() - 0.5) * sigma;
		data[i + 1] = data[i + 1]! + l + (r() - 0.5) * sigma;
		data[i + 2] = data[i + 2]! + l + (r() - 0.5) * sigma;
	}
}

/** A mild keystone: the camera tilted by up to about 15 degrees. */
function perspectiveWarp(
	src: Uint8ClampedArray,
	w: number,
	h: number,
	r: () => number,
	pips: { x: number; y: number }[]
): { data: Uint8ClampedArray; pips: { x: number; y: number }[] } {
	// Forward map (destination from source): x' = (a x + b y + c) / (g x + h y + 1), normalised coords.
	const k = 0.12 + r() * 0.12;
	const dir = r() * Math.PI * 2;
	const gx = (Math.cos(dir) * k) / w;
	const gy = (Math.sin(dir) * k) / h;
	// Keep the centre fixed: x' - cx = (x - cx) / (1 + g.(x - c)).
	const cx = w / 2;
	const cy = h / 2;
	const fwd = (x: number, y: number) => {
		const den = 1 + gx * (x - cx) + gy * (y - cy);
		return { x: cx + (x - cx) / den, y: cy + (y - cy) / den };
	};
	// Inverse: (x - cx) = (x' - cx) * den, den = 1 / (1 - g.(x' - c)).
	const out = new Uint8ClampedArray(src.length);
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			const dd = 1 - gx * (x - cx) - gy * (y - cy);
			const sx = cx + (x - cx) / dd;
			const sy = cy + (y - cy) / dd;
			const x0 = Math.max(0, Math.min(w - 2, Math.floor(sx)));
			const y0 = Math.max(0, Math.min(h - 2, Math.floor(sy)));
			const fx = Math.max(0, Math.min(1, sx - x0));
			const fy = Math.max(0, Math.min(1, sy - y0));
			const i00 = (y0 * w + x0) * 4;
			const i10 = i00 + 4;
			const i01 = i00 + w * 4;
			const i11 = i01 + 4;
			const o = (y * w + x) * 4;
			for (let c = 0; c < 4; c++) {
				out[o + c] =
					(src[i00 + c]! * (1 - fx) + src[i10 + c]! * fx) * (1 - fy) +
					(src[i01 + c]! * (1 - fx) + src[i11 + c]! * fx) * fy;
			}
		}
	}
	return { data: out, pips: pips.map((p) => fwd(p.x, p.y)) };
}

/** Encodes RGBA pixels as PNG (for the e2e test and for looking at scenes). */
export async function toPng(s: { width: number; height: number; data: Uint8ClampedArray }) {
	const c = createCanvas(s.width, s.height);
	const x = c.getContext('2d');
	const id = x.createImageData(s.width, s.height);
	id.data.set(s.data);
	x.putImageData(id, 0, 0);
	return c.encode('png');
}

/** The i-th of the 1-megapixel scenes the counter's speed is timed on (held-out seeds). */
export function timingScene(i: number): Promise<Scene> {
	return renderScene(EVAL_SEED_BASE + 900_000 + i, { megapixels: 1 });
}

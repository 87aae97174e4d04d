// Light before colour: a photo's white balance and exposure are corrected before anything is
// judged by its colour or brightness, so warm lamps, green paper's cast, pink tiles and a dark
// exposure all come out as a light face with darker pips.
import type { Planes } from './image';

/** Share of the brightest pixels taken as the white reference (mostly tile faces or paper). */
const WHITE_SHARE = 0.04;
/** The white reference is stretched to this level. */
const WHITE_LEVEL = 235;

/**
 * Gains that make the brightest pixels neutral and bright ("white patch" on the top few per
 * cent, clipped highlights left out), bounded so a coloured scene is not turned inside out.
 */
export function whiteGains(P: Planes): [number, number, number] {
	const n = P.w * P.h;
	const step = Math.max(1, Math.floor(n / 200_000));
	const hist = new Uint32Array(256);
	for (let i = 0; i < n; i += step) {
		const l = (P.r[i]! + P.g[i]! + P.b[i]!) / 3;
		hist[Math.min(255, l | 0)]!++;
	}
	let total = 0;
	for (const c of hist) total += c;
	// The luminance above which the brightest WHITE_SHARE lies, below the clipped top.
	let above = 0;
	let cut = 255;
	for (; cut > 0; cut--) {
		above += hist[cut]!;
		if (above >= total * WHITE_SHARE) break;
	}
	let sr = 0;
	let sg = 0;
	let sb = 0;
	let cnt = 0;
	for (let i = 0; i < n; i += step) {
		const R = P.r[i]!;
		const G = P.g[i]!;
		const B = P.b[i]!;
		const l = (R + G + B) / 3;
		if (l < cut || Math.max(R, G, B) >= 254) continue;
		sr += R;
		sg += G;
		sb += B;
		cnt++;
	}
	if (!cnt) return [1, 1, 1];
	const m = [sr / cnt, sg / cnt, sb / cnt];
	const bound = (x: number) => Math.min(4, Math.max(0.6, x));
	return [bound(WHITE_LEVEL / m[0]!), bound(WHITE_LEVEL / m[1]!), bound(WHITE_LEVEL / m[2]!)];
}

/**
 * The "ink" plane: the darkest channel after white balance. A tile face is light in all three;
 * every pip colour (black, grey, the blues, yellow, red...) is dark in at least one.
 */
export function inkPlane(P: Planes, gains: [number, number, number]): Float32Array {
	const n = P.w * P.h;
	const out = new Float32Array(n);
	const [gr, gg, gb] = gains;
	for (let i = 0; i < n; i++) {
		const v = Math.min(P.r[i]! * gr, P.g[i]! * gg, P.b[i]! * gb);
		out[i] = v > 255 ? 255 : v;
	}
	return out;
}

/** The photo as the pip finder reads it: how dark each pixel is against its face. */
export interface Ink {
	w: number;
	h: number;
	ink: Float32Array;
	/** The photo's planes and white-balance gains, for the face's tint. */
	P: Planes;
	gains: [number, number, number];
}

// Is a dark spot on a tile face? A tile's face is a light region many times a pip's size; the
// light petals round a printed flower's centre, a button or a dot on a cloth are not.
import type { Ink } from './light';

/** Reused between calls (a Worker counts one photo at a time). */
let seen = new Uint8Array(0);
const queue: number[] = [];

/**
 * Whether the light region (at least `light`) that touches the ring of radius `r` around
 * (x, y) reaches `limit` pixels. A bounded flood fill: it stops as soon as it is big enough.
 */
export function faceReaches(
	I: Ink,
	x: number,
	y: number,
	r: number,
	light: number,
	limit: number
): boolean {
	const { w, h, ink } = I;
	if (seen.length < w * h) seen = new Uint8Array(w * h);
	queue.length = 0;
	const push = (i: number) => {
		if (!seen[i] && ink[i]! >= light) {
			seen[i] = 1;
			queue.push(i);
		}
	};
	for (let s = 0; s < 16; s++) {
		const a = (Math.PI * s) / 8;
		const xi = Math.round(x + Math.cos(a) * r);
		const yi = Math.round(y + Math.sin(a) * r);
		if (xi >= 0 && yi >= 0 && xi < w && yi < h) push(yi * w + xi);
	}
	let head = 0;
	while (head < queue.length && queue.length < limit) {
		const i = queue[head++]!;
		const xi = i % w;
		if (xi > 0) push(i - 1);
		if (xi < w - 1) push(i + 1);
		if (i >= w) push(i - w);
		if (i < w * (h - 1)) push(i + w);
	}
	const reached = queue.length >= limit;
	for (const i of queue) seen[i] = 0;
	return reached;
}

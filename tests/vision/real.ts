// The shared real photos (../shared/real-photos, test data that never enters this repository):
// where they are, their ground truth, and each decoded to RGBA for the counter. Null when the
// folder is absent, so callers skip with a clear line. A second folder in the same format may hold
// photos the counter was never developed on (REAL_PHOTOS_HELD_OUT).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Rgba } from '../../src/lib/vision/image';

export interface RealPhoto {
	file: string;
	source: { repo: string };
	total: number;
	tiles: number;
	background: string;
	pips: string;
	tags: string[];
}

export const REAL_DIR = resolve(
	process.env.REAL_PHOTOS ?? join(process.cwd(), '../shared/real-photos')
);

/** Photos never developed on, in the same format, where a machine has them (REAL_PHOTOS_HELD_OUT). */
export const HELD_OUT_DIR = process.env.REAL_PHOTOS_HELD_OUT
	? resolve(process.env.REAL_PHOTOS_HELD_OUT)
	: null;

export function realPhotos(dir = REAL_DIR): RealPhoto[] | null {
	const truth = join(dir, 'truth.json');
	if (!existsSync(truth)) return null;
	return JSON.parse(readFileSync(truth, 'utf8')) as RealPhoto[];
}

export async function decodeReal(p: RealPhoto, dir = REAL_DIR): Promise<Rgba> {
	const { data, info } = await sharp(join(dir, 'images', p.file))
		.rotate()
		.ensureAlpha()
		.raw()
		.toBuffer({ resolveWithObject: true });
	return {
		width: info.width,
		height: info.height,
		data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length)
	};
}

// Writes the photos `npm run bench` times in the app's own worker, into the folder given: the
// bench-vision script's twenty 1-megapixel synthetic scenes (PNG), and each shared real photo
// scaled to about 1 megapixel (JPEG), where that folder is on the machine. Test data: the folder
// is a temporary one, never in the repository.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { timingScene, toPng } from '../tests/vision/render';
import { realPhotos, REAL_DIR } from '../tests/vision/real';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx scripts/bench-photos.ts <folder>');
mkdirSync(join(out, 'synthetic'), { recursive: true });
for (let i = 0; i < 20; i++) {
	const scene = await timingScene(i);
	writeFileSync(join(out, 'synthetic', `scene-${i}.png`), await toPng(scene));
}
const photos = realPhotos();
if (photos) {
	mkdirSync(join(out, 'real'), { recursive: true });
	for (const p of photos) {
		const image = sharp(join(REAL_DIR, 'images', p.file)).rotate();
		const { width = 0, height = 0 } = await image.metadata();
		// The longest side, whichever way the photo turns: the area is what is scaled.
		const side = Math.round(
			Math.max(width, height) * Math.min(1, Math.sqrt(1e6 / (width * height)))
		);
		await image
			.resize({ width: side, height: side, fit: 'inside' })
			.jpeg({ quality: 90 })
			.toFile(join(out, 'real', p.file));
	}
}

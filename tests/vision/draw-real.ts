// Draws what the counter found on shared real photos into a folder outside the repository (never
// commit the output: the photos are test data): the counted marks as red crosses. Photos never
// developed on (REAL_PHOTOS_HELD_OUT) are not drawn: looking at them would make them developed on.
// npx tsx tests/vision/draw-real.ts /tmp/out herzog_2.jpg jarde_marble4.jpg
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { countPips } from '../../src/lib/vision/pips';
import { decodeReal, realPhotos, REAL_DIR } from './real';

async function main() {
	const [out, ...files] = process.argv.slice(2);
	const photos = realPhotos() ?? [];
	for (const file of files) {
		const p = photos.find((q) => q.file === file);
		if (!p) continue;
		const img = await decodeReal(p);
		const res = countPips(img);
		const im = await loadImage(join(REAL_DIR, 'images', file));
		const c = createCanvas(img.width, img.height);
		const x = c.getContext('2d');
		x.drawImage(im, 0, 0);
		x.strokeStyle = 'rgb(255,0,0)';
		x.lineWidth = 2;
		for (const m of res.pips) {
			x.beginPath();
			x.moveTo(m.x - 5, m.y - 5);
			x.lineTo(m.x + 5, m.y + 5);
			x.moveTo(m.x + 5, m.y - 5);
			x.lineTo(m.x - 5, m.y + 5);
			x.stroke();
		}
		writeFileSync(join(out!, file.replace('.jpg', '.png')), await c.encode('png'));
		console.log(file, p.total, res.total, res.confidence, res.flags.join(','));
	}
}
void main();

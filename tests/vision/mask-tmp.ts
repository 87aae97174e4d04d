import { writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { analyse } from '../../src/lib/vision/pips';
import { renderScene } from './render';
const [seed, opts] = [Number(process.argv[2]), JSON.parse(process.argv[3]!)];
const s = await renderScene(seed, opts);
const f = Math.max(1, Math.sqrt((s.width * s.height) / 1e6));
const d: Record<string, unknown> = {};
analyse(s, f, d);
const w = Math.floor(s.width / f), h = Math.floor(s.height / f);
const M = d.M as Uint8Array, R = d.ringIvory as Uint8Array | undefined;
const c = createCanvas(w, h);
const x = c.getContext('2d');
const id = x.createImageData(w, h);
for (let i = 0; i < w * h; i++) {
	id.data[i * 4] = M[i] ? 255 : 0;
	id.data[i * 4 + 1] = R && R[i] ? 200 : 0;
	id.data[i * 4 + 2] = 0;
	id.data[i * 4 + 3] = 255;
}
x.putImageData(id, 0, 0);
writeFileSync('/tmp/vision/mask.png', await c.encode('png'));
console.log('ring pass', !!R, d.rp);

import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { countPips } from '../../src/lib/vision/pips';
import { renderScene, toPng } from './render';
const [seed, opts, cx, cy, rad] = [Number(process.argv[2]), JSON.parse(process.argv[3]!), Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6] ?? 60)];
const s = await renderScene(seed, opts);
const r = countPips(s);
const im = await loadImage(await toPng(s));
const Z = 500 / (2 * rad);
const c = createCanvas(500, 500);
const x = c.getContext('2d');
x.imageSmoothingEnabled = false;
x.drawImage(im, cx - rad, cy - rad, 2 * rad, 2 * rad, 0, 0, 500, 500);
const T = (p: { x: number; y: number }) => [(p.x - cx + rad) * Z, (p.y - cy + rad) * Z] as const;
x.strokeStyle = 'lime'; x.lineWidth = 2;
for (const p of s.pips) { const [a, b] = T(p); x.beginPath(); x.arc(a, b, 10, 0, 7); x.stroke(); }
x.strokeStyle = 'red';
for (const p of r.pips) { const [a, b] = T(p); x.beginPath(); x.moveTo(a - 6, b - 6); x.lineTo(a + 6, b + 6); x.moveTo(a + 6, b - 6); x.lineTo(a - 6, b + 6); x.stroke(); }
writeFileSync('/tmp/vision/crop.png', await c.encode('png'));

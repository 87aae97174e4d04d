// Tuning harness for the pip counter: the bench's conditions on TUNING seeds only (< 100,000),
// printing per-condition scores and, with TUNE_DUMP=<dir>, writing each failing scene as a PNG
// with the true pips (green rings) and the counted marks (red crosses), to look at.
// npx tsx tests/vision/tune.ts   TUNE_N=30 TUNE_ONLY=3,6 TUNE_DUMP=/tmp/vision TUNE_BASE=20000
import { writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { countPips } from '../../src/lib/vision/pips';
import { sceneConditions } from './conditions';
import { renderScene, toPng, TUNING_SEED_MAX } from './render';

const N = Number(process.env.TUNE_N ?? 30);
const BASE = Number(process.env.TUNE_BASE ?? 20_000);
const DUMP = process.env.TUNE_DUMP;
const conditions = sceneConditions(BASE);

async function dump(
	path: string,
	scene: Awaited<ReturnType<typeof renderScene>>,
	marks: { x: number; y: number }[]
) {
	const im = await loadImage(await toPng(scene));
	// Crop to the tiles (the true pips plus a margin), at most 1400 px wide.
	const xs = scene.pips.map((p) => p.x);
	const ys = scene.pips.map((p) => p.y);
	const m = 0.06 * Math.max(scene.width, scene.height);
	const cx0 = Math.max(0, Math.min(...xs) - m);
	const cy0 = Math.max(0, Math.min(...ys) - m);
	const cw = Math.min(scene.width, Math.max(...xs) + m) - cx0;
	const ch = Math.min(scene.height, Math.max(...ys) + m) - cy0;
	const scale = Math.min(2, 1400 / Math.max(cw, ch));
	const c = createCanvas(Math.round(cw * scale), Math.round(ch * scale));
	const x = c.getContext('2d');
	x.drawImage(im, cx0, cy0, cw, ch, 0, 0, c.width, c.height);
	x.translate(-cx0 * scale, -cy0 * scale);
	x.lineWidth = 1.5;
	x.strokeStyle = 'rgb(0,255,0)';
	for (const p of scene.pips) {
		x.beginPath();
		x.arc(p.x * scale, p.y * scale, 7, 0, Math.PI * 2);
		x.stroke();
	}
	x.strokeStyle = 'rgb(255,0,0)';
	for (const p of marks) {
		x.beginPath();
		x.moveTo(p.x * scale - 4, p.y * scale - 4);
		x.lineTo(p.x * scale + 4, p.y * scale + 4);
		x.moveTo(p.x * scale + 4, p.y * scale - 4);
		x.lineTo(p.x * scale - 4, p.y * scale + 4);
		x.stroke();
	}
	writeFileSync(path, await c.encode('png'));
}

const only = process.env.TUNE_ONLY?.split(',').map(Number);
let totalMs = 0;
let count = 0;
for (const ci of only ?? conditions.map((_, i) => i)) {
	const [name, make] = conditions[ci]!;
	let exact = 0;
	let w2 = 0;
	let cw = 0;
	let abs = 0;
	const fails: string[] = [];
	for (let i = 0; i < N; i++) {
		const seed = BASE + ci * 1000 + i;
		if (seed > TUNING_SEED_MAX) throw new Error('not a tuning seed');
		const scene = await renderScene(seed, make(i));
		const c0 = process.cpuUsage();
		const res = countPips(scene);
		totalMs += process.cpuUsage(c0).user / 1000;
		count++;
		const err = res.total - scene.total;
		if (!err) exact++;
		if (Math.abs(err) <= 2) w2++;
		abs += Math.abs(err);
		if (Math.abs(err) > 2 && res.confidence === 'high') cw++;
		if (err) {
			fails.push(
				`${seed}(${((scene.width * scene.height) / 1e6).toFixed(1)}MP):${err > 0 ? '+' : ''}${err}${res.confidence[0]}[${res.flags.join(',')}]`
			);
			if (DUMP) await dump(`${DUMP}/${name.replace(/\W+/g, '_')}-${seed}.png`, scene, res.pips);
		}
	}
	console.log(
		`${name.padEnd(32)} exact ${((100 * exact) / N).toFixed(0).padStart(3)}%  ±2 ${((100 * w2) / N).toFixed(0).padStart(3)}%  MAE ${(abs / N).toFixed(2)}  cw ${cw}  ${fails.join(' ')}`
	);
}
console.log(`mean ${(totalMs / count).toFixed(0)} ms CPU per photo`);

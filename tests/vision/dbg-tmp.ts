import { countPips } from '../../src/lib/vision/pips';
import { renderScene } from './render';
const seeds = process.argv[2]!.split(',').map(Number);
const opts = JSON.parse(process.argv[3] ?? '{}');
for (const seed of seeds) {
	const s = await renderScene(seed, opts);
	countPips(s);
	const c0 = process.cpuUsage();
	const r = countPips(s);
	console.log(
		seed,
		s.width,
		s.height,
		'truth',
		s.total,
		'got',
		r.total,
		r.confidence,
		r.flags.join(','),
		(process.cpuUsage(c0).user / 1000).toFixed(0),
		'ms'
	);
}
if (process.env.MISS) {
	const s = await renderScene(seeds[0]!, opts);
	const r = countPips(s);
	const miss = s.pips.filter((p) => !r.pips.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < 6));
	const extra = r.pips.filter((p) => !s.pips.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < 6));
	console.log('missed', miss.map((p) => `${p.x.toFixed(0)},${p.y.toFixed(0)}`).join(' '));
	console.log('extra', extra.map((p) => `${p.x.toFixed(0)},${p.y.toFixed(0)}`).join(' '));
}
if (process.env.MISS) {
	const s = await renderScene(seeds[0]!, opts);
	const r = countPips(s);
	const dup = r.pips.filter((p, i) => r.pips.some((q, j) => j !== i && Math.hypot(q.x - p.x, q.y - p.y) < 8));
	console.log('close marks', dup.map((p) => `${p.x.toFixed(0)},${p.y.toFixed(0)}`).join(' '));
}

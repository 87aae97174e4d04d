import { countPips } from '../../src/lib/vision/pips';
import { renderScene } from './render';
const seeds = process.argv[2]!.split(',').map(Number); const opts = JSON.parse(process.argv[3] ?? '{}');
for (const seed of seeds) {
const s = await renderScene(seed, opts);
countPips(s);
const c0 = process.cpuUsage();
const r = countPips(s);
console.log(seed, s.width, s.height, 'truth', s.total, 'got', r.total, r.confidence, r.flags.join(','), (process.cpuUsage(c0).user/1000).toFixed(0), 'ms');
}

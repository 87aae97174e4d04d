import { analyse } from '../../src/lib/vision/pips';
import { renderScene } from './render';
const [seed, opts, px, py] = [Number(process.argv[2]), JSON.parse(process.argv[3]!), Number(process.argv[4]), Number(process.argv[5])];
const s = await renderScene(seed, opts);
const f = Math.max(1, Math.sqrt((s.width * s.height) / 1e6));
const d: Record<string, unknown> = {};
analyse(s, f, d);
console.log('rp', d.rp, 'Ap', d.Ap);
for (const c of d.cands as number[][]) if (Math.hypot(c[0]! - px / f, c[1]! - py / f) < 12) console.log(c);

import { analyse } from '../../src/lib/vision/pips';
import { renderScene } from './render';
const tot: Record<string, number> = {};
let all = 0;
for (let i = 0; i < 8; i++) {
	const s = await renderScene(40_000 + i, { megapixels: 1 });
	let best: [string, number][] | null = null;
	for (let k = 0; k < 3; k++) {
		const d: Record<string, unknown> = {};
		analyse(s, 1, d);
		const t = d.times as [string, number][];
		if (!best || t.at(-1)![1] < best.at(-1)![1]) best = t;
	}
	best!.forEach(([n, v], j) => (tot[n] = (tot[n] ?? 0) + v - (j ? best![j - 1]![1] : 0)));
	all += best!.at(-1)![1];
	console.log(
		best!.map(([n, v], j) => `${n}:${(v - (j ? best![j - 1]![1] : 0)).toFixed(0)}`).join(' ')
	);
}
console.log(
	Object.entries(tot)
		.map(([n, v]) => `${n}:${(v / 8).toFixed(0)}`)
		.join(' '),
	'mean',
	(all / 8).toFixed(0)
);

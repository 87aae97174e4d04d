// The pip counter (src/lib/vision) on held-out synthetic photos: per condition and for a realistic
// mix, the share counted exactly, within ±2, the mean absolute error, the share "confidently
// wrong" (off by more than 2 while confidence is high), the share it called high, and the
// counter's time per photo (decode and rendering excluded). Seeds come from EVAL_SEED_BASE up,
// never from the tuning range. Prints; asserts nothing. "cpu ms" is the process's user CPU time
// for the count (what it costs on this machine when no other job shares the cores). "tiles" is the
// share where it offered the hand as tiles, "tiles wrong" where those were not the tiles drawn.
// BENCH_VISION_N=<scenes per condition> (default 60); BENCH_VISION_ONLY=<indices>,... runs only
// those conditions (-1: the 1-megapixel timing). Then the real photos (see `real`);
// `npx tsx scripts/bench-vision.ts --real` runs only those.
import { loadavg } from 'node:os';
import { countPips } from '../src/lib/vision/pips';
import { sceneConditions } from '../tests/vision/conditions';
import { EVAL_SEED_BASE, renderScene, timingScene } from '../tests/vision/render';
import {
	decodeReal,
	HELD_OUT_DIR,
	realPhotos,
	REAL_DIR,
	type RealPhoto
} from '../tests/vision/real';

const N = Number(process.env.BENCH_VISION_N ?? 60);

const conditions = sceneConditions(EVAL_SEED_BASE);

const pct = (a: number, n: number) => `${((100 * a) / n).toFixed(1)}%`.padStart(7);

interface RealResult {
	photo: RealPhoto;
	total: number;
	confidence: string;
	ms: number;
	cpu: number;
	noTiles: boolean;
	tiles: boolean;
}

/** One line of real-photo figures for a group of photos. */
function realLine(name: string, rs: RealResult[]): string {
	const n = rs.length;
	const err = rs.map((r) => Math.abs(r.total - r.photo.total));
	const ms = rs.map((r) => r.ms).sort((a, b) => a - b);
	const cpu = rs.map((r) => r.cpu).sort((a, b) => a - b);
	return (
		`${name} (${n})`.padEnd(32) +
		pct(err.filter((e) => e === 0).length, n) +
		pct(err.filter((e) => e <= 2).length, n) +
		(err.reduce((s, e) => s + e, 0) / n).toFixed(1).padStart(6) +
		pct(rs.filter((r, i) => err[i]! > 2 && r.confidence === 'high').length, n).padStart(12) +
		pct(rs.filter((r) => r.confidence === 'high').length, n) +
		`${rs.filter((r) => r.noTiles && r.photo.total > 0).length}`.padStart(9) +
		ms[n >> 1]!.toFixed(0).padStart(8) +
		ms[n - 1]!.toFixed(0).padStart(8) +
		cpu[n >> 1]!.toFixed(0).padStart(8) +
		cpu[n - 1]!.toFixed(0).padStart(8) +
		pct(rs.filter((r) => r.tiles).length, n)
	);
}

/**
 * The counter on real photos (never copied here): the shared ones (../shared/real-photos, developed
 * on), then, where REAL_PHOTOS_HELD_OUT names a folder in the same format, photos it was never
 * developed on. Whole set, per source, per background and pip style. BENCH_VISION_VERBOSE=1
 * prints each photo.
 */
async function real() {
	await realSet(REAL_DIR, 'real photos (developed on)');
	if (HELD_OUT_DIR) await realSet(HELD_OUT_DIR, 'real photos never developed on');
}

async function realSet(dir: string, name: string) {
	const photos = realPhotos(dir);
	if (!photos) {
		console.log(`${name}: skipped, ${dir} is absent`);
		return;
	}
	const rs: RealResult[] = [];
	for (const photo of photos) {
		const img = await decodeReal(photo, dir);
		const t = performance.now();
		const c0 = process.cpuUsage();
		const res = countPips(img);
		const ms = performance.now() - t;
		const cpu = process.cpuUsage(c0).user / 1000;
		rs.push({
			photo,
			total: res.total,
			confidence: res.confidence,
			ms,
			cpu,
			noTiles: res.flags.includes('no-tiles'),
			tiles: !!res.tiles
		});
		if (process.env.BENCH_VISION_VERBOSE)
			console.log(
				`  ${photo.file.padEnd(22)} truth ${String(photo.total).padStart(3)} got ${String(res.total).padStart(3)} ${res.confidence.padEnd(6)} ${ms.toFixed(0)} ms ${res.flags.join(',')}`
			);
	}
	console.log(`${name}, from ${dir} (counter time only, decoding excluded)`);
	console.log(
		'set'.padEnd(32) +
			'  exact    ±2   MAE  conf.wrong   high no-tiles  med ms  max ms cpu med cpu max  tiles'
	);
	const groups: [string, (p: RealPhoto) => boolean][] = [['all', () => true]];
	for (const repo of [...new Set(photos.map((p) => p.source.repo))])
		groups.push([`source ${repo}`, (p) => p.source.repo === repo]);
	for (const key of ['background', 'pips'] as const)
		for (const v of [...new Set(photos.map((p) => p[key]))])
			groups.push([`${key} ${v}`, (p) => p[key] === v]);
	for (const [label, keep] of groups) {
		const g = rs.filter((r) => keep(r.photo));
		if (g.length) console.log(realLine(label, g));
	}
}

/** Whether the tiles offered are the tiles drawn (`halves`: a, b of each tile in turn). */
function sameHand(tiles: [number, number][], halves: number[]): boolean {
	const name = (a: number, b: number) => `${Math.min(a, b)}|${Math.max(a, b)}`;
	const drawn = halves.filter((_, i) => i % 2 === 0).map((a, i) => name(a, halves[2 * i + 1]!));
	return (
		tiles
			.map(([a, b]) => name(a, b))
			.sort()
			.join() === drawn.sort().join()
	);
}

async function main() {
	if (process.argv.includes('--real')) return real();
	console.log(
		`pip counter, ${N} held-out scenes per condition (seeds from ${EVAL_SEED_BASE}); load average ${loadavg()
			.map((x) => x.toFixed(1))
			.join(' ')}`
	);
	console.log(
		'condition'.padEnd(32) +
			'  exact' +
			'    ±2' +
			'   MAE' +
			'  conf.wrong' +
			'   high' +
			'  ms/photo' +
			'  cpu ms' +
			'  tiles tiles wrong'
	);
	const only = process.env.BENCH_VISION_ONLY?.split(',').map(Number);
	for (const ci of only ?? conditions.map((_, i) => i)) {
		const c = conditions[ci];
		if (!c) continue;
		const [name, make] = c;
		let exact = 0;
		let within2 = 0;
		let abs = 0;
		let cw = 0;
		let high = 0;
		let ms = 0;
		let cpu = 0;
		let tiles = 0;
		let tilesWrong = 0;
		for (let i = 0; i < N; i++) {
			const seed = EVAL_SEED_BASE + ci * 10_000 + i;
			const scene = await renderScene(seed, make(i));
			const t = performance.now();
			const c0 = process.cpuUsage();
			const res = countPips(scene);
			ms += performance.now() - t;
			cpu += process.cpuUsage(c0).user / 1000;
			const err = Math.abs(res.total - scene.total);
			if (err === 0) exact++;
			if (err <= 2) within2++;
			abs += err;
			if (err > 2 && res.confidence === 'high') cw++;
			if (res.confidence === 'high') high++;
			if (res.tiles) {
				tiles++;
				if (!sameHand(res.tiles, scene.halves)) tilesWrong++;
			}
		}
		console.log(
			name.padEnd(32) +
				pct(exact, N) +
				pct(within2, N) +
				(abs / N).toFixed(2).padStart(6) +
				pct(cw, N).padStart(12) +
				pct(high, N) +
				(ms / N).toFixed(0).padStart(10) +
				(cpu / N).toFixed(0).padStart(8) +
				pct(tiles, N) +
				pct(tilesWrong, N).padStart(12)
		);
	}
	if (only && !only.includes(-1)) return real();
	// Time for a 1-megapixel photo, on its own.
	const times: number[] = [];
	const cpus: number[] = [];
	for (let i = 0; i < 20; i++) {
		const scene = await timingScene(i);
		const t = performance.now();
		const c0 = process.cpuUsage();
		countPips(scene);
		cpus.push(process.cpuUsage(c0).user / 1000);
		times.push(performance.now() - t);
	}
	times.sort((a, b) => a - b);
	cpus.sort((a, b) => a - b);
	console.log(
		`1 MP photo (20 photos): wall median ${times[10]!.toFixed(0)} ms, slowest ${times[19]!.toFixed(0)} ms; ` +
			`CPU median ${cpus[10]!.toFixed(0)} ms, slowest ${cpus[19]!.toFixed(0)} ms ` +
			`(wall time includes waiting for the shared CPU; load average ${loadavg()[0]!.toFixed(1)})`
	);
	await real();
}

await main();

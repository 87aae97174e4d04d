// `npm run bench:read`: what an evening screen's first read costs through Dexie, beside a plain
// IndexedDB read of the same rows (as the evening screens read before they read through Dexie
// only, and as home still reads). It prices the one read path on its own, apart from the rest of a
// screen's start-up. Figures only, like `npm run bench`; it never fails on a number.
//
// Each read runs in a new, bare page (no SvelteKit, no Svelte) at 4× CPU slowdown, the two kinds in
// turn, after two warm-up pairs. Pages and bundle are served by scripts/serve.js, as the app's files
// are (no service worker here: the browser revalidates them from its HTTP cache):
// - dexie: imports the app's db layer (Dexie and src/lib/db, bundled by Vite as one file), opens
//   the database as the app does (its four schema versions and the data-version guard) and waits
//   for the first answer of a liveQuery of `readLiveEvening`, as every evening screen does;
// - plain: opens the database with plain IndexedDB and reads the evening, its summary, its rounds
//   and the data version in one read-only transaction. It does not score the rounds (the Dexie
//   path does, in readLiveEvening), so the difference includes scoring 2 rounds.
// Env: BENCH_RUNS (20 pairs), BENCH_PORT (4190), CHROMIUM_PATH.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { serveBuild } from './bench/serve.js';
import { median, range, rangeText } from './bench/stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4190);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const WARM_UP = 2;

const DB_ENTRY = `
import { liveQuery } from 'dexie';
import { createDatabase } from '$lib/db/database';
import { guardDataVersion } from '$lib/db/versions';
import { createEvening } from '$lib/db/evenings';
import { readLiveEvening, saveRound } from '$lib/db/rounds';

/** An evening of 4 players with 2 rounds saved, stored by the app's own functions. */
export async function seed() {
	const db = createDatabase();
	guardDataVersion(db);
	const made = await createEvening(db, {
		names: ['Anna', 'Ben', 'Cleo', 'Dora'],
		rules: { preset: 'swiss-jassshop' },
		firstStarter: 0
	});
	if (!made.ok) throw new Error('seed refused: ' + JSON.stringify(made));
	const ids = (await db.evenings.get(made.id)).players.map((p) => p.id);
	for (const index of [0, 1]) {
		const hands = { [ids[1]]: 12 + index, [ids[2]]: 7, [ids[3]]: 30 };
		const saved = await saveRound(db, made.id, index, { out: ids[0], blocked: false, hands });
		if (!saved.ok) throw new Error('seed refused: ' + JSON.stringify(saved));
	}
	db.close();
	return made.id;
}

/** The evening as a screen reads it: the app's connection, its first live answer. */
export function firstRead(id) {
	const db = createDatabase();
	guardDataVersion(db);
	return new Promise((done, fail) => {
		const sub = liveQuery(() => readLiveEvening(db, id, null)).subscribe({
			next: (read) => {
				sub.unsubscribe();
				done(read.rows.length);
			},
			error: fail
		});
	});
}
`;

/** A page that times `body` from its first script to its answer, and says so on `window`. */
const page = (body) => `<!doctype html><meta charset="utf-8"><script type="module">
const id = new URLSearchParams(location.search).get('id');
const start = performance.now();
let loaded = start;
${body}
window.benchRead = { ms: performance.now() - start, loaded: loaded - start, rows };
</script>`;

const DEXIE_PAGE = page(`const { firstRead } = await import('./db.js');
loaded = performance.now();
const rows = await firstRead(id);`);

const PLAIN_PAGE = page(`const ask = (req) => new Promise((ok, fail) => {
	req.onsuccess = () => ok(req.result);
	req.onerror = () => fail(req.error);
});
const db = await ask(indexedDB.open('caboose'));
const tx = db.transaction(['evenings', 'summaries', 'rounds', 'meta'], 'readonly');
const [, , list] = await Promise.all([
	ask(tx.objectStore('evenings').get(id)),
	ask(tx.objectStore('summaries').get(id)),
	ask(tx.objectStore('rounds').index('eveningId').getAll(id)),
	ask(tx.objectStore('meta').get('dataVersion'))
]);
db.close();
const rows = list.length;`);

/** The db layer as one minified ES module, by Vite (the app's own bundler), into `dir`. */
async function bundleDb(dir) {
	const ENTRY = 'virtual:bench-read';
	await build({
		configFile: false,
		logLevel: 'warn',
		plugins: [
			{
				name: 'bench-read-entry',
				resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
				load: (id) => (id === `\0${ENTRY}` ? DB_ENTRY : null)
			}
		],
		resolve: { alias: { $lib: resolve('src/lib') } },
		build: {
			outDir: dir,
			emptyOutDir: false,
			rollupOptions: {
				input: ENTRY,
				preserveEntrySignatures: 'strict',
				output: { format: 'es', entryFileNames: 'db.js', inlineDynamicImports: true }
			}
		}
	});
}

/** The pages beside the bundle in `dir`, served by scripts/serve.js as the app's files are. */
async function serve(dir) {
	writeFileSync(join(dir, 'dexie.html'), DEXIE_PAGE);
	writeFileSync(join(dir, 'plain.html'), PLAIN_PAGE);
	writeFileSync(join(dir, 'seed.html'), page('const rows = 0;'));
	return serveBuild(dir, PORT);
}

const dir = mkdtempSync(join(tmpdir(), 'caboose-read-'));
await bundleDb(dir);
const server = await serve(dir);
const profile = mkdtempSync(join(tmpdir(), 'caboose-read-profile-'));
const context = await chromium.launchPersistentContext(profile, {
	executablePath: CHROMIUM_PATH,
	headless: true,
	args: CHROMIUM_ARGS
});
try {
	const seeder = await context.newPage();
	await seeder.goto(`${ORIGIN}/seed`);
	const id = await seeder.evaluate(() => import('./db.js').then((m) => m.seed()));
	await seeder.close();

	/** @type {Record<'dexie' | 'plain', number[]>} */
	const ms = { dexie: [], plain: [] };
	/** @type {number[]} */
	const loads = [];
	for (let run = 0; run < RUNS + WARM_UP; run++) {
		const order = /** @type {const} */ (run % 2 ? ['plain', 'dexie'] : ['dexie', 'plain']);
		for (const kind of order) {
			const tab = await context.newPage();
			const cdp = await context.newCDPSession(tab);
			await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
			// A read that throws is said at once, not after waitForFunction's timeout.
			const thrown = new Promise((_, fail) => tab.once('pageerror', fail));
			await tab.goto(`${ORIGIN}/${kind}?id=${id}`);
			await Promise.race([tab.waitForFunction(() => 'benchRead' in window), thrown]);
			const read = await tab.evaluate(() => /** @type {any} */ (window).benchRead);
			if (read.rows !== 2) throw new Error(`${kind} read ${read.rows} rounds, not 2`);
			await tab.close();
			if (run < WARM_UP) continue;
			ms[kind].push(read.ms);
			if (kind === 'dexie') loads.push(read.loaded);
		}
	}
	const extra = ms.dexie.map((d, i) => d - ms.plain[i]);
	console.log(`first read of an evening, new page, 4× CPU, median of ${RUNS} pairs (range):`);
	const kib = (gzipSync(readFileSync(join(dir, 'db.js')), { level: 9 }).length / 1024).toFixed(1);
	console.log(
		`  through Dexie (the app's db layer) ${Number(median(ms.dexie)).toFixed(0)} ms (${rangeText(range(ms.dexie))})`
	);
	console.log(
		`    of which loading db.js (${kib} KiB gzip) ${Number(median(loads)).toFixed(0)} ms (${rangeText(range(loads))})`
	);
	console.log(
		`  plain IndexedDB                    ${Number(median(ms.plain)).toFixed(0)} ms (${rangeText(range(ms.plain))})`
	);
	console.log(
		`  Dexie − plain, pair by pair        ${Number(median(extra)).toFixed(0)} ms (${rangeText(range(extra))})`
	);
} finally {
	await context.close();
	server.kill();
	rmSync(dir, { recursive: true, force: true });
	rmSync(profile, { recursive: true, force: true });
}

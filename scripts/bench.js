// `npm run bench`: builds the app, measures it in Debian's Chromium and prints ONE table (also
// written as JSON to .bench/, which is not committed). Figures only: it never fails on a number.
//
// Per screen (scripts/bench/screens.js):
// - paint KiB: JS+CSS gzip (level 9) of every file the browser fetched before the screen's content
//   was painted, on a cold load (no HTTP cache, Cache Storage or service worker), measured in
//   Chromium from the resource timing entries (what the build really loads, read from no file);
// - Lighthouse (the `lighthouse` package, mobile, simulated throttling) scores and FCP/LCP/TBT,
//   median of BENCH_RUNS (3) runs, served by scripts/serve.js (the build's precompressed files, as
//   a static host serves them), each run cold (the profile's IndexedDB is kept: the evening
//   screens need their evening); only for the screens people load cold (home, the read-only
//   view), or every screen with BENCH_LH_ALL=1;
// - warm start-up (a second visit: the service worker answers, 4× CPU slowdown): time until the
//   screen's content is painted, until it takes a tap (printed beside a baseline: the same unless
//   the content is painted inert) and its longest task, with only the bench's own evening, then
//   again after 500 finished evenings of 4 players × 13 rounds were imported through Settings'
//   Import backup (the app's own backup format).
// Then: Interaction to Next Paint of a score keystroke, a went-out tap and a marker tap at 4×
// CPU slowdown (Event Timing), the scoring core's throughput (scripts/bench-rules.ts), the time
// to save a round after 1 to 200 rounds (scripts/bench-save.ts) and the taps and keystrokes it
// takes to record a 4-player round.
//
// BENCH_BASELINE=dir: a second build (an earlier commit's, built with its own `vite build`) served
// beside this one on BENCH_PORT+1 and measured in the same warm start-ups, alternately, run by run:
// the table then gives its times and the ratio this build / baseline, and time to use the same
// ratio read pair by pair, with a 90 % interval (bench/stats.js). Machine load that drifts during
// a bench run falls on both alike (separate bench runs of one build differed by 20–50 %).
//
// One Chromium at a time. Env: BENCH_PORT (4184), BENCH_RUNS (3), BENCH_EVENINGS (500),
// BUILD_DIR (build), BENCH_SKIP_BUILD=1, CHROMIUM_PATH; for a quicker look while working:
// BENCH_SCREENS=home,setup (names as in bench/screens.js, or their first word), BENCH_SKIP_LH=1,
// BENCH_SCREENS_ONLY=1 (no scoring core, link, save or photo figures),
// BENCH_LHR_DIR=dir (keeps each Lighthouse report and, under it, the artifacts each audit was
// computed from: `lighthouse -A=dir/<screen>-<run>` replays one, e.g. to read its simulation).
import { spawnSync, execSync } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { SCREENS } from './bench/screens.js';
import { serveBuild } from './bench/serve.js';
import { median, pairedRatio, range, rangeText } from './bench/stats.js';
import { clubFigures } from './bench/club.js';

const PORT = Number(process.env.BENCH_PORT ?? 4184);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const EVENINGS = Number(process.env.BENCH_EVENINGS ?? 500);
const BUILD = process.env.BUILD_DIR ?? 'build';
const LH_ALL = !!process.env.BENCH_LH_ALL;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BASELINE = process.env.BENCH_BASELINE;
const BASE_ORIGIN = `http://127.0.0.1:${PORT + 1}`;
const OUT = '.bench';
const ONLY = process.env.BENCH_SCREENS ? process.env.BENCH_SCREENS.split(',') : null;
const SKIP_LH = !!process.env.BENCH_SKIP_LH;
/** BENCH_LHR_DIR: where to keep each Lighthouse report whole, to read why a score is what it is. */
const LHR_DIR = process.env.BENCH_LHR_DIR;
if (LHR_DIR) mkdirSync(LHR_DIR, { recursive: true });
const slug = (name) => name.replace(/\W+/g, '-');
/** Interactions of each kind whose Event Timing is measured. */
const INP_SAMPLES = 5;
mkdirSync(OUT, { recursive: true });

const log = (...a) => console.error('[bench]', ...a);
const uptime = () => execSync('uptime').toString().trim();
/** Any step may fail (a screen renamed, a route missing): the bench reports and goes on. */
async function attempt(label, f) {
	try {
		return await f();
	} catch (e) {
		log(`${label}: ${String(e?.message ?? e).split('\n')[0]}`);
		return null;
	}
}

const loadBefore = uptime();
log(loadBefore);

// 1. The scoring core, as TypeScript.
log('scoring core…');
/** BENCH_SCREENS_ONLY=1: only the screens (no scoring core, link, save or photo figures). */
const SCREENS_ONLY = !!process.env.BENCH_SCREENS_ONLY;
/** A figure script's output, or nothing when only the screens are measured. */
const figures = (/** @type {string} */ script) =>
	SCREENS_ONLY ? '' : (spawnSync('npx', ['tsx', script], { encoding: 'utf8' }).stdout ?? '');
const rulesText = figures('scripts/bench-rules.ts');
const rulesFigures = {
	output: rulesText.trim().split('\n'),
	roundsPerSecond: Number(/= ([\d,]+) rounds\/second/.exec(rulesText)?.[1]?.replace(/,/g, '')),
	tenThousandMs: Number(/over 10,000 rounds: ([\d.]+) ms/.exec(rulesText)?.[1]),
	replayCheckMs: Number(
		/checkRound of round 10,001 after that history: ([\d.]+) ms/.exec(rulesText)?.[1]
	),
	keystrokeCheckMs: Number(/from its place \(each keystroke\): ([\d.]+) ms/.exec(rulesText)?.[1])
};

// 1b. Sizes that need no browser: the "Show to the table" link and its QR code.
log('link sizes…');
const linkText = figures('scripts/bench-link.ts');

// 1b'. Saving a round as the evening grows (scripts/bench-save.ts, the app's own transaction).
log('saving a round…');
const saveText = figures('scripts/bench-save.ts');

// 1b''. The club server (server/bench.ts): on the embedded PGlite, then on a throwaway
// PostgreSQL where one is installed (server/scripts/with-postgres.mjs).
log('club server…');
const clubText = SCREENS_ONLY ? '' : clubFigures();

// 1c. The pip counter (src/lib/vision) on held-out synthetic photos.
log('photo counter…');
const visionText = figures('scripts/bench-vision.ts');

// 2. The build and the long history (the app's backup format, checked by the scoring core).
if (!process.env.BENCH_SKIP_BUILD) {
	log('build…');
	// Its output goes to stderr: stdout is the table.
	const b = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
		stdio: ['ignore', 2, 2]
	});
	if (b.status !== 0) {
		console.log('The build failed; nothing to measure.');
		process.exit(b.status ?? 1);
	}
}
const historyFile = join(OUT, `history-${EVENINGS}.json`);
spawnSync('npx', ['tsx', 'scripts/bench-history.ts', historyFile, String(EVENINGS)], {
	stdio: ['ignore', 'ignore', 'inherit']
});

/** A script or stylesheet of the app, by its path (the service worker is not the page's code). */
const isCode = (path) => /\.(m?js|css)$/.test(path) && !path.includes('service-worker');

const gzCache = new Map();
function gz(file) {
	if (!gzCache.has(file)) {
		const path = join(BUILD, file);
		gzCache.set(file, existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length : 0);
	}
	return gzCache.get(file);
}

// 4. The server (the build as a static host serves it) and one Chromium, shared by Playwright
// and Lighthouse.
const servers = [
	await serveBuild(BUILD, PORT),
	...(BASELINE ? [await serveBuild(BASELINE, PORT + 1)] : [])
];
const profile = mkdtempSync(join(tmpdir(), 'caboose-bench-'));
/** @type {import('chrome-launcher').LaunchedChrome} */
let chrome;
/** @type {import('@playwright/test').Browser} */
let browser;
/** @type {import('@playwright/test').BrowserContext} */
let context;
async function startBrowser() {
	chrome = await chromeLauncher.launch({
		chromePath: CHROMIUM_PATH,
		userDataDir: profile,
		chromeFlags: ['--headless=new', ...CHROMIUM_ARGS]
	});
	browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
	context = browser.contexts()[0];
}
async function stopBrowser() {
	await browser.close().catch(() => {});
	await chrome.kill();
}
/**
 * Each start-up pass begins in a newly started Chromium on the same profile. Measured in the
 * session that imported 500 evenings, Chromium was still writing them to disk: home took 1.58×
 * as long as with one evening, and 1.0× once Chromium had been started again.
 */
async function restartBrowser() {
	await stopBrowser();
	await startBrowser();
}
await startBrowser();

const result = {
	date: new Date().toISOString(),
	load: { before: loadBefore },
	runs: RUNS,
	evenings: EVENINGS,
	club: clubText.trim().split('\n'),
	screens: [],
	inp: {},
	rules: rulesFigures,
	roundActions: null
};

/** Drops what would make a load faster than a first visit; keeps IndexedDB and localStorage. */
async function coldStart() {
	const page = await context.newPage();
	const cdp = await context.newCDPSession(page);
	await cdp.send('Network.enable');
	await cdp.send('Network.clearBrowserCache');
	await cdp.send('Storage.clearDataForOrigin', {
		origin: ORIGIN,
		storageTypes: 'service_workers,cache_storage'
	});
	await cdp.detach();
	await page.close();
}

/**
 * In the page, before its scripts (addInitScript): `window.__bench.content` is the time of the
 * frame that paints the first element matching `selector`, `use` the frame from which it takes a
 * tap (not inside an `inert` element: an earlier build painted its evening screens from a first
 * read and kept them inert until its database answered), and `longtasks` the long tasks.
 */
function markContent(selector) {
	const b = (window.__bench = { content: null, use: null, longtasks: [] });
	new PerformanceObserver((list) => {
		for (const e of list.getEntries())
			b.longtasks.push({ start: e.startTime, duration: e.duration });
	}).observe({ type: 'longtask', buffered: true });
	let painted = false;
	new MutationObserver((_, observer) => {
		const element = document.querySelector(selector);
		if (!element) return;
		const usable = !element.closest('[inert]');
		if (!painted) requestAnimationFrame(() => (b.content = performance.now()));
		painted = true;
		if (!usable) return;
		observer.disconnect();
		requestAnimationFrame(() => (b.use = performance.now()));
	}).observe(document, {
		childList: true,
		subtree: true,
		attributes: true,
		attributeFilter: ['inert']
	});
}

/**
 * JS+CSS (gzip) fetched before the screen's content was painted, on a cold load: the resource
 * timing entries that started before the frame that painted `selector`.
 */
async function paintBytes(path, selector) {
	const page = await context.newPage();
	try {
		// The frame the content first appears in, marked in the page itself (markContent): a mark
		// taken after Playwright has seen the content comes a round trip late, and counts what the
		// screen starts fetching after its paint (the standings' chart) on some runs and not others.
		await page.addInitScript(markContent, selector);
		await page.goto(ORIGIN + path);
		await page.waitForFunction(() => window.__bench.content !== null, null, { timeout: 30_000 });
		const files = await page.evaluate(() =>
			performance
				.getEntriesByType('resource')
				.filter((e) => e.startTime < window.__bench.content)
				.map((e) => new URL(e.name).pathname)
		);
		const code = [...new Set(files)].filter(isCode);
		return { bytes: code.reduce((n, f) => n + gz(f.slice(1)), 0), files: code.length };
	} finally {
		await page.close();
	}
}

try {
	// 5. An evening of 4 players, created and played through the UI: 2 rounds saved (and one in
	// the baseline build, for its own start-ups).
	/** @param {string} origin */
	async function playEvening(origin) {
		const counter = { taps: 0, keys: 0 };
		const tap = async (locator) => {
			counter.taps++;
			await locator.click();
		};
		const type = async (locator, text) => {
			await tap(locator);
			counter.keys += text.length;
			await locator.pressSequentially(text);
		};
		const names = ['Anna', 'Ben', 'Chiara', 'Dieter'];
		/** @type {import('./bench/screens.js').BenchContext} */
		const ctx = { evening: '', share: null };
		let roundActions = null;
		const page = await context.newPage();
		await page.goto(origin + '/new');
		for (let i = 0; i < names.length; i++) {
			const field = page.getByLabel(`Player ${i + 1}`, { exact: true });
			if ((await field.count()) === 0)
				await page.getByRole('button', { name: 'Add player' }).click();
			await field.fill(names[i]);
		}
		await page.getByRole('button', { name: 'Start evening' }).click();
		await page.waitForURL(/\/evening\/[^/]+$/);
		ctx.evening = new URL(page.url()).pathname.split('/')[2];
		for (let round = 0; round < 2; round++) {
			const start = { ...counter };
			const out = names[round];
			await tap(
				page
					.getByRole('button', { name: `${out} went out` })
					.or(page.getByRole('checkbox', { name: `${out} went out` }))
			);
			for (const n of names) {
				if (n !== out)
					await type(
						page.getByLabel(`${n} points`, { exact: true }),
						String(10 + round * 7 + n.length)
					);
			}
			await tap(page.getByRole('button', { name: 'Save round' }));
			await page.getByText('Saved', { exact: true }).first().waitFor();
			if (round === 0)
				roundActions = { taps: counter.taps - start.taps, keys: counter.keys - start.keys };
		}
		// The read-only link, where this build offers one.
		const show = page.getByRole('button', { name: 'Show to the table' });
		if ((await show.count()) > 0) {
			await attempt('read-only link', async () => {
				await show.first().click();
				// A read-only textarea: its value, once the link has been made.
				const field = await page
					.getByLabel('Link for other phones')
					.first()
					.elementHandle({ timeout: 5000 });
				await page.waitForFunction((el) => el && el.value !== '', field, { timeout: 10_000 });
				const link = (await field?.inputValue())?.trim();
				if (link) {
					const url = new URL(link, origin);
					ctx.share = url.pathname + url.search + url.hash;
				}
			});
		}
		await page.close();
		return { ctx, roundActions };
	}
	const played = await playEvening(ORIGIN);
	const ctx = played.ctx;
	result.roundActions = played.roundActions;
	const baseCtx = BASELINE ? (await playEvening(BASE_ORIGIN)).ctx : null;
	const screens = [];
	for (const s of SCREENS) {
		// A screen is named whole ("setup /new") or by its first word ("setup").
		if (ONLY && !ONLY.includes(s.name) && !ONLY.includes(s.name.split(' ')[0])) continue;
		const path = s.path(ctx);
		if (!path) {
			log(`skipped ${s.name}: not in this build`);
			continue;
		}
		await coldStart();
		const firstPaint = await attempt(`paint ${s.name}`, () => paintBytes(path, s.content));
		const row = { name: s.name, path, cold: !!s.cold, firstPaint };
		screens.push({ screen: s, row, basePath: baseCtx && s.path(baseCtx) });
		result.screens.push(row);
	}

	// 6. Lighthouse, one run at a time.
	for (const { row } of screens) {
		if (!row.cold && !LH_ALL) continue;
		const runs = [];
		for (let i = 0; i < (SKIP_LH ? 0 : RUNS); i++) {
			log(`lighthouse ${row.name} ${i + 1}/${RUNS}`);
			await coldStart();
			const r = await attempt(`lighthouse ${row.name}`, () =>
				lighthouse(ORIGIN + row.path, {
					port: chrome.port,
					output: 'json',
					logLevel: 'error',
					disableStorageReset: true,
					// Gather into the folder, then audit from it (the CLI's -GA).
					...(LHR_DIR && {
						gatherMode: join(LHR_DIR, `${slug(row.name)}-${i + 1}`),
						auditMode: join(LHR_DIR, `${slug(row.name)}-${i + 1}`)
					}),
					onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo']
				})
			);
			const lhr = r?.lhr;
			if (!lhr) continue;
			if (LHR_DIR)
				writeFileSync(join(LHR_DIR, `${slug(row.name)}-${i + 1}.json`), JSON.stringify(lhr));
			const score = (k) =>
				lhr.categories[k]?.score == null ? null : Math.round(lhr.categories[k].score * 100);
			const audit = (k) => lhr.audits[k]?.numericValue ?? null;
			let loaded = 0;
			for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
				const url = new URL(item.url);
				if (url.origin === ORIGIN && isCode(url.pathname)) loaded += gz(url.pathname.slice(1));
			}
			const failing = Object.values(lhr.audits)
				.filter(
					(a) =>
						a.score !== null &&
						a.score < 0.9 &&
						a.scoreDisplayMode !== 'informative' &&
						a.scoreDisplayMode !== 'notApplicable' &&
						a.scoreDisplayMode !== 'manual'
				)
				.map((a) => a.id);
			runs.push({
				perf: score('performance'),
				a11y: score('accessibility'),
				bp: score('best-practices'),
				seo: score('seo'),
				fcp: audit('first-contentful-paint'),
				lcp: audit('largest-contentful-paint'),
				tbt: audit('total-blocking-time'),
				loaded,
				failing,
				runtimeError: lhr.runtimeError?.code ?? null
			});
		}
		row.lighthouse = { runs };
		for (const k of ['perf', 'a11y', 'bp', 'seo', 'fcp', 'lcp', 'tbt', 'loaded']) {
			row.lighthouse[k] = median(runs.map((r) => r[k]));
			row.lighthouse[`${k}Range`] = range(runs.map((r) => r[k]));
		}
		row.lighthouse.failing = [...new Set(runs.flatMap((r) => r.failing))];
	}

	// 7. Start-up: time to content and long tasks, before and after the long history.
	async function startup(screen, origin, path) {
		const page = await context.newPage();
		const cdp = await context.newCDPSession(page);
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
		await page.addInitScript(markContent, screen.content);
		try {
			await page.goto(origin + path);
			await page.waitForFunction(() => window.__bench.use !== null, null, { timeout: 30_000 });
			// Long tasks just after the content (the rest of a list) count too.
			await page.waitForTimeout(1000);
			const b = await page.evaluate(() => window.__bench);
			const tasks = b.longtasks.filter((t) => t.start < b.content + 1000);
			const fromWorker = await page.evaluate(() => !!navigator.serviceWorker?.controller);
			return {
				ms: b.content,
				use: b.use,
				longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
				total: tasks.reduce((m, t) => m + t.duration, 0),
				fromWorker
			};
		} finally {
			await cdp.detach().catch(() => {});
			await page.close();
		}
	}
	/** The service worker installed and controlling: a second visit is answered from its cache. */
	async function warmUp(origin) {
		const page = await context.newPage();
		try {
			await page.goto(origin + '/');
			await page.evaluate(async () => {
				await navigator.serviceWorker.ready;
			});
			await page.reload();
			await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, {
				timeout: 30_000
			});
		} finally {
			await page.close();
		}
	}
	/** Median time to content, its range and the longest task of RUNS start-ups. */
	const summary = (runs) => ({
		runs,
		ms: median(runs.map((r) => r.ms)),
		msRange: range(runs.map((r) => r.ms)),
		use: median(runs.map((r) => r.use)),
		longest: median(runs.map((r) => r.longest)),
		total: median(runs.map((r) => r.total)),
		fromWorker: runs.every((r) => r.fromWorker)
	});
	/** Each run's time to use at its pair's index (a run that failed leaves a hole). */
	const byPair = (runs) => runs.reduce((at, r) => ((at[r.pair] = r.use), at), []);
	async function startups(key) {
		for (const { screen, row, basePath } of screens) {
			log(`start-up ${key} ${row.name}`);
			// Each build's run i is taken next to the other's, in turn first (a warm-up each).
			const sides = [{ origin: ORIGIN, path: row.path, runs: [] }];
			if (basePath) sides.push({ origin: BASE_ORIGIN, path: basePath, runs: [] });
			for (const side of sides)
				await attempt(`start-up ${row.name}`, () => startup(screen, side.origin, side.path));
			for (let i = 0; i < RUNS; i++) {
				for (const side of i % 2 ? [...sides].reverse() : sides) {
					const r = await attempt(`start-up ${row.name}`, () =>
						startup(screen, side.origin, side.path)
					);
					if (r) side.runs.push({ ...r, pair: i });
				}
			}
			row[key] = summary(sides[0].runs);
			if (sides[1]) {
				row[`${key}Baseline`] = summary(sides[1].runs);
				row[`${key}Paired`] = pairedRatio(...sides.map((side) => byPair(side.runs)));
			}
		}
	}
	await restartBrowser();
	const origins = [ORIGIN, ...(BASELINE ? [BASE_ORIGIN] : [])];
	const warmUpAll = async () => {
		for (const origin of origins) await attempt('service worker', () => warmUp(origin));
	};
	await warmUpAll();
	await startups('empty');

	log(`importing ${EVENINGS} evenings through Settings…`);
	const importHistory = (origin) => async () => {
		const page = await context.newPage();
		await page.goto(origin + '/settings');
		await page.getByLabel('Import backup', { exact: true }).setInputFiles(historyFile);
		await page.getByText(/^Backup imported/).waitFor({ timeout: 120_000 });
		const text = await page.getByText(/^Backup imported/).textContent();
		await page.close();
		return text;
	};
	const imported = await attempt('import', importHistory(ORIGIN));
	result.imported = imported;
	// The baseline gets the same history; without it, its column stays empty.
	const baseImported = BASELINE && (await attempt('import baseline', importHistory(BASE_ORIGIN)));
	if (imported) {
		await restartBrowser();
		await warmUpAll();
		await startups('history');
		if (!baseImported) for (const { row } of screens) delete row.historyBaseline;
	}

	// 8. INP at 4× CPU slowdown: a score keystroke and a went-out tap, a marker tap on the table.
	async function inp(path, act) {
		const page = await context.newPage();
		await page.addInitScript(() => {
			const events = (window.__events = []);
			new PerformanceObserver((list) => {
				for (const e of list.getEntries())
					if (e.interactionId)
						events.push({
							id: e.interactionId,
							name: e.name,
							duration: e.duration,
							start: e.startTime,
							// What kept the tap waiting (a task already running), and its handlers.
							delay: e.processingStart - e.startTime,
							handlers: e.processingEnd - e.processingStart
						});
			}).observe({ type: 'event', durationThreshold: 16, buffered: true });
		});
		const cdp = await context.newCDPSession(page);
		try {
			await page.goto(ORIGIN + path);
			await page.locator('main').waitFor();
			await page.waitForTimeout(1000);
			await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
			const out = {};
			for (const [label, f] of Object.entries(act(page))) {
				const samples = [];
				/** The first interaction's input delay (its first event's) and its handlers' time. */
				let firstParts = null;
				for (let i = 0; i < INP_SAMPLES; i++) {
					await page.evaluate(() => (window.__events.length = 0));
					await f(i);
					// Event Timing reports after the next paint.
					await page.evaluate(
						() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300)))
					);
					const events = await page.evaluate(() => window.__events);
					// Under 16 ms nothing is reported (0 here): it painted within a frame.
					samples.push(events.reduce((m, e) => Math.max(m, e.duration), 0));
					if (i === 0 && events.length > 0) {
						const first = events.reduce((a, e) => (e.start < a.start ? e : a));
						const handlers = events.reduce((sum, e) => sum + e.handlers, 0);
						firstParts = { delay: first.delay, handlers };
					}
				}
				// The visit's first tap is kept apart: it is usually the slowest, and a real INP
				// (the worst interaction of a visit) lands on it.
				out[label] = {
					median: median(samples),
					first: samples[0],
					firstParts,
					max: Math.max(...samples),
					samples
				};
			}
			return out;
		} finally {
			await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
			await page.close();
		}
	}
	const roundPath = `/evening/${ctx.evening}`;
	const entry = await attempt('INP round', () =>
		inp(roundPath, (page) => ({
			'score keystroke': async (i) => {
				await page.getByLabel('Ben points', { exact: true }).focus();
				await page.keyboard.press(i % 2 ? 'Backspace' : '7');
			},
			'went-out tap': () =>
				page
					.getByRole('button', { name: 'Anna went out' })
					.or(page.getByRole('checkbox', { name: 'Anna went out' }))
					.click()
		}))
	);
	const marker = await attempt('INP table', () =>
		inp(`${roundPath}/table`, (page) => ({
			'marker tap': () => page.getByRole('button', { name: "Marker on Ben's train" }).click()
		}))
	);
	result.inp = { ...(entry ?? {}), ...(marker ?? {}) };

	// 8b. The photo count in the app's own worker (the built file), as the photo dialog runs it.
	if (!SCREENS_ONLY) result.workerCount = await attempt('photo worker', workerCount);
} finally {
	await stopBrowser();
	for (const s of servers) s.kill();
	rmSync(profile, { recursive: true, force: true });
}
result.load.after = uptime();

/**
 * The count of 1-megapixel photos in the built worker, in Chromium with no CPU slowdown: each
 * photo decoded in the page (not timed), its pixels transferred to the worker as the photo dialog
 * does, timed until the count comes back. The synthetic scenes of bench-vision's 1 MP figure, and
 * the shared real photos scaled to 1 MP where they are on the machine (scripts/bench-photos.ts).
 */
async function workerCount() {
	const workers = join(BUILD, '_app/immutable/workers');
	const file = readdirSync(workers).find((f) => /^worker-.*\.js$/.test(f));
	if (!file) return null;
	const dir = mkdtempSync(join(tmpdir(), 'caboose-photos-'));
	const page = await context.newPage();
	try {
		spawnSync('npx', ['tsx', 'scripts/bench-photos.ts', dir], { stdio: 'inherit' });
		await page.goto(ORIGIN + '/settings');
		const out = {};
		for (const set of ['synthetic', 'real']) {
			if (!existsSync(join(dir, set))) continue;
			const times = [];
			for (const name of readdirSync(join(dir, set))) {
				const bytes = readFileSync(join(dir, set, name)).toString('base64');
				times.push(
					await page.evaluate(countInWorker, { url: `/_app/immutable/workers/${file}`, bytes })
				);
			}
			times.sort((a, b) => a - b);
			out[set] = { photos: times.length, median: times[times.length >> 1], max: times.at(-1) };
		}
		return out;
	} finally {
		await page.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

/** In the page: one photo counted in a fresh worker, after a first count that loads it. */
async function countInWorker({ url, bytes }) {
	// Made here, not fetched: the app's Content-Security-Policy allows no data: fetch.
	const blob = new Blob([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))]);
	const bitmap = await createImageBitmap(blob);
	const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
	const g = canvas.getContext('2d');
	g.drawImage(bitmap, 0, 0);
	const pixels = () => g.getImageData(0, 0, bitmap.width, bitmap.height);
	const worker = new Worker(url, { type: 'module' });
	const count = (image) =>
		new Promise((resolve) => {
			worker.onmessage = () => resolve();
			worker.postMessage({ width: image.width, height: image.height, data: image.data }, [
				image.data.buffer
			]);
		});
	await count(pixels());
	const image = pixels();
	const t = performance.now();
	await count(image);
	const ms = performance.now() - t;
	worker.terminate();
	return ms;
}

// 9. The table.
const kib = (n) => (n == null ? '–' : (n / 1024).toFixed(1));
const ms = (n) => (n == null ? '–' : String(Math.round(n)));
/** This build's figure over the baseline's. */
const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : '–');
/** With BENCH_BASELINE: the baseline's time to content, and this build's over it. */
function baselineColumns(key, label) {
	if (!BASELINE) return [];
	const base = (r) => r[`${key}Baseline`]?.ms;
	return [
		[`base ${label}`, 5 + label.length, (r) => ms(base(r))],
		['×', 4, (r) => ratio(r[key]?.ms, base(r))]
	];
}
const columns = [
	['screen', 16, (r) => r.name],
	['cold', 4, (r) => (r.cold ? 'yes' : '')],
	['paint KiB', 9, (r) => kib(r.firstPaint?.bytes)],
	['files', 5, (r) => r.firstPaint?.files ?? '–'],
	['all KiB', 8, (r) => kib(r.lighthouse?.loaded)],
	['Perf', 5, (r) => ms(r.lighthouse?.perf)],
	['(range)', 7, (r) => rangeText(r.lighthouse?.perfRange)],
	['A11y', 4, (r) => ms(r.lighthouse?.a11y)],
	['BP', 4, (r) => ms(r.lighthouse?.bp)],
	['SEO', 4, (r) => ms(r.lighthouse?.seo)],
	['FCP', 5, (r) => ms(r.lighthouse?.fcp)],
	['LCP', 5, (r) => ms(r.lighthouse?.lcp)],
	['TBT', 4, (r) => ms(r.lighthouse?.tbt)],
	['show 1', 6, (r) => ms(r.empty?.ms)],
	...baselineColumns('empty', '1'),
	[`show ${EVENINGS}`, 8, (r) => ms(r.history?.ms)],
	...baselineColumns('history', String(EVENINGS)),
	['(range)', 9, (r) => rangeText(r.history?.msRange)],
	[
		'ratio',
		5,
		(r) => (r.empty?.ms && r.history?.ms ? (r.history.ms / r.empty.ms).toFixed(2) : '–')
	],
	// With 1 evening too: a long task there is not the history's doing.
	['long max 1', 10, (r) => ms(r.empty?.longest)],
	[`long max ${EVENINGS}`, 12, (r) => ms(r.history?.longest)],
	['long sum', 8, (r) => ms(r.history?.total)],
	...(BASELINE ? [[`base long ${EVENINGS}`, 13, (r) => ms(r.historyBaseline?.longest)]] : [])
];
const line = (cells) => cells.map((c, i) => String(c).padStart(columns[i][1])).join(' | ');
console.log('');
console.log(line(columns.map((c) => c[0])));
console.log(columns.map((c) => '-'.repeat(c[1])).join('-|-'));
for (const r of result.screens) console.log(line(columns.map((c) => c[2](r))));
console.log('');
console.log(
	`cold: a screen people load cold (budgets: home 60 KiB and Lighthouse ≥ 98, the read-only view 80 KiB and ≥ 95). ` +
		`paint KiB, files: JS+CSS gzip and files fetched before the content was painted, cold; all KiB: JS+CSS the page had loaded by the end of Lighthouse's run. ` +
		`Lighthouse ${RUNS}× per cold screen (median, mobile, simulated throttling, brotli as served by scripts/serve.js); FCP/LCP/TBT in ms. ` +
		`show: ms until the screen's content is painted on a warm visit (service worker, 4× CPU slowdown) with the bench's 1 evening and with ${EVENINGS} more finished evenings (4 players × 13 rounds) imported, median of ${RUNS}; ` +
		`long max: the longest task (ms) up to 1 s after the content, with 1 evening and with the history; long sum: their total with the history.`
);
if (BASELINE) {
	console.log(
		`base: the same start-ups of the baseline build ${BASELINE}, taken alternately with this build's, run by run; ×: this build's median / the baseline's.`
	);
	// Time to use beside time to content: they differ only where a screen paints before it takes
	// a tap (the baseline's evening screens, painted from a first read and inert until Dexie).
	const use = (r, key) => r[key]?.use;
	const pairs = (p) =>
		p ? ` (pairs ${p.ratio.toFixed(2)}, 90 %: ${p.low.toFixed(2)}–${p.high.toFixed(2)})` : '';
	console.log('');
	console.log(
		`time to use (ms until the content takes a tap; warm, 4× CPU, median of ${RUNS}); pairs: the median of run i's ratio, run by run, and its 90 % interval (bootstrap):`
	);
	for (const r of result.screens) {
		if (!r.empty) continue;
		const one = `1 evening ${ms(use(r, 'empty'))} / base ${ms(use(r, 'emptyBaseline'))} = ${ratio(use(r, 'empty'), use(r, 'emptyBaseline'))}${pairs(r.emptyPaired)}`;
		const many = `${EVENINGS} evenings ${ms(use(r, 'history'))} / base ${ms(use(r, 'historyBaseline'))} = ${ratio(use(r, 'history'), use(r, 'historyBaseline'))}${pairs(r.historyPaired)}`;
		console.log(`  ${r.name.padEnd(16)} ${one}; ${many}`);
	}
}
const inpMs = (n) => (n > 0 ? `${Math.round(n)}` : '<16');
const inpText = Object.entries(result.inp)
	.map(([k, v]) => {
		const parts = v.firstParts
			? `: waited ${Math.round(v.firstParts.delay)}, handlers ${Math.round(v.firstParts.handlers)}`
			: '';
		return `${k} ${inpMs(v.median)} ms (first ${inpMs(v.first)}${parts}, max ${inpMs(v.max)})`;
	})
	.join(', ');
console.log(
	`INP at 4× CPU slowdown, median of ${INP_SAMPLES} interactions in one visit (and the visit's first): ${inpText || '–'}`
);
if (SCREENS_ONLY)
	console.log('Scoring core, link, save and photo figures: not measured (BENCH_SCREENS_ONLY)');
else {
	console.log(
		`Scoring core: computeEvening over 10,000 rounds ${rulesFigures.tenThousandMs} ms = ${rulesFigures.roundsPerSecond?.toLocaleString('en')} rounds/s`
	);
	console.log(
		`Checking round 10,001: by replay ${rulesFigures.replayCheckMs} ms (a save without a standing); from its place ${rulesFigures.keystrokeCheckMs} ms (the score form, each keystroke)`
	);
}
if (result.roundActions)
	console.log(
		`Record a 4-player round: ${result.roundActions.taps} taps + ${result.roundActions.keys} keystrokes`
	);
if (result.imported) console.log(`History: ${result.imported}`);
for (const r of result.screens) {
	const f = r.lighthouse?.failing ?? [];
	if (f.length) console.log(`Lighthouse audits under 0.9 on ${r.name}: ${f.join(', ')}`);
}
console.log('');
console.log(saveText.trim());
console.log('');
console.log(clubText.trim());
console.log('');
console.log(linkText.trim());
console.log('');
console.log(visionText.trim());
for (const [set, w] of Object.entries(result.workerCount ?? {}))
	console.log(
		`Photo count in the app's worker (Chromium, no slowdown), ${set} photos at 1 MP (${w.photos}): median ${ms(w.median)} ms, slowest ${ms(w.max)} ms (decoding excluded)`
	);
console.log(`Load before: ${result.load.before}`);
console.log(`Load after:  ${result.load.after}`);
const stamp = result.date.replace(/[:.]/g, '-');
writeFileSync(join(OUT, `bench-${stamp}.json`), JSON.stringify(result, null, 2));
writeFileSync(join(OUT, 'latest.json'), JSON.stringify(result, null, 2));
console.log(`JSON: ${join(OUT, `bench-${stamp}.json`)}`);

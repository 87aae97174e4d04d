// Size and load figures for the built app, measured in real Chromium: the gzip size of the JS
// each screen loads, against the standing budget (home page ≤ 60 KiB gzip), and whether
// Chart.js is fetched only where a chart is drawn. Prints figures and ratios; asserts nothing.
// Usage: node scripts/bench-size.js [buildDir=build] [port=4390]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

const buildDir = process.argv[2] ?? 'build';
const port = Number(process.argv[3] ?? 4390);
const origin = `http://127.0.0.1:${port}`;
const BUDGET_KIB = 60;

const server = spawn(process.execPath, ['scripts/serve.js', buildDir, String(port)], {
	stdio: ['ignore', 'pipe', 'inherit']
});
await new Promise((resolve) => server.stdout.once('data', resolve));

const browser = await chromium.launch({
	executablePath: CHROMIUM_PATH,
	args: CHROMIUM_ARGS
});

/** A chunk is Chart.js when it carries Chart.js's own registry code. */
function isChartJs(text) {
	return text.includes('LineController') && text.includes('CategoryScale');
}

async function measure(path, setup) {
	// A fresh context: no HTTP cache, no service worker, like a first visit.
	const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
	const page = await context.newPage();
	if (setup) await setup(page);
	const scripts = new Map();
	page.on('response', async (res) => {
		const url = res.url();
		if (!url.startsWith(origin) || !url.endsWith('.js')) return;
		if (url.includes('service-worker')) return;
		try {
			scripts.set(url, await res.body());
		} catch {
			/* a response without a body (redirect) */
		}
	});
	const t0 = Date.now();
	await page.goto(origin + path, { waitUntil: 'networkidle' });
	const ms = Date.now() - t0;
	let raw = 0;
	let gz = 0;
	let chart = false;
	for (const body of scripts.values()) {
		raw += body.length;
		gz += gzipSync(body, { level: 9 }).length;
		if (isChartJs(body.toString('utf8'))) chart = true;
	}
	await context.close();
	return { path, files: scripts.size, raw, gz, chart, ms };
}

/** Creates an evening with two rounds through the UI, so the standings page has a chart. */
async function eveningPath() {
	const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
	const page = await context.newPage();
	try {
		await page.goto(origin + '/new');
		await page.getByLabel('Player 1', { exact: true }).fill('Anna');
		await page.getByLabel('Player 2', { exact: true }).fill('Ben');
		await page.getByRole('button', { name: 'Start evening' }).click();
		await page.waitForURL(/\/evening\/[^/]+$/);
		const url = new URL(page.url());
		// The state lives in this context's IndexedDB, so measure within it, reusing the origin.
		await page.getByRole('button', { name: 'Anna went out' }).click();
		await page.getByLabel('Ben points').fill('12');
		await page.getByRole('button', { name: 'Save round' }).click();
		await page.getByText('Saved').first().waitFor();
		const state = await context.storageState({ indexedDB: true });
		return { path: url.pathname, state };
	} catch (e) {
		console.log(`  (could not create an evening through the UI: ${String(e).split('\n')[0]})`);
		return null;
	} finally {
		await context.close();
	}
}

const kib = (n) => (n / 1024).toFixed(1);
const rows = [];
try {
	rows.push(await measure('/'));
	rows.push(await measure('/new'));
	const evening = await eveningPath();
	if (evening) {
		for (const suffix of ['', '/standings']) {
			const context = await browser.newContext({
				viewport: { width: 390, height: 844 },
				storageState: evening.state
			});
			const page = await context.newPage();
			const scripts = [];
			page.on('response', async (res) => {
				if (res.url().endsWith('.js') && !res.url().includes('service-worker'))
					scripts.push(await res.body().catch(() => Buffer.alloc(0)));
			});
			const t0 = Date.now();
			await page.goto(origin + evening.path + suffix, { waitUntil: 'networkidle' });
			const ms = Date.now() - t0;
			let raw = 0;
			let gz = 0;
			let chart = false;
			for (const b of scripts) {
				raw += b.length;
				gz += gzipSync(b, { level: 9 }).length;
				if (isChartJs(b.toString('utf8'))) chart = true;
			}
			rows.push({ path: '/evening/<id>' + suffix, files: scripts.length, raw, gz, chart, ms });
			await context.close();
		}
	}
} finally {
	await browser.close();
	server.kill();
}

const sw = (() => {
	try {
		return readFileSync(`${buildDir}/service-worker.js`);
	} catch {
		return null;
	}
})();

console.log('\nJS loaded per screen (first visit, no cache), gzip level 9:');
console.log('  screen                     files    raw KiB   gzip KiB   Chart.js   load ms');
for (const r of rows) {
	console.log(
		`  ${r.path.padEnd(26)} ${String(r.files).padStart(5)} ${kib(r.raw).padStart(10)} ${kib(r.gz).padStart(10)}   ${(r.chart ? 'loaded' : 'no').padEnd(8)} ${String(r.ms).padStart(8)}`
	);
}
const home = rows[0];
console.log(
	`\nHome page JS: ${kib(home.gz)} KiB gzip of a ${BUDGET_KIB} KiB budget (ratio ${(home.gz / 1024 / BUDGET_KIB).toFixed(2)})`
);
console.log(
	`Chart.js on the home page: ${home.chart ? 'LOADED (over budget rule)' : 'not loaded'}`
);
if (sw)
	console.log(`Service worker: ${kib(sw.length)} KiB raw, ${kib(gzipSync(sw).length)} KiB gzip`);

// The phone without signal: installable, offline after one visit, updates only on Reload, data
// that survives an update, an honest word when the browser deleted the data, a strict CSP and no
// request to any other origin. Runs against the real build (BUILD_DIR), like a phone gets it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startSwapServer } from './helpers/swap-server';
import { updateBuild } from './helpers/update-build';
import { homeWithEvening, seedEvening, waitForController } from './helpers/pwa';
import { readStores, roundCount, storedRows } from './helpers/db';
import { newEvening, playRound } from './helpers/evening';
import { handPhoto, openPhotoDialog } from './helpers/photo';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../scripts/chromium.js';
import { lookAt } from './helpers/shots';

// Offline journeys: the app as a phone keeps it, served by its service worker.
test.use({ serviceWorkers: 'allow' });

const buildA = process.env.BUILD_DIR ?? 'build';
/** This spec's own server for the update journey: any free port (others run this test too). */
const SWAP_PORT = 0;
const SHOTS = '/tmp/shots';

const app = (page: Page) => page.getByRole('region', { name: 'App status' });

test('the app is installable: manifest, icons and Chromium reports no installability error', async ({
	request
}) => {
	// Chromium never offers to install from an incognito profile (Playwright's default context),
	// so this check runs in a real profile, as on a phone.
	const profile = await mkdtemp(path.join(tmpdir(), 'caboose-profile-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: TEST_CHROMIUM_PATH,
		args: TEST_CHROMIUM_ARGS,
		baseURL: test.info().project.use.baseURL,
		viewport: { width: 390, height: 844 }
	});
	try {
		const page = context.pages()[0] ?? (await context.newPage());
		await checkInstallable(page, request);
	} finally {
		await context.close();
		await rm(profile, { recursive: true, force: true });
	}
});

test('the first paint waits for no install file: the icon is inline, the manifest linked once settled', async ({
	request
}) => {
	// Every request before the first paint takes one of the six connections its modules need.
	for (const path of ['/', '/evening/some-evening', '/settings']) {
		const html = await (await request.get(path)).text();
		expect(html, path).not.toMatch(/rel="manifest"/);
		expect(html, path).toMatch(/<link\s+rel="icon"\s+href="data:image\/svg\+xml,/);
	}
	// (That the manifest is linked later, and the app installable, is the test above.)
});

async function checkInstallable(page: Page, request: APIRequestContext): Promise<void> {
	await page.goto('/');
	await waitForController(page);

	const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
	expect(manifestUrl).toBeTruthy();
	const res = await request.get(new URL(manifestUrl!, page.url()).href);
	expect(res.ok()).toBe(true);
	const manifest = (await res.json()) as Record<string, unknown> & {
		icons: { src: string; sizes: string; type: string; purpose?: string }[];
	};
	expect(manifest).toMatchObject({
		id: '/',
		name: expect.stringContaining('Caboose'),
		short_name: 'Caboose',
		start_url: '/',
		scope: '/',
		display: 'standalone',
		theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
		background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i)
	});

	// Every icon is fetchable and really has the size it claims.
	const seen: string[] = [];
	for (const icon of manifest.icons) {
		const img = await request.get(new URL(icon.src, page.url()).href);
		expect(img.ok(), icon.src).toBe(true);
		const meta = await sharp(await img.body()).metadata();
		expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
		expect(meta.format).toBe('png');
		seen.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
	}
	expect(seen).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

	const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
	const touchImg = await request.get(new URL(touch!, page.url()).href);
	const touchMeta = await sharp(await touchImg.body()).metadata();
	expect([touchMeta.width, touchMeta.height]).toEqual([180, 180]);

	const cdp = await page.context().newCDPSession(page);
	const appManifest = (await cdp.send('Page.getAppManifest')) as {
		errors: unknown[];
		url: string;
	};
	expect(appManifest.url).toContain('/manifest.webmanifest');
	expect(appManifest.errors).toEqual([]);
	const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
	expect(installabilityErrors).toEqual([]);
}

test('after one visit every screen and a deep link work offline', async ({ page, context }) => {
	await page.goto('/');
	await waitForController(page);
	// An evening with a saved round, so every screen of it has something to show.
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await playRound(page, 'Anna', { Ben: 12, Cleo: 5 });

	// Every screen of the app; the evening's are deep links that are not prerendered (the
	// fallback page serves them).
	const routes = [
		'/',
		'/new',
		'/evenings',
		'/settings',
		`/evening/${id}`,
		`/evening/${id}/standings`,
		`/evening/${id}/scoreboard`,
		`/evening/${id}/table`,
		`/evening/${id}/round/1`
	];
	const online = new Map<string, string>();
	for (const route of routes) {
		await page.goto(route);
		await expect(page.locator('h1').first()).toBeVisible();
		const heading = (await page.locator('h1').first().innerText()).trim();
		// Every route is a real screen of the app (not SvelteKit's error page).
		expect(heading, route).not.toMatch(/^\d{3}$/);
		online.set(route, heading);
	}

	await context.setOffline(true);
	// The network is really gone: a fetch that bypasses the worker's cache fails.
	const reachable = await page.evaluate(() =>
		fetch(`/_app/version.json?${Date.now()}`, { cache: 'no-store' }).then(
			() => true,
			() => false
		)
	);
	expect(reachable).toBe(false);
	// The manifest and the icons are precached too (an installed app starts without network).
	const offlineAssets = await page.evaluate(() =>
		Promise.all(
			['/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-maskable-512.png'].map((u) =>
				fetch(u).then(
					(r) => r.ok,
					() => false
				)
			)
		)
	);
	expect(offlineAssets).toEqual([true, true, true]);

	for (const route of routes) {
		const response = await page.goto(route);
		expect(response?.status(), route).toBe(200);
		// The same screen as online (not the browser's offline page), rendered by the app.
		await expect(page.locator('h1').first(), route).toHaveText(online.get(route)!);
		await expect(app(page), route).toBeAttached();
	}
	// Reloading a deep link offline works too.
	await page.reload();
	await expect(page.locator('h1').first()).toHaveText(online.get(routes.at(-1)!)!);
	// And moving through the app by its own links (client-side, lazily loaded screens).
	await page.goto('/');
	await page.getByRole('link', { name: 'Evenings' }).click();
	await expect(page.locator('h1').first()).toHaveText(online.get('/evenings')!);
	await page.goto('/');
	await page.getByRole('link', { name: 'Settings' }).click();
	await expect(page.locator('h1').first()).toHaveText(online.get('/settings')!);
	// The photo count runs in a Web Worker of its own file, never opened online before: it is
	// precached with the rest (Vite leaves workers out of SvelteKit's list unless they are named).
	await page.goto(`/evening/${id}`);
	await page.getByRole('button', { name: 'Ben went out', exact: true }).click();
	const hand = await handPhoto();
	const dialog = await openPhotoDialog(page, 'Anna', hand.png);
	await expect(dialog.getByText(`${hand.total} pips`, { exact: true })).toBeVisible();
	await context.setOffline(false);
});

test('the build’s files come from its cache without the worker; one missing there from the network', async ({
	page,
	context
}) => {
	await page.goto('/');
	await waitForController(page);
	const cdp = await context.newCDPSession(page);
	await cdp.send('Network.enable');
	const answered: { file: string; source?: string }[] = [];
	cdp.on('Network.responseReceived', ({ response }) => {
		if (!response.url.includes('/_app/immutable/')) return;
		answered.push({
			file: response.url,
			source: response.serviceWorkerRouterInfo?.actualSourceType
		});
	});
	await page.goto('/settings');
	await expect(page.locator('h1').first()).toBeVisible();
	// Every script and style of the screen, answered by the browser from the cache (the static
	// route), none by the worker's fetch handler.
	await expect.poll(() => answered.length).toBeGreaterThan(3);
	expect(answered.filter((a) => a.source !== 'cache')).toEqual([]);

	// A file the cache lost (an evicted entry) still loads, from the network.
	const lost = await page.evaluate(async () => {
		// The build's cache (the worker keeps one per build, named caboose-<version>).
		const name = (await caches.keys()).find((key) => key.startsWith('caboose-'))!;
		const cache = await caches.open(name);
		const request = (await cache.keys()).find((r) => r.url.includes('/_app/immutable/'))!;
		await cache.delete(request);
		const response = await fetch(request.url, { cache: 'no-store' });
		return { ok: response.ok, bytes: (await response.arrayBuffer()).byteLength };
	});
	expect(lost.ok).toBe(true);
	expect(lost.bytes).toBeGreaterThan(0);
});

test.describe('an update from build A to build B', () => {
	let buildB = '';

	test.beforeAll(async () => {
		// Started by the global setup (helpers/update-build.ts): it may still be building.
		test.setTimeout(300_000);
		buildB = await updateBuild();
	});

	test('waits for Reload, never reloads by itself, and keeps the saved round and the draft', async ({
		browser
	}) => {
		const server = await startSwapServer(buildA, SWAP_PORT);
		const context = await browser.newContext({
			baseURL: server.origin,
			viewport: { width: 390, height: 844 }
		});
		const page = await context.newPage();
		try {
			await page.goto('/');
			await waitForController(page);
			const versionA = await app(page).getAttribute('data-build');

			// Mid-evening: one round saved, the next one half typed.
			const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
			await playRound(page, 'Anna', { Ben: 12, Cleo: 5 });
			await page.getByLabel('Ben points', { exact: true }).fill('7');
			await expect
				.poll(async () => JSON.stringify(await storedRows(page, 'drafts')))
				.toContain('"7"');
			await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still A'));
			// A second tab of build A, e.g. the evenings list left open.
			const other = await context.newPage();
			await other.goto('/evenings');
			await expect(app(other)).toHaveAttribute('data-build', versionA!);

			server.swap(buildB);
			// What the app does whenever it comes back to the front: look for a new worker.
			await page.evaluate(async () => {
				const reg = await navigator.serviceWorker.getRegistration();
				await reg?.update();
			});

			const banner = app(page).getByRole('status').filter({ hasText: 'new version' });
			await expect(banner).toBeVisible();
			const reload = banner.getByRole('button', { name: 'Reload' });
			await expect(reload).toBeVisible();
			await lookAt(page, { path: `${SHOTS}/pwa-update-banner.png` });

			// B is installed and waiting; A still runs: same page, same build, nothing reloaded,
			// and what is being typed is still on screen.
			const waiting = await page.evaluate(async () => {
				const reg = await navigator.serviceWorker.getRegistration();
				return reg?.waiting?.state ?? null;
			});
			expect(waiting).toBe('installed');
			expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
				'still A'
			);
			await expect(app(page)).toHaveAttribute('data-build', versionA!);
			await expect(page.getByLabel('Ben points', { exact: true })).toHaveValue('7');

			await reload.click();
			await expect(app(page)).not.toHaveAttribute('data-build', versionA!);
			const versionB = await app(page).getAttribute('data-build');
			expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
				undefined
			);
			await expect(app(page).getByRole('status').filter({ hasText: 'new version' })).toHaveCount(0);

			// B controls the page and A's cache is gone.
			const cacheNames = await page.evaluate(() => caches.keys());
			expect(cacheNames).toEqual([`caboose-${versionB}`]);

			// The other tab was not reloaded under its user either; its Reload brings it to B.
			const otherBanner = app(other).getByRole('status').filter({ hasText: 'new version' });
			await expect(otherBanner).toBeVisible();
			await expect(app(other)).toHaveAttribute('data-build', versionA!);
			await otherBanner.getByRole('button', { name: 'Reload' }).click();
			await expect(app(other)).toHaveAttribute('data-build', versionB!);
			await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
			await other.close();

			// Build B shows the same evening: the saved round and the draft as typed.
			await expect(page).toHaveURL(new RegExp(`/evening/${id}$`));
			await expect(page.getByRole('heading', { level: 1 })).toContainText('Round 2');
			await expect(page.getByLabel('Ben points', { exact: true })).toHaveValue('7');
			expect(await roundCount(page, id)).toBe(1);
		} finally {
			await context.close();
			await server.close();
		}
	});
});

// The data's own journeys (vanished, deleted, protected, upgraded: src/lib/pwa/storage.ts and
// db/) involve no service worker, which would only fetch the whole precache for each of them.
test.describe('the data on this phone', () => {
	test.use({ serviceWorkers: 'block' });

	test('when the browser deleted the data, the app offers a restore instead of an empty app', async ({
		page
	}) => {
		await homeWithEvening(page, { id: 'vanishing', names: ['Anna', 'Ben'] });
		await expect(page.getByRole('heading', { name: 'Your saved evenings are gone' })).toHaveCount(
			0
		);

		// A backup made before the loss (the Settings screen's export).
		await page.goto('/settings');
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Export backup' }).click()
		]);
		const backupFile = test.info().outputPath('backup.json');
		await download.saveAs(backupFile);

		await page.goto('/');
		const cdp = await page.context().newCDPSession(page);
		await cdp.send('Storage.clearDataForOrigin', {
			origin: new URL(page.url()).origin,
			storageTypes: 'indexeddb'
		});
		await page.reload();

		const offer = page.getByRole('alert').filter({
			has: page.getByRole('heading', { name: 'Your saved evenings are gone' })
		});
		await expect(offer).toBeVisible();
		await expect(offer).toContainText('Evenings saved on this device: 1');
		await expect(offer).toContainText('The browser has deleted them');
		await lookAt(page, { path: `${SHOTS}/pwa-vanished-offer.png` });

		// The offer stays until it is answered: another start shows it again.
		await page.reload();
		await expect(offer).toBeVisible();

		// Restoring the backup brings the evening back and the offer goes away.
		await offer.getByRole('link', { name: 'Restore a backup' }).click();
		await expect(page).toHaveURL(/\/settings$/);
		await page.getByLabel('Import backup').setInputFiles(backupFile);
		await expect(page.getByText(/Backup imported/)).toBeVisible();
		await expect(offer).toHaveCount(0);
		expect((await readStores(page, ['evenings'])).evenings).toEqual([
			expect.objectContaining({ id: 'vanishing' })
		]);
		await page.reload();
		await expect(page.locator('h1').first()).toBeVisible();
		await expect(offer).toHaveCount(0);
	});

	test('data deleted while the app is open is noticed at once; Start fresh forgets the loss', async ({
		page
	}) => {
		await homeWithEvening(page, { id: 'gone', names: ['Anna', 'Ben'] });
		const cdp = await page.context().newCDPSession(page);
		await cdp.send('Storage.clearDataForOrigin', {
			origin: new URL(page.url()).origin,
			storageTypes: 'indexeddb'
		});
		// No reload: the open app notices by itself that its connection was dropped.
		const offer = page.getByRole('alert').filter({
			has: page.getByRole('heading', { name: 'Your saved evenings are gone' })
		});
		await expect(offer).toBeVisible();
		await offer.getByRole('button', { name: 'Start fresh' }).click();
		await expect(offer).toHaveCount(0);
		expect(await page.evaluate(() => localStorage.getItem('caboose:saved'))).toBeNull();
		await page.reload();
		await expect(page.locator('h1').first()).toBeVisible();
		await expect(offer).toHaveCount(0);
	});

	test('after the first finished evening the browser is asked to protect storage, and the answer shown', async ({
		page
	}) => {
		await homeWithEvening(page, { id: 'open-one', names: ['Anna', 'Ben'] });
		const notice = app(page)
			.getByRole('status')
			.filter({ hasText: /^Storage is/ });
		// An evening still being played asks nothing.
		await expect(page.locator('h1').first()).toBeVisible();
		await expect(notice).toHaveCount(0);

		await seedEvening(page, { id: 'finished-one', names: ['Anna', 'Ben'], endedAt: Date.now() });
		await page.reload();
		await expect(notice).toBeVisible();
		const persisted = await page.evaluate(() => navigator.storage.persisted());
		await expect(notice).toContainText(
			persisted ? 'Storage is protected' : 'Storage is not protected'
		);
		await lookAt(page, { path: `${SHOTS}/pwa-storage-notice.png` });
		// Small: a line or two at the top, not a block over the screen (it was 100-140 px).
		const box = await notice.boundingBox();
		expect(box?.height ?? 0).toBeLessThanOrEqual(64);
		await notice.getByRole('button', { name: 'OK' }).click();
		await expect(notice).toHaveCount(0);
		// Told once: the next start asks again quietly.
		await page.reload();
		await expect(page.locator('h1').first()).toBeVisible();
		await expect(notice).toHaveCount(0);

		// Settings always shows the current answer.
		await page.goto('/settings');
		await expect(page.getByRole('region', { name: 'Storage' }).getByRole('status')).toHaveText(
			persisted ? /^Storage is protected/ : /^Storage is not protected/
		);
		await lookAt(page.getByRole('region', { name: 'Storage' }), {
			path: `${SHOTS}/pwa-settings-storage.png`
		});
	});

	test('another tab upgrading the data closes this one, which then never writes to it', async ({
		page,
		context
	}) => {
		await page.addInitScript(() => {
			window.addEventListener('caboose:flush', () => {
				(window as unknown as { flushed: number }).flushed =
					((window as unknown as { flushed?: number }).flushed ?? 0) + 1;
			});
		});
		await homeWithEvening(page, { id: 'upgraded', names: ['Anna', 'Ben'] });

		// A newer build in a second tab: schema version 7 (native 70) and data format 7 (this build
		// has 6: DATA_VERSION in db/database.ts).
		const other = await context.newPage();
		await other.goto('/favicon.svg');
		await other.evaluate(async () => {
			await new Promise<void>((resolve, reject) => {
				const req = indexedDB.open('caboose', 70);
				req.onupgradeneeded = () => {
					req.result.createObjectStore('futureThings', { keyPath: 'id' });
					req.transaction!.objectStore('meta').put({ key: 'dataVersion', value: 7 });
				};
				req.onsuccess = () => {
					req.result.close();
					resolve();
				};
				req.onerror = () => reject(req.error);
			});
		});
		await other.close();

		const banner = page.getByRole('alert').filter({ hasText: 'updated in another tab' });
		await expect(banner).toBeVisible();
		await expect(banner.getByRole('button', { name: 'Reload' })).toBeVisible();
		await lookAt(page, { path: `${SHOTS}/pwa-other-tab.png` });
		expect(await page.evaluate(() => (window as unknown as { flushed?: number }).flushed)).toBe(1);

		// Its Reload (no newer build on this server) comes back as the same older build, which opens
		// the newer data: it says so and leaves the data alone.
		await Promise.all([
			page.waitForEvent('load'),
			banner.getByRole('button', { name: 'Reload' }).click()
		]);
		await expect(
			page.getByRole('alert').filter({ hasText: 'A newer Caboose saved this data' })
		).toBeVisible();
		await lookAt(page, { path: `${SHOTS}/pwa-newer-data.png` });
		const after = await page.evaluate(async () => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const req = indexedDB.open('caboose');
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			const meta = await new Promise((resolve) => {
				const r = db.transaction('meta').objectStore('meta').get('dataVersion');
				r.onsuccess = () => resolve(r.result);
			});
			const version = db.version;
			db.close();
			return { version, meta };
		});
		expect(after).toEqual({ version: 70, meta: { key: 'dataVersion', value: 7 } });
	});
});

test('a strict CSP, no violation while navigating, and no request to any other origin', async ({
	page,
	request
}) => {
	const html = await (await request.get('/')).text();
	const csp = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1];
	expect(csp).toBeDefined();
	expect(csp).toContain("default-src 'self'");
	expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
	expect(csp).not.toContain('unsafe-eval');
	expect(csp).toContain("object-src 'none'");

	const violations: string[] = [];
	const foreign: string[] = [];
	page.on('console', (msg) => {
		if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(msg.text());
	});
	page.on('request', (req) => {
		const url = new URL(req.url());
		if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1') foreign.push(req.url());
	});
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (e) => {
			const w = window as unknown as { cspViolations?: string[] };
			(w.cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
		});
	});

	await page.goto('/');
	await waitForController(page);
	// Through the real screens: setup, a saved round, then every screen (the chart included).
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await playRound(page, 'Anna', { Ben: 12, Cleo: 5 });
	for (const route of [
		'/',
		'/new',
		'/evenings',
		'/settings',
		`/evening/${id}`,
		`/evening/${id}/standings`,
		`/evening/${id}/scoreboard`,
		`/evening/${id}/table`,
		`/evening/${id}/round/1`
	]) {
		await page.goto(route);
		await expect(page.locator('h1').first()).toBeVisible();
		expect(
			await page.evaluate(
				() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []
			)
		).toEqual([]);
	}
	// Through the app's own links too (client-side navigation).
	await page.goto('/');
	await page.getByRole('link', { name: 'New evening' }).click();
	await expect(page).toHaveURL(/\/new$/);
	expect(violations).toEqual([]);
	expect(foreign).toEqual([]);
});

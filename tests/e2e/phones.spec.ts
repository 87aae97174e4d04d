// Every phone at the table: the scorekeeper shows a QR code, another phone (a second browser
// context that loaded Caboose once and is now offline) reads it, sees the same standings
// read-only, and keeps a copy. The QR code is decoded from a screenshot, as a camera would.
import { mkdir } from 'node:fs/promises';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { enterTiles, newEvening, playRound } from './helpers/evening';
import { roundCount, storedRows, tableTapsStored } from './helpers/db';
import { waitForController, waitForDatabase } from './helpers/pwa';
import { litPixels } from './helpers/chart';
import { openPlayed } from './helpers/seed';
import { word } from './helpers/words';
import { tableEvening } from '../unit/link-fixtures';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/phones-shots';

/** Decodes the QR code in a PNG, as a phone camera would read the screen. */
async function readQr(png: Buffer): Promise<string | null> {
	const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
	const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
	return code?.data ?? null;
}

/** The Standings table, row by row, as text: rank, name, total, gap (the view's compact table
 * leaves out the rounds won). */
async function standingsRows(page: Page): Promise<string[][]> {
	const table = page.getByRole('table', { name: 'Standings' });
	await expect(table).toBeVisible();
	return table
		.locator('tbody tr')
		.evaluateAll((rows) =>
			rows.map((r) =>
				[...r.querySelectorAll('th, td')]
					.slice(0, 4)
					.map((c) => (c.textContent ?? '').trim().replace(/\s+/g, ' '))
			)
		);
}

async function noSidewaysScroll(page: Page): Promise<void> {
	const fits = await page.evaluate(
		() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
	);
	expect(fits).toBe(true);
}

/** A second phone: Caboose loaded once (the service worker holds the app), then no signal. */
async function offlinePhone(
	browser: Browser,
	baseURL: string
): Promise<{ context: BrowserContext; page: Page }> {
	// The one phone of these journeys that runs the service worker (the scorekeeper's needs none).
	const context = await browser.newContext({
		baseURL,
		viewport: { width: 390, height: 844 },
		serviceWorkers: 'allow'
	});
	const page = await context.newPage();
	await page.goto('/');
	await waitForController(page);
	// The Settings screen opens the database, as any screen that keeps evenings does.
	await page.goto('/settings');
	await waitForDatabase(page);
	await context.setOffline(true);
	return { context, page };
}

async function openShowToTable(page: Page) {
	await page.getByRole('button', { name: 'Show to the table', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'Show to the table' });
	await expect(dialog).toBeVisible();
	const qr = dialog.getByRole('img', { name: 'QR code', exact: true });
	await expect(qr).toBeVisible();
	const linkField = dialog.getByLabel('Link for other phones', { exact: true });
	await expect(linkField).toHaveValue(/\/view#c1\./);
	return { dialog, qr, linkField };
}

test.beforeAll(async () => {
	await mkdir(SHOTS, { recursive: true });
});

test('a QR code carries the evening to an offline phone: same standings, read-only, kept', async ({
	page,
	browser,
	baseURL
}) => {
	const id = await openPlayed(page, 'qr', ['Anna', 'Ben', 'Chiara', 'Dominik'], 'swiss-jassshop', [
		{ out: 'Anna', points: { Ben: 12, Chiara: 5, Dominik: 30 } },
		{ out: null, points: { Anna: 8, Ben: 3, Chiara: 21, Dominik: 14 } }
	]);
	// A round entered with tiles too: the link carries the tiles, the view counts them.
	const heading = page.getByRole('heading', { level: 1 });
	await page.getByRole('button', { name: 'Chiara went out', exact: true }).click();
	await enterTiles(page, 'Anna', ['9|4', '0|0']);
	await enterTiles(page, 'Ben', ['12|12']);
	await page.getByLabel('Dominik points', { exact: true }).fill('17');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(heading).toContainText('Round 4');

	// The scorekeeper's standings, to compare with.
	await page.goto(`/evening/${id}/standings`);
	const expected = await standingsRows(page);
	expect(expected).toHaveLength(4);

	// Show to the table, from the standings screen; the phone's camera reads the screen.
	const { qr, linkField } = await openShowToTable(page);
	await noSidewaysScroll(page);
	const shown = await linkField.inputValue();
	const link = await readQr(await qr.screenshot());
	expect(link).toBe(shown);
	expect(new URL(link!).pathname).toBe('/view');

	// A second phone, offline, opens the link.
	const other = await offlinePhone(browser, baseURL!);
	try {
		const view = other.page;
		await view.goto(link!);
		await expect(view.getByRole('heading', { level: 1 })).toContainText('Standings');
		expect(await standingsRows(view)).toEqual(expected);
		await expect(view.getByRole('img', { name: 'Standings chart' })).toBeVisible();
		await expect(view.getByText('After round 3', { exact: true })).toBeVisible();
		// Read-only: nothing to edit, save or undo.
		for (const role of ['button', 'link'] as const) {
			await expect(view.getByRole(role, { name: /Edit|Save|Undo/ })).toHaveCount(0);
		}
		await noSidewaysScroll(view);

		// Keep a copy: the evening is on this phone now, with its three rounds.
		expect(await storedRows(view, 'evenings')).toHaveLength(0);
		await view.getByRole('button', { name: 'Keep a copy', exact: true }).click();
		await expect(view.getByText('Kept on this phone.')).toBeVisible();
		expect(await roundCount(view, id)).toBe(3);
		// Keeping it again changes nothing.
		await view.getByRole('button', { name: 'Keep a copy', exact: true }).click();
		await expect(
			view.getByText('This phone already holds this evening with every round.')
		).toBeVisible();
		expect(await storedRows(view, 'evenings')).toHaveLength(1);

		// The kept evening opens offline on this phone, with the same standings.
		await view.getByRole('link', { name: 'Open the kept evening' }).click();
		await expect(view.getByRole('heading', { level: 1 })).toContainText('Round 4');
		await view.goto(`/evening/${id}/standings`);
		expect(await standingsRows(view)).toEqual(expected);

		// Following along: a new round on the scorekeeper's phone, the code follows, and scanning
		// again brings it to the kept copy.
		await page.getByRole('button', { name: 'Close', exact: true }).click();
		await page.goto(`/evening/${id}`);
		await playRound(page, 'Ben', { Anna: 4, Chiara: 9, Dominik: 2 });
		const round = await openShowToTable(page);
		await expect(round.linkField).not.toHaveValue(shown);
		const newer = await readQr(await round.qr.screenshot());
		expect(newer).toBe(await round.linkField.inputValue());
		await view.goto(newer!);
		await expect(view.getByText('After round 4', { exact: true })).toBeVisible();
		await view.getByRole('button', { name: 'Keep a copy', exact: true }).click();
		await expect(view.getByText('Your copy on this phone is up to date now.')).toBeVisible();
		expect(await roundCount(view, id)).toBe(4);

		// A hostile link: a clear message, and nothing stored changes.
		const before = JSON.stringify(await storedRows(view, 'rounds'));
		const damaged = `${newer!.slice(0, -12)}${newer!.slice(-12).split('').reverse().join('')}`;
		for (const [fragment, words] of [
			['#c1.AAAA', /cut short|damaged/],
			[`#${new URL(damaged).hash.slice(1)}`, /damaged|cut short/],
			['#hello', /holds no Caboose evening/],
			['#c9.AAAA', /newer version of Caboose/],
			[`#c1.${'A'.repeat(7000)}`, /far too large/]
		] as const) {
			await view.goto(`/view${fragment}`);
			await expect(view.getByRole('heading', { level: 1 })).toHaveText(
				'This link cannot be opened'
			);
			await expect(view.getByRole('alert')).toHaveText(words);
			await expect(view.getByRole('button', { name: 'Keep a copy' })).toHaveCount(0);
		}
		await lookAt(view, { path: `${SHOTS}/hostile-en-390.png` });
		expect(JSON.stringify(await storedRows(view, 'rounds'))).toBe(before);
	} finally {
		await other.context.close();
	}
});

// The narrowest phone in the longest words: the dialog fits and its code still reads, and the view
// draws its chart; the view in every language and width is overflow.spec's, the dialog at 390 px in
// English the first test's.
test('the QR dialog and the view at 320 px in German: it fits, the code reads, the chart is drawn', async ({
	page,
	browser,
	baseURL
}) => {
	const long = 'Dominik-Alexander von Hohenstein';
	await openPlayed(page, 'qr-de', ['Anna', 'Ben', 'Chiara', long], 'german-talon', [
		{ out: 'Anna', points: { Ben: 12, Chiara: 5, [long]: 30 } },
		{ out: 'Ben', points: { Anna: 7, Chiara: 19, [long]: 2 } }
	]);
	const evening = page.url();
	await page.goto('/settings');
	await page.getByLabel('Language').selectOption('de');
	await expect(page.getByLabel('Sprache')).toHaveValue('de');
	await page.goto(evening);
	await page.setViewportSize({ width: 320, height: 844 });
	await page.getByRole('button', { name: 'Am Tisch zeigen', exact: true }).click();
	const dialog = page.getByRole('dialog');
	await expect(dialog.getByRole('img')).toBeVisible();
	const link = await readQr(await dialog.getByRole('img').screenshot());
	expect(link).toMatch(/\/view#c1\./);
	await noSidewaysScroll(page);
	await lookAt(page, { path: `${SHOTS}/dialog-de-320.png` });
	await page.keyboard.press('Escape');
	await expect(dialog).toHaveCount(0);

	const other = await offlinePhone(browser, baseURL!);
	try {
		const view = other.page;
		// The viewer's own language: this phone reads German.
		await view.getByLabel('Language').selectOption('de');
		await expect(view.getByLabel('Sprache')).toHaveValue('de');
		await view.setViewportSize({ width: 320, height: 844 });
		await view.goto(link!);
		await expect(view.getByRole('heading', { level: 1 })).toHaveText('Rangliste');
		await noSidewaysScroll(view);
		// Chart.js draws once the chart is near the viewport: drawn before the screenshot,
		// which showed an empty frame in about half the runs.
		const chart = view.getByRole('img', { name: word('de', 'standings_chart') });
		await chart.scrollIntoViewIfNeeded();
		await expect.poll(() => litPixels(chart)).toBeGreaterThan(1000);
		await view.evaluate(() => window.scrollTo(0, 0));
		await lookAt(view, { path: `${SHOTS}/view-de-320.png`, fullPage: true });
	} finally {
		await other.context.close();
	}
});

/** Collects the JavaScript a page fetches (from the server or the service worker). */
function scripts(page: Page): Map<string, string> {
	const seen = new Map<string, string>();
	page.on('response', async (res) => {
		if (!/\.m?js$/.test(res.url()) || res.url().includes('service-worker')) return;
		try {
			seen.set(res.url(), await res.text());
		} catch {
			/* a response without a body */
		}
	});
	return seen;
}

/** lean-qr's own chunk: its option names survive minification. */
const isQrEncoder = (text: string) =>
	text.includes('maxCorrectionLevel') && text.includes('alphaNumeric');

test("an elimination evening's view draws the limit in its chart, as the standings screen does", async ({
	page
}) => {
	const id = await openPlayed(page, 'limit', ['Anna', 'Ben', 'Chiara'], 'italian-elimination', [
		{ out: 'Anna', points: { Ben: 120, Chiara: 5 } }
	]);
	await page.goto(`/evening/${id}/standings`);
	const limit = page.getByRole('figure').getByText('Out at 100', { exact: true });
	await expect(limit).toBeVisible();
	const { linkField } = await openShowToTable(page);
	const link = await linkField.inputValue();
	await page.goto(link);
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Standings');
	await expect(limit).toBeVisible();
});

test('the QR encoder is loaded when the dialog opens, never on the home page', async ({ page }) => {
	const loaded = scripts(page);
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await page.waitForLoadState('networkidle');
	expect([...loaded.values()].some(isQrEncoder)).toBe(false);

	await newEvening(page, ['Anna', 'Ben'], 'cardinal-us');
	await page.waitForLoadState('networkidle');
	expect([...loaded.values()].some(isQrEncoder)).toBe(false);
	await openShowToTable(page);
	await expect.poll(() => [...loaded.values()].some(isQrEncoder)).toBe(true);
});

test('without signal, before the app was kept, a dialog that cannot load says so, each tap', async ({
	page
}) => {
	await openPlayed(page, 'no-signal', ['Anna', 'Ben'], 'cardinal-us', [
		{ out: 'Anna', points: { Ben: 12 } }
	]);
	await page.waitForLoadState('networkidle');
	await page.route('**/*.mjs', (route) => route.abort('internetdisconnected'));
	const show = page.getByRole('button', { name: 'Show to the table', exact: true });
	await show.click();
	const failed = page.getByRole('alertdialog');
	await expect(failed).toHaveAccessibleName(
		'This could not be opened: part of Caboose did not load. Reload Caboose once you have signal, then try again.'
	);
	await failed.getByRole('button', { name: 'Close', exact: true }).click();
	await expect(failed).toHaveCount(0);
	await expect(show).toBeFocused();
	// The browser keeps a part that failed to load as failed until the page is loaded again: a
	// second tap says so again, and with signal a reload brings the dialog.
	await show.click();
	await expect(failed).toBeVisible();
	await failed.getByRole('button', { name: 'Close', exact: true }).click();
	await page.unroute('**/*.mjs');
	await page.reload();
	await openShowToTable(page);
});

test('the live table travels when chosen: the view shows what is on the table', async ({
	page,
	browser,
	baseURL
}) => {
	const id = await openPlayed(page, 'travels', ['Anna', 'Ben', 'Chiara'], 'cardinal-us', [
		{ out: 'Anna', points: { Ben: 12, Chiara: 5 } }
	]);
	await page.goto(`/evening/${id}/table`);
	await page.getByRole('button', { name: 'Mexican train started', exact: true }).click();
	await expect(
		page.getByRole('button', { name: 'Mexican train started', exact: true })
	).toHaveAttribute('aria-pressed', 'true');
	const marker = page.getByRole('button', { name: "Marker on Ben's train", exact: true });
	await marker.click();
	await expect(marker).toHaveAttribute('aria-pressed', 'true');
	await tableTapsStored(page, 2);
	await page.goto(`/evening/${id}`);

	const { dialog, qr, linkField } = await openShowToTable(page);
	const without = await linkField.inputValue();
	await dialog.getByLabel('Include the live table', { exact: true }).check();
	await expect(linkField).not.toHaveValue(without);
	const link = await readQr(await qr.screenshot());
	expect(link).toBe(await linkField.inputValue());

	const other = await offlinePhone(browser, baseURL!);
	try {
		await other.page.goto(link!);
		await expect(other.page.getByText('After round 1, with the table of round 2')).toBeVisible();
		const table = other.page.getByRole('region', { name: 'On the table now' });
		await expect(table).toContainText('Mexican train started');
		await expect(table).toContainText('Markers on: Ben');
		await table.scrollIntoViewIfNeeded();
		await lookAt(other.page, { path: `${SHOTS}/view-table-en-390.png` });
		// Without the table, the view says nothing about it.
		await other.page.goto(without);
		await expect(other.page.getByText('After round 1', { exact: true })).toBeVisible();
		await expect(other.page.getByRole('region', { name: 'On the table now' })).toHaveCount(0);
	} finally {
		await other.context.close();
	}
});

test('a full table: 13 rounds of 8 players entered as tiles fit one readable QR code (version ≤ 25)', async ({
	page
}) => {
	const { evening, rounds } = tableEvening('tiles');
	await page.goto('/settings');
	await waitForDatabase(page);
	// The evening as the app stores it, written straight into IndexedDB.
	await page.evaluate(
		async ({ evening, rounds }) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const req = indexedDB.open('caboose');
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			const tx = db.transaction(['evenings', 'rounds'], 'readwrite');
			tx.objectStore('evenings').put(evening);
			rounds.forEach((r, index) =>
				tx.objectStore('rounds').put({
					id: `${evening.id}:${index}`,
					eveningId: evening.id,
					index,
					entry: r.entry,
					starter: r.starter,
					savedAt: evening.updatedAt
				})
			);
			await new Promise<void>((resolve, reject) => {
				tx.oncomplete = () => resolve();
				tx.onabort = () => reject(tx.error ?? new Error('seeding aborted'));
			});
			db.close();
		},
		{ evening, rounds }
	);
	await page.goto(`/evening/${evening.id}/standings`);
	const expected = await standingsRows(page);
	expect(expected).toHaveLength(8);

	const { qr, linkField } = await openShowToTable(page);
	const side = Number((await qr.getAttribute('viewBox'))!.split(' ')[2]);
	const version = (side - 2 * 4 - 17) / 4;
	expect(version).toBeLessThanOrEqual(25);
	// The code is read as a phone's camera would, once it is drawn (a large code takes a moment
	// on a loaded machine): the same link as the field's.
	const link = await linkField.inputValue();
	await expect.poll(async () => readQr(await qr.screenshot())).toBe(link);
	await lookAt(page, { path: `${SHOTS}/dialog-full-table-en-390.png` });
	test.info().annotations.push({
		type: 'size',
		description: `link ${link!.length} chars, QR version ${version} (${side - 8} modules)`
	});

	await page.goto(link!);
	await expect(page.getByText('After round 13 · the evening is over')).toBeVisible();
	expect(await standingsRows(page)).toEqual(expected);
});

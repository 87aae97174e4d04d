import { expect, test, type Page } from '@playwright/test';
import { newEvening, playRound } from './helpers/evening';
import { lookAt } from './helpers/shots';

test('the first screen loads with the app name, New evening, and no console errors', async ({
	page
}) => {
	const errors: string[] = [];
	page.on('console', (msg) => {
		if (msg.type() === 'error') errors.push(msg.text());
	});
	page.on('pageerror', (err) => errors.push(err.message));
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1, name: 'Caboose' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'New evening' })).toBeVisible();
	expect(errors).toEqual([]);
});

// The JS budget: the home page never loads Dexie (its peek reads IndexedDB directly). A chunk is
// Dexie when it carries Dexie's own strings: its schema-diff warning and its name-list database.
const isDexie = (body: string) => body.includes('SchemaDiff') || body.includes('__dbnames');

/** Every script the page fetched, by URL, with its text (null while the body is being read). */
function scriptsOf(page: Page): Map<string, string | null> {
	const scripts = new Map<string, string | null>();
	page.on('response', (res) => {
		if (!/\.m?js$/.test(res.url()) || res.url().includes('service-worker')) return;
		scripts.set(res.url(), null);
		res.text().then(
			(body) => scripts.set(res.url(), body),
			// A response without a body (a redirect).
			() => scripts.set(res.url(), '')
		);
	});
	return scripts;
}

/** The fetched scripts that are Dexie, once every body seen so far has been read. */
async function dexieScripts(scripts: Map<string, string | null>): Promise<string[]> {
	await expect.poll(() => [...scripts.values()].every((body) => body !== null)).toBe(true);
	return [...scripts].filter(([, body]) => body && isDexie(body)).map(([url]) => url);
}

test.describe('the home page without Dexie', () => {
	// Scripts come from the network, not from a worker's cache, so every one is seen here.
	test.use({ serviceWorkers: 'block' });

	test('a first visit fetches no Dexie and creates no database', async ({ page }) => {
		const scripts = scriptsOf(page);
		await page.goto('/', { waitUntil: 'networkidle' });
		await expect(page.getByRole('link', { name: 'New evening' })).toBeVisible();
		await expect(page.getByRole('link', { name: /Continue/ })).toHaveCount(0);
		expect(scripts.size).toBeGreaterThan(0);
		expect(await dexieScripts(scripts)).toEqual([]);
		expect(
			await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
		).toEqual([]);
		await lookAt(page, { path: '/tmp/shots/home-empty.png' });

		// The screens that keep evenings do load it (so the check above would notice Dexie).
		const newPage = await page.context().newPage();
		const newScripts = scriptsOf(newPage);
		await newPage.goto('/new', { waitUntil: 'networkidle' });
		expect(await dexieScripts(newScripts)).not.toEqual([]);
	});

	test('the read-only view fetches Dexie only for Keep a copy, and home counts the copy', async ({
		page,
		browser,
		baseURL
	}) => {
		await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
		await playRound(page, 'Anna', { Ben: 12 });
		await page.getByRole('button', { name: 'Show to the table', exact: true }).click();
		const field = page.getByLabel('Link for other phones', { exact: true });
		await expect(field).toHaveValue(/\/view#c1\./);
		const link = await field.inputValue();

		// Another phone, with nothing stored yet.
		const other = await browser.newContext({ baseURL, serviceWorkers: 'block' });
		try {
			const view = await other.newPage();
			const scripts = scriptsOf(view);
			// The page's clock runs on command, so everything it defers until settled has started.
			await view.clock.install();
			await view.goto(link);
			await expect(view.getByRole('button', { name: 'Keep a copy', exact: true })).toBeVisible();
			await view.clock.runFor(10_000);
			await view.waitForLoadState('networkidle');
			expect(await dexieScripts(scripts)).toEqual([]);
			expect(
				await view.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
			).toEqual([]);

			await view.getByRole('button', { name: 'Keep a copy', exact: true }).click();
			await expect(view.getByText('Kept on this phone.')).toBeVisible();
			// Bodies are read as they arrive: the check above would have seen Dexie.
			await expect
				.poll(() => [...scripts.values()].some((body) => body && isDexie(body)))
				.toBe(true);
			// Home (in the app, no reload) peeks again and counts the kept evening.
			await view.getByRole('link', { name: 'Caboose home', exact: true }).click();
			await expect(view.getByRole('link', { name: /Continue/ })).toContainText('Anna');
			await expect
				.poll(() => view.evaluate(() => localStorage.getItem('caboose:saved')))
				.toContain('"evenings":1');
		} finally {
			await other.close();
		}
	});

	test('with an unfinished evening, Continue is offered without Dexie', async ({ page }) => {
		await page.goto('/new');
		await page.getByLabel('Player 1', { exact: true }).fill('Anna');
		await page.getByLabel('Player 2', { exact: true }).fill('Ben');
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expect(page).toHaveURL(/\/evening\/[0-9a-f-]{36}$/);
		const id = page.url().split('/').pop()!;

		const home = await page.context().newPage();
		// Frame by frame from the start: when Players is first there to tap, Continue is there
		// too, so the links never move down under a finger as it appears.
		await home.addInitScript(() => {
			const w = window as unknown as { __firstTap?: { continued: boolean } };
			const look = () => {
				const players = [...document.querySelectorAll('a')].find(
					(a) => a.textContent?.trim() === 'Players'
				);
				if (players?.checkVisibility({ visibilityProperty: true })) {
					w.__firstTap = { continued: document.querySelector('a.continue') !== null };
				} else requestAnimationFrame(look);
			};
			requestAnimationFrame(look);
		});
		const scripts = scriptsOf(home);
		await home.goto('/', { waitUntil: 'networkidle' });
		const cont = home.getByRole('link', { name: /Continue/ });
		await expect(cont).toBeVisible();
		await expect
			.poll(() => home.evaluate(() => (window as { __firstTap?: unknown }).__firstTap))
			.toEqual({ continued: true });
		await expect(cont).toHaveAttribute('href', `/evening/${id}`);
		await expect(cont).toContainText('Anna');
		expect(await dexieScripts(scripts)).toEqual([]);
		// The peek noted the saved evening for the vanished-data check.
		expect(await home.evaluate(() => localStorage.getItem('caboose:saved'))).toContain(
			'"evenings":1'
		);
		await lookAt(home, { path: '/tmp/shots/home-continue.png' });

		// An evening started in another tab shows up without a reload (the list stays current).
		await page.goto('/new');
		await page.getByLabel('Player 1', { exact: true }).fill('Cleo');
		await page.getByLabel('Player 2', { exact: true }).fill('Dan');
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expect(page).toHaveURL(/\/evening\/[0-9a-f-]{36}$/);
		const newest = page.url().split('/').pop()!;
		await expect(cont).toHaveAttribute('href', `/evening/${newest}`);
		await expect(cont).toContainText('Cleo');
	});
});

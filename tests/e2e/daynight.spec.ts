// Day and night at the table: the light and dark themes, the screen kept awake while an evening
// is open, and the scoreboard readable from across the table. (That no screen scrolls sideways, in
// every language and width, is overflow.spec's: a theme changes colours only.)
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, newEvening, playRound } from './helpers/evening';
import { stubWakeLock, wakeLog } from './helpers/stubs';
import { lookAt } from './helpers/shots';
import { seedPlayed, type PlayedEvening } from './helpers/seed';

const SHOTS = '/tmp/daynight-shots';
const DARK_BG = 'rgb(20, 32, 27)';
const LIGHT_BG = 'rgb(246, 243, 234)';

/** An evening with these rounds, stored as the app stores them (the screens here only read it). */
async function played(
	page: Page,
	names: string[],
	preset: string,
	rounds: PlayedEvening['rounds']
): Promise<string> {
	await seedPlayed(page, [{ id: 'e', names, preset, createdAt: Date.now(), rounds }]);
	return 'e';
}

const background = (page: Page) =>
	page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

async function noSideways(page: Page) {
	const { scroll, client } = await page.evaluate(() => ({
		scroll: document.documentElement.scrollWidth,
		client: document.documentElement.clientWidth
	}));
	expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('themes', () => {
	test('auto follows the device; Light and Dark are kept and win over it', async ({ page }) => {
		const errors = collectErrors(page);
		await page.emulateMedia({ colorScheme: 'light' });
		await page.goto('/settings');
		const theme = page.getByLabel('Theme', { exact: true });
		await expect(theme).toHaveValue('auto');
		await expect(theme.locator('option')).toHaveText(['Like the device', 'Light', 'Dark']);
		expect(
			await theme.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))
		).toEqual(['auto', 'light', 'dark']);
		expect(await background(page)).toBe(LIGHT_BG);
		await page.emulateMedia({ colorScheme: 'dark' });
		await expect.poll(() => background(page)).toBe(DARK_BG);

		await theme.selectOption('light');
		await expect.poll(() => background(page)).toBe(LIGHT_BG);
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
		expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#f6f3ea');

		// Kept: after a reload, the first screen content already appears in the chosen theme
		// (recorded the moment <main> is added, before anything could be painted in another).
		await page.addInitScript(() => {
			new MutationObserver((_, observer) => {
				if (!document.querySelector('main')) return;
				(window as unknown as { __firstTheme: string | null }).__firstTheme =
					document.documentElement.dataset.theme ?? null;
				observer.disconnect();
			}).observe(document, { childList: true, subtree: true });
		});
		await page.goto('/');
		await expect(page.getByRole('link', { name: 'New evening' })).toBeVisible();
		expect(
			await page.evaluate(() => (window as unknown as { __firstTheme: string | null }).__firstTheme)
		).toBe('light');
		expect(await background(page)).toBe(LIGHT_BG);

		await page.goto('/settings');
		await expect(theme).toHaveValue('light');
		await theme.selectOption('dark');
		await page.emulateMedia({ colorScheme: 'light' });
		await expect.poll(() => background(page)).toBe(DARK_BG);
		await theme.selectOption('auto');
		await expect.poll(() => background(page)).toBe(LIGHT_BG);
		await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
		expect(errors).toEqual([]);
	});

	test('the standings chart and the live table draw in the theme', async ({ page }) => {
		await page.emulateMedia({ colorScheme: 'light' });
		const id = await played(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop', [
			{ out: 'Anna', points: { Ben: 20, Cleo: 5 } },
			{ out: 'Ben', points: { Anna: 8, Cleo: 14 } }
		]);
		await page.goto(`/evening/${id}/standings`);
		const chart = page.getByRole('img', { name: 'Standings chart' });
		await expect(chart).toBeVisible();
		// Drawn once near the viewport: scrolled to, its lines take the palette's colours
		// (--chart-1 in light is #9a5b00).
		await chart.scrollIntoViewIfNeeded();
		await expect
			.poll(() =>
				page.evaluate(() => {
					const canvas = document.querySelector('canvas');
					if (!canvas) return null;
					const ctx = canvas.getContext('2d');
					if (!ctx) return null;
					const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
					let found = false;
					for (let i = 0; i < data.length; i += 4) {
						if (data[i] === 0x9a && data[i + 1] === 0x5b && data[i + 2] === 0x00) found = true;
					}
					return found;
				})
			)
			.toBe(true);
		await lookAt(page, { path: `${SHOTS}/standings-light-390.png`, fullPage: true });
		await page.emulateMedia({ colorScheme: 'dark' });
		await expect.poll(() => background(page)).toBe(DARK_BG);
		await lookAt(page, { path: `${SHOTS}/standings-dark-390.png`, fullPage: true });

		await page.goto(`/evening/${id}/table`);
		await page.emulateMedia({ colorScheme: 'light' });
		await expect(page.getByRole('button', { name: 'Double played' })).toBeVisible();
		await lookAt(page, { path: `${SHOTS}/table-light-390.png`, fullPage: true });
	});
});

test.describe('keep screen on', () => {
	test('held while an evening is open, released elsewhere, asked again when visible', async ({
		page
	}) => {
		const errors = collectErrors(page);
		await stubWakeLock(page);
		await page.goto('/settings');
		await expect(page.getByRole('checkbox', { name: 'Keep screen on' })).toBeChecked();
		expect((await wakeLog(page)).requests).toBe(0);

		const id = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
		await expect.poll(async () => (await wakeLog(page)).active).toBe(true);

		// The tab is hidden: the browser drops the lock; shown again, it is asked for again.
		await page.evaluate(() =>
			(window as unknown as { __setHidden(h: boolean): void }).__setHidden(true)
		);
		await expect.poll(async () => (await wakeLog(page)).active).toBe(false);
		await page.evaluate(() =>
			(window as unknown as { __setHidden(h: boolean): void }).__setHidden(false)
		);
		await expect.poll(async () => (await wakeLog(page)).requests).toBe(2);
		expect((await wakeLog(page)).active).toBe(true);

		// Within the evening (standings, table, scoreboard) the lock stays; leaving releases it.
		await page.getByRole('link', { name: 'Standings', exact: true }).click();
		await expect(page.getByRole('heading', { name: 'Standings', level: 1 })).toBeVisible();
		await page.getByRole('link', { name: 'Scoreboard', exact: true }).click();
		await expect(page.getByRole('table', { name: 'Scoreboard' })).toBeVisible();
		expect(await wakeLog(page)).toEqual({ requests: 2, releases: 1, active: true });
		await page.getByRole('link', { name: 'Back to the round' }).click();
		await page.getByRole('link', { name: 'Evenings', exact: true }).click();
		await expect(page).toHaveURL(/\/evenings$/);
		await expect.poll(async () => (await wakeLog(page)).active).toBe(false);
		expect(await wakeLog(page)).toEqual({ requests: 2, releases: 2, active: false });

		// Switched off on Settings: an open evening does not ask.
		await page.goto('/settings');
		await page.getByRole('checkbox', { name: 'Keep screen on' }).uncheck();
		await page.goto(`/evening/${id}`);
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Round 1');
		expect((await wakeLog(page)).requests).toBe(0);
		await page.goto('/settings');
		await expect(page.getByRole('checkbox', { name: 'Keep screen on' })).not.toBeChecked();
		expect(errors).toEqual([]);
	});

	test('without the Wake Lock API nothing breaks', async ({ page }) => {
		const errors = collectErrors(page);
		await page.addInitScript(() => {
			delete (Navigator.prototype as unknown as Record<string, unknown>).wakeLock;
		});
		await page.goto('/settings');
		await expect(page.getByText('This browser cannot keep the screen on')).toBeVisible();
		const id = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
		await playRound(page, 'Anna', { Ben: 12 });
		await page.goto(`/evening/${id}/scoreboard`);
		await expect(page.getByRole('table', { name: 'Scoreboard' })).toBeVisible();
		expect(errors).toEqual([]);
	});
});

test.describe('scoreboard', () => {
	async function totalsShare(page: Page) {
		return page.evaluate(() =>
			[...document.querySelectorAll('.playing td')].map(
				(td) => td.getBoundingClientRect().height / window.innerHeight
			)
		);
	}

	test('four players: totals at least 15 % of the screen height, upright and sideways', async ({
		page
	}) => {
		const errors = collectErrors(page);
		const id = await played(page, ['Anna', 'Ben', 'Cleo', 'Dario'], 'swiss-jassshop', [
			{ out: 'Anna', points: { Ben: 120, Cleo: 5, Dario: 33 } },
			{ out: 'Ben', points: { Anna: 8, Cleo: 14, Dario: 2 } }
		]);
		await page.goto(`/evening/${id}`);
		await page.getByRole('link', { name: 'Scoreboard', exact: true }).click();
		const board = page.getByRole('table', { name: 'Scoreboard' });
		await expect(board).toBeVisible();
		await expect(page.getByText('Next: Round 3 of 13 · engine 10|10')).toBeVisible();
		await expect(page.getByRole('img', { name: 'Engine 10|10' })).toBeVisible();
		const rows = board.locator('tbody tr');
		await expect(rows).toHaveCount(4);
		await expect(rows.nth(0)).toContainText('Anna');
		await expect(rows.nth(0)).toContainText('leads');
		await expect(rows.nth(0).getByRole('cell')).toHaveText('8');
		await expect(rows.nth(3)).toContainText('Ben');
		await expect(rows.nth(3).getByRole('cell')).toHaveText('120');
		await expect(board.getByText('leads')).toHaveCount(1);

		for (const [w, h] of [
			[390, 844],
			[844, 390],
			[320, 568]
		] as const) {
			await page.setViewportSize({ width: w, height: h });
			const shares = await totalsShare(page);
			expect(shares).toHaveLength(4);
			for (const s of shares) expect(s).toBeGreaterThanOrEqual(0.15);
			await noSideways(page);
			await lookAt(page, { path: `${SHOTS}/scoreboard-${w}x${h}.png` });
		}
		console.log(
			'scoreboard total height / viewport (390x844):',
			await (async () => {
				await page.setViewportSize({ width: 390, height: 844 });
				return (await totalsShare(page)).map((s) => s.toFixed(3)).join(' ');
			})()
		);
		await page.emulateMedia({ colorScheme: 'light' });
		await lookAt(page, { path: `${SHOTS}/scoreboard-light-390x844.png` });
		await page.goto(`/evening/${id}/standings`);
		await page.getByRole('link', { name: 'Scoreboard', exact: true }).click();
		await expect(board).toBeVisible();
		expect(errors).toEqual([]);
	});

	test('eliminated players are set apart, in German too', async ({ page }) => {
		const id = await played(page, ['Anna', 'Ben', 'Cleo', 'Dario'], 'italian-elimination', [
			{ out: 'Anna', points: { Ben: 104, Cleo: 5, Dario: 20 } }
		]);
		await page.goto(`/evening/${id}/scoreboard`);
		const board = page.getByRole('table', { name: 'Scoreboard' });
		await expect(board.locator('tbody.playing tr')).toHaveCount(3);
		// Still a table to assistive technology, upright too: a row per player, the total a cell.
		await expect(board.getByRole('row')).toHaveCount(3 + 2 + 1);
		await expect(board.getByRole('row', { name: /Anna/ }).getByRole('cell')).toHaveText('0');
		// Each row spans the width: the totals line up at the right edge whatever their size.
		const rights = await board
			.locator('tbody.playing tr')
			.evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().width)));
		expect(new Set(rights).size).toBe(1);
		expect(rights[0]).toBeGreaterThan(390 - 2 * 14);
		const out = board.locator('tbody.out');
		await expect(out.getByRole('rowheader', { name: 'Out of the evening' })).toBeVisible();
		await expect(out).toContainText('Ben');
		await expect(out).toContainText('104');
		await lookAt(page, { path: `${SHOTS}/scoreboard-eliminated-en-390.png` });

		await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'de'));
		await page.setViewportSize({ width: 320, height: 640 });
		await page.reload();
		await expect(page.getByRole('table', { name: 'Anzeigetafel' })).toBeVisible();
		await expect(page.getByText('Ausgeschieden')).toBeVisible();
		await noSideways(page);
		await lookAt(page, { path: `${SHOTS}/scoreboard-eliminated-de-320.png`, fullPage: true });
	});
});

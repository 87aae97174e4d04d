// The standings chart is drawn only once its box comes near the viewport (within a screen), or
// the page is printed: below a long table on a short screen, Chart.js stays out of the first load.
// Its box is reserved meanwhile, so nothing shifts when the lines appear. Chart.js draws in a
// worker: a finger on the chart is sent there, and the values it shows come back drawn.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors } from './helpers/evening';
import { seedPlayed } from './helpers/seed';
import { litPixels } from './helpers/chart';

const NAMES = ['Anna', 'Ben', 'Cleo', 'Dario', 'Emil', 'Fabia', 'Gino', 'Hanna', 'Ivo', 'Jana'];

/** A ten-player evening of one round, stored as the app stores it; its id. */
async function tenPlayed(page: Page): Promise<string> {
	const points = Object.fromEntries(NAMES.slice(1).map((n, i) => [n, 3 + i * 4]));
	await seedPlayed(page, [
		{
			id: 'ten',
			names: NAMES,
			preset: 'swiss-jassshop',
			createdAt: Date.now(),
			rounds: [{ out: 'Anna', points }]
		}
	]);
	return 'ten';
}

/** The ten-player evening's standings, opened: its chart, and the page's errors from the start. */
async function tenStandings(page: Page) {
	const errors = collectErrors(page);
	await page.goto(`/evening/${await tenPlayed(page)}/standings`);
	return { errors, chart: page.getByRole('img', { name: 'Standings chart' }) };
}

/** From the next load on: the page's layout shifts not caused by input, summed in window.__cls. */
const watchShifts = (page: Page) =>
	page.addInitScript(() => {
		const w = window as unknown as { __cls: number };
		w.__cls = 0;
		new PerformanceObserver((list) => {
			for (const e of list.getEntries() as (PerformanceEntry & {
				value: number;
				hadRecentInput: boolean;
			})[]) {
				if (!e.hadRecentInput) w.__cls += e.value;
			}
		}).observe({ type: 'layout-shift', buffered: true });
	});

test('below a long table on a short screen, the chart is drawn once scrolled to, in its reserved box', async ({
	page
}) => {
	const { errors, chart } = await tenStandings(page);
	await expect(chart).toBeVisible();
	// A screen so short that the chart starts more than two screens down.
	const top = await chart.evaluate((el) => el.getBoundingClientRect().top + scrollY);
	const height = Math.floor(top / 3);
	await page.setViewportSize({ width: 390, height });

	await watchShifts(page);
	await page.reload();
	await expect(page.getByRole('table', { name: 'Standings' })).toBeVisible();
	await expect(page.getByRole('row', { name: /Jana/ })).toBeVisible();
	const box = await chart.boundingBox();
	expect(box!.height).toBeGreaterThan(200);
	// Once the page has settled (nothing more to fetch), the whole screen is there, the chart's
	// box too, but nothing is drawn in it.
	await page.waitForLoadState('networkidle');
	expect(await litPixels(chart)).toBe(0);

	await chart.scrollIntoViewIfNeeded();
	await expect.poll(() => litPixels(chart)).toBeGreaterThan(1000);
	// Drawn in the box it had: the same size, and no layout shift on the page.
	expect((await chart.boundingBox())!.height).toBe(box!.height);
	expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
	expect(errors).toEqual([]);
});

test('printing draws a chart that was never scrolled to', async ({ page }) => {
	const { errors, chart } = await tenStandings(page);
	const top = await chart.evaluate((el) => el.getBoundingClientRect().top + scrollY);
	await page.setViewportSize({ width: 390, height: Math.floor(top / 3) });
	await page.reload();
	await expect(page.getByRole('row', { name: /Jana/ })).toBeVisible();
	await page.waitForLoadState('networkidle');
	expect(await litPixels(chart)).toBe(0);
	// What the browser fires before its print dialog.
	await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
	await expect.poll(() => litPixels(chart)).toBeGreaterThan(1000);
	expect(errors).toEqual([]);
});

test('a finger on the chart shows the totals of the round under it; away, they go; narrower, it is drawn again', async ({
	page
}) => {
	const { errors, chart } = await tenStandings(page);
	await expect.poll(() => litPixels(chart)).toBeGreaterThan(1000);
	const lines = await litPixels(chart);
	// Near the last round's points, on no point: the worker draws Chart.js's box of values.
	const box = (await chart.locator('canvas').boundingBox())!;
	await chart.locator('canvas').hover({ position: { x: box.width * 0.9, y: box.height * 0.4 } });
	await expect.poll(() => litPixels(chart)).toBeGreaterThan(lines + 2000);
	await page.mouse.move(1, 1);
	await expect.poll(() => litPixels(chart)).toBe(lines);

	// The phone turned, or a narrower one: the worker draws again at the frame's new width (not
	// the old frame stretched).
	await page.setViewportSize({ width: 320, height: 844 });
	await expect
		.poll(() =>
			chart.locator('canvas').evaluate((c: HTMLCanvasElement) => {
				const css = c.getBoundingClientRect().width;
				return css < 320 && Math.abs(c.width - css * devicePixelRatio) <= devicePixelRatio;
			})
		)
		.toBe(true);
	expect(errors).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { seedEvening, waitForDatabase } from './helpers/pwa';
import { lookAt } from './helpers/shots';

// A long history: the Evenings list reads and shows the newest 20 evenings, and older ones on
// request, so it opens in the same time with 25 evenings or 500.

const SHOTS = '/tmp/history-shots';

test('the Evenings list shows the newest 20 evenings, and the older ones on request', async ({
	page
}) => {
	await page.goto('/settings');
	await waitForDatabase(page);
	// Seeded without summaries, as an older build left them: the list derives what it shows.
	for (let i = 0; i < 25; i++) {
		await seedEvening(page, { id: `e-${String(i).padStart(2, '0')}`, names: ['Anna', 'Ben'] });
	}
	// How many cards the first render drew: a phone's screenful; the rest follow once it is painted.
	await page.addInitScript(() => {
		const first: number[] = [];
		Object.assign(window, { firstCards: first });
		new MutationObserver(() => {
			const n = document.querySelectorAll('main ul > li').length;
			if (n > 0 && first.length === 0) first.push(n);
		}).observe(document, { childList: true, subtree: true });
	});
	await page.goto('/evenings');
	const cards = page.locator('main ul > li');
	const more = page.getByRole('button', { name: 'Show older evenings' });
	await expect(cards).toHaveCount(20);
	await expect(more).toBeVisible();
	expect(
		await page.evaluate(() => (window as unknown as { firstCards: number[] }).firstCards)
	).toEqual([6]);

	for (const locale of ['en', 'de']) {
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		await page.reload();
		await expect(cards).toHaveCount(20);
		for (const width of [320, 390]) {
			await page.setViewportSize({ width, height: 844 });
			await page.waitForFunction((w) => document.documentElement.clientWidth === w, width, {
				polling: 50
			});
			await page.getByRole('main').locator('ul + button').scrollIntoViewIfNeeded();
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth
			);
			expect(overflow, `${locale} at ${width}px`).toBeLessThanOrEqual(0);
			await lookAt(page, { path: `${SHOTS}/evenings-more-${locale}-${width}.png` });
		}
	}
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
	await page.reload();

	await more.click();
	await expect(cards).toHaveCount(25);
	await expect(more).toHaveCount(0);
	// The first of the older evenings has the focus, where the button was.
	await expect(cards.nth(20).getByRole('link')).toBeFocused();
	// Newest first: the seeded evenings share their time, so the greatest id leads.
	await expect(cards.first().getByRole('link')).toHaveAttribute('href', '/evening/e-24');
	await expect(cards.last().getByRole('link')).toHaveAttribute('href', '/evening/e-00');
});

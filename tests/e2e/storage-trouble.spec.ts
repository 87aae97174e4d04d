// Storage trouble said truly (issue 27): with IndexedDB out of reach, home says storage cannot be
// reached and that nothing was deleted, never that the browser deleted the evenings.
import { expect, test } from '@playwright/test';
import { newEvening } from './helpers/evening';

test('with IndexedDB unavailable, home says storage cannot be reached, not deleted', async ({
	context
}) => {
	const first = await context.newPage();
	await newEvening(first, ['Anna', 'Ben'], 'swiss-jassshop');
	await first.goto('/');
	// The app remembers (outside IndexedDB) that an evening is saved.
	await expect
		.poll(() => first.evaluate(() => localStorage.getItem('caboose:saved')))
		.not.toBeNull();
	await first.close();

	const page = await context.newPage();
	await page.addInitScript(() => {
		Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
	});
	await page.goto('/');
	const alert = page.getByRole('alert').filter({ hasText: 'Saved evenings cannot be reached' });
	await expect(alert).toBeVisible();
	await expect(alert).toContainText('Nothing was deleted');
	await expect(page.getByText('Your saved evenings are gone')).toHaveCount(0);
});

test('with IndexedDB unavailable, the lists and the evening say so, never loading or empty', async ({
	page
}) => {
	await page.addInitScript(() => {
		Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
	});
	for (const path of ['/evenings', '/players', '/evening/abc']) {
		await page.goto(path);
		await expect(page.getByRole('main')).toContainText('Nothing was deleted');
		await expect(page.getByText('Loading…')).toHaveCount(0);
	}
});

import { expect, test } from '@playwright/test';

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

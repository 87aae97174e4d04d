// Site data cleared while a round is being typed (issue 27): the app says the data was removed and
// offers to restore a backup, never "a new version is ready" over "This evening does not exist".
import { expect, test, type Page } from '@playwright/test';
import { storedRows } from './helpers/db';
import { homeWithEvening, waitForController } from './helpers/pwa';
import { lookAt } from './helpers/shots';

// Offline journeys: the app as a phone keeps it, served by its service worker.
test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/shots';

/** Clears everything the browser keeps for the app (what "Clear site data" does), tab open. */
async function clearSiteData(page: Page): Promise<void> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Storage.clearDataForOrigin', {
		origin: new URL(page.url()).origin,
		storageTypes: 'all'
	});
}

for (const words of [
	{
		locale: 'en',
		title: 'Your saved evenings are gone',
		removed:
			"This happened while Caboose was open: the browser's data for this site was cleared, and the round being typed with it.",
		count: 'Evenings saved on this device: 1',
		restore: 'Restore a backup',
		update: 'A new version of Caboose is ready'
	},
	{
		locale: 'fr',
		title: 'Vos soirées enregistrées ont disparu',
		removed: "C'est arrivé pendant que Caboose était ouvert\u202f: les données de ce site",
		count: 'Soirées enregistrées sur cet appareil\u202f: 1',
		restore: 'Restaurer une sauvegarde',
		update: 'Une nouvelle version de Caboose est prête'
	}
]) {
	test(`site data cleared mid-entry is said as removed, with the way to a backup (${words.locale})`, async ({
		page
	}) => {
		await page.setViewportSize({ width: 320, height: 720 });
		await page.goto('/');
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), words.locale);
		await homeWithEvening(page, { id: 'typed', names: ['Anna', 'Ben'] });
		// Settled: the service worker controls the page, and the screens after it watch the data.
		await waitForController(page);
		await page.locator('a[href="/evening/typed"]').first().click();
		await page.locator('input[inputmode="numeric"]').first().fill('12');
		await expect.poll(async () => (await storedRows(page, 'drafts')).length).toBe(1);

		await clearSiteData(page);
		const card = page
			.getByRole('alert')
			.filter({ has: page.getByRole('heading', { name: words.title }) });
		await expect(card).toBeVisible();
		await expect(card).toContainText(words.removed);
		await expect(card).toContainText(words.count);
		await expect(card.getByRole('link', { name: words.restore })).toHaveAttribute(
			'href',
			'/settings'
		);
		// The worker went with the data: that change of worker is no new version.
		await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
		await expect(page.getByText(words.update)).toHaveCount(0);
		const sideways = await page.evaluate(
			() => document.documentElement.scrollWidth - document.documentElement.clientWidth
		);
		expect(sideways).toBe(0);
		await lookAt(page, {
			path: `${SHOTS}/data-removed-${words.locale}-320.png`,
			fullPage: true
		});

		// The offer outlives a reload, until a backup is restored or declined.
		await page.reload();
		await expect(card).toBeVisible();
	});
}

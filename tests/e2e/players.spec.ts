// The Players directory: everyone who has played across evenings, each with their record and a
// chart of their totals; renaming a player changes no saved score.
import { expect, test } from '@playwright/test';
import { collectErrors } from './helpers/evening';
import { rotatingRounds, seedPlayed, seededId } from './helpers/seed';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/daynight-shots';
const DAY = 24 * 3600 * 1000;
const START = Date.UTC(2026, 10, 1, 19);

async function seed(page: import('@playwright/test').Page) {
	await seedPlayed(page, [
		{
			id: 'e1',
			names: ['Anna', 'Ben'],
			preset: 'swiss-jassshop',
			createdAt: START,
			endedAt: START + 3600_000,
			rounds: [
				{ out: 'Anna', points: { Ben: 30 } },
				{ out: 'Ben', points: { Anna: 10 } }
			]
		},
		{
			id: 'e2',
			names: ['Anna', 'Cleo', 'Dario'],
			preset: 'swiss-jassshop',
			createdAt: START + 7 * DAY,
			rounds: rotatingRounds(['Anna', 'Cleo', 'Dario'], 13)
		},
		{
			id: 'e3',
			names: ['Anna', 'Ben', 'Cleo'],
			preset: 'swiss-jassshop',
			createdAt: START + 14 * DAY,
			endedAt: START + 14 * DAY + 3600_000,
			rounds: [
				{ out: 'Cleo', points: { Anna: 4, Ben: 40 } },
				{ out: 'Anna', points: { Ben: 2, Cleo: 9 } }
			]
		}
	]);
}

test('Players lists everyone; a player page shows the record and the chart', async ({ page }) => {
	const errors = collectErrors(page);
	await seed(page);
	await page.goto('/');
	await page.getByRole('link', { name: 'Players', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible();
	const list = page.getByRole('main').getByRole('listitem');
	await expect(list).toHaveCount(4);
	await expect(page.getByRole('link', { name: /^Anna/ })).toContainText('3 evenings');
	await expect(page.getByRole('link', { name: /^Dario/ })).toContainText('one evening');
	await lookAt(page, { path: `${SHOTS}/players-light-390.png`, fullPage: true });

	await page.getByRole('link', { name: /^Anna/ }).click();
	await expect(page.getByRole('heading', { name: 'Anna', level: 1 })).toBeVisible();
	const stat = (label: string) =>
		page
			.locator('dl div')
			.filter({ has: page.getByText(label, { exact: true }) })
			.locator('dd');
	await expect(stat('Evenings played')).toHaveText('3');
	// e1 (ended, 10 against 30) and e2 (13 rounds: over) … e3 ended with Anna on 4 against 42 and 9.
	await expect(stat('Wins')).toHaveText('3');
	await expect(stat('Rounds played')).toHaveText('17');
	await expect(stat('Average per round')).toHaveText(/^\d+(\.\d)?$/);
	await expect(stat('Best round')).toContainText('0 on');
	await expect(page.getByRole('img', { name: 'Totals per evening' })).toBeVisible();
	await expect(page.getByRole('heading', { name: 'Evenings', level: 2 })).toBeVisible();
	await lookAt(page, { path: `${SHOTS}/player-light-390.png`, fullPage: true });
	await page.emulateMedia({ colorScheme: 'dark' });
	await lookAt(page, { path: `${SHOTS}/player-dark-390.png`, fullPage: true });
	expect(
		await page.evaluate(
			() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
		)
	).toBe(true);
	expect(errors).toEqual([]);
});

test('renaming a player changes their name everywhere and no score', async ({ page }) => {
	await seed(page);
	await page.goto('/evening/e3/standings');
	const standings = page.getByRole('table', { name: 'Standings' });
	await expect(standings).toContainText('Anna');
	const before = await standings.locator('tbody').innerText();

	await page.goto(`/players/${seededId('Anna')}`);
	await expect(page.getByRole('heading', { name: 'Anna', level: 1 })).toBeVisible();
	const field = page.getByLabel('New name', { exact: true });
	await field.fill('ben');
	await page.getByRole('button', { name: 'Rename', exact: true }).click();
	await expect(page.getByRole('alert')).toHaveText('Another player already has this name.');
	await field.fill('Anna Maria');
	await page.getByRole('button', { name: 'Rename', exact: true }).click();
	await expect(page.getByRole('main').getByRole('status')).toHaveText('Renamed.');
	await expect(page.getByRole('heading', { name: 'Anna Maria', level: 1 })).toBeVisible();

	await page.goto('/evening/e3/standings');
	await expect(standings).toContainText('Anna Maria');
	expect(await standings.locator('tbody').innerText()).toBe(before.replace('Anna', 'Anna Maria'));
});

test('in Italian and dark, the player page reads in its own words', async ({ page }) => {
	await seed(page);
	await page.evaluate(() => {
		localStorage.setItem('PARAGLIDE_LOCALE', 'it');
		localStorage.setItem('caboose:theme', 'dark');
	});
	await page.setViewportSize({ width: 320, height: 700 });
	await page.goto(`/players/${seededId('Cleo')}`);
	await expect(page.getByRole('heading', { name: 'Cleo', level: 1 })).toBeVisible();
	await expect(page.getByText('Serate giocate', { exact: true })).toBeVisible();
	await expect(page.getByText('Media per manche', { exact: true })).toBeVisible();
	await expect(page.getByRole('img', { name: 'Totali per serata' })).toBeVisible();
	expect(
		await page.evaluate(
			() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
		)
	).toBe(true);
	await lookAt(page, { path: `${SHOTS}/player-it-dark-320.png`, fullPage: true });
	await page.goto('/players');
	await lookAt(page, { path: `${SHOTS}/players-it-dark-320.png`, fullPage: true });
});

for (const locale of ['fr', 'de'] as const) {
	test(`at 320 px in ${locale}: one evening's players by name, each isolated; a round named inside its sentence`, async ({
		page
	}) => {
		await seed(page);
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		await page.setViewportSize({ width: 320, height: 700 });
		await page.goto('/players');
		// Anna, Ben and Cleo last played at e3, Dario at e2: the three of one evening by name.
		const names = page.getByRole('main').getByRole('listitem').locator('bdi');
		await expect(names).toHaveText(['Anna', 'Ben', 'Cleo', 'Dario']);
		await lookAt(page, { path: `${SHOTS}/players-${locale}-320.png`, fullPage: true });

		await page.goto(`/players/${seededId('Anna')}`);
		const best = page.locator('dl div.wide dd').first();
		// "0 le 20 nov. 2026, manche 1", never "…, Manche 1".
		await expect(best).toHaveText(
			locale === 'fr' ? /^\d+ le .+, manche \d+$/ : /^\d+ am .+, Runde \d+$/
		);
		const won = page.locator('.evenings .won').first();
		await expect(won).toHaveText(locale === 'fr' ? '★ gagnée' : '★ gewonnen');
		await lookAt(page, { path: `${SHOTS}/player-${locale}-320.png`, fullPage: true });
	});
}

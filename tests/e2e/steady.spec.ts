// Nothing a finger can tap moves while a screen loads. A part that comes later (its code loaded
// after the first paint, its rows read from the database) pushing a button down means a tap
// aimed at the button lands on what is there now, or is lost: pressed on the button and released
// on what took its place, it is a click on neither (the round screen lost Undo last round and
// Show to the table so). Each screen is loaded afresh and watched frame by frame, from its first
// frame until its last part has come.
import { expect, test, type Page } from '@playwright/test';
import { seedPlayed, seededId, type PlayedEvening } from './helpers/seed';
import { lookAt } from './helpers/shots';
import { movedTargets, watchTargets } from './helpers/steady';

const names = ['Anna', 'Ben', 'Cleo'];
const rounds: PlayedEvening['rounds'] = [
	{ out: 'Anna', points: { Ben: 10, Cleo: 20 } },
	{ out: 'Ben', points: { Anna: 5, Cleo: 7 } }
];
/** The open evening every screen here shows, two rounds played. */
const seedSteady = (page: Page) =>
	seedPlayed(page, [
		{ id: 'steady', names, preset: 'swiss-jassshop', createdAt: Date.now(), rounds }
	]);

/** Each screen, and what shows once its last part has come. */
const SCREENS: { path: string; last: (p: Page) => Promise<void> }[] = [
	{ path: '/', last: (p) => expect(p.locator('a.continue')).toBeVisible() },
	{ path: '/new', last: (p) => expect(p.locator('#player-0')).toBeVisible() },
	{ path: '/evening/steady', last: (p) => expect(p.locator('table.standings')).toBeVisible() },
	{
		path: '/evening/steady/round/1',
		last: (p) => expect(p.locator('.players .name').first()).toBeVisible()
	},
	{ path: '/evening/steady/table', last: (p) => expect(p.locator('svg.station')).toBeVisible() },
	{
		path: '/evening/steady/standings',
		last: (p) => expect(p.locator('.chart canvas')).toBeVisible()
	},
	{
		path: '/evening/steady/scoreboard',
		last: (p) => expect(p.locator('main table tbody tr').first()).toBeVisible()
	},
	{ path: '/evenings', last: (p) => expect(p.locator('main li').first()).toBeVisible() },
	{
		path: '/players',
		last: (p) => expect(p.getByRole('heading', { name: 'Merge two players' })).toBeVisible()
	},
	{
		path: `/players/${seededId('Anna')}`,
		last: (p) => expect(p.locator('main dl.stats')).toBeVisible()
	},
	{ path: '/settings', last: (p) => expect(p.locator('#pwa-storage-heading')).toBeVisible() }
];

test('no tap target moves while a screen loads', async ({ page }) => {
	await seedSteady(page);
	await page.addInitScript(watchTargets);
	for (const { path, last } of SCREENS) {
		await page.goto(path, { waitUntil: 'networkidle' });
		await last(page);
		expect.soft(await movedTargets(page), path).toEqual([]);
	}
	// The read-only view, as another phone opens it from the link shown to the table.
	await page.goto('/evening/steady');
	await page.getByRole('button', { name: 'Show to the table', exact: true }).click();
	const link = page.getByLabel('Link for other phones', { exact: true });
	await expect(link).toHaveValue(/\/view#c1\./);
	const view = new URL(await link.inputValue());
	await page.goto(`${view.pathname}${view.hash}`, { waitUntil: 'networkidle' });
	await expect(page.locator('#view-rounds-title')).toBeVisible();
	expect.soft(await movedTargets(page), 'view').toEqual([]);
});

test("a club table's home: its seats card arrives with the links below it", async ({ page }) => {
	await seedSteady(page);
	// A table of a club (on a port nothing answers) with its seats at tonight's game, as kept.
	await page.evaluate(async (names) => {
		const server = 'http://127.0.0.1:9';
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('caboose');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const tx = db.transaction('meta', 'readwrite');
		const meta = tx.objectStore('meta');
		meta.put({
			key: 'club',
			value: { server, token: 't', club: 'Club', table: 'Table 1', role: 'table', joinedAt: 1 }
		});
		const seats = { game: 1, table: 1, final: false, players: names.map((name) => ({ name })) };
		meta.put({
			key: 'clubSeats',
			value: { server, mine: { seats, moves: [] }, readAt: Date.now(), started: null }
		});
		await new Promise((resolve) => (tx.oncomplete = resolve));
		db.close();
	}, names);
	await page.addInitScript(watchTargets);
	await page.goto('/', { waitUntil: 'networkidle' });
	await expect(page.getByRole('region', { name: 'Table 1 · game 1' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Players', exact: true })).toBeVisible();
	expect(await movedTargets(page)).toEqual([]);
	for (const locale of ['en', 'de', 'fr', 'it']) {
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		for (const width of [320, 390]) {
			await page.setViewportSize({ width, height: 844 });
			await page.reload();
			await expect(page.locator('.seats-card')).toBeVisible();
			await expect(page.locator('nav.actions a.button').last()).toBeVisible();
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
			await lookAt(page, { path: `/tmp/shots/home-seats-${locale}-${width}.png`, fullPage: true });
		}
	}
});

test('the live table keeps its buttons where they are as it is played', async ({ page }) => {
	await seedSteady(page);
	await page.addInitScript(watchTargets);
	await page.goto('/evening/steady/table');
	await expect(page.locator('svg.station')).toBeVisible();
	const dialog = page.getByRole('dialog');
	// A round's taps, each bringing something to say: where the turn went, a skipped player, a
	// knock's card, an open double, the double covered.
	await page.getByLabel('Whose turn').selectOption({ label: 'Anna' });
	await page.getByRole('button', { name: 'Tile played' }).click();
	await dialog.getByLabel('Train').selectOption({ label: 'Anna' });
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	await expect(page.getByRole('button', { name: 'Back to Anna' })).toBeVisible();
	await page.getByRole('button', { name: 'Next player' }).click();
	await expect(page.getByText('Ben was skipped.')).toBeVisible();
	await page.getByRole('button', { name: 'Cleo has one tile left' }).click();
	await page.getByRole('button', { name: 'Double played' }).click();
	await dialog.getByLabel('Train').selectOption({ label: 'Ben' });
	await dialog.getByLabel('Double', { exact: true }).selectOption('9');
	await dialog.getByLabel('Played by').selectOption({ label: 'Ben' });
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	await expect(page.getByRole('alert')).toContainText('must be covered');
	await page.getByRole('button', { name: 'Covered' }).click();
	await expect(page.getByRole('alert')).toHaveCount(0);
	// What a tap brings comes below the buttons tapped turn after turn: none of them moved. (The
	// players' rows below it do.)
	const kept =
		/^(button|select|g) "(↶|Tile played|Double played|Next player|Marker on|Mexican train)/;
	expect((await movedTargets(page)).filter((m) => kept.test(m))).toEqual([]);
});

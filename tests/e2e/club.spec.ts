// Club play end to end, against the real club server (`npm run club`, embedded PGlite in a
// temporary folder): two phones joined as two tables and a wall screen joined as a viewer; rounds
// saved at each table appear in the viewer's Club standings; a table offline for three rounds
// catches up once online; a tampered join link is refused and stores nothing; a revoked table
// is told so on Settings and keeps every round.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { newEvening, playRound } from './helpers/evening';
import { litPixels } from './helpers/chart';
import {
	axeProblems,
	openAndJoin,
	joinedPhone,
	row,
	tableProgress,
	useClubServer
} from './helpers/club-server';
import { lookAt } from './helpers/shots';

test.describe.configure({ mode: 'serial' });
const { club, invite } = useClubServer();

// An offline journey: the app as a phone keeps it, served by its service worker.
test.describe('offline', () => {
	test.use({ serviceWorkers: 'allow' });

	test('two tables and a viewer: rounds at each table reach the club standings, live', async ({
		browser
	}) => {
		// Three phones and a server in one story: it took up to 60 s in a full run, when it also held
		// the revoked table's part (now a test of its own).
		test.setTimeout(120_000);
		const one = await joinedPhone(browser, await invite('Table 1'), 'Domino club', 'Table 1');
		const two = await joinedPhone(browser, await invite('Table 2'), 'Domino club', 'Table 2');
		// A wall screen wants the club standings: a viewer lands there once joined.
		const wall = { context: await browser.newContext() } as { context: BrowserContext; page: Page };
		wall.page = await wall.context.newPage();
		await openAndJoin(wall.page, await invite('Bar TV', true), 'Domino club', 'Bar TV');
		await expect(wall.page).toHaveURL(/\/club\/standings$/);
		await expect(wall.page.getByRole('heading', { level: 1 })).toHaveText('Club standings');
		const standings = wall.page.getByRole('table', { name: 'Club standings', exact: true });
		await expect(standings).toBeVisible();

		await newEvening(one.page, ['Anna', 'Ben'], 'swiss-jassshop');
		await playRound(one.page, 'Anna', { Ben: 10 });
		await newEvening(two.page, ['Cleo', 'Dan'], 'swiss-jassshop');
		await playRound(two.page, 'Cleo', { Dan: 7 });

		// The viewer's screen follows without a reload.
		await expect(row(wall.page, 'Club standings', 'Ben')).toContainText('10');
		await expect(row(wall.page, 'Club standings', 'Dan')).toContainText('7');
		await expect(row(wall.page, 'Club standings', 'Anna')).toBeVisible();
		await expect(row(wall.page, 'Club standings', 'Cleo')).toBeVisible();
		await expect(tableProgress(wall.page, 'Table 2')).toContainText('Cleo');
		expect(await axeProblems(wall.page)).toEqual([]);

		// Table 2 loses its signal for three rounds: nothing reaches the club, nothing is lost.
		await two.context.setOffline(true);
		await playRound(two.page, 'Cleo', { Dan: 1 });
		await playRound(two.page, 'Cleo', { Dan: 2 });
		await playRound(two.page, 'Cleo', { Dan: 3 });
		await expect(row(wall.page, 'Club standings', 'Dan')).toContainText('7');
		const tableTwoRound = tableProgress(wall.page, 'Table 2').getByRole('cell').first();
		await expect(tableTwoRound).toHaveText('1');
		// Leaving now would leave those rounds unsent: Leave club asks first, and Cancel keeps the club.
		await two.page.goto('/settings');
		await expect(
			two.page.getByRole('status').filter({ hasText: 'Waiting to send: 3' })
		).toBeVisible();
		await two.page.getByRole('button', { name: 'Leave club', exact: true }).click();
		const ask = two.page.getByRole('dialog');
		await expect(ask).toContainText('will not be sent');
		await ask.getByRole('button', { name: 'Cancel' }).click();
		await expect(ask).toHaveCount(0);
		await expect(two.page.getByRole('heading', { name: 'Club', exact: true })).toBeVisible();

		// Back online: the three rounds arrive, in order.
		await two.context.setOffline(false);
		await expect(row(wall.page, 'Club standings', 'Dan')).toContainText('13');
		await expect(tableTwoRound).toHaveText('4');

		// Night by night: a player's nights of the season (tonight only, here).
		await wall.page.getByLabel('Player', { exact: true }).selectOption('Dan');
		const danNights = wall.page.getByRole('table', { name: 'Nights of Dan' });
		await expect(danNights.getByRole('row')).toHaveCount(2);
		await expect(danNights.getByRole('row').nth(1)).toContainText('13');
		// The season's chart, drawn once near the viewport, with its numbers in a table of its own.
		const chart = wall.page.getByRole('img', { name: 'Season chart', exact: true });
		await chart.scrollIntoViewIfNeeded();
		await expect.poll(() => litPixels(chart)).toBeGreaterThan(1000);
		await expect(
			wall.page.getByText("Dan's season total after each night", { exact: false })
		).toBeVisible();
		await wall.page.locator('summary', { hasText: 'Season total after each night' }).click();
		const seasonTotals = wall.page.getByRole('table', { name: 'Season total after each night' });
		await expect(seasonTotals.getByRole('row')).toHaveCount(2);
		await expect(seasonTotals.getByRole('row').nth(1).getByRole('cell')).toHaveText('13');
		expect(await axeProblems(wall.page)).toEqual([]);
		// A phone turned upright: the chart drawn for the wider screen follows to 320 px.
		await wall.page.setViewportSize({ width: 320, height: 800 });
		await expect
			.poll(() => wall.page.evaluate(() => document.documentElement.scrollWidth))
			.toBeLessThanOrEqual(320);
		await lookAt(wall.page, { path: 'test-results/club-season-320.png', fullPage: true });

		for (const phone of [one, two, wall]) await phone.context.close();
	});
});

test("the club ends a table's access mid-evening: the phone says so and keeps every round", async ({
	browser
}) => {
	const one = await joinedPhone(browser, await invite('Table 3'), 'Domino club', 'Table 3');
	await newEvening(one.page, ['Anna', 'Ben'], 'swiss-jassshop');
	await playRound(one.page, 'Anna', { Ben: 10 });

	// Table 3's Settings: everything sent.
	await one.page.goto('/settings');
	await expect(one.page.getByText('Table 3', { exact: true })).toBeVisible();
	await expect(one.page.getByRole('status').filter({ hasText: 'All sent' })).toBeVisible();
	expect(await axeProblems(one.page)).toEqual([]);

	// The club ends Table 3's access mid-evening: the phone says so, and keeps every round.
	await club('revoke', 'Table 3');
	await one.page.goto('/');
	await one.page.getByRole('link', { name: /Continue/ }).click();
	// The phone finds out when it sends the next round; from then on "Saved" says where it stays.
	await playRound(one.page, 'Ben', { Anna: 4 });
	await one.page.goto('/settings');
	await expect(one.page.getByRole('alert')).toContainText("The club has ended this table's access");
	await one.page.goBack();
	await playRound(one.page, 'Anna', { Ben: 2 });
	const saved = one.page.getByRole('status').filter({ hasText: 'Saved' });
	await expect(saved.getByText('Saved', { exact: true })).toBeVisible();
	await expect(saved).toContainText(
		"This round stays on this phone only: the club has ended this table's access."
	);
	await one.page.goto('/settings');
	await expect(one.page.getByRole('alert')).toContainText("The club has ended this table's access");
	// With nothing left to send (the club ended the access), Leave club leaves at once, and
	// every evening stays on the phone.
	await one.page.getByRole('button', { name: 'Leave club', exact: true }).click();
	await expect(one.page.getByRole('heading', { name: 'Club', exact: true })).toHaveCount(0);
	await one.page.goto('/');
	await expect(one.page.getByRole('link', { name: /Continue/ })).toBeVisible();
	await one.context.close();
});

test('a tampered join link is refused with a clear message and stores nothing', async ({
	browser
}) => {
	const link = new URL(await invite('Table 9'));
	const params = new URLSearchParams(link.hash.slice(1));
	const token = params.get('token')!;
	params.set('token', (token[0] === 'A' ? 'B' : 'A') + token.slice(1));
	link.hash = params.toString();
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto(link.href);
	await expect(page.getByRole('alert')).toHaveText(
		'This club link is not valid: the club does not accept it. Ask the club for a new link. Nothing was stored.'
	);
	await expect(page.getByRole('button', { name: 'Join club' })).toHaveCount(0);
	expect(await axeProblems(page)).toEqual([]);
	const stored = await page.evaluate(async () => {
		const names = (await indexedDB.databases()).map((d) => d.name);
		if (!names.includes('caboose')) return null;
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('caboose');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		if (!db.objectStoreNames.contains('meta')) return null;
		const row = await new Promise((resolve) => {
			const req = db.transaction('meta').objectStore('meta').get('club');
			req.onsuccess = () => resolve(req.result ?? null);
		});
		db.close();
		return row;
	});
	expect(stored).toBeNull();
	await context.close();
});

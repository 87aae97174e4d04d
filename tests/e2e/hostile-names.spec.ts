// Player names are text everywhere: markup, quotes, spreadsheet formulas, a right-to-left
// override, emoji and 40-character names are shown exactly as typed on every screen, no dialog
// opens, no script runs, no request leaves for anywhere (not even for an <img src=x>), and a
// backup carries them unchanged.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, newEvening, playRound } from './helpers/evening';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/shots';

const NAMES = [
	'<img src=x onerror=alert(1)>',
	'"; DROP TABLE rounds; --',
	"=cmd|' /C calc'!A0",
	'\u202Eevil.exe',
	'🁢 Ömer 👍🏽',
	'<script>window.pwned=1</script>'.padEnd(40, '!')
];
// The longest allowed name: 40 characters.
const LONG = 'Wolfeschlegelsteinhausenbergerdorff Jr.';
const ALL = [...NAMES, LONG + '.'];

test('hostile player names are rendered as text everywhere and nothing runs', async ({
	page,
	baseURL
}) => {
	expect([...ALL.at(-1)!]).toHaveLength(40);
	expect([...NAMES.at(-1)!]).toHaveLength(40);
	const errors = collectErrors(page);
	const dialogs: string[] = [];
	page.on('dialog', (d) => {
		dialogs.push(d.message());
		void d.dismiss();
	});
	const origin = new URL(baseURL!).origin;
	const requests: string[] = [];
	page.on('request', (r) => requests.push(r.url()));

	const id = await newEvening(page, ALL, 'swiss-jassshop');
	const [first, ...others] = ALL;
	await playRound(page, first!, Object.fromEntries(others.map((n, i) => [n, i + 1])));

	async function namesShownAsText(where: string, p: Page): Promise<void> {
		for (const name of ALL) {
			await expect(
				p.getByText(name, { exact: true }).filter({ visible: true }).first(),
				`${where}: ${name}`
			).toBeVisible();
		}
		// No markup from a name became an element.
		await expect(p.locator('img[src="x"], script:text("pwned")')).toHaveCount(0);
		expect(
			await p.evaluate(() => (window as unknown as { pwned?: unknown }).pwned)
		).toBeUndefined();
	}

	await namesShownAsText('round', page);
	// The round screen fits the phone's width however long the names: a wider page makes the
	// phone zoom out or scroll sideways to reach a player's "went out" toggle.
	const width = page.viewportSize()!.width;
	expect
		.soft(
			await page.evaluate(() =>
				Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
			),
			`the round screen is wider than the phone (${width}px) with 40-character names`
		)
		.toBeLessThanOrEqual(width);
	await lookAt(page, { path: `${SHOTS}/data-hostile-round.png`, fullPage: true });
	await page.getByRole('link', { name: 'Standings' }).first().click();
	await expect(page.getByRole('table', { name: 'Standings' })).toBeVisible();
	await namesShownAsText('standings', page);
	await lookAt(page, { path: `${SHOTS}/data-hostile-standings.png`, fullPage: true });
	await page.goto(`/evening/${id}/table`);
	for (const name of ALL) {
		await expect(
			page.getByText(name).filter({ visible: true }).first(),
			`table: ${name}`
		).toBeVisible();
	}
	await page.goto('/evenings');
	await expect(page.getByText(NAMES[0]!, { exact: false }).first()).toBeVisible();
	await expect(page.locator('img[src="x"]')).toHaveCount(0);
	await page.goto('/');
	await expect(page.locator('img[src="x"]')).toHaveCount(0);

	// The backup carries the names exactly as typed.
	await page.goto('/settings');
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export backup' }).click();
	const text = await readFile(await (await download).path(), 'utf8');
	const backup = JSON.parse(text) as {
		evenings: { evening: { id: string; players: { name: string }[] } }[];
	};
	const mine = backup.evenings.find((e) => e.evening.id === id)!;
	expect(mine.evening.players.map((p) => p.name)).toEqual(ALL);

	expect(dialogs).toEqual([]);
	expect(requests.filter((u) => !u.startsWith(origin) && !/^(data|blob):/.test(u))).toEqual([]);
	// An <img src=x> rendered as markup would have asked the server for /x.
	expect(requests.filter((u) => new URL(u).pathname === '/x')).toEqual([]);
	expect(errors).toEqual([]);
});

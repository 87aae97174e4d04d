// After the game: the standings shared as text and a PNG card (or downloaded where files cannot be
// shared), and the score sheet printed on one A4 page.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors } from './helpers/evening';
import { rotatingRounds, seedPlayed } from './helpers/seed';
import { shareLog, stubShare } from './helpers/stubs';
import { keepFile, lookAt } from './helpers/shots';

const SHOTS = '/tmp/daynight-shots';
const NOV_20 = Date.UTC(2026, 10, 20, 19, 30);

/** Ten names of 40 characters each, one of them without a space. */
const LONG = [
	'X'.repeat(31) + 'averiusAA',
	...'ABCDEFGHI'.split('').map((c) => `${c}nnemarie Josephine von Wittelsbach-Zäh`)
];

function pngSize(buffer: Buffer): { width: number; height: number } {
	return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

async function shared(page: Page, file: string): Promise<Buffer> {
	await expect.poll(async () => (await shareLog(page)).png !== null).toBe(true);
	const png = Buffer.from(((await shareLog(page)).png as string).split(',')[1] as string, 'base64');
	await keepFile(`${SHOTS}/${file}`, () => png);
	return png;
}

test('Share standings: the text and the PNG card in the theme on screen', async ({ page }) => {
	const errors = collectErrors(page);
	await stubShare(page, { files: true });
	await seedPlayed(page, [
		{
			id: 'e-two',
			names: ['Anna', 'Ben'],
			preset: 'swiss-jassshop',
			createdAt: NOV_20,
			rounds: [
				{ out: 'Anna', points: { Ben: 30 } },
				{ out: 'Ben', points: { Anna: 12 } }
			]
		}
	]);
	await page.emulateMedia({ colorScheme: 'light' });
	await page.goto('/evening/e-two/standings');
	await page.getByRole('button', { name: 'Share standings' }).click();
	const light = await shared(page, 'card-2-light.png');
	expect(pngSize(light)).toEqual({ width: 1080, height: 230 + 2 * 124 + 130 });
	const [call] = (await shareLog(page)).calls;
	expect(call?.title).toBe('Standings · November 20, 2026');
	expect(call?.text).toBe(
		[
			'Standings · November 20, 2026',
			'After round 2',
			'',
			'1. Anna: 12',
			'2. Ben: 30',
			'',
			'Lowest total wins'
		].join('\n')
	);
	expect(call?.files).toEqual([
		{ name: 'caboose-standings-2026-11-20.png', type: 'image/png', size: light.length }
	]);

	await page.emulateMedia({ colorScheme: 'dark' });
	await page.evaluate(() => {
		(window as unknown as { __share: { png: string | null } }).__share.png = null;
	});
	await page.getByRole('button', { name: 'Share standings' }).click();
	const dark = await shared(page, 'card-2-dark.png');
	expect(dark.equals(light)).toBe(false);
	expect(errors).toEqual([]);
});

test('where files cannot be shared the card downloads: ten players, 40-character names, in French', async ({
	page
}) => {
	await stubShare(page, { files: false });
	await seedPlayed(page, [
		{
			id: 'e-ten',
			names: LONG,
			preset: 'swiss-jassshop',
			createdAt: NOV_20,
			rounds: rotatingRounds(LONG, 13)
		}
	]);
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'fr'));
	await page.goto('/evening/e-ten/standings');
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Partager le classement' }).click();
	const file = await download;
	expect(file.suggestedFilename()).toBe('caboose-classement-2026-11-20.png');
	await file.saveAs(`${SHOTS}/card-10-fr.png`);
	const { readFileSync } = await import('node:fs');
	const png = readFileSync(`${SHOTS}/card-10-fr.png`);
	expect(pngSize(png)).toEqual({ width: 1080, height: 230 + 10 * 92 + 130 });
	await expect(
		page.getByRole('status').filter({ hasText: 'caboose-classement-2026-11-20.png' })
	).toBeVisible();
	expect((await shareLog(page)).calls).toEqual([]);
});

test('Print score sheet: one A4 page with rounds × players, engines, rules and the winner', async ({
	page
}) => {
	await seedPlayed(page, [
		{
			id: 'e-ten',
			names: LONG,
			preset: 'swiss-jassshop',
			createdAt: NOV_20,
			rounds: rotatingRounds(LONG, 13)
		},
		{
			id: 'e-four',
			names: ['Anna', 'Ben', 'Cleo', 'Dario'],
			preset: 'cardinal-us',
			createdAt: NOV_20,
			rounds: rotatingRounds(['Anna', 'Ben', 'Cleo', 'Dario'], 13)
		}
	]);
	await page.addInitScript(() => {
		(window as unknown as { __printed: number }).__printed = 0;
		window.print = () => {
			(window as unknown as { __printed: number }).__printed++;
		};
	});
	for (const id of ['e-ten', 'e-four']) {
		await page.goto(`/evening/${id}/standings`);
		await expect(page.getByText(/^Winner: /)).toBeVisible();
		// However long the names, the standings stay inside the phone's width.
		expect(
			await page.evaluate(
				() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
			)
		).toBe(true);
		await lookAt(page, { path: `${SHOTS}/standings-${id}-390.png`, fullPage: true });
		// The button (e-ten), or the browser's own Print (e-four: page.pdf fires beforeprint as
		// Ctrl+P does): either way the paper holds the sheet alone, on one A4 page.
		if (id === 'e-ten') {
			// Print waits for the sheet's code when a tap comes before it has loaded.
			await page.getByRole('button', { name: 'Print score sheet' }).click();
			await expect
				.poll(() => page.evaluate(() => (window as unknown as { __printed: number }).__printed))
				.toBe(1);
		} else {
			// The sheet loads just after the screen's first paint, so a Print in that instant would
			// print the screen; a reader's Ctrl+P comes later. Paper shows the sheet once it is in
			// place (the print media the page watches), and back on screen it is gone again.
			await page.emulateMedia({ media: 'print' });
			await expect(page.locator('.print-sheet')).toBeVisible();
			await page.emulateMedia({ media: null });
			await expect(page.locator('.print-sheet')).toHaveCount(0);
		}
		const pdf = await page.pdf({ format: 'A4', printBackground: true });
		await keepFile(`${SHOTS}/sheet-${id}.pdf`, () => pdf);
		const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
		expect(pages).toHaveLength(1);
	}
	// The sheet is in the page only while printing: afterprint took it away again.
	await expect(page.locator('.print-sheet')).toHaveCount(0);
	await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
	// What is printed is the sheet alone: on paper, the screen's controls are gone.
	await page.emulateMedia({ media: 'print' });
	await expect(page.getByRole('button', { name: 'Print score sheet' })).toBeHidden();
	const sheet = page.getByRole('table', { name: /Each round: the points scored/ });
	await expect(sheet).toBeVisible();
	await expect(sheet.locator('tbody tr')).toHaveCount(13);
	await expect(sheet.locator('thead th')).toHaveText([
		'Round',
		'Engine',
		'Anna',
		'Ben',
		'Cleo',
		'Dario'
	]);
	await expect(sheet.locator('tbody tr').first().locator('td').first()).toHaveText('12|12');
	await expect(page.getByRole('heading', { name: 'At your table' })).toBeVisible();
	await page.emulateMedia({ media: 'screen' });
	await expect(sheet).toBeHidden();
	await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
	await expect(page.locator('.print-sheet')).toHaveCount(0);
});

// The accessible names of ../shared/UI-CONTRACT.md, each matched EXACTLY (a decorative glyph in
// a name, "+ Add player", fails here); a right-to-left name isolated wherever it joins other
// text; and the tile picker's quick path, counted in taps.
import { expect, test, type Page } from '@playwright/test';
import { newEvening, playRound } from './helpers/evening';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/polish-shots';

const exact = { exact: true } as const;

test('every control of the contract answers to its exact name', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('link', { name: 'New evening', ...exact })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Evenings', ...exact })).toBeVisible();
	await page.getByRole('link', { name: 'Settings', ...exact }).click();
	await expect(page.getByRole('combobox', { name: 'Language', ...exact })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Export backup', ...exact })).toBeVisible();
	await expect(page.getByLabel('Import backup', exact)).toBeAttached();
	// The way back reads "Home"; its arrow is decoration.
	await page.getByRole('link', { name: 'Home', ...exact }).click();

	await page.getByRole('link', { name: 'New evening', ...exact }).click();
	await expect(page.getByRole('textbox', { name: 'Player 1', ...exact })).toBeVisible();
	await page.getByRole('textbox', { name: 'Player 1', ...exact }).fill('Anna');
	await page.getByRole('textbox', { name: 'Player 2', ...exact }).fill('Ben');
	await page.getByRole('button', { name: 'Add player', ...exact }).click();
	await page.getByRole('textbox', { name: 'Player 3', ...exact }).fill('Cleo');
	await page.getByRole('combobox', { name: 'Rules', ...exact }).selectOption('swiss-jassshop');
	await page.getByRole('button', { name: 'Start evening', ...exact }).click();

	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 1 of 13');
	await expect(page.getByRole('img', { name: 'Engine 12|12', ...exact })).toBeVisible();
	for (const n of ['Anna', 'Ben', 'Cleo']) {
		await expect(page.getByRole('textbox', { name: `${n} points`, ...exact })).toBeVisible();
		await expect(page.getByRole('button', { name: `${n} went out`, ...exact })).toBeVisible();
		await expect(
			page.getByRole('button', { name: `Enter tiles for ${n}`, ...exact })
		).toBeVisible();
	}
	await expect(page.getByRole('button', { name: 'Blocked round', ...exact })).toBeVisible();
	await page.getByRole('button', { name: 'Enter tiles for Ben', ...exact }).click();
	const dialog = page.getByRole('dialog', { name: 'Tiles of Ben', ...exact });
	await expect(dialog.getByRole('button', { name: '12|5', ...exact })).toBeVisible();
	await expect(dialog.getByRole('button', { name: '0|0', ...exact })).toBeVisible();
	await expect(dialog.getByRole('button', { name: 'Done', ...exact })).toBeVisible();
	// Escape leaves the hand as it was (typed points), Done would switch it to tiles.
	await page.keyboard.press('Escape');
	await expect(dialog).toBeHidden();
	await expect(page.getByRole('button', { name: 'Save round', ...exact })).toBeVisible();
	await playRound(page, 'Anna', { Ben: 10, Cleo: 4 });

	await page.getByRole('link', { name: 'Table', ...exact }).click();
	await expect(page.getByRole('button', { name: "Marker on Ben's train", ...exact })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Mexican train started', ...exact })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Ben has one tile left', ...exact })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Forgot to knock: Ben', ...exact })).toBeVisible();
	await page.getByRole('button', { name: 'Tile played', ...exact }).click();
	await expect(page.getByRole('dialog', { name: 'Tile played', ...exact })).toBeVisible();
	await page.getByRole('button', { name: 'Cancel', ...exact }).click();
	await page.getByRole('button', { name: 'Double played', ...exact }).click();
	const play = page.getByRole('dialog', { name: 'Double played', ...exact });
	await play.getByRole('combobox', { name: 'Train', ...exact }).selectOption({ label: 'Ben' });
	// Still the only thing labelled "Double", as the contract's tests look it up.
	await page.getByLabel('Double').selectOption('9');
	await play.getByRole('button', { name: 'Confirm', ...exact }).click();
	await expect(page.getByRole('alert').first()).toContainText(
		"Double 9|9 on Ben's train must be covered"
	);
	await page.getByRole('button', { name: 'Covered', ...exact }).click();
	await page.getByRole('link', { name: 'End round', ...exact }).click();

	await page.getByRole('link', { name: 'Standings', ...exact }).click();
	await expect(page.getByRole('table', { name: 'Standings', ...exact })).toBeVisible();
	await expect(page.getByRole('img', { name: 'Standings chart', ...exact })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Edit round 1', ...exact })).toBeVisible();
	await expect(page.getByRole('button', { name: 'End evening', ...exact })).toBeVisible();
});

/** Every text node holding `name` inside a line of other text must sit in a <bdi> or dir=auto. */
async function unisolated(page: Page, name: string): Promise<string[]> {
	return page.evaluate((n) => {
		const bad: string[] = [];
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const text = node.textContent ?? '';
			if (!text.includes(n)) continue;
			const parent = node.parentElement;
			// Isolated, or not on screen at all (an option's text, text only for screen readers).
			if (!parent || parent.closest('bdi, [dir="auto"], option, .sr, .sr-only')) continue;
			// Alone in its element (a label, a heading of its own): nothing else to reorder.
			if ((parent.textContent ?? '').trim() === n) continue;
			bad.push(
				`${parent.tagName.toLowerCase()}: ${(parent.textContent ?? '').trim().slice(0, 60)}`
			);
		}
		return bad;
	}, name);
}

test('a right-to-left name is isolated wherever it joins other text', async ({ page }) => {
	// Hebrew letters, and a name typed with a right-to-left override.
	const rtl = 'דנה';
	const override = '\u202EOmer';
	const id = await newEvening(page, [rtl, 'Ben', override], 'italian-elimination');
	await playRound(page, rtl, { Ben: 120, [override]: 7 });
	// "Last round: …", "Out of the evening: …", the standings' names and tags.
	await expect(page.getByText(/^Last round:/)).toBeVisible();
	expect(await unisolated(page, rtl)).toEqual([]);
	expect(await unisolated(page, override)).toEqual([]);
	await lookAt(page, { path: `${SHOTS}/bidi-round.png`, fullPage: true });
	await page.goto(`/evening/${id}/standings`);
	await expect(page.getByRole('table', { name: 'Standings' })).toBeVisible();
	expect(await unisolated(page, rtl)).toEqual([]);
	expect(await unisolated(page, override)).toEqual([]);
	await page.goto(`/evening/${id}/table`);
	await page.getByRole('button', { name: 'Double played', exact: true }).click();
	await page.getByLabel('Train').selectOption({ label: rtl });
	await page.getByLabel('Double').selectOption('9');
	await page.getByRole('button', { name: 'Confirm', exact: true }).click();
	await expect(page.getByRole('alert').first()).toContainText('must be covered');
	expect(await unisolated(page, rtl)).toEqual([]);
	expect(await unisolated(page, override)).toEqual([]);
	await lookAt(page, { path: `${SHOTS}/bidi-table.png`, fullPage: true });
	// The line reads in order: the words before the name come first on screen.
	const alert = page.getByRole('alert').first();
	const box = await alert.locator('bdi').first().boundingBox();
	const start = await alert.boundingBox();
	expect(box && start && box.x > start.x).toBe(true);
});

test('a 5-tile hand takes at most two taps per tile plus Done, and the total is right', async ({
	page
}) => {
	await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	await page.getByRole('button', { name: 'Anna went out', exact: true }).click();
	await page.getByRole('button', { name: 'Enter tiles for Ben', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'Tiles of Ben' });
	await expect(dialog).toBeVisible();
	let taps = 0;
	const tap = async (name: string) => {
		await dialog.getByRole('button', { name, exact: true }).click();
		taps++;
	};
	const hand = ['11|5', '9|9', '7|0', '3|2', '0|0'];
	for (const [i, tile] of hand.entries()) {
		await tap(tile.split('|')[0] as string); // the higher number
		await tap(tile); // then the tile among that number's only
		// The count and the total stay in view while picking.
		await expect(dialog.locator('header')).toBeInViewport();
		await expect(dialog.locator('header .total')).toContainText(`${i + 1} tile`);
		if (i === 1) {
			await page.setViewportSize({ width: 320, height: 640 });
			await dialog.getByRole('button', { name: '12', exact: true }).click();
			await lookAt(page, { path: `${SHOTS}/picker-320-en-quick.png` });
			await dialog.getByRole('button', { name: '12', exact: true }).click();
			await page.setViewportSize({ width: 390, height: 844 });
		}
	}
	// 16 + 18 + 7 + 5 + 0 = 46 points in 5 tiles.
	await expect(dialog.locator('header .total')).toHaveText('5 tiles, 46 points');
	await lookAt(page, { path: `${SHOTS}/picker-390-en.png` });
	await tap('Done');
	expect(taps).toBeLessThanOrEqual(2 * hand.length + 1);
	await expect(page.getByLabel('Ben points', { exact: true })).toHaveValue('46');
	await expect(page.getByText('5 tiles, 46 points')).toBeVisible();
});

test('the tile picker in German, at 320 and 390 px', async ({ page }) => {
	await newEvening(page, ['Anna', 'Hansruedi-Bartholomäus'], 'swiss-jassshop');
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'de'));
	await page.reload();
	for (const width of [320, 390]) {
		await page.setViewportSize({ width, height: 740 });
		await page
			.getByRole('button', { name: 'Steine von Hansruedi-Bartholomäus eingeben', exact: true })
			.click();
		const dialog = page.getByRole('dialog');
		await dialog.getByRole('button', { name: '12|5', exact: true }).click();
		await dialog.getByRole('button', { name: '8', exact: true }).click();
		await lookAt(page, { path: `${SHOTS}/picker-${width}-de-quick.png` });
		await dialog.getByRole('button', { name: '8|1', exact: true }).click();
		await expect(dialog.locator('header .total')).toHaveText('2 Steine, 26 Punkte');
		await lookAt(page, { path: `${SHOTS}/picker-${width}-de.png` });
		await dialog.getByRole('button', { name: 'Leeren', exact: true }).click();
		await dialog.getByRole('button', { name: 'Fertig', exact: true }).click();
		await expect(dialog).toBeHidden();
	}
});

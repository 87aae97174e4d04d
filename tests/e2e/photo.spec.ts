// Count a hand from a photo: a generated photo of a hand goes through the file input, the dialog
// shows a mark on every counted pip and the total, a tap removes a mark and another adds one,
// "Use N" fills the points field, and Save round stores that number; a hand read tile by tile is
// offered as tiles. Screenshots of the dialog
// with its marks, in English and German, at 390 px.
import { expect, test } from '@playwright/test';
import { storedRows } from './helpers/db';
import { collectErrors, newEvening } from './helpers/evening';
import { countPips } from '../../src/lib/vision/pips';
import { EVAL_SEED_BASE, renderScene, toPng } from '../vision/render';
import { handPhoto, openPhotoDialog } from './helpers/photo';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/photo-shots';

test('a photo of a hand is counted, corrected by taps, used and saved', async ({ page }) => {
	const errors = collectErrors(page);
	const { total, png } = await handPhoto();
	await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	await page.getByRole('button', { name: 'Ben went out', exact: true }).click();

	const dialog = await openPhotoDialog(page, 'Anna', png);
	await expect(dialog.getByText(`${total} pips`, { exact: true })).toBeVisible();
	const marks = dialog.locator('circle.mark');
	await expect(marks).toHaveCount(total);
	// A plain photo is not flagged as unsure.
	await expect(dialog.getByRole('alert')).toHaveCount(0);

	// Tap a mark: it goes. Tap the photo's corner (no pip there): one is added.
	await marks.first().click();
	await expect(marks).toHaveCount(total - 1);
	await expect(dialog.getByText(`${total - 1} pips`, { exact: true })).toBeVisible();
	await dialog.locator('svg').click({ position: { x: 4, y: 4 } });
	await expect(marks).toHaveCount(total);
	// A finger lands beside a mark, not on it: the nearest mark within reach still goes.
	const box = (await marks.nth(1).boundingBox())!;
	await page.mouse.click(box.x + box.width / 2 + 8, box.y + box.height / 2 + 6);
	await expect(marks).toHaveCount(total - 1);
	await expect(dialog.getByText(`${total - 1} pips`, { exact: true })).toBeVisible();
	// Out of reach of the pip added at the corner: another is added.
	await dialog.locator('svg').click({ position: { x: 4, y: 44 } });
	await expect(marks).toHaveCount(total);
	// Zoom in to look closer; the total stays in view.
	await dialog.getByRole('button', { name: 'Zoom in', exact: true }).click();
	await expect(dialog.getByRole('button', { name: 'Zoom out', exact: true })).toBeEnabled();
	await expect(dialog.getByText(`${total} pips`, { exact: true })).toBeInViewport();
	await dialog.getByRole('button', { name: 'Zoom out', exact: true }).click();
	// The picker is the app's button: the browser's own control (its "No file chosen") is unseen.
	const input = dialog.getByLabel('Photo of the hand', { exact: true });
	expect(await input.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
	await expect(input).toHaveAttribute('capture', 'environment');

	await dialog.getByRole('button', { name: `Use ${total}`, exact: true }).click();
	await expect(page.getByRole('dialog')).toHaveCount(0);
	await expect(page.getByLabel('Anna points', { exact: true })).toHaveValue(String(total));

	// Nothing is saved until Save round.
	expect(await storedRows(page, 'rounds')).toHaveLength(0);
	await page.getByRole('button', { name: 'Save round', exact: true }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	const [evening] = (await storedRows(page, 'evenings')) as {
		players: { id: string; name: string }[];
	}[];
	const anna = evening!.players.find((p) => p.name === 'Anna')!.id;
	const [row] = (await storedRows(page, 'rounds')) as {
		entry: { hands: Record<string, number> };
	}[];
	expect(row?.entry.hands[anna]).toBe(total);
	expect(errors).toEqual([]);
});

test('a photo read tile by tile is offered as tiles, scored by the preset', async ({ page }) => {
	const errors = collectErrors(page);
	// A generated hand with a blank half or a double that the counter reads tile by tile (in Node:
	// the Worker in the page runs the same code on the same pixels).
	let read: { png: Buffer; tiles: [number, number][] } | null = null;
	for (let seed = EVAL_SEED_BASE + 700_100; !read; seed++) {
		const scene = await renderScene(seed, { megapixels: 0.6, tiles: 3, background: 'felt' });
		const tiles = countPips(scene).tiles;
		if (tiles?.some(([a, b]) => a === 0 || a === b)) read = { png: await toPng(scene), tiles };
	}
	// german-talon: a double is 50, a blank half 25 (the pip total would score it wrong).
	const value = read.tiles.reduce((s, [a, b]) => s + (a === b ? 50 : (a || 25) + (b || 25)), 0);
	await newEvening(page, ['Anna', 'Ben', 'Cleo', 'Dario'], 'german-talon');
	await page.getByRole('button', { name: 'Ben went out', exact: true }).click();

	const dialog = await openPhotoDialog(page, 'Anna', read.png);
	const useTiles = dialog.getByRole('button', {
		name: `Use as ${read.tiles.length} tiles`,
		exact: true
	});
	await useTiles.scrollIntoViewIfNeeded();
	await lookAt(page, { path: `${SHOTS}/tiles-offer-en-390.png` });
	await useTiles.click();
	await expect(page.getByRole('dialog')).toHaveCount(0);
	for (const [a, b] of read.tiles)
		await expect(page.getByRole('img', { name: `${b}|${a}`, exact: true })).toBeVisible();
	await expect(page.getByLabel('Anna points', { exact: true })).toHaveValue(String(value));

	// A mark changed by hand: the tiles no longer match, so only the pip total is offered.
	const again = await openPhotoDialog(page, 'Anna', read.png);
	await again.locator('svg').click({ position: { x: 4, y: 4 } });
	await expect(again.getByRole('button', { name: /^Use as/ })).toHaveCount(0);
	await expect(again.getByText(/gives the pip total only/)).toBeVisible();
	expect(errors).toEqual([]);
});

test('a photo without tiles says why in an alert', async ({ page }) => {
	await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	const scene = await renderScene(EVAL_SEED_BASE + 700_002, {
		megapixels: 0.5,
		tiles: 3,
		background: 'white'
	});
	const dialog = await openPhotoDialog(page, 'Ben', await toPng(scene));
	await expect(dialog.getByRole('alert')).toContainText('Not sure about this count');
	await expect(dialog.getByRole('alert')).toContainText('darker surface');
});

for (const locale of ['en', 'de'] as const) {
	test(`screenshot of the dialog with marks (${locale}, 390 and 320 px)`, async ({ page }) => {
		const { total, png } = await handPhoto();
		await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
		if (locale === 'de') {
			await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'de'));
			await page.reload();
		}
		const button = locale === 'de' ? 'Aus Foto zählen für Anna' : 'Count from photo for Anna';
		await lookAt(page, { path: `${SHOTS}/entry-${locale}-390.png` });
		await page.getByRole('button', { name: button, exact: true }).click();
		const dialog = page.getByRole('dialog');
		await dialog
			.getByLabel(locale === 'de' ? 'Foto der Steine' : 'Photo of the hand', { exact: true })
			.setInputFiles({ name: 'hand.png', mimeType: 'image/png', buffer: png });
		await expect(dialog.locator('circle.mark')).toHaveCount(total);
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
		);
		expect(overflow).toBe(true);
		await lookAt(page, { path: `${SHOTS}/dialog-${locale}-390.png` });
		await lookAt(dialog.locator('.picture'), { path: `${SHOTS}/marks-${locale}.png` });
		await page.setViewportSize({ width: 320, height: 700 });
		await expect(dialog.locator('circle.mark')).toHaveCount(total);
		const fits = await page.evaluate(() => {
			const d = document.querySelector('dialog')!;
			return d.scrollWidth <= d.clientWidth && d.getBoundingClientRect().right <= innerWidth;
		});
		expect(fits).toBe(true);
		await lookAt(page, { path: `${SHOTS}/dialog-${locale}-320.png` });
		await page.keyboard.press('Escape');
		await expect(page.getByRole('dialog')).toHaveCount(0);
		// The player rows with the new button fit 320 px (the page's own heading is not ours).
		const rowsFit = await page.evaluate(() =>
			[...document.querySelectorAll('li.player')].every(
				(li) => li.getBoundingClientRect().right <= document.documentElement.clientWidth
			)
		);
		expect(rowsFit).toBe(true);
		await lookAt(page, { path: `${SHOTS}/entry-${locale}-320.png` });
	});
}

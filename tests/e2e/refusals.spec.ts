// How the round screen refuses: the reason is shown in words (role="alert"), next to its field
// where it has one, and nothing is stored; a warning asks to confirm first; what the rules forbid
// cannot be picked or typed. Which round each rule refuses is the rules case files'
// (tests/rules/cases/: hand-too-high, round-total-too-high, no-outcome, two-out, out-and-blocked,
// out-holds-tiles …), the words of each refusal tests/unit/problem-text.test.ts's.
import { expect, test, type Page } from '@playwright/test';
import { roundCount } from './helpers/db';
import { collectErrors, enterTiles, newEvening, playRound } from './helpers/evening';

async function refused(page: Page, id: string, reason: RegExp, heading = 'Round 1 of 13') {
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();
	await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
	expect(await roundCount(page, id)).toBe(0);
}

test('a hand that is not a whole number ≥ 0 is refused next to its field', async ({ page }) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	await page.getByRole('button', { name: 'Anna went out' }).click();
	await page.getByLabel('Cleo points').fill('4');
	for (const text of ['-3', '1.5', '12abc', '1e3', '0x10']) {
		await page.getByLabel('Ben points').fill(text);
		await refused(page, id, /is not a whole number of points/);
		// The message sits with Ben's field and the field is marked invalid.
		await expect(page.getByLabel('Ben points')).toHaveAttribute('aria-invalid', 'true');
	}
	// An empty field is not a wrong number: the round says once whose points are missing.
	for (const text of ['', ' ']) {
		await page.getByLabel('Ben points').fill(text);
		await refused(page, id, /Enter the points of Ben\./);
		await expect(page.getByLabel('Ben points')).toHaveAttribute('aria-invalid', 'true');
		await expect(page.getByText('is not a whole number')).toHaveCount(0);
	}
	// Fixed, the same round saves.
	await page.getByLabel('Ben points').fill('12');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	expect(await roundCount(page, id)).toBe(1);
	expect(errors).toEqual([]);
});

test('an unusually high hand asks to confirm, then saves', async ({ page }) => {
	const id = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	await page.getByRole('button', { name: 'Anna went out' }).click();
	await page.getByLabel('Ben points').fill('400');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('alert').filter({ hasText: /Is that right\?/ })).toBeVisible();
	await expect(page.getByRole('alert').filter({ hasText: /press Save round again/ })).toBeVisible();
	expect(await roundCount(page, id)).toBe(0);
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	expect(await roundCount(page, id)).toBe(1);
});

test('the engine and a tile already in another hand cannot be picked', async ({ page }) => {
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-station');
	await playRound(page, 'Anna', { Ben: 1, Cleo: 2 });
	// Round 2: the engine is 11|11.
	await enterTiles(page, 'Ben', ['7|3']);
	await page.getByRole('button', { name: 'Enter tiles for Cleo' }).click();
	const dialog = page.getByRole('dialog');
	await expect(dialog.getByRole('button', { name: '11|11', exact: true })).toBeDisabled();
	await expect(dialog.getByRole('button', { name: '7|3', exact: true })).toBeDisabled();
	await expect(dialog.getByRole('button', { name: '7|3', exact: true })).toHaveAttribute(
		'title',
		"in Ben's hand"
	);
	await expect(dialog.getByRole('button', { name: '12|12', exact: true })).toBeEnabled();
	await dialog.getByRole('button', { name: 'Done' }).click();
	expect(await roundCount(page, id)).toBe(1);
});

test('no round is taken after the evening is over: its schedule done', async ({ page }) => {
	// The schedule cut to 1 round in the setup's house rules.
	const id = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop', { rounds: 1 });
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 1 of 1');
	await playRound(page, 'Anna', { Ben: 9 });
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The evening is over.');
	await expect(page.getByText('Winner: Anna', { exact: true })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Save round' })).toHaveCount(0);
	await expect(page.getByLabel('Ben points')).toHaveCount(0);
	await page.reload();
	await expect(page.getByRole('button', { name: 'Save round' })).toHaveCount(0);
	expect(await roundCount(page, id)).toBe(1);
});

test('an eliminated player gets no field', async ({ page }) => {
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'italian-elimination');
	await playRound(page, 'Anna', { Ben: 100, Cleo: 20 });
	await expect(page.getByLabel('Ben points')).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Enter tiles for Ben' })).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Ben went out' })).toHaveCount(0);
	await expect(page.getByText('Out of the evening: Ben')).toBeVisible();
	await expect(
		page.getByRole('table', { name: 'Standings' }).getByRole('row', { name: /Ben/ })
	).toContainText('eliminated');
	expect(await roundCount(page, id)).toBe(1);
});

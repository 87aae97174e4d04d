// How the round screen refuses: the reason is shown in words (role="alert"), next to its field
// where it has one, and nothing is stored; a warning asks to confirm first. Which round each rule
// refuses is the rules case files' (tests/rules/cases/: hand-too-high, round-total-too-high,
// no-outcome, two-out, out-and-blocked, out-holds-tiles, reject-hand-text-* …), which text is a
// whole number tests/rules/parse-hand.test.ts's, the words of each refusal
// tests/unit/problem-text.test.ts's. Here, once each in the real page: a text a number field
// would read otherwise ('12abc' it empties, '1e3' it takes), an empty field, the warning.
// What the rules forbid cannot be picked or typed: the engine and another hand's tiles in the
// picker (round.spec.ts, tests/unit/tile-picker.test.ts), no field after the evening's last round
// (presets.spec.ts, Swiss Jassshop), none for an eliminated player (presets.spec.ts, Italian).
import { expect, test, type Page } from '@playwright/test';
import { roundCount } from './helpers/db';
import { collectErrors, newEvening } from './helpers/evening';

async function refused(page: Page, id: string, reason: RegExp, heading = 'Round 1 of 13') {
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();
	await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
	expect(await roundCount(page, id)).toBe(0);
}

test('a hand that is not a whole number is refused next to its field; an unusually high one asks to confirm', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	await page.getByRole('button', { name: 'Anna went out' }).click();
	await page.getByLabel('Cleo points').fill('4');
	for (const text of ['12abc', '1e3']) {
		await page.getByLabel('Ben points').fill(text);
		await refused(page, id, /is not a whole number of points/);
		// The message sits with Ben's field and the field is marked invalid.
		await expect(page.getByLabel('Ben points')).toHaveAttribute('aria-invalid', 'true');
	}
	// An empty field is not a wrong number: the round says once whose points are missing.
	await page.getByLabel('Ben points').fill('');
	await refused(page, id, /Enter the points of Ben\./);
	await expect(page.getByLabel('Ben points')).toHaveAttribute('aria-invalid', 'true');
	await expect(page.getByText('is not a whole number')).toHaveCount(0);
	// Fixed, the same round saves.
	await page.getByLabel('Ben points').fill('12');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	expect(await roundCount(page, id)).toBe(1);

	// Round 2: far above what a hand usually holds, asked first, saved on the second press.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');
	await page.getByRole('button', { name: 'Anna went out' }).click();
	await page.getByLabel('Ben points').fill('400');
	await page.getByLabel('Cleo points').fill('4');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('alert').filter({ hasText: /Is that right\?/ })).toBeVisible();
	await expect(page.getByRole('alert').filter({ hasText: /press Save round again/ })).toBeVisible();
	expect(await roundCount(page, id)).toBe(1);
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 3 of 13');
	expect(await roundCount(page, id)).toBe(2);
	expect(errors).toEqual([]);
});

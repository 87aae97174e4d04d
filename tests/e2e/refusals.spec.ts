// Every refusal of RULES.md that a person can reach through the round screen: the reason is shown
// in words (role="alert") and nothing is stored; a warning asks to confirm first.
import { expect, test, type Page } from '@playwright/test';
import { roundCount, storedRows } from './helpers/db';
import { collectErrors, enterTiles, newEvening, openStandings, playRound } from './helpers/evening';

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

test('a hand above every tile of the set, and hands adding up above it, are refused', async ({
	page
}) => {
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	await page.getByRole('button', { name: 'Anna went out' }).click();
	await page.getByLabel('Cleo points').fill('4');
	// Double-12 without the engine 12|12: 1092 − 24 = 1068.
	await page.getByLabel('Ben points').fill('1069');
	await refused(page, id, /1,069 is more than every tile of the set is worth \(1,068\)/);
	await page.getByLabel('Ben points').fill('600');
	await page.getByLabel('Cleo points').fill('600');
	await refused(page, id, /The hands add up to 1,200, more than every tile of the set is worth/);
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

test('a round with no one out and not blocked, two out, or out and blocked is refused', async ({
	page
}) => {
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await page.getByLabel('Anna points').fill('3');
	await page.getByLabel('Ben points').fill('5');
	await page.getByLabel('Cleo points').fill('7');
	await refused(page, id, /Mark who went out, or mark the round as blocked/);

	await page.getByRole('button', { name: 'Anna went out' }).click();
	await page.getByRole('button', { name: 'Ben went out' }).click();
	await refused(page, id, /Only one player can go out in a round/);

	await page.getByRole('button', { name: 'Ben went out' }).click();
	await page.getByRole('button', { name: 'Blocked round' }).click();
	await refused(page, id, /either blocked or someone went out, not both/);

	// An empty tile list also means "went out": with Anna out, Cleo cannot be out too.
	await page.getByRole('button', { name: 'Blocked round' }).click();
	await enterTiles(page, 'Cleo', []);
	await refused(page, id, /Only one player can go out in a round/);
});

test('a player who went out holding tiles is refused', async ({ page }) => {
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	await enterTiles(page, 'Anna', ['9|4']);
	await page.getByRole('button', { name: 'Anna went out' }).click();
	await page.getByLabel('Ben points').fill('5');
	await page.getByLabel('Cleo points').fill('7');
	await refused(page, id, /A player who went out holds no tiles/);
});

test('no round is taken after the evening is over: schedule done, or ended', async ({ page }) => {
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

	const ended = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	await page.getByLabel('Ben points').fill('3');
	await openStandings(page);
	await page.getByRole('button', { name: 'End evening' }).click();
	// Asked first, in a dialog where the finger is.
	await page.getByRole('dialog').getByRole('button', { name: 'End evening' }).click();
	await expect(page.getByText('Winner: Anna, Ben', { exact: true })).toBeVisible();
	await page.getByRole('link', { name: 'Back to the round' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The evening is over.');
	await expect(page.getByRole('button', { name: 'Save round' })).toHaveCount(0);
	expect(await roundCount(page, ended)).toBe(0);
	// Ending the evening also dropped the half-typed round.
	const drafts = (await storedRows(page, 'drafts')) as { eveningId: string }[];
	expect(drafts.filter((d) => d.eveningId === ended)).toEqual([]);
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

test('a round saved in another tab moves this tab on once what was typed is dismissed, never carrying it', async ({
	page,
	context
}) => {
	const id = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	const other = await context.newPage();
	await other.goto(page.url());
	await expect(other.getByRole('heading', { level: 1 })).toHaveText('Round 1 of 13');
	await other.getByLabel('Ben points').fill('77');
	await playRound(page, 'Anna', { Ben: 9 });
	// What was typed there is kept and said (it belonged to the round now saved), until dismissed.
	await expect(other.getByRole('alert').first()).toContainText('was saved on another screen');
	await expect(other.getByLabel('Ben points')).toHaveValue('77');
	await other.getByRole('button', { name: 'Dismiss' }).click();
	await expect(other.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');
	await expect(other.getByLabel('Ben points')).toHaveValue('');
	expect(await roundCount(page, id)).toBe(1);
});

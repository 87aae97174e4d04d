// The live table and the score sheet are one round, and the evening's screens answer every tap
// where the finger is: the starter picked on the round screen is where the table's turn pointer
// starts and moves the rotation; End evening and Undo ask first, in a dialog on screen; after an
// undo the screen says what was removed; a typed address that names no round says so; every
// screen has a title of its own.
import { expect, test } from '@playwright/test';
import { roundCount, roundsOf } from './helpers/db';
import { collectErrors, newEvening, playRound } from './helpers/evening';
import { lookAt } from './helpers/shots';

test('the starter picked on the round screen starts the table and moves the rotation', async ({
	page
}) => {
	const errors = collectErrors(page);
	await page.goto('/new');
	await page.getByLabel('Player 1', { exact: true }).fill('Anna');
	await page.getByLabel('Player 2', { exact: true }).fill('Ben');
	await page.getByRole('button', { name: 'Add player' }).click();
	await page.getByLabel('Player 3', { exact: true }).fill('Cleo');
	await page.getByText('House rules', { exact: true }).click();
	await page.getByLabel('Who starts a round').selectOption({ label: 'Moves clockwise' });
	await page.getByRole('button', { name: 'Start evening' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 1 of 13');

	// Anna would start; the scorekeeper picks Ben.
	await expect(page.getByLabel('Starts').locator('option:checked')).toHaveText('Anna');
	await page.getByLabel('Starts').selectOption({ label: 'Ben' });
	await page.getByRole('link', { name: 'Table', exact: true }).click();
	await expect(page.getByLabel('Whose turn').locator('option:checked')).toHaveText('Ben');

	// The round is played; the next round starts with the seat after Ben, not after Anna.
	await page.getByRole('link', { name: 'End round' }).click();
	await playRound(page, 'Ben', { Anna: 5, Cleo: 8 });
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');
	await expect(page.getByLabel('Starts').locator('option:checked')).toHaveText('Cleo');
	await page.getByRole('link', { name: 'Table', exact: true }).click();
	await expect(page.getByLabel('Whose turn').locator('option:checked')).toHaveText('Cleo');
	expect(errors).toEqual([]);
});

test('Undo last round asks where the finger is, then says what it removed', async ({ page }) => {
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo', 'Dario'], 'swiss-jassshop');
	await playRound(page, 'Anna', { Ben: 10, Cleo: 4, Dario: 7 });
	// The standings are announced with "Saved" (one live status).
	await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
		'Leading: Anna, 0'
	);
	await playRound(page, 'Ben', { Anna: 1, Cleo: 2, Dario: 3 });

	// On the round screen, far down the page.
	const undo = page.getByRole('button', { name: 'Undo last round' });
	await undo.scrollIntoViewIfNeeded();
	await undo.click();
	const confirm = page.getByRole('dialog').getByRole('button', { name: 'Confirm' });
	await expect(confirm).toBeInViewport();
	await lookAt(page, { path: '/tmp/shots/undo-confirm.png' });
	await confirm.click();
	await expect(page.getByRole('status').filter({ hasText: 'Round 2 removed' })).toBeVisible();
	expect(await roundCount(page, id)).toBe(1);

	// The round removed is back in the form, to correct and save again: saved as it was.
	await expect(page.getByLabel('Anna points', { exact: true })).toHaveValue('1');
	await expect(page.getByLabel('Dario points', { exact: true })).toHaveValue('3');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
	expect(await roundCount(page, id)).toBe(2);

	// On the standings, after a correction: "corrected" does not stay once a round is removed.
	await page.getByRole('link', { name: 'Standings' }).click();
	await page.getByRole('link', { name: 'Edit round 1' }).click();
	await page.getByLabel('Ben points').fill('11');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Round 1 corrected' })).toBeVisible();
	await page.getByRole('button', { name: 'Undo last round' }).click();
	await expect(page.getByRole('dialog').getByRole('button', { name: 'Confirm' })).toBeInViewport();
	await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Round 2 removed' })).toBeVisible();
	await expect(page.getByText('Round 1 corrected')).toHaveCount(0);
	expect(await roundCount(page, id)).toBe(1);
});

test('an address that names no round says so in words; every screen has its own title', async ({
	page
}) => {
	const id = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	await expect(page).toHaveTitle('Round 1 of 13 · Anna, Ben – Caboose');
	await page.goto(`/evening/${id}/round/abc`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('No such round');
	await expect(page.getByText('NaN')).toHaveCount(0);
	await expect(page).toHaveTitle('No such round – Caboose');
	await page.goto(`/evening/${id}/round/7`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('No such round');
	await expect(page.getByRole('alert')).toHaveText('There is no saved round 7.');

	const titles: [string, string][] = [
		['/', 'Caboose'],
		['/new', 'New evening – Caboose'],
		['/evenings', 'Evenings – Caboose'],
		['/settings', 'Settings – Caboose'],
		[`/evening/${id}/standings`, 'Standings – Caboose'],
		[`/evening/${id}/table`, 'Table – Caboose']
	];
	for (const [path, title] of titles) {
		await page.goto(path);
		await expect(page).toHaveTitle(title);
	}
	// An evening that is not there is not "Loading…".
	await page.goto('/evening/not-an-evening');
	await expect(page.getByRole('alert')).toBeVisible();
	await expect(page).toHaveTitle('Evening not found – Caboose');
});

test('a plain last tile on the table ends the round, and End round opens the entry with that player out', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await page.getByRole('link', { name: 'Table', exact: true }).click();
	// Whoever holds the engine starts (003): the scorekeeper points at Anna.
	await page.getByLabel('Whose turn').selectOption({ label: 'Anna' });

	// Anna lays a tile; then Ben lays his last one on his train.
	const dialog = page.getByRole('dialog', { name: 'Tile played' });
	await page.getByRole('button', { name: 'Tile played' }).click();
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	await expect(dialog).toHaveCount(0);
	await expect(page.getByLabel('Whose turn').locator('option:checked')).toHaveText('Ben');
	await page.getByRole('button', { name: 'Tile played' }).click();
	await expect(
		dialog.getByLabel('Played by', { exact: true }).locator('option:checked')
	).toHaveText('Ben');
	await dialog.getByRole('checkbox', { name: "It was the player's last tile" }).check();
	await dialog.getByRole('button', { name: 'Confirm' }).click();

	await expect(
		page.getByRole('status').filter({ hasText: 'The round is over on the table.' })
	).toBeVisible();
	await expect(page.getByText('Ben played their last tile: the round is over.')).toBeVisible();
	await expect(page.getByRole('button', { name: 'Tile played' })).toHaveCount(0);
	await lookAt(page, { path: '/tmp/table-shots/table-last-tile-over.png', fullPage: true });

	await page.getByRole('link', { name: 'End round' }).click();
	await expect(page).toHaveURL(new RegExp(`/evening/${id}$`));
	const benOut = page.getByRole('button', { name: 'Ben went out', exact: true });
	await expect(benOut).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByRole('button', { name: 'Anna went out', exact: true })).toHaveAttribute(
		'aria-pressed',
		'false'
	);
	// Ben has no hand to enter; the others' hands save the round with Ben out.
	await expect(page.getByLabel('Ben points', { exact: true })).toBeDisabled();
	await playRound(page, 'Ben', { Anna: 7, Cleo: 12 });
	const [round] = await roundsOf(page, id);
	expect(round?.entry.out).not.toBeNull();
	expect(round?.entry.blocked).toBe(false);
	expect(Object.keys(round?.entry.hands ?? {})).toHaveLength(2);
	expect(errors).toEqual([]);
});

test('a last double that must still be covered: its player is passed over, then marked out', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await page.getByRole('link', { name: 'Table', exact: true }).click();
	await page.getByLabel('Whose turn').selectOption({ label: 'Anna' });

	// Anna's last tile is the double 5|5 on her train: under these rules it must still be covered.
	const dialog = page.getByRole('dialog', { name: 'Double played' });
	await page.getByRole('button', { name: 'Double played' }).click();
	await dialog.getByLabel('Train', { exact: true }).selectOption({ label: 'Anna' });
	await dialog.getByLabel('Double', { exact: true }).selectOption('5');
	await dialog.getByRole('checkbox', { name: "It was the player's last tile" }).check();
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	await expect(page.getByRole('alert')).toContainText("Double 5|5 on Anna's train must be covered");
	// Anna has nothing left to cover with: the turn passes to Ben, never back to her.
	await expect(page.getByLabel('Whose turn').locator('option:checked')).toHaveText('Ben');
	await page.getByRole('button', { name: 'Next player' }).click();
	await page.getByRole('button', { name: 'Next player' }).click();
	await expect(page.getByLabel('Whose turn').locator('option:checked')).toHaveText('Ben');

	await page.getByRole('button', { name: 'Covered', exact: true }).click();
	await expect(
		page.getByRole('status').filter({ hasText: 'The round is over on the table.' })
	).toBeVisible();
	await page.getByRole('link', { name: 'End round' }).click();
	await expect(page).toHaveURL(new RegExp(`/evening/${id}$`));
	await expect(page.getByRole('button', { name: 'Anna went out', exact: true })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	expect(errors).toEqual([]);
});

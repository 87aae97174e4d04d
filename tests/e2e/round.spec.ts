// The round screen at the table: recording a round fast, tiles through the picker, a draft that
// survives a reload, standings with the chart, editing and undoing rounds, and the end.
import { expect, test, type Page } from '@playwright/test';
import { roundCount, storedRows } from './helpers/db';
import { collectErrors, enterTiles, newEvening, openStandings, playRound } from './helpers/evening';
import { litPixels } from './helpers/chart';
import { openPlayed } from './helpers/seed';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/shots';

test('a 4-player round takes 5 actions besides the digits, and "Saved" means on disk', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo', 'Dario'], 'swiss-jassshop');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 1 of 13');
	await expect(page.getByRole('img', { name: 'Engine 12|12' })).toBeVisible();
	await expect(page.getByText('15 tiles each')).toBeVisible();

	// Every tap and every key other than a digit counts as an action.
	let actions = 0;
	const tap = async (name: string) => {
		actions++;
		await page.getByRole('button', { name, exact: true }).click();
	};
	const key = async (k: string) => {
		if (!/^\d$/.test(k)) actions++;
		await page.keyboard.press(k);
	};
	const digits = async (text: string) => {
		for (const d of text) await key(d);
	};

	await tap('Cleo went out');
	// The toggle keeps the focus (WCAG 3.2.2): the first hand to count is a tap of its own.
	await expect(page.getByRole('button', { name: 'Cleo went out' })).toBeFocused();
	actions++;
	await page.getByLabel('Anna points').click();
	await digits('12');
	await key('Enter');
	await expect(page.getByLabel('Ben points')).toBeFocused();
	await digits('30');
	await key('Enter');
	await expect(page.getByLabel('Dario points')).toBeFocused();
	await digits('7');
	await key('Enter');

	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	// "Saved" is shown only once the round is in IndexedDB.
	expect(await roundCount(page, id)).toBe(1);
	const [evening] = (await storedRows(page, 'evenings')) as {
		players: { id: string; name: string }[];
	}[];
	const idOf = (name: string) => evening!.players.find((p) => p.name === name)!.id;
	const [row] = (await storedRows(page, 'rounds')) as { entry: unknown }[];
	expect(row?.entry).toEqual({
		out: idOf('Cleo'),
		blocked: false,
		hands: { [idOf('Anna')]: 12, [idOf('Ben')]: 30, [idOf('Dario')]: 7 }
	});
	// The next round's entry is already on screen, with its own engine.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');
	await expect(page.getByRole('img', { name: 'Engine 11|11' })).toBeVisible();
	const standings = page.getByRole('table', { name: 'Standings' });
	await expect(standings.getByRole('row', { name: /Cleo/ })).toContainText('0');
	await expect(standings.getByRole('row', { name: /Ben/ })).toContainText('30');

	expect(actions).toBe(5);
	test
		.info()
		.annotations.push({ type: 'actions per 4-player round', description: String(actions) });
	console.log(`actions for one 4-player round (besides digits): ${actions}`);
	expect(errors).toEqual([]);
});

test('tiles and points mix; the picker shows faces and totals and keeps the engine and other hands out', async ({
	page
}) => {
	const errors = collectErrors(page);
	await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	// A rule that needs tile facts tells what a typed number must count.
	await expect(page.getByText('Count 0|0 as 50, each blank half as 25')).toBeVisible();
	await lookAt(page, { path: `${SHOTS}/round-entry.png` });

	await enterTiles(page, 'Anna', ['5|0', '0|0']);
	await expect(page.getByLabel('Anna points')).toHaveValue('80');
	await expect(page.getByText('2 tiles, 80 points')).toBeVisible();

	await page.getByRole('button', { name: 'Enter tiles for Ben', exact: true }).click();
	const dialog = page.getByRole('dialog');
	await expect(dialog.getByRole('heading', { name: 'Tiles of Ben' })).toBeVisible();
	// The engine 12|12 and Anna's tiles cannot be picked.
	await expect(dialog.getByRole('button', { name: '12|12', exact: true })).toBeDisabled();
	await expect(dialog.getByRole('button', { name: '5|0', exact: true })).toBeDisabled();
	await expect(dialog.getByRole('button', { name: '0|0', exact: true })).toBeDisabled();
	// Each tile shows its faces; its value under the rules is in the running total: 6|0 counts
	// 6 + 25.
	await expect(dialog.getByRole('button', { name: '6|0', exact: true })).toContainText('6|0');
	await dialog.getByRole('button', { name: '6|0', exact: true }).click();
	await expect(dialog.getByText('1 tile, 31 points')).toBeVisible();
	await dialog.getByRole('button', { name: '12|11', exact: true }).click();
	await expect(dialog.getByText('2 tiles, 54 points')).toBeVisible();
	await expect(dialog.getByRole('button', { name: '6|0', exact: true })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await lookAt(page, { path: `${SHOTS}/round-picker.png` });
	await dialog.getByRole('button', { name: 'Done' }).click();
	await expect(page.getByLabel('Ben points')).toHaveValue('54');

	await page.getByRole('button', { name: 'Cleo went out' }).click();
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');

	// Round 2 mixes: Anna by points, Ben by tiles, Cleo goes out with no tiles left.
	await page.getByLabel('Anna points').fill('17');
	await enterTiles(page, 'Ben', ['11|0']);
	await enterTiles(page, 'Cleo', []);
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();

	await page.getByRole('link', { name: 'Standings' }).click();
	const table = page.getByRole('table', { name: 'Standings' });
	await expect(table.getByRole('row', { name: /Anna/ })).toContainText('97');
	await expect(table.getByRole('row', { name: /Ben/ })).toContainText('90');
	await expect(table.getByRole('row', { name: /Cleo/ })).toContainText('0');
	expect(errors).toEqual([]);
});

/** Half a round, the tiles last: the picker's Done is the last thing before the reload. */
async function typeHalfARound(page: Page) {
	await page.getByRole('button', { name: 'Ben went out' }).click();
	await page.getByLabel('Anna points').fill('23');
	await page.getByLabel('Dario points').fill('4');
	await enterTiles(page, 'Cleo', ['9|4', '3|3']);
}

test('a reload in the middle of typing a round loses nothing, even at once', async ({ page }) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo', 'Dario'], 'swiss-station');
	await playRound(page, 'Anna', { Ben: 5, Cleo: 6, Dario: 7 });
	await typeHalfARound(page);
	// Reloaded the moment the picker closes: nothing waits for IndexedDB.
	await page.reload();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');
	await expect(page.getByLabel('Anna points')).toHaveValue('23');
	await expect(page.getByLabel('Dario points')).toHaveValue('4');
	await expect(page.getByRole('button', { name: 'Ben went out' })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect(page.getByLabel('Cleo points')).toHaveValue('19');
	expect(await roundCount(page, id)).toBe(1);
	// And the draft is in IndexedDB shortly after (no Save pressed).
	await expect.poll(async () => JSON.stringify(await storedRows(page, 'drafts'))).toContain('"4"');
	// A value typed and reloaded at once.
	await page.getByLabel('Anna points').fill('12');
	await page.reload();
	await expect(page.getByLabel('Anna points')).toHaveValue('12');

	// A tab killed while hidden: the draft is written when the page is hidden, not only later.
	await page.getByLabel('Dario points').fill('41');
	await page.evaluate(() => {
		Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
		document.dispatchEvent(new Event('visibilitychange'));
	});
	await expect.poll(async () => JSON.stringify(await storedRows(page, 'drafts'))).toContain('"41"');
	await page.reload();
	await expect(page.getByLabel('Dario points')).toHaveValue('41');

	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	// The saved round's draft is gone with the save.
	expect(await storedRows(page, 'drafts')).toEqual([]);
	await page.reload();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 3 of 13');
	await expect(page.getByLabel('Anna points')).toHaveValue('');
	expect(errors).toEqual([]);
});

test('standings: rank, total, gap, rounds won, chart; edit a round and the totals follow; undo', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await openPlayed(page, 'standings', ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop', [
		{ out: 'Anna', points: { Ben: 10, Cleo: 25 } },
		{ out: 'Ben', points: { Anna: 8, Cleo: 4 } },
		{ out: null, points: { Anna: 3, Ben: 9, Cleo: 1 } }
	]);

	await page.getByRole('link', { name: 'Standings' }).click();
	await expect(page).toHaveURL(new RegExp(`/evening/${id}/standings$`));
	const table = page.getByRole('table', { name: 'Standings' });
	// Anna 11, Ben 19, Cleo 30: rank, total, gap to the leader, rounds won (Cleo won the blocked one).
	await expect(table.getByRole('row', { name: /Anna/ })).toHaveText(/1\s*Anna\s*11\s*–\s*1/);
	await expect(table.getByRole('row', { name: /Ben/ })).toHaveText(/2\s*Ben\s*19\s*8\s*1/);
	await expect(table.getByRole('row', { name: /Cleo/ })).toHaveText(/3\s*Cleo\s*30\s*19\s*1/);
	const chart = page.getByRole('img', { name: 'Standings chart' });
	await expect(chart.locator('canvas')).toBeVisible();
	// Chart.js draws once the chart is near the viewport: scrolled to, it is not blank.
	await chart.scrollIntoViewIfNeeded();
	await expect.poll(() => litPixels(chart)).toBeGreaterThan(1000);
	await lookAt(page, { path: `${SHOTS}/round-standings.png`, fullPage: true });

	// Edit round 1: Ben had 20, not 10.
	await page.getByRole('link', { name: 'Edit round 1' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit round 1');
	await expect(page.getByLabel('Ben points')).toHaveValue('10');
	await expect(page.getByRole('button', { name: 'Anna went out' })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await page.getByLabel('Ben points').fill('20');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page).toHaveURL(/\/standings\?saved=1$/);
	await expect(page.getByText(/^Saved/)).toBeVisible();
	await expect(table.getByRole('row', { name: /Ben/ })).toContainText('29');
	expect(await roundCount(page, id)).toBe(3);

	// An edit the rules refuse changes nothing.
	await page.getByRole('link', { name: 'Edit round 2' }).click();
	await page.getByLabel('Anna points').fill('1.5');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('alert').first()).toContainText('whole number');
	await page.getByRole('link', { name: 'Standings' }).click();
	await expect(table.getByRole('row', { name: /Anna/ })).toContainText('11');

	// Undo the last round: asked first, then round 3 is gone and is the next round again.
	await page.getByRole('button', { name: 'Undo last round' }).click();
	await page.getByRole('button', { name: 'Confirm' }).click();
	await expect(page.getByRole('link', { name: 'Edit round 3' })).toHaveCount(0);
	expect(await roundCount(page, id)).toBe(2);
	await page.getByRole('link', { name: 'Back to the round' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 3 of 13');
	expect(errors).toEqual([]);
});

test('a cyclic evening runs until End evening, then names the winner and takes no round', async ({
	page
}) => {
	const errors = collectErrors(page);
	// Two rounds played (typing them is the other tests'), as the app stores them.
	const id = await openPlayed(page, 'cyclic', ['Anna', 'Ben', 'Cleo', 'Dario'], 'german-talon', [
		{ out: 'Dario', points: { Anna: 50, Ben: 12, Cleo: 30 } },
		{ out: 'Ben', points: { Anna: 5, Cleo: 30, Dario: 20 } }
	]);
	// Cyclic schedule: no "of N".
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 3');
	await openStandings(page);
	await page.getByRole('button', { name: 'End evening' }).click();
	// Asked first, in a dialog where the finger is.
	await page.getByRole('dialog').getByRole('button', { name: 'End evening' }).click();
	await expect(page.getByText('Winner: Ben', { exact: true })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Resume evening' })).toBeVisible();
	await lookAt(page, { path: `${SHOTS}/round-end-standings.png`, fullPage: true });

	await page.getByRole('link', { name: 'Back to the round' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The evening is over.');
	await expect(page.getByText('Winner: Ben', { exact: true })).toBeVisible();
	await expect(page.getByRole('button', { name: 'Save round' })).toHaveCount(0);
	await expect(page.getByLabel('Anna points')).toHaveCount(0);
	await lookAt(page, { path: `${SHOTS}/round-end-screen.png`, fullPage: true });
	expect(await roundCount(page, id)).toBe(2);
	expect(errors).toEqual([]);
});

test('End evening on the round screen: asked on screen first, then the winner said where the focus is; Resume brings the entry back', async ({
	page
}) => {
	// A small phone: the dialog must still be where the finger is.
	await page.setViewportSize({ width: 320, height: 568 });
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo', 'Dario'], 'german-talon');
	await playRound(page, 'Anna', { Ben: 3, Cleo: 4, Dario: 5 });
	await page.getByLabel('Ben points').fill('8');
	await page.getByRole('button', { name: 'End evening' }).click();
	const dialog = page.getByRole('dialog', { name: /End the evening now/ });
	await expect(dialog).toBeInViewport();
	await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
	await dialog.getByRole('button', { name: 'Cancel' }).click();
	await expect(dialog).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Save round' })).toBeVisible();
	await page.getByRole('button', { name: 'End evening' }).click();
	await dialog.getByRole('button', { name: 'End evening' }).click();
	const heading = page.getByRole('heading', { level: 1 });
	await expect(heading).toHaveText('The evening is over.');
	await expect(heading).toBeFocused();
	await expect(page.getByRole('status').filter({ hasText: 'Anna' })).toContainText('Winner: Anna');
	await expect(page.getByLabel('Ben points')).toHaveCount(0);
	const drafts = (await storedRows(page, 'drafts')) as { eveningId: string }[];
	expect(drafts.filter((d) => d.eveningId === id)).toEqual([]);
	await page.getByRole('button', { name: 'Resume evening' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2');
	// Resumed in the same tab, what was being typed is still there.
	await expect(page.getByLabel('Ben points')).toHaveValue('8');
	expect(await roundCount(page, id)).toBe(1);
});

test('deleting an evening asks first, then it is gone', async ({ page }) => {
	const id = await openPlayed(page, 'deleted', ['Anna', 'Ben'], 'swiss-jassshop', [
		{ out: 'Anna', points: { Ben: 3 } }
	]);
	await openStandings(page);
	await page.getByRole('button', { name: 'Delete evening' }).click();
	await page.getByRole('button', { name: 'Cancel' }).click();
	expect((await storedRows(page, 'evenings')).length).toBe(1);
	await page.getByRole('button', { name: 'Delete evening' }).click();
	await page.getByRole('button', { name: 'Confirm' }).click();
	await expect(page).toHaveURL(/\/$/);
	expect(await roundCount(page, id)).toBe(0);
	expect((await storedRows(page, 'evenings')).length).toBe(0);
});

test('the round screen speaks German, with German number formats', async ({ page }) => {
	const errors = collectErrors(page);
	// Set up in English, then the scorekeeper's phone switches to German.
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'de'));
	await page.goto(`/evening/${id}`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Runde 1 von 13');
	await expect(page.getByRole('img', { name: 'Anfangspasch 12|12' })).toBeVisible();
	await expect(page.getByText('Zählen: 0|0 als 50, jede leere Hälfte als 25')).toBeVisible();
	await page.getByRole('button', { name: 'Anna hat ausgemacht' }).click();
	await page.getByLabel('Ben Punkte').fill('1100');
	await page.getByLabel('Cleo Punkte').fill('4');
	await page.getByRole('button', { name: 'Runde speichern' }).click();
	// Possible under these rules but unusual: a warning, with the number in German digits.
	await expect(page.getByRole('alert').filter({ hasText: '1.100' })).toBeVisible();
	await lookAt(page, { path: `${SHOTS}/round-de-refusal.png` });
	await page.getByLabel('Ben Punkte').fill('12');
	await page.getByRole('button', { name: 'Runde speichern' }).click();
	await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Runde 2 von 13');

	// At 320 px the German "went out" toggle (Ausgemacht) leaves every points field room for a
	// three-digit hand, and the toggle stays beside it, not over it.
	await page.setViewportSize({ width: 320, height: 700 });
	for (const who of ['Anna', 'Ben', 'Cleo']) {
		const field = (await page.getByLabel(`${who} Punkte`).boundingBox())!;
		const toggle = (await page
			.getByRole('button', { name: `${who} hat ausgemacht` })
			.boundingBox())!;
		expect(field.width, who).toBeGreaterThanOrEqual(64);
		expect(toggle.x, who).toBeGreaterThanOrEqual(field.x + field.width);
	}
	await lookAt(page, { path: `${SHOTS}/round-de-320.png` });
	expect(errors).toEqual([]);
});

// The live table, driven as the scorekeeper does: a new evening through /new, the Table from the
// round screen, markers, the Mexican train, an open double, the knock, a reload in the middle,
// End round, and a clean table for the next round.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors, newEvening } from './helpers/evening';
import { cutsIn } from './helpers/print';
import { word, type Locale } from './helpers/words';
import { lookAt } from './helpers/shots';
import { tableTapsStored } from './helpers/db';

const pressed = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** A clean table: no marker, no knock, the Mexican train not started, no open double. */
async function expectCleanTable(page: Page, names: string[]): Promise<void> {
	for (const name of names) {
		await expect(pressed(page, `Marker on ${name}'s train`)).toHaveAttribute(
			'aria-pressed',
			'false'
		);
		await expect(pressed(page, `${name} has one tile left`)).toHaveAttribute(
			'aria-pressed',
			'false'
		);
	}
	await expect(pressed(page, 'Mexican train started')).toHaveAttribute('aria-pressed', 'false');
	await expect(page.getByRole('alert')).toHaveCount(0);
}

test('the live table: markers, Mexican train, an open double, the knock, reload, next round', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo', 'Dario'], 'cardinal-us');

	await page.getByRole('link', { name: 'Table', exact: true }).click();
	await expect(page).toHaveURL(new RegExp(`/evening/${id}/table$`));

	// A clean table.
	await expectCleanTable(page, ['Anna', 'Ben', 'Cleo', 'Dario']);
	await expect(page.getByRole('img', { name: 'Engine 12|12' })).toBeVisible();

	// Markers and the Mexican train: one tap each.
	await pressed(page, "Marker on Ben's train").click();
	await expect(pressed(page, "Marker on Ben's train")).toHaveAttribute('aria-pressed', 'true');
	await pressed(page, 'Mexican train started').click();
	await expect(pressed(page, 'Mexican train started')).toHaveAttribute('aria-pressed', 'true');

	// A double on Ben's train: everyone must cover it.
	await page.getByRole('button', { name: 'Double played' }).click();
	const dialog = page.getByRole('dialog');
	// Page-wide labels are unique: no spoke or dialog name answers to "Train" or "Double".
	await page.getByLabel('Train').selectOption({ label: 'Ben' });
	await page.getByLabel('Double').selectOption('9');
	// Anna lays it: Ben's train is open (his marker), and only Ben playing there takes it off.
	await dialog.getByLabel('Played by').selectOption({ label: 'Anna' });
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	await expect(dialog).toHaveCount(0);
	await expect(pressed(page, "Marker on Ben's train")).toHaveAttribute('aria-pressed', 'true');
	const alert = page.getByRole('alert');
	await expect(alert).toContainText("Double 9|9 on Ben's train must be covered");
	await expect(alert).toContainText('nobody plays elsewhere');
	await expect(page.getByText('Cover the double 9|9')).toBeVisible();

	// The knock, and a forgotten one: cardinal-us says draw 2.
	await pressed(page, 'Cleo has one tile left').click();
	await expect(pressed(page, 'Cleo has one tile left')).toHaveAttribute('aria-pressed', 'true');
	await page.getByRole('button', { name: 'Forgot to knock: Dario' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'draw 2' })).toContainText(
		'Dario forgot to knock: draw 2'
	);

	await lookAt(page, { path: '/tmp/shots/table-open-double.png', fullPage: true });
	await lookAt(page.locator('svg.station'), { path: '/tmp/shots/table-station-double.png' });

	// A reload (or a killed tab) loses nothing once the taps are written (a frame after each).
	await tableTapsStored(page, 5);
	await page.reload();
	await expect(page.getByRole('alert')).toContainText("Double 9|9 on Ben's train must be covered");
	await expect(pressed(page, "Marker on Ben's train")).toHaveAttribute('aria-pressed', 'true');
	await expect(pressed(page, 'Mexican train started')).toHaveAttribute('aria-pressed', 'true');
	await expect(pressed(page, 'Cleo has one tile left')).toHaveAttribute('aria-pressed', 'true');
	await expect(pressed(page, "Marker on Anna's train")).toHaveAttribute('aria-pressed', 'false');

	// Who cannot cover is asked for when the turn pointer is hidden.
	await expect(page.getByLabel('Who is playing')).toBeVisible();

	// Covered clears it; Undo brings it back; Covered again.
	await page.getByRole('button', { name: 'Covered' }).click();
	await expect(page.getByRole('alert')).toHaveCount(0);
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByRole('alert')).toContainText("Double 9|9 on Ben's train must be covered");
	await page.getByRole('button', { name: 'Covered' }).click();
	await expect(page.getByRole('alert')).toHaveCount(0);

	// End round opens this round's score entry.
	await page.getByRole('link', { name: 'End round' }).click();
	await expect(page).toHaveURL(new RegExp(`/evening/${id}$`));
	await expect(page.getByRole('heading', { name: /Round 1 of 13/ })).toBeVisible();
	await page.getByRole('button', { name: 'Cleo went out' }).click();
	await page.getByLabel('Anna points').fill('12');
	await page.getByLabel('Ben points').fill('30');
	await page.getByLabel('Dario points').fill('7');
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByRole('heading', { name: /Round 2 of 13/ })).toBeVisible();

	// The next round starts with a clean table.
	await page.getByRole('link', { name: 'Table', exact: true }).click();
	await expect(page.getByRole('img', { name: 'Engine 11|11' })).toBeVisible();
	await expectCleanTable(page, ['Anna', 'Ben', 'Cleo', 'Dario']);
	await lookAt(page, { path: '/tmp/shots/table-round-2.png', fullPage: true });
	expect(errors).toEqual([]);
});

test('who cannot cover draws one, then places a marker; the turn moves on; the picker knows the double is laid', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await page.goto(`/evening/${id}/table`);

	await page.getByLabel('Whose turn').selectOption({ label: 'Ben' });
	await page.getByRole('button', { name: 'Double played' }).click();
	const dialog = page.getByRole('dialog');
	await dialog.getByLabel('Train').selectOption({ label: 'Mexican train' });
	await dialog.getByLabel('Double', { exact: true }).selectOption('12');
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	// The engine is 12|12: refused next to the fields, nothing stored.
	await expect(dialog.getByRole('alert')).toContainText('That double is the engine');
	await dialog.getByLabel('Double', { exact: true }).selectOption('5');
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	// Accepted: the dialog closes with its earlier refusal.
	await expect(dialog).toBeHidden();
	await expect(page.getByRole('alert')).toContainText(
		'Double 5|5 on the Mexican train must be covered'
	);

	// Ben cannot cover his own double: draw one, then the marker.
	await page.getByRole('button', { name: 'Cannot cover (Ben)' }).click();
	await expect(page.getByText('Ben cannot cover: draw one tile.')).toBeVisible();
	await lookAt(page, { path: '/tmp/shots/table-draw-one.png' });
	await page.getByRole('button', { name: 'Still cannot cover (Ben)' }).click();
	await expect(pressed(page, "Marker on Ben's train")).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByLabel('Whose turn')).toHaveValue(/.+/);
	await expect(page.getByRole('button', { name: 'Cannot cover (Cleo)' })).toBeVisible();

	// A tile on a closed train is refused while the double is open.
	await page.getByRole('button', { name: 'Tile played' }).click();
	await dialog.getByLabel('Train').selectOption({ label: 'Anna' });
	await dialog.getByLabel('Played by').selectOption({ label: 'Cleo' });
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	await expect(dialog.getByRole('alert')).toContainText('An open double must be covered first');
	await dialog.getByRole('button', { name: 'Cancel' }).click();

	// Cleo covers it: the turn moves to the player after her (Anna).
	await page.getByRole('button', { name: 'Covered' }).click();
	await expect(page.getByRole('alert')).toHaveCount(0);
	await expect(page.getByLabel('Whose turn').locator('option:checked')).toHaveText('Anna');
	await lookAt(page, { path: '/tmp/shots/table-after-cover.png', fullPage: true });

	// The 5|5 lies on the table: the tile picker greys it out like the engine (issue 46).
	await page.getByRole('link', { name: 'End round' }).click();
	await page.getByRole('button', { name: 'Enter tiles for Anna', exact: true }).click();
	const picker = page.getByRole('dialog');
	await expect(picker.getByRole('button', { name: '5|5', exact: true })).toBeDisabled();
	await expect(picker.getByRole('button', { name: '5|5', exact: true })).toHaveAttribute(
		'title',
		'on the table'
	);
	await expect(picker.getByRole('button', { name: '12|12', exact: true })).toBeDisabled();
	await expect(picker.getByRole('button', { name: '5|4', exact: true })).toBeEnabled();
	expect(errors).toEqual([]);
});

test('German, Italian rules: two Mexican trains, two open doubles in reverse order, a last double', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(
		page,
		['Anna', 'Ben', 'Maximiliane', 'Dario', 'Eve'],
		'italian-elimination'
	);
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'de'));
	await page.goto(`/evening/${id}/table`);
	await expect(page.getByRole('heading', { name: 'Tisch' })).toBeVisible();

	await pressed(page, 'Mexikanischer Zug begonnen').click();
	await page.getByRole('button', { name: 'Weiterer mexikanischer Zug' }).click();
	await page.getByLabel('Wer ist an der Reihe').selectOption({ label: 'Ben' });
	await pressed(page, 'Maximiliane hat geklopft (1 Stein)').click();
	await pressed(page, 'Marker auf dem Zug von Dario').click();

	// Ben lays 9|9 on his train and, playing again (004), 4|4 on the Mexican train.
	const dialog = page.getByRole('dialog');
	await page.getByRole('button', { name: 'Pasch gelegt' }).click();
	await dialog.getByLabel('Zug', { exact: true }).selectOption({ label: 'Ben' });
	await dialog.getByLabel('Pasch', { exact: true }).selectOption('9');
	await dialog.getByRole('button', { name: 'Bestätigen' }).click();
	await page.getByRole('button', { name: 'Pasch gelegt' }).click();
	await dialog.getByLabel('Zug', { exact: true }).selectOption({ label: 'Mexikanischer Zug' });
	await dialog.getByLabel('Pasch', { exact: true }).selectOption('4');
	await dialog.getByRole('button', { name: 'Bestätigen' }).click();
	await expect(page.getByRole('alert')).toContainText(
		'Pasch 4|4 auf dem mexikanischen Zug muss bedient werden'
	);
	await expect(page.getByText('Danach: Pasch 9|9 auf dem Zug von Ben')).toBeVisible();
	await lookAt(page, { path: '/tmp/shots/table-de-two-doubles.png', fullPage: true });
	await lookAt(page.locator('svg.station'), { path: '/tmp/shots/table-de-station.png' });

	// Reverse order: 4|4 first, then 9|9.
	await page.getByRole('button', { name: 'Bedient', exact: true }).click();
	await expect(page.getByRole('alert')).toContainText(
		'Pasch 9|9 auf dem Zug von Ben muss bedient werden'
	);
	await page.getByRole('button', { name: 'Bedient', exact: true }).click();
	await expect(page.getByRole('alert')).toHaveCount(0);

	// A last tile that is a double ends the round at once (004).
	await page.getByRole('button', { name: 'Pasch gelegt' }).click();
	await dialog.getByLabel('Zug', { exact: true }).selectOption({ label: 'Maximiliane' });
	await dialog.getByLabel('Pasch', { exact: true }).selectOption('2');
	await dialog.getByLabel('Gelegt von').selectOption({ label: 'Maximiliane' });
	await dialog.getByLabel('Es war der letzte Stein').check();
	await dialog.getByRole('button', { name: 'Bestätigen' }).click();
	await expect(
		page.getByRole('status').filter({ hasText: 'Die Runde ist auf dem Tisch beendet.' })
	).toBeVisible();
	await expect(page.getByRole('alert')).toHaveCount(0);
	await lookAt(page, { path: '/tmp/shots/table-de-round-over.png', fullPage: true });
	await page.getByRole('link', { name: 'Runde beenden' }).click();
	await expect(page).toHaveURL(new RegExp(`/evening/${id}$`));
	expect(errors).toEqual([]);
});

test('ten players fit on the station; a voluntary marker where the rules allow it', async ({
	page
}) => {
	const errors = collectErrors(page);
	const names = [
		'Anna',
		'Bartholomew',
		'Cleo',
		'Dario',
		'Eve',
		'Federica',
		'Gus',
		'Hannelore',
		'Ivo',
		'Jo'
	];
	const id = await newEvening(page, names, 'swiss-jassshop');
	await page.goto(`/evening/${id}/table`);
	const station = page.getByRole('group', { name: 'The station' });
	const frame = (await station.boundingBox())!;
	expect(frame.x + frame.width).toBeLessThanOrEqual(390);
	for (const name of names) {
		const spoke = page.getByRole('button', { name: `Marker on ${name}'s train`, exact: true });
		const box = (await spoke.boundingBox())!;
		// Every spoke is a big target inside the drawing.
		expect(box.width * box.height).toBeGreaterThan(44 * 44);
		expect(box.x).toBeGreaterThanOrEqual(frame.x - 1);
		expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
	}
	await page.getByRole('button', { name: "Marker on Hannelore's train" }).click();
	await expect(pressed(page, "Marker on Hannelore's train")).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	// 000 does not allow opening by choice, and never mentions knocking.
	await expect(page.getByRole('button', { name: /opens the train by choice/ })).toHaveCount(0);
	await page.getByRole('button', { name: 'Forgot to knock: Gus' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Gus forgot' })).toContainText(
		'no penalty'
	);
	await lookAt(page.locator('svg.station'), { path: '/tmp/shots/table-ten-players.png' });

	// 001 (swiss-station) lets a player open their own train by choice; forgetting to knock: draw 1.
	const id2 = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-station');
	await page.goto(`/evening/${id2}/table`);
	await page.getByRole('button', { name: 'Ben opens the train by choice' }).click();
	await expect(pressed(page, "Marker on Ben's train")).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByRole('button', { name: 'Ben opens the train by choice' })).toHaveCount(0);
	await page.getByRole('button', { name: 'Forgot to knock: Cleo' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Cleo forgot' })).toContainText('draw 1');
	expect(errors).toEqual([]);
});

test('a second tab sees each tap, and a closed tab loses nothing', async ({ page, context }) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben'], 'cardinal-us');
	await page.goto(`/evening/${id}/table`);
	const other = await context.newPage();
	await other.goto(`/evening/${id}/table`);
	await expect(pressed(other, "Marker on Anna's train")).toHaveAttribute('aria-pressed', 'false');

	await pressed(page, "Marker on Anna's train").click();
	await expect(pressed(other, "Marker on Anna's train")).toHaveAttribute('aria-pressed', 'true');
	await pressed(other, 'Ben has one tile left').click();
	await expect(pressed(page, 'Ben has one tile left')).toHaveAttribute('aria-pressed', 'true');

	// Close both tabs; a fresh one finds the table as it was.
	await page.close();
	await other.close();
	const fresh = await context.newPage();
	await fresh.goto(`/evening/${id}/table`);
	await expect(pressed(fresh, "Marker on Anna's train")).toHaveAttribute('aria-pressed', 'true');
	await expect(pressed(fresh, 'Ben has one tile left')).toHaveAttribute('aria-pressed', 'true');
	expect(errors).toEqual([]);
});

// The starter picked on the round screen is kept in the round's draft, which the table reads
// before it points at whose turn it is: while it reads, the table never says the evening is over.
test('the table starts at the starter picked on the round screen, and never says the evening is over on its way there', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await page.goto(`/evening/${id}/table`);
	await expect(page.getByRole('button', { name: 'Tile played' })).toBeVisible();

	await page.goto(`/evening/${id}`);
	await page.getByLabel('Starts').selectOption({ label: 'Ben' });
	// Kept once another tab reads the pick back from the draft.
	const other = await page.context().newPage();
	await expect(async () => {
		await other.goto(`/evening/${id}`);
		await expect(other.getByLabel('Starts').locator('option:checked')).toHaveText('Ben', {
			timeout: 2000
		});
	}).toPass();
	await other.close();

	await page.goto(`/evening/${id}/table`);
	await expect(page.getByLabel('Whose turn').locator('option:checked')).toHaveText('Ben');
	await expect(page.getByText('The evening is over', { exact: false })).toHaveCount(0);
	expect(errors).toEqual([]);
});

/** A German family at the live table (issue 46): German Talon, five players. */
const FAMILY = ['Oma', 'Opa', 'Mama', 'Papa', 'Lena'];

async function familyTable(page: Page): Promise<string> {
	const id = await newEvening(page, FAMILY, 'german-talon');
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'de'));
	await page.goto(`/evening/${id}/table`);
	await expect(page.getByRole('heading', { name: 'Tisch' })).toBeVisible();
	return id;
}

test('Stein gelegt moves the turn on and says so; Nächster Spieler right after says who was skipped, and one tap takes it back', async ({
	page
}) => {
	const errors = collectErrors(page);
	await familyTable(page);
	const turn = page.getByLabel('Wer ist an der Reihe');
	await turn.selectOption({ label: 'Opa' });

	const dialog = page.getByRole('dialog', { name: 'Stein gelegt' });
	const laid = page.getByRole('button', { name: 'Stein gelegt' });
	await laid.click();
	await dialog.getByRole('button', { name: 'Bestätigen' }).click();
	await expect(dialog).toHaveCount(0);
	// The focus is back on the button that opened the dialog.
	await expect(laid).toBeFocused();
	const moved = page.getByRole('status').filter({ hasText: 'dran' });
	await expect(moved).toHaveText('Opa hat einen Stein gelegt: jetzt ist Mama dran.');
	await expect(turn.locator('option:checked')).toHaveText('Mama');

	// As on paper, the scorekeeper also presses Nächster Spieler: Mama is skipped, and told.
	const next = page.getByRole('button', { name: 'Nächster Spieler' });
	await next.click();
	await expect(turn.locator('option:checked')).toHaveText('Papa');
	await expect(moved).toContainText('Für Mama ist kein Stein eingetragen: jetzt ist Papa dran.');
	await expect(moved).toContainText('„Stein gelegt“ gibt schon weiter: Mama wurde übersprungen.');
	await lookAt(page, { path: '/tmp/shots/table-de-skipped.png', fullPage: true });

	// One tap puts the turn back (here by keyboard, with its outline: the note comes after the
	// buttons tapped turn after turn, Stein gelegt and Pasch gelegt); the note goes, the focus
	// goes back to Nächster Spieler.
	await expect(next).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(laid).toBeFocused();
	await page.keyboard.press('Tab');
	await expect(page.getByRole('button', { name: 'Pasch gelegt' })).toBeFocused();
	await page.keyboard.press('Tab');
	const back = page.getByRole('button', { name: 'Zurück zu Mama' });
	await expect(back).toBeFocused();
	expect(await back.evaluate((b) => getComputedStyle(b).outlineStyle)).toBe('solid');
	await page.keyboard.press('Enter');
	await expect(turn.locator('option:checked')).toHaveText('Mama');
	await expect(moved).toHaveCount(0);
	await expect(next).toBeFocused();
	expect(errors).toEqual([]);
});

// At 200 % zoom (195 px) the table keeps every word whole in every language: the head, the turn bar
// with its note about a skipped player, and once a player is out, the round's end, What now and
// the players' buttons ("Rückgän gig", "übersprun gen.", "Runde beende n", "Et maintenan t").
test('at 195 px the table keeps every word whole, in every language, in play and once a player is out', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await familyTable(page);
	await page.getByLabel('Wer ist an der Reihe').selectOption({ label: 'Opa' });
	await pressed(page, 'Lena hat geklopft (1 Stein)').click();
	const dialog = page.getByRole('dialog', { name: 'Stein gelegt' });
	await page.getByRole('button', { name: 'Stein gelegt' }).click();
	await dialog.getByRole('button', { name: 'Bestätigen' }).click();
	await page.getByRole('button', { name: 'Nächster Spieler' }).click();
	await expect(page.getByRole('button', { name: 'Zurück zu Mama' })).toBeVisible();
	// A tap shows at once and is written a moment later: each load below comes after the write.
	await tableTapsStored(page, 4);
	const shown = 'h1, h2, h3, p, button, .button, label';
	const wordsWhole = async (state: string, ready: (locale: Locale) => Locator) => {
		for (const locale of ['en', 'de', 'fr', 'it'] as const) {
			await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
			await page.goto(`/evening/${id}/table`);
			await expect(ready(locale)).toBeVisible();
			expect.soft(await cutsIn(page.locator('main'), shown), `${state}, ${locale}`).toEqual([]);
		}
	};
	await page.setViewportSize({ width: 195, height: 844 });
	await wordsWhole('in play', (locale) =>
		page.getByRole('button', { name: word(locale, 'table_turn_back', { name: 'Mama' }) })
	);

	// Mama lays her last tile.
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'de'));
	await page.goto(`/evening/${id}/table`);
	await page.getByRole('button', { name: 'Zurück zu Mama' }).click();
	await page.getByRole('button', { name: 'Stein gelegt' }).click();
	await dialog.getByLabel('Es war der letzte Stein').check();
	await dialog.getByRole('button', { name: 'Bestätigen' }).click();
	await tableTapsStored(page, 6);
	await wordsWhole('out', (locale) =>
		page.getByRole('status').filter({ hasText: word(locale, 'table_round_over') })
	);
	expect(errors).toEqual([]);
});

test('once a player goes out the wheel stops: it shows her out, her badge goes, no more turns or knocks', async ({
	page
}) => {
	const errors = collectErrors(page);
	const id = await familyTable(page);
	const station = page.getByRole('group', { name: 'Der Bahnhof' });
	await page.getByLabel('Wer ist an der Reihe').selectOption({ label: 'Oma' });
	await pressed(page, 'Oma hat geklopft (1 Stein)').click();
	await pressed(page, 'Lena hat geklopft (1 Stein)').click();
	await expect(station.getByText('1 Stein')).toHaveCount(2);

	// Oma lays her last tile.
	const dialog = page.getByRole('dialog', { name: 'Stein gelegt' });
	await page.getByRole('button', { name: 'Stein gelegt' }).click();
	await dialog.getByLabel('Es war der letzte Stein').check();
	await dialog.getByRole('button', { name: 'Bestätigen' }).click();
	await expect(
		page.getByRole('status').filter({ hasText: 'Die Runde ist auf dem Tisch beendet.' })
	).toBeVisible();

	// The wheel shows who went out; Lena still holds her one tile; nobody has the turn.
	await expect(station.getByText('Ausgemacht')).toBeVisible();
	await expect(station.getByText('1 Stein')).toHaveCount(1);
	await expect(station.getByText('▶')).toHaveCount(0);
	await expect(pressed(page, 'Oma hat geklopft (1 Stein)')).toHaveAttribute(
		'aria-pressed',
		'false'
	);
	// The pointer stays with Oma and moves no more; no knock, no marker is taken.
	await expect(page.getByLabel('Wer ist an der Reihe').locator('option:checked')).toHaveText('Oma');
	await expect(page.getByLabel('Wer ist an der Reihe')).toBeDisabled();
	await expect(page.getByRole('button', { name: 'Nächster Spieler' })).toBeDisabled();
	await expect(page.getByRole('status').filter({ hasText: 'dran' })).toHaveCount(0);
	for (const name of FAMILY) {
		await expect(pressed(page, `${name} hat geklopft (1 Stein)`)).toBeDisabled();
		await expect(page.getByRole('button', { name: `Klopfen vergessen: ${name}` })).toBeDisabled();
		await expect(pressed(page, `Marker auf dem Zug von ${name}`)).toHaveAttribute(
			'aria-disabled',
			'true'
		);
	}
	await pressed(page, 'Marker auf dem Zug von Opa').click({ force: true });
	await expect(pressed(page, 'Marker auf dem Zug von Opa')).toHaveAttribute(
		'aria-pressed',
		'false'
	);
	await expect(page.getByRole('alert')).toHaveCount(0);
	await lookAt(page, { path: '/tmp/shots/table-de-out.png', fullPage: true });

	await page.getByRole('link', { name: 'Runde beenden' }).first().click();
	await expect(page).toHaveURL(new RegExp(`/evening/${id}$`));
	await expect(
		page.getByRole('button', { name: 'Oma hat ausgemacht', exact: true })
	).toHaveAttribute('aria-pressed', 'true');
	expect(errors).toEqual([]);
});

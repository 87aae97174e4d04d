import { expect, test, type Page } from '@playwright/test';
import { lookAt } from './helpers/shots';

// The New evening screen at phone size: seats, rules, the plain-words summary, house rules, every
// setup refusal of RULES.md (shown with role="alert", nothing stored), and the Language choice.

const SHOTS = '/tmp/shots';

/** Every row of one store of the app's database, read with plain IndexedDB. */
async function storedRows(page: Page, store: string): Promise<Record<string, unknown>[]> {
	return page.evaluate(async (store) => {
		const db: IDBDatabase = await new Promise((resolve, reject) => {
			const req = indexedDB.open('caboose');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		try {
			if (!db.objectStoreNames.contains(store)) return [];
			return await new Promise<Record<string, unknown>[]>((resolve, reject) => {
				const req = db.transaction(store).objectStore(store).getAll();
				req.onsuccess = () => resolve(req.result as Record<string, unknown>[]);
				req.onerror = () => reject(req.error);
			});
		} finally {
			db.close();
		}
	}, store);
}

function watchErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('console', (msg) => {
		if (msg.type() === 'error') errors.push(msg.text());
	});
	page.on('pageerror', (err) => errors.push(err.message));
	return errors;
}

async function openSetup(page: Page) {
	await page.goto('/');
	await page.getByRole('link', { name: 'New evening' }).click();
	await expect(page).toHaveURL(/\/new$/);
	await expect(page.getByRole('heading', { level: 1, name: 'New evening' })).toBeVisible();
}

/** Types the names seat by seat with Enter, as a scorekeeper would. */
async function typePlayers(page: Page, names: string[]) {
	for (const [i, name] of names.entries()) {
		const field = page.getByLabel(`Player ${i + 1}`, { exact: true });
		await field.fill(name);
		if (i < names.length - 1) await field.press('Enter');
	}
}

test('home offers New evening, Evenings and Settings', async ({ page }) => {
	const errors = watchErrors(page);
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1, name: 'Caboose' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'New evening' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Evenings' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
	// No evening yet: nothing to continue.
	await expect(page.getByRole('link', { name: /Continue/ })).toHaveCount(0);
	await lookAt(page, { path: `${SHOTS}/setup-home.png` });
	expect(errors).toEqual([]);
});

test('Enter adds the next seat; seats can be moved and removed', async ({ page }) => {
	await openSetup(page);
	await expect(page.getByRole('textbox', { name: /^Player \d+$/ })).toHaveCount(2);
	await expect(page.getByRole('button', { name: 'Add player' })).toBeVisible();

	const first = page.getByLabel('Player 1', { exact: true });
	await first.fill('Anna');
	await first.press('Enter');
	await expect(page.getByLabel('Player 2', { exact: true })).toBeFocused();
	await page.keyboard.type('Ben');
	await page.keyboard.press('Enter');
	// Enter after the last filled seat adds a seat and puts the cursor in it.
	await expect(page.getByLabel('Player 3', { exact: true })).toBeFocused();
	await page.keyboard.type('Cleo');
	await page.keyboard.press('Enter');
	await expect(page.getByLabel('Player 4', { exact: true })).toBeFocused();
	// Enter in an empty last seat adds nothing more.
	await page.keyboard.press('Enter');
	await expect(page.getByRole('textbox', { name: /^Player \d+$/ })).toHaveCount(4);

	await page.getByRole('button', { name: 'Move seat 3 up' }).click();
	await expect(page.getByLabel('Player 2', { exact: true })).toHaveValue('Cleo');
	await expect(page.getByLabel('Player 3', { exact: true })).toHaveValue('Ben');
	await page.getByRole('button', { name: 'Move seat 1 down' }).click();
	await expect(page.getByLabel('Player 1', { exact: true })).toHaveValue('Cleo');
	await expect(page.getByLabel('Player 2', { exact: true })).toHaveValue('Anna');
	await page.getByRole('button', { name: 'Remove seat 4' }).click();
	await expect(page.getByRole('textbox', { name: /^Player \d+$/ })).toHaveCount(3);

	// Add player up to ten seats, then the table is full.
	for (let n = 4; n <= 10; n++) await page.getByRole('button', { name: 'Add player' }).click();
	await expect(page.getByLabel('Player 10', { exact: true })).toBeFocused();
	await expect(page.getByRole('button', { name: 'Add player' })).toBeDisabled();
	await expect(page.getByText('The table is full: at most 10 players.')).toBeVisible();
});

test('ten players by keyboard in French at 320 px: Enter at the cap says so, and no name is added to player 10', async ({
	page
}) => {
	await page.setViewportSize({ width: 320, height: 568 });
	await page.goto('/');
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'fr'));
	await page.goto('/new');
	await page.getByLabel('Joueur 1', { exact: true }).focus();
	for (let n = 1; n <= 10; n++) {
		await expect(page.getByLabel(`Joueur ${n}`, { exact: true })).toBeFocused();
		await page.keyboard.type(`P${n}`);
		await page.keyboard.press('Enter');
	}
	// At the cap Enter moves to the sentence that says it, away from the last name.
	const full = page.getByText('La table est complète\u202f: 10 joueurs au plus.');
	await expect(full).toBeFocused();
	// In view, above the sticky Start evening bar.
	const start = page.getByRole('button', { name: 'Commencer la soirée' });
	await expect
		.poll(async () => (await full.boundingBox())!.y + (await full.boundingBox())!.height)
		.toBeLessThanOrEqual((await start.boundingBox())!.y);
	await page.keyboard.type('P11');
	await expect(page.getByLabel('Joueur 10', { exact: true })).toHaveValue('P10');
	await expect(page.getByRole('textbox', { name: /^Joueur \d+$/ })).toHaveCount(10);
	await lookAt(page, { path: `${SHOTS}/setup-ten-fr-320.png` });
});

test('Enter after the last name adds an empty seat that Start evening leaves out', async ({
	page
}) => {
	await openSetup(page);
	await typePlayers(page, ['Anna', 'Ben']);
	await page.getByLabel('Player 2', { exact: true }).press('Enter');
	await expect(page.getByLabel('Player 3', { exact: true })).toBeFocused();
	await page.getByRole('button', { name: 'Start evening' }).click();
	await expect(page).toHaveURL(/\/evening\//);
	const evenings = await storedRows(page, 'evenings');
	expect(evenings.map((e) => (e.players as { name: string }[]).map((p) => p.name))).toEqual([
		['Anna', 'Ben']
	]);
});

test('the summary says what the preset means for this table', async ({ page }) => {
	await openSetup(page);
	const rules = page.getByLabel('Rules', { exact: true });
	await expect(rules).toHaveValue('swiss-jassshop');
	const values = await rules
		.locator('option')
		.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
	expect(values).toEqual([
		'swiss-jassshop',
		'swiss-station',
		'german-talon',
		'cardinal-us',
		'italian-elimination'
	]);

	const summary = page.getByRole('region', { name: 'At your table' });
	await expect(summary).toContainText('2 players: each takes 15 tiles.');
	await expect(summary).toContainText('Engines 12|12 down to 0|0: 13 rounds.');
	await expect(summary).toContainText('A tile counts its pips: 12|5 = 17.');
	await expect(summary).toContainText('Penalty points: the lowest total wins.');

	await typePlayers(page, ['Anna', 'Ben', 'Cleo', 'Dario', 'Emil']);
	await expect(summary).toContainText('5 players: each takes 12 tiles.');

	await rules.selectOption('cardinal-us');
	await expect(summary).toContainText('5 players: each takes 11 tiles.');
	await expect(summary).toContainText('each blank half 25: 5|0 = 30.');
	await expect(summary).toContainText('The double blank 0|0 counts 50.');
	await expect(summary).toContainText('no knock: draw 2.');

	await rules.selectOption('german-talon');
	await expect(summary).toContainText('5 players: each takes 14 tiles.');
	await expect(summary).toContainText(
		'Engines 12|12 down to 0|0, then again from 12|12: the evening goes on until you end it.'
	);
	await expect(summary).toContainText('Every double counts 50.');

	await rules.selectOption('italian-elimination');
	await expect(summary).toContainText('A blocked round scores nothing for anyone');
	await expect(summary).toContainText(
		'Whoever reaches 100 points is out of the evening; the last player left wins.'
	);
	await expect(summary).toContainText('The double blank 0|0 counts 10.');
});

test('house rules change the summary and only changed knobs are stored', async ({ page }) => {
	const errors = watchErrors(page);
	await openSetup(page);
	await typePlayers(page, ['Anna', 'Ben', 'Cleo']);
	await page.getByLabel('Rules', { exact: true }).selectOption('cardinal-us');

	await page.getByText('House rules').click();
	const summary = page.getByRole('region', { name: 'At your table' });
	await page.getByLabel('Each blank half counts').fill('5');
	await expect(summary).toContainText('each blank half 5: 5|0 = 10.');
	await page.getByLabel('Doubles count').selectOption('2');
	await expect(summary).toContainText('A double counts twice its pips: 6|6 = 24.');
	await page.getByLabel('Rounds to play').fill('7');
	await expect(summary).toContainText('Engines 12|12 down to 6|6: 7 rounds.');
	await page.getByLabel('Engine schedule').selectOption('custom');
	await page.getByLabel('Engines in order').fill('12, 10, 8');
	await expect(summary).toContainText('Every other engine, 12|12 down to 8|8: 3 rounds.');
	await page.getByLabel('Engines in order').fill('12, 9, 3, 3');
	await expect(summary).toContainText('Engines 12|12, 9|9, 3|3, 3|3: 4 rounds.');
	await page.getByLabel('Engines in order').fill('12 10 8');
	await page.getByLabel('Going-out bonus').fill('-10');
	await expect(summary).toContainText('Going out: -10 points for that player.');
	await page.getByLabel('Who starts a round').selectOption('rotate');
	await page.getByLabel('Starts the first round').selectOption({ label: 'Ben' });
	await expect(summary).toContainText(
		'Ben starts the first round; then the start moves clockwise.'
	);
	// A knob set back to the preset's value is no longer a change.
	await page.getByLabel('Blocked round').selectOption('void');
	await page.getByLabel('Blocked round').selectOption('count');
	await page.getByLabel('Forgot to knock').selectOption('skip-turn');
	await page.getByLabel('A double as the last tile ends the round').check();
	await expect(page.getByText('8 changed')).toBeVisible();

	await lookAt(page, { path: `${SHOTS}/setup-house-rules.png`, fullPage: true });

	await page.getByRole('button', { name: 'Start evening' }).click();
	await expect(page).toHaveURL(/\/evening\/[0-9a-f-]{36}$/);
	const id = page.url().split('/').pop();

	const evenings = await storedRows(page, 'evenings');
	expect(evenings).toHaveLength(1);
	const evening = evenings[0]!;
	expect(evening.id).toBe(id);
	expect((evening.players as { name: string }[]).map((p) => p.name)).toEqual([
		'Anna',
		'Ben',
		'Cleo'
	]);
	expect(evening.firstStarter).toBe(1);
	expect(evening.endedAt).toBeNull();
	expect(evening.rules).toEqual({
		preset: 'cardinal-us',
		blankHalf: 5,
		doubleFactor: 2,
		rounds: 7,
		schedule: [12, 10, 8],
		goingOutBonus: -10,
		start: 'rotate',
		knockPenalty: 'skip-turn',
		lastDoubleEndsRound: true
	});
	const players = await storedRows(page, 'players');
	expect(players.map((p) => p.key).sort()).toEqual(['anna', 'ben', 'cleo']);
	expect(errors).toEqual([]);
});

test('a plain evening is started with the defaults and remembered players can be picked', async ({
	page
}) => {
	await openSetup(page);
	await typePlayers(page, ['Anna', 'Ben']);
	await page.getByRole('button', { name: 'Start evening' }).click();
	await expect(page).toHaveURL(/\/evening\/[0-9a-f-]{36}$/);
	expect((await storedRows(page, 'evenings'))[0]!.rules).toEqual({ preset: 'swiss-jassshop' });

	await openSetup(page);
	await expect(page.getByRole('heading', { name: 'Players from earlier evenings' })).toBeVisible();
	await page.getByRole('button', { name: 'Seat Ben' }).click();
	await expect(page.getByLabel('Player 1', { exact: true })).toHaveValue('Ben');
	// A seated player is no longer offered.
	await expect(page.getByRole('button', { name: 'Seat Ben' })).toHaveCount(0);
	await page.getByRole('button', { name: 'Seat Anna' }).click();
	await expect(page.getByLabel('Player 2', { exact: true })).toHaveValue('Anna');
	await page.getByRole('button', { name: 'Start evening' }).click();
	await expect(page).toHaveURL(/\/evening\/[0-9a-f-]{36}$/);
	// The same two people, not two new ones.
	expect(await storedRows(page, 'players')).toHaveLength(2);
	expect(await storedRows(page, 'evenings')).toHaveLength(2);
});

test.describe('setup refusals: a message next to the field, nothing stored', () => {
	async function expectNothingStored(page: Page) {
		await expect(page).toHaveURL(/\/new$/);
		expect(await storedRows(page, 'evenings')).toEqual([]);
		expect(await storedRows(page, 'players')).toEqual([]);
	}

	test('an empty name', async ({ page }) => {
		await openSetup(page);
		await page.getByLabel('Player 1', { exact: true }).fill('Anna');
		await page.getByRole('button', { name: 'Start evening' }).click();
		const field = page.getByLabel('Player 2', { exact: true });
		await expect(field).toBeFocused();
		await expect(field).toHaveAttribute('aria-invalid', 'true');
		await expect(page.getByRole('alert')).toHaveText('Type a name.');
		await expect(page.getByRole('status')).toHaveText(
			'Nothing was saved: fix the marked fields first.'
		);
		await lookAt(page, { path: `${SHOTS}/setup-refusal.png` });
		await expectNothingStored(page);
		// A name of spaces only is empty too.
		await field.fill('   ');
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expect(page.getByRole('alert')).toHaveText('Type a name.');
		await expectNothingStored(page);
	});

	test('the message is on screen, above the Start bar, on a small phone in every language', async ({
		page
	}) => {
		await page.setViewportSize({ width: 320, height: 568 });
		await page.goto('/');
		for (const locale of ['de', 'fr', 'it', 'en']) {
			await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
			await page.goto('/new');
			await expect(page.locator('html')).toHaveAttribute('lang', locale);
			await page.locator('#player-0').fill('Anna');
			await page.locator('main .start button.primary').click();
			await expect(page.locator('#player-1')).toBeFocused();
			const message = page.locator('#player-1-problem');
			await expect(message).toHaveText(/\S/);
			// Not under the sticky bar: the message ends above the bar's top edge.
			await expect(async () => {
				const [text, bar] = await Promise.all([
					message.boundingBox(),
					page.locator('main .start').boundingBox()
				]);
				expect(text!.y).toBeGreaterThanOrEqual(0);
				expect(text!.y + text!.height).toBeLessThanOrEqual(bar!.y);
			}).toPass();
		}
	});

	test('a name twice, ignoring case and surrounding spaces', async ({ page }) => {
		await openSetup(page);
		await typePlayers(page, ['Anna', 'Ben', ' aNNa ']);
		const alert = page.getByRole('alert');
		await expect(alert).toHaveText('aNNa is already at the table (player 1).');
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expectNothingStored(page);
		await page.getByLabel('Player 3', { exact: true }).fill('Annabel');
		await expect(alert).toHaveCount(0);
	});

	test('a name over 40 characters', async ({ page }) => {
		await openSetup(page);
		await typePlayers(page, ['A'.repeat(40), 'B'.repeat(41)]);
		await expect(page.getByRole('alert')).toHaveText('At most 40 characters (this one has 41).');
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expect(page.getByLabel('Player 2', { exact: true })).toBeFocused();
		await expectNothingStored(page);
	});

	test("a player count outside the preset's range", async ({ page }) => {
		await openSetup(page);
		await typePlayers(page, ['Anna', 'Ben', 'Cleo']);
		await page.getByLabel('Rules', { exact: true }).selectOption('german-talon');
		await expect(page.getByRole('alert')).toHaveText(
			'These rules are for 4 to 8 players; the table has 3.'
		);
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expectNothingStored(page);

		// Swiss Station seats at most 7.
		await page.getByLabel('Rules', { exact: true }).selectOption('swiss-station');
		await expect(page.getByRole('alert')).toHaveCount(0);
		await page.getByLabel('Player 3', { exact: true }).press('Enter');
		await typePlayersFrom(page, 4, ['Dario', 'Emil', 'Fritz', 'Gina', 'Hugo']);
		await expect(page.getByRole('alert')).toHaveText(
			'These rules are for 2 to 7 players; the table has 8.'
		);
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expectNothingStored(page);
		// One player is refused by every preset.
		await page.getByLabel('Rules', { exact: true }).selectOption('swiss-jassshop');
		for (let seat = 8; seat >= 2; seat--) {
			await page.getByRole('button', { name: `Remove seat ${seat}` }).click();
		}
		await expect(page.getByRole('alert')).toHaveText(
			'These rules are for 2 to 10 players; the table has 1.'
		);
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expectNothingStored(page);
	});

	test('house-rule values that are not allowed', async ({ page }) => {
		await openSetup(page);
		await typePlayers(page, ['Anna', 'Ben']);
		await page.getByText('House rules').click();

		const blank = page.getByLabel('Each blank half counts');
		await blank.fill('-3');
		await expect(page.getByRole('alert')).toHaveText(
			'Each blank half counts: “-3” is not allowed here (a whole number from 0 to 10,000).'
		);
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expect(blank).toBeFocused();
		await expectNothingStored(page);
		await blank.fill('1.5');
		await expect(page.getByRole('alert')).toHaveText(
			'Each blank half counts: “1.5” is not allowed here (a whole number from 0 to 10,000).'
		);
		await blank.fill('0');
		await expect(page.getByRole('alert')).toHaveCount(0);

		// A value no club's database could hold in a seat's total (issue 43): refused here, where
		// it is typed, with the knob's limits.
		const bonus = page.getByLabel('Going-out bonus');
		for (const value of ['3000000000', '-3000000000']) {
			await bonus.fill(value);
			await expect(page.getByRole('alert')).toHaveText(
				`Going-out bonus: “${value}” is not allowed here (a whole number from -10,000 to 10,000).`
			);
			await page.getByRole('button', { name: 'Start evening' }).click();
			await expect(bonus).toBeFocused();
			await expectNothingStored(page);
		}
		await bonus.fill('-10');
		await expect(page.getByRole('alert')).toHaveCount(0);

		await page.getByLabel('Engine schedule').selectOption('custom');
		const list = page.getByLabel('Engines in order');
		await list.fill('12, 15');
		await expect(page.getByRole('alert')).toHaveText(
			'Engine schedule: “[12,15]” is not allowed here (at most 12).'
		);
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expectNothingStored(page);
		await list.fill('12, 11');
		await expect(page.getByRole('alert')).toHaveCount(0);

		// More tiles each than the set holds for this table (double-12: 91 tiles, 2 players).
		await page.getByLabel('Tiles each').fill('50');
		await expect(page.getByRole('alert')).toHaveText(
			'Tiles each: “50” is not allowed here (a whole number from 1 to 45).'
		);
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expectNothingStored(page);
		await page.getByLabel('Tiles each').fill('');
		await page.getByLabel('Rounds to play').fill('0');
		await expect(page.getByRole('alert')).toHaveText(
			'Rounds to play: “0” is not allowed here (a whole number from 1 to 1,000).'
		);
		await page.getByRole('button', { name: 'Start evening' }).click();
		await expectNothingStored(page);
	});
});

async function typePlayersFrom(page: Page, firstSeat: number, names: string[]) {
	for (const [j, name] of names.entries()) {
		const field = page.getByLabel(`Player ${firstSeat + j}`, { exact: true });
		await field.fill(name);
		if (j < names.length - 1) await field.press('Enter');
	}
}

test('the Language choice is kept and the app speaks it', async ({ page }) => {
	await page.goto('/');
	await page.getByRole('link', { name: 'Settings' }).click();
	const language = page.getByLabel('Language');
	await expect(language).toHaveValue('en');
	const values = await language
		.locator('option')
		.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
	expect(values).toEqual(['en', 'de', 'fr', 'it']);
	await lookAt(page, { path: `${SHOTS}/setup-settings.png` });

	await language.selectOption('de');
	await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
	await expect(page.getByLabel('Sprache')).toHaveValue('de');
	await page.reload();
	await expect(page.getByLabel('Sprache')).toHaveValue('de');
	await expect(page.locator('html')).toHaveAttribute('lang', 'de');

	await page.goto('/new');
	await expect(page.getByRole('heading', { level: 1, name: 'Neuer Abend' })).toBeVisible();
	await expect(page.getByLabel('Spieler 1', { exact: true })).toBeVisible();
	await expect(page.getByRole('region', { name: 'An eurem Tisch' })).toContainText(
		'2 Spieler: jeder nimmt 15 Steine.'
	);
	await lookAt(page, { path: `${SHOTS}/setup-de.png` });

	await page.goto('/settings');
	await page.getByLabel('Sprache').selectOption('fr');
	await expect(page.getByLabel('Langue')).toHaveValue('fr');
	await page.goto('/new');
	await page.getByLabel('Joueur 1', { exact: true }).fill('Anna');
	await page.getByLabel('Joueur 2', { exact: true }).fill('anna');
	await expect(page.getByRole('alert')).toHaveText('anna est déjà à table (joueur 1).');

	await page.goto('/settings');
	await page.getByLabel('Langue').selectOption('it');
	await expect(page.getByLabel('Lingua')).toHaveValue('it');
	await page.goto('/new');
	await expect(page.getByRole('heading', { level: 1, name: 'Nuova serata' })).toBeVisible();

	await page.goto('/settings');
	await page.getByLabel('Lingua').selectOption('en');
	await expect(page.getByLabel('Language')).toHaveValue('en');
});

test('the Language select changes the language on a committed choice, not on the first arrow key', async ({
	page
}) => {
	const wiped = () => page.evaluate(() => (window as unknown as { kept?: boolean }).kept !== true);
	await page.goto('/settings');
	const language = page.getByLabel('Language', { exact: true });
	await expect(language).toHaveValue('en');
	// A native select, as Firefox and Safari draw it: arrow keys change its value at once.
	await page.addStyleTag({ content: 'select { appearance: auto !important; }' });
	// A mark that a reload would wipe.
	await page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));
	await language.focus();
	await page.keyboard.press('ArrowDown');
	await expect(language).toHaveValue('de');
	await page.keyboard.press('ArrowDown');
	await expect(language).toHaveValue('fr');
	// Passing over German and French reloaded nothing: still English, still this page.
	await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
	expect(await wiped()).toBe(false);
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	// Enter commits it.
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'Réglages' })).toBeVisible();
	await expect(page.getByLabel('Langue', { exact: true })).toHaveValue('fr');
	// Leaving the field commits it too.
	await page.addStyleTag({ content: 'select { appearance: auto !important; }' });
	await page.getByLabel('Langue', { exact: true }).focus();
	await page.keyboard.press('ArrowUp');
	await expect(page.getByRole('heading', { level: 1, name: 'Réglages' })).toBeVisible();
	await page.keyboard.press('Tab');
	await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();

	// The customizable select this Chromium draws: the arrows open the list and move in it, and
	// Enter on a language there is the choice.
	const sprache = page.getByLabel('Sprache', { exact: true });
	await expect(sprache).toHaveValue('de');
	await page.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));
	await sprache.focus();
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('ArrowDown');
	expect(await wiped()).toBe(false);
	await expect(page.locator('html')).toHaveAttribute('lang', 'de');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { level: 1, name: 'Réglages' })).toBeVisible();
});

test('a 40-character name is read whole in its seat at 320 px, while typing and after', async ({
	page
}) => {
	const errors = watchErrors(page);
	await page.setViewportSize({ width: 320, height: 700 });
	await page.goto('/new');
	const long = 'Maximiliane Hohenzollern-Sigmaringen Zwo'; // 40 characters
	const unbroken = 'Hubertus'.repeat(5); // 40 characters, no space
	expect(long).toHaveLength(40);
	const first = page.getByRole('textbox', { name: 'Player 1', exact: true });
	const second = page.getByRole('textbox', { name: 'Player 2', exact: true });
	await expect(first).toBeVisible();
	const oneLine = (await first.boundingBox())!.height;

	// Typed key by key: every character stays inside the field, nothing scrolls away.
	await first.pressSequentially(long);
	await second.fill(unbroken);
	for (const field of [first, second]) {
		const fits = await field.evaluate((el) => ({
			tall: el.scrollHeight <= el.clientHeight + 1,
			wide: el.scrollWidth <= el.clientWidth + 1,
			hidden: getComputedStyle(el).overflow
		}));
		expect(fits).toEqual({ tall: true, wide: true, hidden: 'hidden' });
		// It wrapped onto a second line instead of cutting the name.
		expect((await field.boundingBox())!.height).toBeGreaterThan(oneLine * 1.3);
	}
	await expect(first).toHaveValue(long);
	expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
	await lookAt(page, { path: `${SHOTS}/setup-320-long-name.png`, fullPage: true });

	// A name is one line: a pasted line break becomes a space, Enter moves on to the next seat.
	await second.fill('Anna\nBen');
	await expect(second).toHaveValue('Anna Ben');
	await expect
		.poll(() => second.evaluate((el) => el.getBoundingClientRect().height))
		.toBeCloseTo(oneLine, 0);
	await second.press('Enter');
	await expect(page.getByRole('textbox', { name: 'Player 3', exact: true })).toBeFocused();
	await expect(second).toHaveValue('Anna Ben');
	expect(errors).toEqual([]);
});

test('where a browser cannot size a field to its content, the seat still grows with the name', async ({
	page
}) => {
	// As in Firefox or an older Safari: no `field-sizing`.
	await page.addInitScript(() => {
		const supports = CSS.supports.bind(CSS);
		CSS.supports = ((...args: [string, string?]) =>
			args[0] === 'field-sizing'
				? false
				: supports(...(args as [string, string]))) as typeof CSS.supports;
		addEventListener('DOMContentLoaded', () => {
			const style = document.createElement('style');
			style.textContent = 'textarea { field-sizing: fixed !important; }';
			document.head.append(style);
		});
	});
	await page.setViewportSize({ width: 320, height: 700 });
	await page.goto('/new');
	const first = page.getByRole('textbox', { name: 'Player 1', exact: true });
	await expect(first).toBeVisible();
	const oneLine = (await first.boundingBox())!.height;
	await first.fill('Maximiliane Hohenzollern-Sigmaringen Zwo');
	await expect.poll(async () => (await first.boundingBox())!.height).toBeGreaterThan(oneLine * 1.3);
	expect(await first.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
	// Wider (a turned phone): back to one line.
	await page.setViewportSize({ width: 800, height: 700 });
	await expect.poll(async () => (await first.boundingBox())!.height).toBeLessThan(oneLine * 1.3);
});

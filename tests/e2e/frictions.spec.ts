// What a new scorekeeper met (issue 26): a refused Save that happened off screen, a dark theme
// that flashed light, a draft lost to a quick reload, dialogs that dropped the focus, a toggle
// that moved it. Tried where they were seen: a six-player French evening at 320×568.
import { expect, test, type Page } from '@playwright/test';
import { newEvening, playRound, type Preset } from './helpers/evening';
import { storedRows } from './helpers/db';
import { useLocale, word, type Locale } from './helpers/words';
import { lookAt } from './helpers/shots';

const SIX = [
	'Hansruedi',
	'Hanspeter',
	'Marie-Claire',
	'Jean-Baptiste Dupont-Lefèvre',
	'Zoë',
	'Ana'
];
const SMALL = { width: 320, height: 568 };
const SHOTS = '/tmp/frictions-shots';

/** A six-player evening, set up in English, then shown in `locale`. */
async function sixInFrench(page: Page, locale: Locale = 'fr', preset: Preset = 'swiss-jassshop') {
	const id = await newEvening(page, SIX, preset);
	await useLocale(page, locale);
	await expect(page.getByLabel(word(locale, 'entry_points_label', { name: 'Ana' }))).toBeVisible();
	return id;
}

const points = (page: Page, name: string, locale: Locale = 'fr') =>
	page.getByLabel(word(locale, 'entry_points_label', { name }), { exact: true });
const wentOut = (page: Page, name: string, locale: Locale = 'fr') =>
	page.getByRole('button', { name: word(locale, 'entry_went_out', { name }), exact: true });

/** The element(s) a field's aria-describedby names, as text. */
const description = (page: Page, name: string) =>
	points(page, name).evaluate((el) =>
		(el.getAttribute('aria-describedby') ?? '')
			.split(/\s+/)
			.map((id) => document.getElementById(id)?.textContent ?? '')
			.join(' ')
	);

for (const size of [SMALL, { width: 390, height: 844 }]) {
	test.describe(`at ${size.width}×${size.height}`, () => {
		test.use({ viewport: size });

		test('a refused Save takes the eye and the focus to the first problem, whichever row', async ({
			page
		}) => {
			await sixInFrench(page);
			await wentOut(page, 'Ana').click();
			for (const [i, name] of SIX.slice(1, 5).entries()) await points(page, name).fill(`${i + 5}`);
			await points(page, 'Hansruedi').fill('1.5');
			const save = page.getByRole('button', { name: word('fr', 'entry_save') });
			await save.click();
			await expect(points(page, 'Hansruedi')).toBeFocused();
			await expect(points(page, 'Hansruedi')).toBeInViewport({ ratio: 1 });
			expect(await description(page, 'Hansruedi')).toMatch(/entier|whole/i);
			await lookAt(page, { path: `${SHOTS}/refused-${size.width}-fr.png` });

			// An empty hand in an upper row is the first problem too; its field says so.
			await points(page, 'Hansruedi').fill('3');
			await points(page, 'Hanspeter').fill('');
			await points(page, 'Zoë').focus();
			await save.click();
			await expect(points(page, 'Hanspeter')).toBeFocused();
			await expect(points(page, 'Hanspeter')).toBeInViewport({ ratio: 1 });
			expect(await description(page, 'Hanspeter')).toContain('Hanspeter');

			// The alert says why once, at Save: typing elsewhere does not rewrite (re-read) it.
			await points(page, 'Marie-Claire').fill('1.5');
			const alert = page.getByRole('alert').filter({ hasText: word('fr', 'entry_nothing_saved') });
			const said = await alert.textContent();
			await points(page, 'Marie-Claire').fill('7');
			await points(page, 'Zoë').fill('1');
			expect(await alert.textContent()).toBe(said);
		});

		test('after a good Save, "Saved" and the round just saved are in view', async ({ page }) => {
			await sixInFrench(page);
			await wentOut(page, 'Ana').click();
			for (const [i, name] of SIX.slice(0, 5).entries()) await points(page, name).fill(`${i + 5}`);
			await points(page, 'Zoë').press('Enter');
			const saved = page.getByText(word('fr', 'round_saved'), { exact: true });
			await expect(saved).toBeVisible();
			await expect(saved).toBeInViewport({ ratio: 1 });
			await expect(page.getByText(/^Dernière manche/)).toBeInViewport();
			await expect(points(page, 'Hansruedi')).toBeFocused();
			await lookAt(page, { path: `${SHOTS}/saved-${size.width}-fr.png` });
		});
	});
}

test('a "went out" toggle keeps the focus', async ({ page }) => {
	await page.setViewportSize(SMALL);
	await sixInFrench(page);
	await wentOut(page, 'Zoë').click();
	await expect(wentOut(page, 'Zoë')).toHaveAttribute('aria-pressed', 'true');
	await expect(wentOut(page, 'Zoë')).toBeFocused();
});

test('a kept dark theme is dark from the first paint, on every screen and the read-only view', async ({
	page
}) => {
	await page.emulateMedia({ colorScheme: 'light' });
	const id = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	await page.goto('/settings');
	await page.getByLabel('Theme', { exact: true }).selectOption('dark');
	// The background as the page is first painted: taken when <body> is parsed, before any of
	// the app's modules could run.
	await page.addInitScript(() => {
		new MutationObserver((_, observer) => {
			if (!document.body) return;
			observer.disconnect();
			(window as unknown as { __firstBg: string }).__firstBg = getComputedStyle(
				document.documentElement
			).backgroundColor;
		}).observe(document, { childList: true, subtree: true });
	});
	for (const path of [
		'/',
		'/new',
		'/settings',
		`/evening/${id}`,
		`/evening/${id}/table`,
		'/view'
	]) {
		await page.goto(path);
		await expect(page.locator('main')).toBeVisible();
		expect(
			await page.evaluate(() => (window as unknown as { __firstBg: string }).__firstBg),
			path
		).toBe('rgb(20, 32, 27)');
	}
});

test('Italian elimination, blocked round: the points fields that do not count are off, and say why', async ({
	page
}) => {
	await page.setViewportSize(SMALL);
	await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'italian-elimination');
	await useLocale(page, 'it');
	await page.getByRole('button', { name: word('it', 'entry_blocked'), exact: true }).click();
	const field = points(page, 'Ben', 'it');
	await expect(field).toBeDisabled();
	const why = await field.evaluate((el) =>
		(el.getAttribute('aria-describedby') ?? '')
			.split(/\s+/)
			.map((id) => document.getElementById(id)?.textContent ?? '')
			.join(' ')
	);
	expect(why).toContain(word('it', 'entry_blocked_void'));
	await lookAt(page, { path: `${SHOTS}/blocked-320-it.png` });
	expect(await storedRows(page, 'rounds')).toEqual([]);
});

test.describe('dialogs at 320×568', () => {
	test.use({ viewport: SMALL });

	test('"Double joué" shows its Confirm button whole, and the focus comes back when it closes', async ({
		page
	}) => {
		const id = await newEvening(page, SIX, 'swiss-jassshop');
		await useLocale(page, 'fr');
		await page.goto(`/evening/${id}/table`);
		const played = page.getByRole('button', {
			name: word('fr', 'table_double_played'),
			exact: true
		});
		await played.click();
		const dialog = page.getByRole('dialog');
		const confirm = dialog.getByRole('button', { name: word('fr', 'table_confirm'), exact: true });
		await expect(confirm).toBeInViewport({ ratio: 1 });
		await lookAt(page, { path: `${SHOTS}/double-320-fr.png` });
		await page.keyboard.press('Escape');
		await expect(dialog).toBeHidden();
		await expect(played).toBeFocused();

		await played.click();
		await dialog.getByLabel('Double').selectOption('9');
		await confirm.click();
		await expect(dialog).toBeHidden();
		await expect(played).toBeFocused();
		// Covered the only open double: its panel goes, the focus to Double played.
		const covered = page.getByRole('button', { name: word('fr', 'table_covered'), exact: true });
		await covered.click();
		await expect(covered).toBeHidden();
		await expect(played).toBeFocused();
	});

	test('the tile picker, the photo dialog, the confirmations and Type points give the focus back', async ({
		page
	}) => {
		await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
		await playRound(page, 'Anna', { Ben: 5, Cleo: 6 });
		const tiles = page.getByRole('button', { name: 'Enter tiles for Cleo', exact: true });
		await tiles.click();
		const dialog = page.getByRole('dialog');
		await dialog.getByRole('button', { name: '9|3', exact: true }).click();
		await dialog.getByRole('button', { name: 'Done' }).click();
		await expect(dialog).toBeHidden();
		await expect(tiles).toBeFocused();
		await tiles.click();
		await expect(dialog).toBeVisible();
		await page.keyboard.press('Escape');
		await expect(dialog).toBeHidden();
		await expect(tiles).toBeFocused();

		// "Type points for Cleo instead" goes with its tap: the points field takes the focus.
		await page.getByRole('button', { name: 'Type points for Cleo instead' }).click();
		await expect(page.getByLabel('Cleo points', { exact: true })).toBeFocused();

		const photo = page.getByRole('button', { name: 'Count from photo for Ben', exact: true });
		await photo.click();
		await expect(dialog).toBeVisible();
		await dialog.getByRole('button', { name: 'Close', exact: true }).click();
		await expect(dialog).toBeHidden();
		await expect(photo).toBeFocused();

		for (const name of ['End evening', 'Undo last round']) {
			const opener = page.getByRole('button', { name, exact: true });
			await opener.click();
			await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
			await expect(dialog).toBeHidden();
			await expect(opener).toBeFocused();
		}
	});
});

test('Share standings keeps the focus while it works', async ({ page }) => {
	const id = await newEvening(page, ['Anna', 'Ben'], 'swiss-jassshop');
	await playRound(page, 'Anna', { Ben: 5 });
	await page.goto(`/evening/${id}/standings`);
	const share = page.getByRole('button', { name: 'Share standings', exact: true });
	const download = page.waitForEvent('download');
	await share.click();
	await download;
	await expect(share).toBeFocused();
	await expect(share).not.toHaveAttribute('aria-disabled', 'true');
});

test.describe('focus clear of sticky bars at 320×568', () => {
	test.use({ viewport: SMALL });

	test('New evening: the Rules select reached with Tab is above the Start evening bar', async ({
		page
	}) => {
		await page.goto('/new');
		await useLocale(page, 'fr');
		const start = page.getByRole('button', { name: word('fr', 'setup_start') });
		await expect(start).toBeVisible();
		await page.locator('#player-0').focus();
		const rules = page.locator('#rules');
		for (let i = 0; i < 20 && !(await rules.evaluate((el) => el === document.activeElement)); i++)
			await page.keyboard.press('Tab');
		await expect(rules).toBeFocused();
		const box = await rules.boundingBox();
		const bar = await start.evaluate((b) => b.parentElement!.getBoundingClientRect().top);
		expect(box!.y + box!.height).toBeLessThanOrEqual(bar);
		await lookAt(page, { path: `${SHOTS}/new-rules-320-fr.png` });
	});

	test('the tile picker: no tile reached with Tab hides under its header', async ({ page }) => {
		await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
		await useLocale(page, 'fr');
		await page
			.getByRole('button', { name: word('fr', 'entry_tiles_button', { name: 'Ben' }) })
			.click();
		const dialog = page.getByRole('dialog');
		await expect(dialog).toBeVisible();
		await lookAt(page, { path: `${SHOTS}/picker-320-fr.png` });
		const hidden: string[] = [];
		for (let i = 0; i < 60; i++) {
			await page.keyboard.press('Tab');
			const under = await page.evaluate(() => {
				const el = document.activeElement as HTMLElement;
				const header = el.closest('dialog')?.querySelector('header');
				if (!header || header.contains(el)) return null;
				const top = el.getBoundingClientRect().top;
				return top < header.getBoundingClientRect().bottom - 1
					? (el.getAttribute('aria-label') ?? el.textContent)
					: null;
			});
			if (under) hidden.push(under);
		}
		expect(hidden).toEqual([]);
	});
});

test('the scoreboard at 320×568: six players fit, each name on the line of its total', async ({
	page
}) => {
	await page.setViewportSize(SMALL);
	const id = await newEvening(page, SIX, 'swiss-jassshop');
	await playRound(page, 'Ana', {
		Hansruedi: 105,
		Hanspeter: 12,
		'Marie-Claire': 7,
		'Jean-Baptiste Dupont-Lefèvre': 33,
		Zoë: 48
	});
	await useLocale(page, 'fr');
	await page.goto(`/evening/${id}/scoreboard`);
	const table = page.getByRole('table');
	await expect(table.getByRole('row')).toHaveCount(7);
	await lookAt(page, { path: `${SHOTS}/scoreboard-320-fr.png` });
	const lines = await table.locator('tbody tr').evaluateAll((rows) =>
		rows.map((r) => {
			const name = r.querySelector('th')!.getBoundingClientRect();
			const total = r.querySelector('td')!.getBoundingClientRect();
			return {
				sameLine: total.top < name.bottom && name.top < total.bottom,
				bottom: r.getBoundingClientRect().bottom
			};
		})
	);
	expect(lines.every((l) => l.sameLine)).toBe(true);
	expect(Math.max(...lines.map((l) => l.bottom))).toBeLessThanOrEqual(568);
});

test.describe('printing the standings', () => {
	for (const locale of ['fr', 'de'] as const) {
		test(`in ${locale}, the printed sheet's headers are whole words`, async ({ page }) => {
			const id = await newEvening(page, SIX, 'swiss-jassshop');
			await playRound(page, 'Ana', {
				Hansruedi: 5,
				Hanspeter: 6,
				'Marie-Claire': 7,
				'Jean-Baptiste Dupont-Lefèvre': 8,
				Zoë: 9
			});
			await useLocale(page, locale);
			await page.goto(`/evening/${id}/standings`);
			const share = page.getByRole('button', { name: word(locale, 'share') });
			await expect(share).toBeVisible();
			// As the browser's own Print does (page.pdf too): the sheet comes, the screen goes.
			const sheet = page.locator('.print-sheet table');
			// The sheet loads once the screen is painted; beforeprint then puts it in the page.
			await expect(async () => {
				await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
				await expect(sheet).toBeAttached({ timeout: 500 });
			}).toPass();
			// A4 less its 12 mm margins, at 96 dpi.
			await page.setViewportSize({ width: 703, height: 1032 });
			await page.emulateMedia({ media: 'print' });
			await expect(share).toBeHidden();
			await expect(sheet).toBeVisible();
			// Round and Engine on one line each (a word broken in two has two boxes): they once
			// printed as "Manc|he", "Locom|otive".
			const broken = await sheet.locator('thead th:nth-child(-n+2)').evaluateAll((cells) =>
				cells.flatMap((th) => {
					const text = th.firstChild as Text;
					const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
					return words
						.filter((w) => {
							const range = document.createRange();
							range.setStart(text, w.index!);
							range.setEnd(text, w.index! + w[0].length);
							const boxes = [...range.getClientRects()].filter((r) => r.width > 1);
							return new Set(boxes.map((r) => Math.round(r.top))).size > 1;
						})
						.map((w) => w[0]);
				})
			);
			expect(broken).toEqual([]);
			await page.pdf({ path: `${SHOTS}/sheet-${locale}.pdf`, format: 'A4' });
		});
	}
});

test('the tile grid: arrow keys move between tiles, and its groups are no landmarks', async ({
	page
}) => {
	await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	await page.getByRole('button', { name: 'Enter tiles for Ben', exact: true }).click();
	const dialog = page.getByRole('dialog');
	await expect(dialog.getByRole('button', { name: '12|11', exact: true })).toBeVisible();
	await expect(dialog.getByRole('region')).toHaveCount(0);
	await expect(dialog.getByRole('group', { name: /12/ }).first()).toBeVisible();
	await dialog.getByRole('button', { name: '12|11', exact: true }).focus();
	await page.keyboard.press('ArrowRight');
	await expect(dialog.getByRole('button', { name: '12|10', exact: true })).toBeFocused();
	await page.keyboard.press('ArrowLeft');
	await expect(dialog.getByRole('button', { name: '12|11', exact: true })).toBeFocused();
	await page.keyboard.press('ArrowDown');
	const below = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
	expect(below).toMatch(/^12\|\d+$/);
	expect(below).not.toBe('12|11');
	expect(below).not.toBe('12|10');
});

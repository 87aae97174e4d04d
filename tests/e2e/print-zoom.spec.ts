// What a new scorekeeper met, the rest of it (issue 26): the browser's own Print, the chart's
// running totals as text, the round row at 200 % zoom, and a heading over the round screen's
// standings. Tried where they were seen: a six-player evening, French at 320 px, English at 390.
import { expect, test, type Page } from '@playwright/test';
import { rotatingRounds, seedPlayed } from './helpers/seed';
import { useLocale, word, type Locale } from './helpers/words';
import { cutsIn } from './helpers/print';
import { keepFile, lookAt } from './helpers/shots';
import { axeViolations } from './helpers/axe';

const SHOTS = '/tmp/frictions-shots';
const SIX = [
	'Hansruedi',
	'Hanspeter',
	'Marie-Claire',
	'Jean-Baptiste Dupont-Lefèvre',
	'Zoë',
	'Ana'
];
const NOV_26 = Date.UTC(2026, 10, 26, 19, 30);

/** A six-player evening of five rounds (`e-six`), read in `locale`. */
async function sixPlayed(page: Page, locale: Locale) {
	await seedPlayed(page, [
		{
			id: 'e-six',
			names: SIX,
			preset: 'swiss-jassshop',
			createdAt: NOV_26,
			rounds: rotatingRounds(SIX, 5)
		}
	]);
	if (locale !== 'en') await useLocale(page, locale);
}

/** What the paper shows: colours and boxes of the page as printed, read under print media. */
const paper = (page: Page) =>
	page.evaluate(() => {
		const root = document.documentElement;
		return {
			background: getComputedStyle(document.body).backgroundColor,
			text: getComputedStyle(document.querySelector('h1') ?? document.body).color,
			overflow: root.scrollWidth - root.clientWidth
		};
	});

/** Whether the chart's canvas holds the first line's day (#9a5b00) and night (#f2b441) colours. */
const inks = (page: Page) =>
	page.locator('.chart canvas').evaluate((canvas: HTMLCanvasElement) => {
		const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
		const has = (r: number, g: number, b: number) => {
			for (let i = 0; i < data.length; i += 4)
				if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255)
					return true;
			return false;
		};
		return { day: has(0x9a, 0x5b, 0x00), night: has(0xf2, 0xb4, 0x41) };
	});

const pdfPages = (pdf: Buffer) =>
	(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

test.describe('the browser’s own Print', () => {
	test('on the standings page, with no beforeprint (a phone’s Print): the sheet alone, black on white', async ({
		page
	}) => {
		await page.setViewportSize({ width: 320, height: 568 });
		await sixPlayed(page, 'fr');
		await page.goto('/evening/e-six/standings');
		const share = page.getByRole('button', { name: word('fr', 'share') });
		await expect(share).toBeVisible();
		// Only the print media changes, as Safari on a phone does: no beforeprint event.
		await page.emulateMedia({ media: 'print' });
		const sheet = page.getByRole('table', { name: word('fr', 'sheet_caption') });
		await expect(sheet).toBeVisible();
		await expect(sheet.locator('tbody tr')).toHaveCount(5);
		await expect(sheet.locator('thead th')).toHaveCount(2 + SIX.length);
		for (const hidden of [
			share,
			page.getByRole('button', { name: word('fr', 'share_print') }),
			page.getByRole('link', { name: word('fr', 'standings_back') }),
			page.getByRole('img', { name: word('fr', 'standings_chart') }),
			page.getByRole('table', { name: word('fr', 'standings_caption') })
		])
			await expect(hidden).toBeHidden();
		expect(await paper(page)).toEqual({
			background: 'rgb(255, 255, 255)',
			text: 'rgb(0, 0, 0)',
			overflow: 0
		});
		// On paper: A4 less its margins, at 96 dpi.
		await page.setViewportSize({ width: 703, height: 1032 });
		expect((await paper(page)).overflow).toBe(0);
		await lookAt(page, {
			path: `${SHOTS}/print-standings-fr.png`,
			fullPage: true,
			scale: 'css'
		});
		const pdf = await page.pdf({ format: 'A4', printBackground: true });
		await keepFile(`${SHOTS}/print-standings-fr.pdf`, () => pdf);
		expect(pdfPages(pdf)).toBe(1);
		// Back on screen, the screen is as it was and the sheet is gone.
		await page.emulateMedia({ media: 'screen' });
		await expect(share).toBeVisible();
		await expect(page.locator('.print-sheet')).toHaveCount(0);
	});

	test('a screen without a sheet (the read-only view) prints its standings and rounds, no controls', async ({
		page
	}) => {
		await sixPlayed(page, 'en');
		await page.goto('/evening/e-six');
		await page.getByRole('button', { name: 'Show to the table', exact: true }).click();
		const field = page.getByLabel('Link for other phones', { exact: true });
		await expect(field).toHaveValue(/\/view#/);
		await page.goto(await field.inputValue());
		const keep = page.getByRole('button', { name: 'Keep a copy' });
		await expect(keep).toBeVisible();
		await page.emulateMedia({ colorScheme: 'dark' });
		await expect.poll(() => inks(page)).toEqual({ day: false, night: true });
		// A4 less its margins, at 96 dpi: the paper's width.
		await page.setViewportSize({ width: 703, height: 1032 });
		await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
		await expect(keep).toBeHidden();
		await expect(page.getByRole('button')).toHaveCount(0);
		await expect(page.getByRole('navigation')).toHaveCount(0);
		const standings = page.getByRole('table', { name: 'Standings', exact: true });
		await expect(standings).toBeVisible();
		await expect(standings.locator('tbody tr')).toHaveCount(SIX.length);
		await expect(page.getByRole('heading', { name: 'Rounds', level: 2 })).toBeVisible();
		await expect(page.getByText(/^Round 5 · /)).toBeVisible();
		// Black on white even when the phone is dark, and no column cut at the paper's edge.
		expect(await paper(page)).toEqual({
			background: 'rgb(255, 255, 255)',
			text: 'rgb(0, 0, 0)',
			overflow: 0
		});
		// The chart is redrawn in the day palette: the first line dark amber, not the night's pale one.
		await expect.poll(() => inks(page)).toEqual({ day: true, night: false });
		const cut = await standings
			.locator('th, td')
			.evaluateAll((cells) => cells.filter((c) => c.getBoundingClientRect().right > 703).length);
		expect(cut).toBe(0);
		await lookAt(page, { path: `${SHOTS}/print-view-en.png`, fullPage: true, scale: 'css' });
		await keepFile(`${SHOTS}/print-view-en.pdf`, () => page.pdf({ format: 'A4' }));
	});
});

// Issue 46: at phone width the sheet printed "Om a" and "11 4"; at A4 "Anfangspasch" ran into the
// next column. Printed as the page is (a phone's width, emulated print media) and on paper (A4),
// in German and French: every word and number whole, nothing out of its cell, one page.
test('the score sheet prints whole at any width: 320 px and A4, German and French', async ({
	page
}) => {
	const family = ['Oma', 'Opa', 'Mama', 'Papa', 'Lena'];
	await seedPlayed(page, [
		{
			id: 'e-family',
			names: family,
			preset: 'german-talon',
			createdAt: NOV_26,
			rounds: [
				{ out: 'Oma', points: { Opa: 44, Mama: 12, Papa: 31, Lena: 70 } },
				{ out: 'Lena', points: { Opa: 40, Mama: 102, Papa: 3, Oma: 17 } },
				{ out: 'Papa', points: { Opa: 30, Mama: 0, Lena: 12, Oma: 97 } },
				{ out: 'Oma', points: { Opa: 0, Mama: 12, Papa: 80, Lena: 50 } }
			]
		},
		{
			id: 'e-six',
			names: SIX,
			preset: 'swiss-jassshop',
			createdAt: NOV_26,
			rounds: rotatingRounds(SIX, 13)
		}
	]);
	for (const [id, locale] of [
		['e-family', 'de'],
		['e-six', 'fr']
	] as const) {
		await useLocale(page, locale);
		await page.goto(`/evening/${id}/standings`);
		await expect(page.getByRole('button', { name: word(locale, 'share') })).toBeVisible();
		await page.emulateMedia({ media: 'print' });
		const sheet = page.getByRole('table', { name: word(locale, 'sheet_caption') });
		// A phone's width printed as it is, then A4 less its 12 mm margins (at 96 dpi).
		for (const [width, height] of [
			[320, 568],
			[703, 1032]
		] as const) {
			await page.setViewportSize({ width, height });
			await expect(sheet).toBeVisible();
			expect(await cutsIn(sheet), `${id} ${locale} ${width}px`).toEqual([]);
			await lookAt(page, {
				path: `${SHOTS}/sheet-${id}-${locale}-${width}.png`,
				fullPage: true,
				scale: 'css'
			});
		}
		// On paper: one A4 page (looked at as a PNG: pdftoppm -png).
		const pdf = await page.pdf({ format: 'A4' });
		await keepFile(`${SHOTS}/sheet-${id}-${locale}.pdf`, () => pdf);
		expect(pdfPages(pdf)).toBe(1);
		await page.emulateMedia({ media: 'screen' });
		await page.setViewportSize({ width: 390, height: 844 });
	}
});

test('the chart’s text gives each player’s running total after every round, in the reader’s language', async ({
	page
}) => {
	await seedPlayed(page, [
		{
			id: 'e-out',
			names: ['Anna', 'Ben', 'Cleo'],
			preset: 'italian-elimination',
			createdAt: NOV_26,
			rounds: [
				{ out: 'Anna', points: { Ben: 60, Cleo: 12 } },
				{ out: 'Cleo', points: { Anna: 7, Ben: 45 } },
				{ out: 'Anna', points: { Cleo: 30 } }
			]
		}
	]);
	for (const locale of ['en', 'de'] as const) {
		if (locale !== 'en') await useLocale(page, locale);
		await page.goto('/evening/e-out/standings');
		await expect(page.getByRole('img', { name: word(locale, 'standings_chart') })).toBeVisible();
		await expect(page.getByText(word(locale, 'standings_chart_note'))).toBeVisible();
		await page
			.locator('summary')
			.filter({ hasText: word(locale, 'standings_chart_table') })
			.click();
		const totals = page.getByRole('table', { name: word(locale, 'standings_chart_table') });
		await expect(totals).toBeVisible();
		await expect(totals.locator('thead th')).toHaveText([
			word(locale, 'standings_round_axis'),
			'Anna',
			'Ben',
			'Cleo'
		]);
		// Ben reached 100 in round 2 (60 + 45): his line, and his column, stop there.
		await expect(totals.locator('tbody tr')).toHaveText([
			/^1\s*0\s*60\s*12$/,
			/^2\s*7\s*105\s*12$/,
			/^3\s*7\s*–\s*42$/
		]);
		await lookAt(page, { path: `${SHOTS}/chart-totals-390-${locale}.png`, fullPage: true });
		// Open, it passes axe: its box scrolls and a keyboard reaches it, its headers are headers.
		const violations = await axeViolations(page, { include: 'details' });
		expect(violations.map((v) => v.id)).toEqual([]);
	}
});

// Issue 46: with six players at 320 px the chart's running totals scrolled inside their box. The
// names stand upright where they do not fit across, so the six totals fit, in every language.
test('six players’ running totals fit a 320 px phone, in every language, every name whole', async ({
	page
}) => {
	await page.setViewportSize({ width: 320, height: 568 });
	await sixPlayed(page, 'en');
	for (const locale of ['en', 'de', 'fr', 'it'] as const) {
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		await page.goto('/evening/e-six/standings');
		await page
			.locator('summary')
			.filter({ hasText: word(locale, 'standings_chart_table') })
			.click();
		const totals = page.getByRole('table', { name: word(locale, 'standings_chart_table') });
		await expect(totals.locator('tbody tr')).toHaveCount(5);
		const box = page.getByRole('region', { name: word(locale, 'standings_chart_table') });
		expect(
			await box.evaluate((b) => b.scrollWidth - b.clientWidth),
			`${locale}: the box scrolls`
		).toBeLessThanOrEqual(0);
		expect(await cutsIn(totals), locale).toEqual([]);
		await totals.scrollIntoViewIfNeeded();
		await lookAt(page, { path: `${SHOTS}/chart-totals-320-${locale}-six.png` });
		// At 200 % zoom (195 px) the box may scroll, but no total is ever broken.
		await page.setViewportSize({ width: 195, height: 422 });
		expect(
			(await cutsIn(totals)).filter((cut) => !cut.startsWith('table wider')),
			`${locale} at 195 px`
		).toEqual([]);
		await page.setViewportSize({ width: 320, height: 568 });
	}
});

test('at 200 % zoom on a 390 px phone (195 px), the round row keeps every control on the screen', async ({
	page
}) => {
	await sixPlayed(page, 'en');
	await page.setViewportSize({ width: 195, height: 422 });
	await page.goto('/evening/e-six');
	await expect(page.getByLabel('Ana points', { exact: true })).toBeVisible();
	expect(
		await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
		'sideways scroll'
	).toBeLessThanOrEqual(0);
	for (const name of SIX) {
		const controls = [
			page.getByLabel(`${name} points`, { exact: true }),
			page.getByRole('button', { name: `${name} went out`, exact: true }),
			page.getByRole('button', { name: `Enter tiles for ${name}`, exact: true }),
			page.getByRole('button', { name: `Count from photo for ${name}`, exact: true })
		];
		for (const control of controls) {
			const box = (await control.boundingBox())!;
			expect(box.x, name).toBeGreaterThanOrEqual(0);
			expect(box.x + box.width, name).toBeLessThanOrEqual(195);
			// Still a finger's target.
			expect(box.height, name).toBeGreaterThanOrEqual(44);
		}
		// "Went out" whole, and room in the field for a three-digit hand.
		expect(
			await controls[1]!.evaluate((b) => b.scrollWidth <= b.clientWidth),
			`${name} went out`
		).toBe(true);
		expect((await controls[0]!.boundingBox())!.width, name).toBeGreaterThanOrEqual(60);
	}
	const starter = page.getByRole('combobox', { name: /^Starts/ });
	const box = (await starter.boundingBox())!;
	expect(box.x + box.width).toBeLessThanOrEqual(195);
	await lookAt(page, { path: `${SHOTS}/zoom-200-390-en.png`, fullPage: true });
	await page.getByLabel('Hansruedi points', { exact: true }).fill('12');
	await expect(page.getByLabel('Hansruedi points', { exact: true })).toHaveValue('12');
});

for (const [locale, width] of [
	['fr', 320],
	['en', 390]
] as const) {
	test(`in ${locale} at ${width} px, the round screen’s standings have a heading`, async ({
		page
	}) => {
		await page.setViewportSize({ width, height: width === 320 ? 568 : 844 });
		await sixPlayed(page, locale);
		await page.goto('/evening/e-six');
		const heading = page.getByRole('heading', {
			level: 2,
			name: word(locale, 'standings_caption'),
			exact: true
		});
		await expect(heading).toBeVisible();
		// The heading is the table's caption: the table keeps its name.
		const table = page.getByRole('table', { name: word(locale, 'standings_caption'), exact: true });
		await expect(table).toBeVisible();
		expect(await heading.evaluate((h) => h.closest('caption') !== null)).toBe(true);
		await heading.scrollIntoViewIfNeeded();
		await lookAt(page, { path: `${SHOTS}/round-standings-${width}-${locale}.png` });
	});
}

// No select's words are cut: every option of every select on New evening (house rules open),
// Settings and the live table (its dialogs too) fits its box at 320 and 390 px, in French and in
// German, where "Double 12 (91 domino…", "En descendant jusqu'à…", "Pénalité : le plus petit…"
// and "Nicht anzeige…" were seen; and drawn as Safari and Firefox draw a select, on one line at
// 320 px, in every language. An option is measured in the select's own font against the room
// the select gives its text (its width less its padding and the arrow).
import { expect, test, type Page } from '@playwright/test';
import { seedPlayed } from './helpers/seed';
import { word } from './helpers/words';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/shots';
/** Chromium draws a closed select's arrow inside its box: about this wide at these fonts. */
const ARROW = 22;

/**
 * Each visible select's options whose words the closed select cannot show whole, as
 * "label: option". Each option is chosen in turn; its words, laid out in the select's font on the
 * width the select gives them (less its padding and the arrow), need some lines: the select must
 * be that many lines tall (a select that cannot wrap stays one line high and cuts the rest).
 */
async function cutOptions(page: Page, oneLine = false): Promise<string[]> {
	return page.evaluate(
		([arrow, oneLine]) => {
			const canvas = document.createElement('canvas').getContext('2d')!;
			const cut: string[] = [];
			for (const select of document.querySelectorAll('select')) {
				if (select.getClientRects().length === 0) continue;
				const was = select.value;
				const style = getComputedStyle(select);
				canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
				const width = (t: string) => canvas.measureText(t).width;
				const room =
					select.clientWidth -
					parseFloat(style.paddingLeft) -
					parseFloat(style.paddingRight) -
					arrow;
				for (const option of select.options) {
					let lines = 1;
					let line = '';
					for (const word of option.text.split(/\s+/)) {
						const next = line === '' ? word : `${line} ${word}`;
						if (width(word) > room) lines = Infinity;
						else if (width(next) <= room) line = next;
						else {
							lines++;
							line = word;
						}
					}
					if (oneLine) {
						// A select that cannot wrap (Safari, Firefox): the words on one line, or cut.
						if (width(option.text) > room) {
							const label = select.labels[0]?.textContent?.trim() ?? select.id;
							cut.push(
								`${label}: ${option.text} (${Math.round(width(option.text))} > ${Math.round(room)} px)`
							);
						}
						continue;
					}
					select.value = option.value;
					const style2 = getComputedStyle(select);
					const lineHeight = parseFloat(style2.fontSize) * 1.15;
					const tall =
						select.clientHeight - parseFloat(style2.paddingTop) - parseFloat(style2.paddingBottom);
					if (tall + 1 < lines * lineHeight) {
						const label = select.labels[0]?.textContent?.trim() ?? select.id;
						cut.push(`${label}: ${option.text} (${lines} lines, ${Math.round(tall)} px tall)`);
					}
				}
				select.value = was;
			}
			return cut;
		},
		[ARROW, oneLine] as const
	);
}

/** The viewport `width` wide, once the page has taken it. */
async function widen(page: Page, width: number) {
	await page.setViewportSize({ width, height: 800 });
	await page.waitForFunction((w) => document.documentElement.clientWidth === w, width, {
		polling: 50
	});
}

/**
 * The screen shown, its selects drawn by the app (Chromium's `appearance: base-select`) at 320 and
 * 390 px where `drawn`, then drawn as Safari and Firefox draw them, one line, at 320 px.
 */
async function noCutSelects(page: Page, where: string, drawn: boolean) {
	if (drawn) {
		for (const width of [320, 390]) {
			await widen(page, width);
			expect(await cutOptions(page), `${where} at ${width} px`).toEqual([]);
		}
	}
	await widen(page, 320);
	const native = await page.addStyleTag({
		content: 'select { appearance: auto !important; white-space: nowrap; }'
	});
	expect(await cutOptions(page, true), `${where} without the drawn select`).toEqual([]);
	await native.evaluate((tag) => (tag as Element).remove());
}

// One page per language, each screen loaded once and checked at both widths and both ways.
// Safari and Firefox draw no customizable select: their closed select is one line, cut at its
// edge, so every option's words must fit that line at 320 px, in every language.
for (const locale of ['en', 'de', 'fr', 'it'] as const) {
	test(`no select's words are cut in ${locale}: drawn at 320 and 390 px, one line at 320 px`, async ({
		page
	}) => {
		// French and German, where the cut words were seen, drawn by the app; every language on one
		// line.
		const drawn = locale === 'fr' || locale === 'de';
		// Four short names: a player's name is allowed to be cut (it wraps elsewhere on screen).
		await seedPlayed(page, [
			{
				id: 'e',
				names: ['Anna', 'Ben', 'Cleo', 'Dario'],
				preset: 'swiss-jassshop',
				createdAt: Date.UTC(2026, 10, 20, 19),
				rounds: []
			}
		]);
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);

		await page.goto('/new');
		await expect(page.locator('#player-0')).toBeVisible();
		await page.locator('details.house > summary').click();
		await expect(page.locator('details.house select').first()).toBeVisible();
		await noCutSelects(page, 'New evening', drawn);
		await lookAt(page, { path: `${SHOTS}/selects-setup-${locale}-320.png`, fullPage: true });

		await page.goto('/settings');
		await expect(page.locator('#language')).toBeVisible();
		await noCutSelects(page, 'Settings', drawn);

		// Who starts the round ("Chi ha il doppio 12|12").
		await page.goto('/evening/e');
		await expect(page.getByRole('button', { name: word(locale, 'entry_save') })).toBeVisible();
		await noCutSelects(page, 'the round', false);

		await page.goto('/evening/e/table');
		await expect(page.locator('#turn')).toBeVisible();
		await noCutSelects(page, 'the table', drawn);
		await lookAt(page, { path: `${SHOTS}/selects-table-${locale}-320.png`, fullPage: true });
		await page
			.getByRole('button', { name: word(locale, 'table_double_played'), exact: true })
			.click();
		await expect(page.locator('#play-train')).toBeVisible();
		await noCutSelects(page, 'Double played', drawn);
		await lookAt(page, { path: `${SHOTS}/selects-double-${locale}-320.png`, fullPage: true });
	});
}

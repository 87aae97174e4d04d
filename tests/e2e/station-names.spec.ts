// Every name readable at the station and in setup: ten players with 40-character names, at 320
// and 390 px, in all four languages. The station never cuts a name (its spokes are numbered and a
// key gives the full names, wrapped); each setup seat shows its whole name. Nothing scrolls
// sideways. Screenshots go to /tmp/table-shots/ to be looked at.
import { expect, test, type Page } from '@playwright/test';
import { seedPlayed } from './helpers/seed';
import { tableTapsStored } from './helpers/db';
import { longNames } from './helpers/names';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/table-shots';

const LOCALES = ['en', 'de', 'fr', 'it'] as const;
const WIDTHS = [320, 390] as const;

/** Ten 40-character names, one of them without any space. */
const NAMES = longNames(10);

async function noSidewaysScroll(page: Page) {
	const { scroll, client } = await page.evaluate(() => ({
		scroll: document.documentElement.scrollWidth,
		client: document.documentElement.clientWidth
	}));
	expect(scroll).toBeLessThanOrEqual(client);
}

test.describe.configure({ timeout: 180_000 });

test('the station: ten 40-character names, numbered spokes and a key with every full name', async ({
	page
}) => {
	expect(NAMES.every((n) => [...n].length === 40)).toBe(true);
	await seedPlayed(page, [
		{ id: 'ten', names: NAMES, preset: 'swiss-jassshop', createdAt: Date.now(), rounds: [] }
	]);
	await page.goto('/evening/ten/table');
	await page.getByLabel('Whose turn').selectOption({ label: NAMES[2]! });
	await page.getByRole('button', { name: `${NAMES[4]} has one tile left`, exact: true }).click();
	await page.getByRole('button', { name: `Marker on ${NAMES[1]}'s train`, exact: true }).click();
	await tableTapsStored(page, 3);

	for (const locale of LOCALES) {
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		await page.reload();
		await expect(page.locator('html')).toHaveAttribute('lang', locale);
		const station = page.locator('svg.station');
		const key = page.locator('ol.key');
		await expect(station).toBeVisible();
		await expect(key.locator('li')).toHaveCount(10);
		await expect(key.locator('li.turn')).toContainText(NAMES[2]!);
		// The knock: a red disc at spoke 5, its words in the key, next to the name (below).
		await expect(station.locator('.knock-dot')).toHaveCount(1);
		for (const width of WIDTHS) {
			await page.setViewportSize({ width, height: 844 });
			await page.waitForFunction((w) => document.documentElement.clientWidth === w, width, {
				polling: 50
			});
			// No label is cut; the spokes carry seat numbers, the turn's with its arrow.
			const labels = await station.locator('text.label').allTextContents();
			expect(labels.join(' ')).not.toContain('…');
			expect(labels.filter((l) => /^(▶ )?\d+$/.test(l))).toHaveLength(10);
			expect(labels).toContain('▶ 3');
			// The key: seat number and the whole name, wrapped inside the screen; the knock's badge
			// too. Read in one go: each seat's number, name, whether the name fits its box, and
			// whether the seat (and its badge) ends within the screen.
			const seats = await key.locator('li').evaluateAll(
				(items, w) =>
					items.map((li) => {
						const name = li.querySelector('bdi')!;
						const badge = li.querySelector('.badge');
						return {
							num: li.querySelector('.num')?.textContent?.trim(),
							name: name.textContent,
							fits: name.scrollWidth <= name.clientWidth + 1,
							within:
								name.getBoundingClientRect().right <= w &&
								(!badge || badge.getBoundingClientRect().right <= w),
							knock: badge !== null && badge.getClientRects().length > 0
						};
					}),
				width
			);
			expect(seats, `${locale} ${width}px`).toEqual(
				NAMES.map((name, i) => ({
					num: String(i + 1),
					name,
					fits: true,
					within: true,
					knock: i === 4
				}))
			);
			await noSidewaysScroll(page);
			const top = (await station.boundingBox())!;
			const bottom = (await key.boundingBox())!;
			await lookAt(page, {
				path: `${SHOTS}/station-${locale}-${width}.png`,
				fullPage: true,
				clip: { x: 0, y: top.y, width, height: bottom.y + bottom.height - top.y + 8 }
			});
			await lookAt(page, { path: `${SHOTS}/table-${locale}-${width}.png` });
		}
	}
});

test('setup: ten 40-character names are each read whole in their seat', async ({ page }) => {
	for (const locale of ['en', 'de'] as const) {
		await page.goto('/');
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		// A short phone: the seats run under the sticky Start evening bar.
		await page.setViewportSize({ width: 320, height: 640 });
		await page.goto('/new');
		await expect(page.locator('html')).toHaveAttribute('lang', locale);
		await expect(page.locator('#player-0')).toBeVisible();
		for (const [i, name] of NAMES.entries()) {
			const field = page.locator(`#player-${i}`);
			if (!(await field.isVisible())) await page.locator(`#player-${i - 1}`).press('Enter');
			await field.fill(name);
			// The seat being typed in is never under the sticky Start evening bar.
			await field.focus();
			await expect
				.poll(() =>
					field.evaluate(
						(el) =>
							el.getBoundingClientRect().bottom <=
							document.querySelector('.start')!.getBoundingClientRect().top
					)
				)
				.toBe(true);
		}
		for (const width of WIDTHS) {
			await page.setViewportSize({ width, height: 844 });
			await page.waitForFunction((w) => document.documentElement.clientWidth === w, width, {
				polling: 50
			});
			// Nothing of a name hidden: each seat's field is as tall and as wide as what it holds.
			const seats = await page.evaluate(
				(count) =>
					Array.from({ length: count }, (_, i) => {
						const el = document.getElementById(`player-${i}`) as HTMLTextAreaElement;
						return {
							value: el.value,
							fits: el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1
						};
					}),
				NAMES.length
			);
			expect(seats, `${locale} ${width}px`).toEqual(NAMES.map((value) => ({ value, fits: true })));
			await noSidewaysScroll(page);
			await lookAt(page, { path: `${SHOTS}/setup-${locale}-${width}.png`, fullPage: true });
		}
	}
});

test('names that fit stand whole at their spokes; the knock badge holds its words in every language', async ({
	page
}) => {
	const names = ['Anna', 'Ben', 'Cleo', 'Bartholomew'];
	await seedPlayed(page, [
		{ id: 'four', names, preset: 'swiss-jassshop', createdAt: Date.now(), rounds: [] }
	]);
	await page.goto('/evening/four/table');
	await page.getByRole('button', { name: 'Cleo has one tile left', exact: true }).click();
	await tableTapsStored(page, 1);
	for (const locale of LOCALES) {
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		await page.reload();
		await expect(page.locator('html')).toHaveAttribute('lang', locale);
		const station = page.locator('svg.station');
		await expect(station).toBeVisible();
		await expect(page.locator('ol.key')).toHaveCount(0);
		const labels = await station.locator('text.label').allTextContents();
		expect(labels.slice(1)).toEqual(names);
		const badge = await station.locator('.knock').evaluate((g) => {
			const rect = g.querySelector('rect')!.getBBox();
			const text = g.querySelector('text')!.getBBox();
			return { inside: text.x >= rect.x && text.x + text.width <= rect.x + rect.width };
		});
		expect(badge.inside, locale).toBe(true);
		for (const width of WIDTHS) {
			await page.setViewportSize({ width, height: 844 });
			await noSidewaysScroll(page);
			await lookAt(station, { path: `${SHOTS}/station-names-${locale}-${width}.png` });
		}
	}
});

// A season of four club nights against the real club server (`npm run club`, PGlite in a
// temporary folder). Three earlier nights reach the club through the API (evenings with their
// createdAt on those nights; Dieter misses the second), with the season's rule "per round, a
// missed night counts the player's own average". In Chromium the organiser keeps the club's
// members (Add member, a refusal in words, Rename, Merge, Split off, Division), ticks tonight's
// members and adds guests, and deals; the tables' phones send tonight's evenings through the API.
// The wall shows the season with its rule and Dieter's missed night; the members, the night and
// the wall are looked at in four languages at 320 and 390 px, and the wall at 1920×1080, with
// nothing sideways and no name broken mid-word.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { Mine, Night } from '../../src/lib/club/night-protocol';
import { openAndJoin, useClubServer } from './helpers/club-server';
import { clubApi, eveningOps, tokenOf } from './helpers/night-api';
import { useLocale, word, type Locale } from './helpers/words';
import { lookAt } from './helpers/shots';
import { axeProblems } from './helpers/axe';
import { openInApp } from './helpers/nav';

test.describe.configure({ mode: 'serial' });
const server = useClubServer();

/** The club server's night of a moment (06:00 to 06:00, the server's time zone: this machine's). */
function nightOf(ms: number): string {
	const d = new Date(ms - 6 * 3_600_000);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
const DAY = 86_400_000;
/** Tonight and three earlier nights a week apart; noon of each. */
const NIGHTS = [21, 14, 7].map((days) => Date.now() - days * DAY);
const SEASON = nightOf(Date.now()).slice(0, 4);
/** Who played each earlier night, as typed at the table ("Helene B" is Hélène; Dieter misses). */
const EARLIER = [
	['Anna', 'Bo', 'Cy', 'Dieter', 'Helene B'],
	['Anna', 'Bo', 'Cy', 'Hélène'],
	['Anna', 'Bo', 'Cy', 'Dieter', 'Hélène']
];
const MEMBERS = ['Anna', 'Bo', 'Cy', 'Dieter', 'Hélène', 'Helene B'];
const GUESTS = ['Ed', 'Fay', 'Marie-Hélène Dupont-Lefèvre'];
/** The club tables' phones: long names, for the standings' "Tonight's tables" at 320 px (whole,
 * on two lines there). */
const TABLES = ['Salle des fêtes Hélène-Marguerite 1', 'Salle des fêtes Hélène-Marguerite 2'];

let organiser = '';
let organiserToken = '';
const tables = new Map<string, string>();
let phone: Page;
const api = (token: string, path: string, init?: RequestInit) =>
	clubApi(server.url, token, path, init);

/** An organiser's write through the API, as the app sends one. */
async function organiserWrite(method: string, path: string, body: unknown) {
	const { revision } = (await (await api(organiserToken, '/v1/club/settings')).json()) as {
		revision: number;
	};
	const response = await api(organiserToken, path, {
		method,
		headers: { 'Idempotency-Key': randomUUID(), 'If-Match': String(revision) },
		body: JSON.stringify(body)
	});
	expect(response.status, `${method} ${path}`).toBe(200);
}

async function sendEvening(token: string, names: string[], createdAt?: number) {
	const { id, ops } = eveningOps(names, createdAt);
	const pushed = await api(token, '/v1/ops', { method: 'POST', body: JSON.stringify({ ops }) });
	expect(pushed.status).toBe(200);
	expect(((await pushed.json()) as { applied: string[] }).applied).toHaveLength(3);
	return id;
}

/** Nothing wider than the screen, and every name cell (`selector`) on one line. */
async function laidOut(page: Page, names = '.club-table tbody .name') {
	const found = await page.evaluate((selector) => {
		const root = document.documentElement;
		const broken = [...document.querySelectorAll(selector)].filter((cell) => {
			const range = document.createRange();
			range.selectNodeContents(cell);
			const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
			return lines.size > 1;
		});
		const sideways = root.scrollWidth - root.clientWidth;
		// What reaches past the screen's edge, named, when the page scrolls sideways.
		const wider = [...(sideways > 0 ? document.querySelectorAll('body *') : [])]
			.map((el) => ({ el, right: el.getBoundingClientRect().right }))
			.filter(({ right }) => right > root.clientWidth + 0.5)
			.map(
				({ el, right }) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${right}`
			);
		return { sideways, broken: broken.map((cell) => cell.textContent), wider };
	}, names);
	expect(found).toEqual({ sideways: 0, broken: [], wider: [] });
}

/**
 * Tonight's tables' names (each heads its row group) that are cut, or broken inside a word (a
 * line may end at a space or after a hyphen): none, at any length.
 */
function cutTableNames(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		[...document.querySelectorAll<HTMLElement>('.club-table th.group')]
			.filter((cell) => {
				const text = cell.firstChild!;
				const broken = [...(text.textContent ?? '').matchAll(/[^\s-]+/g)].some((word) => {
					const range = document.createRange();
					range.setStart(text, word.index);
					range.setEnd(text, word.index + word[0].length);
					return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
				});
				return broken || cell.scrollWidth > cell.clientWidth;
			})
			.map((cell) => cell.textContent ?? '')
	);
}

/** The names of 12 characters or fewer that a club table or the wall cuts ("Dieter …"). */
function cutShortNames(page: Page, names = '.club-table tbody .name'): Promise<string[]> {
	return page.evaluate(
		(selector) =>
			[...document.querySelectorAll<HTMLElement>(selector)]
				.filter((cell) => [...(cell.textContent ?? '')].length <= 12)
				.filter((cell) => cell.scrollWidth > cell.clientWidth)
				.map((cell) => cell.textContent ?? ''),
		names
	);
}

/** Wall view, Print and the two CSV buttons: two a line at most, each a finger's height. */
async function toolsTwoByTwo(page: Page, locale: Locale) {
	const keys = ['night_wall_view', 'night_print', 'night_csv_night', 'night_csv_season'] as const;
	const boxes = await Promise.all(
		keys.map((key) =>
			page.getByRole('button', { name: word(locale, key), exact: true }).boundingBox()
		)
	);
	const width = page.viewportSize()!.width;
	for (const box of boxes) {
		expect(box!.height).toBeGreaterThanOrEqual(44);
		expect(box!.x + box!.width).toBeLessThanOrEqual(width);
	}
	const lines = new Set(boxes.map((box) => Math.round(box!.y)));
	expect(lines.size, 'lines of tool buttons').toBeLessThanOrEqual(2);
}

test.beforeAll(async ({ browser }) => {
	test.setTimeout(150_000);
	// A season is a calendar year: three nights a week apart before tonight must be in it.
	test.skip(nightOf(NIGHTS[0]!).slice(0, 4) !== SEASON, 'the first weeks of a year');
	const out = await server.club('invite', '--organiser', 'Ruth');
	organiser = /^Join link: (\S+)$/m.exec(out)![1]!;
	organiserToken = tokenOf(organiser);
	for (const name of TABLES) tables.set(name, tokenOf(await server.invite(name)));
	await organiserWrite('PUT', '/v1/club/settings', {
		tableSizes: { min: 4, max: 6 },
		houseRules: null,
		seasonRule: { ranking: 'per-round', missed: { kind: 'own-average' }, ties: 'shared' },
		divisions: ['Juniors']
	});
	const first = tables.get(TABLES[0]!)!;
	for (const [i, names] of EARLIER.entries()) await sendEvening(first, names, NIGHTS[i]);
	phone = await (await browser.newContext()).newPage();
});

test.afterAll(async () => {
	await phone?.context().close();
});

/** The member's card on the members screen. */
const card = (name: string): Locator => phone.getByRole('article', { name, exact: true });

async function change(name: string): Promise<Locator> {
	const member = card(name);
	await member.locator('summary').click();
	return member;
}

test('the organiser keeps the members: add, a refusal in words, rename, merge, split, division', async () => {
	test.setTimeout(120_000);
	await openAndJoin(phone, organiser, 'Domino club', 'Ruth');
	await phone.getByRole('link', { name: 'Club night', exact: true }).click();
	await phone.getByRole('link', { name: 'Club members', exact: true }).click();
	await expect(phone.getByRole('heading', { name: 'Club members', exact: true })).toBeVisible();

	const name = phone.getByRole('textbox', { name: 'Member name', exact: true });
	for (const member of MEMBERS) {
		await name.fill(member);
		await phone.getByRole('button', { name: 'Add member', exact: true }).click();
		await expect(card(member)).toBeVisible();
		await expect(name).toHaveValue('');
	}
	// A name that is a member's already, however typed: refused in words, and kept in the field.
	await name.fill(' anna ');
	await phone.getByRole('button', { name: 'Add member', exact: true }).click();
	await expect(phone.getByRole('alert')).toHaveText("“anna” is already the club's member Anna.");
	await expect(name).toHaveValue(' anna ');
	await expect(phone.getByRole('article')).toHaveCount(MEMBERS.length);

	// Helene B is Hélène: merged, her spelling; split off by mistake, and merged again.
	let helene = await change('Hélène');
	await helene.getByLabel('Same person as', { exact: true }).selectOption({ label: 'Helene B' });
	await helene.getByRole('button', { name: 'Merge', exact: true }).click();
	await expect(card('Helene B')).toHaveCount(0);
	await expect(card('Hélène').getByRole('listitem')).toHaveCount(1);
	await card('Hélène').getByRole('button', { name: 'Split off Helene B', exact: true }).click();
	await expect(card('Helene B')).toBeVisible();
	await expect(card('Hélène').getByRole('listitem')).toHaveCount(0);
	helene = card('Hélène');
	await helene.getByLabel('Same person as', { exact: true }).selectOption({ label: 'Helene B' });
	await helene.getByRole('button', { name: 'Merge', exact: true }).click();
	await expect(card('Helene B')).toHaveCount(0);

	// Renamed: "Dieter" stays his spelling, so his earlier nights count for Dieter K.
	const dieter = await change('Dieter');
	await dieter.getByRole('textbox', { name: 'New name', exact: true }).fill('Dieter K.');
	await dieter.getByRole('button', { name: 'Rename', exact: true }).click();
	await expect(
		card('Dieter K.').getByRole('button', { name: 'Split off Dieter', exact: true })
	).toBeVisible();
	// A name another member has: refused in words.
	const bo = await change('Bo');
	await bo.getByRole('textbox', { name: 'New name', exact: true }).fill('CY');
	await bo.getByRole('button', { name: 'Rename', exact: true }).click();
	await expect(bo.getByRole('alert')).toHaveText("“CY” is already the club's member Cy.");

	// A division the club lists, and out again.
	const anna = await change('Anna');
	await anna.getByLabel('Division', { exact: true }).selectOption('Juniors');
	await expect(anna.getByText('Division Juniors', { exact: true })).toBeVisible();
	await anna.getByLabel('Division', { exact: true }).selectOption({ label: 'No division' });
	await expect(anna.getByText('Division Juniors', { exact: true })).toHaveCount(0);
	await expect(anna.getByRole('status')).toHaveText('Stored by the club.');
});

test('check-in ticks the members and adds guests, and deals two tables of 4', async () => {
	await phone.getByRole('link', { name: 'Club night', exact: true }).click();
	await expect(phone.getByRole('heading', { name: 'Club night', exact: true })).toBeVisible();
	const here = ['Anna', 'Bo', 'Cy', 'Dieter K.', 'Hélène'];
	await expect(phone.getByRole('checkbox')).toHaveCount(here.length);
	for (const member of here) {
		const box = phone.getByRole('checkbox', { name: member, exact: true });
		await box.check();
		await expect(box).toBeChecked();
	}
	const guest = phone.getByRole('textbox', { name: 'Guest name', exact: true });
	for (const name of GUESTS) {
		await guest.fill(name);
		await phone.getByRole('button', { name: 'Add guest', exact: true }).click();
		await expect(phone.getByRole('button', { name: `Remove ${name}`, exact: true })).toBeVisible();
	}
	// A guest with a member's name (any spelling of it) is refused in words.
	await guest.fill('helene b');
	await phone.getByRole('button', { name: 'Add guest', exact: true }).click();
	await expect(phone.getByRole('alert')).toContainText(/is a member of the club/);
	await expect(phone.getByText('8 here: 2 tables of 4, 4', { exact: true })).toBeVisible();

	// The club has the members ticked as here, not as guests.
	await expect
		.poll(async () => {
			const night = (await (await api(organiserToken, '/v1/night')).json()) as Night;
			const players = night.checkIn!.players;
			return {
				members: players.filter((p) => !p.guest).map((p) => p.name),
				guests: players.filter((p) => p.guest).map((p) => p.name)
			};
		})
		.toEqual({ members: here, guests: GUESTS });

	await phone.getByRole('button', { name: 'Deal tables', exact: true }).click();
	const seats = phone.getByRole('table', { name: 'Seats', exact: true });
	await expect(seats.getByRole('rowheader')).toHaveCount(8);
	expect([...(await seats.getByRole('rowheader').allInnerTexts())].sort()).toEqual(
		[...here, ...GUESTS].sort()
	);
});

test("tonight's tables play; the wall shows the season's four nights, its rule and the missed night", async ({
	browser
}) => {
	test.setTimeout(120_000);
	for (const token of tables.values()) {
		const mine = (await (await api(token, '/v1/night/mine')).json()) as Mine;
		const seats = mine.seats!;
		// Each table's longest name second: that player leads it (eveningOps' hands), so
		// "Tonight's tables" at 320 px holds the longest leader, whatever the deal.
		const names = seats.players.map((p) => p.name).sort((x, y) => y.length - x.length);
		const id = await sendEvening(token, [names[1]!, names[0]!, ...names.slice(2)]);
		const claim = await api(token, `/v1/night/games/${seats.game}/tables/${seats.table}/evening`, {
			method: 'PUT',
			body: JSON.stringify({ eveningId: id })
		});
		expect(claim.status).toBe(200);
	}

	const context = await browser.newContext({
		viewport: { width: 1920, height: 1080 },
		isMobile: false,
		hasTouch: false
	});
	const wall = await context.newPage();
	await wall.clock.install();
	await openAndJoin(wall, organiser, 'Domino club', 'Ruth');
	await expect(wall).toHaveURL(/\/$/);
	await wall.goto('/club/wall');
	const season = await seasonPage(wall, 'en');
	await expect(
		wall.getByText(
			"Per round, lowest first · a missed night counts the player's own average · ties share the place",
			{ exact: true }
		)
	).toBeVisible();
	// Nights played and missed: Dieter missed the second (his own average counts for it); Hélène
	// played all four (the first typed "Helene B"); a guest of tonight missed three.
	await expect.poll(() => seasonRow(season, 'Dieter K.')).toEqual({ nights: '3', missed: '1' });
	await expect.poll(() => seasonRow(season, 'Hélène')).toEqual({ nights: '4', missed: '0' });
	await expect.poll(() => seasonRow(season, 'Ed')).toEqual({ nights: '1', missed: '3' });
	// The club lists Juniors, but nobody is in it (Anna left it): one standings, no heading.
	await expect(wall.getByText('No division', { exact: true })).toHaveCount(0);
	await laidOut(wall, '.wall-grid .name');
	await lookAt(wall, { path: 'test-results/club-season/wall-1920-en.png' });
	await context.close();
});

/** The wall turned to the season's page (its own clock run on, a page at a time). */
async function seasonPage(wall: Page, locale: Locale): Promise<Locator> {
	const season = wall.getByRole('table', {
		name: word(locale, 'night_season', { season: SEASON }),
		exact: true
	});
	await expect
		.poll(async () => {
			if (await season.isVisible()) return true;
			await wall.clock.fastForward(12_000);
			return false;
		})
		.toBe(true);
	return season;
}

/** A player's nights played and missed, as the season's row on the wall shows them. */
async function seasonRow(season: Locator, name: string) {
	const row = season
		.getByRole('row')
		.filter({ has: season.page().getByRole('rowheader', { name, exact: true }) });
	const cells = await row.getByRole('cell').allInnerTexts();
	// Place, the score, total, rounds, nights, missed.
	return { nights: cells[4], missed: cells[5] };
}

for (const locale of ['en', 'de', 'fr', 'it'] as const) {
	test(`in ${locale} at 320 and 390 px: members, the night, the standings and the wall`, async ({
		browser
	}) => {
		test.setTimeout(120_000);
		const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
		const page = await context.newPage();
		await page.clock.install();
		await openAndJoin(page, organiser, 'Domino club', 'Ruth');
		await expect(page).toHaveURL(/\/$/);
		await useLocale(page, locale);
		// The page loaded once in its language; each screen then opened as a tapped link opens it.
		for (const width of [320, 390]) {
			await page.setViewportSize({ width, height: 844 });
			const shot = (screen: string) =>
				lookAt(page, {
					path: `test-results/club-season/${screen}-${width}-${locale}.png`,
					fullPage: true
				});
			await openInApp(page, '/club/members');
			await page.getByRole('article', { name: 'Hélène', exact: true }).locator('summary').click();
			await expect(page.getByText('Helene B', { exact: true })).toBeVisible();
			await laidOut(page);
			await shot('members');

			await openInApp(page, '/club/night');
			await expect(page.getByRole('table', { name: word(locale, 'night_seats') })).toBeVisible();
			await expect(page.getByRole('table', { name: word(locale, 'club_tables') })).toBeVisible();
			await laidOut(page);
			expect(await cutTableNames(page)).toEqual([]);
			if (locale === 'en' && width === 320) expect(await axeProblems(page)).toEqual([]);
			await shot('night');

			await openInApp(page, '/club/standings');
			await expect(
				page.getByRole('table', { name: word(locale, 'club_tables') }).getByRole('rowheader')
			).toHaveText(TABLES);
			await laidOut(page);
			// Each table's name whole on its own line, above its figures, whatever its length.
			expect(await cutTableNames(page)).toEqual([]);
			if (locale === 'en' && width === 320) expect(await axeProblems(page)).toEqual([]);
			// The figures keep only their digits' width: a name of 12 letters or fewer is whole.
			await expect.poll(() => cutShortNames(page)).toEqual([]);
			await toolsTwoByTwo(page, locale);
			await shot('standings');

			await openInApp(page, '/club/wall');
			await seasonPage(page, locale);
			await expect(
				page.getByText(word(locale, 'night_rule_missed_own_average'), { exact: false })
			).toBeVisible();
			await laidOut(page, '.wall-grid .name');
			// The score the season ranks by stays, headed; the other figures give way to the names.
			await expect(
				page.getByRole('columnheader', {
					name: word(locale, 'night_column_per_round'),
					exact: true
				})
			).toBeVisible();
			await expect.poll(() => cutShortNames(page, '.wall-grid .name')).toEqual([]);
			await shot('wall');
		}
		await context.close();
	});
}

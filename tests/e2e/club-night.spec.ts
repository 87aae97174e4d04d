// The organiser's club night end to end, against the real club server (`npm run club`, embedded
// PGlite in a temporary folder): the organiser's phone checks 14 players in as guests and deals
// three tables (5, 5, 4); each table's own phone (a browser context of its own, one at a time)
// finds its seats on its home screen, starts its evening from them with the club's house rules
// and plays it through the screens; its outbox sends the evening and claims the seats. Lowest move
// up seats game 2: each phone's card says where its players go, and game 2 is played on the
// phones too; Final table seats the final, which its table's phone plays. A
// viewer's wall at 1920×1080 pages by itself; Print is one A4 page; tonight's CSV, from the app's
// button, has a row a player, and the season's in German is a German spreadsheet's; a table's and
// a viewer's key may not deal.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { Mine, Night } from '../../src/lib/club/night-protocol';
import { clubApi, tokenOf } from './helpers/night-api';
import { openAndJoin, tableProgress, useClubServer } from './helpers/club-server';
import { playRound } from './helpers/evening';
import { movedTargets, watchTargets } from './helpers/steady';

test.describe.configure({ mode: 'serial' });
const server = useClubServer();

const PLAYERS = [
	'Anna',
	'Bo',
	'Cy',
	'Di',
	'Ed',
	'Fay',
	'Gus',
	'Hal',
	'Ivo',
	'Jo',
	'Kai',
	'Lou',
	'Mia',
	'Ned'
];
/** Two rounds make an evening over: a short schedule, so each game is played at once. */
const SHORT = { preset: 'swiss-jassshop', schedule: [12, 11] };

let organiser = { link: '', token: '' };
const tables = new Map<string, { link: string; token: string }>();
let viewer = { link: '', token: '' };
let phone: Page;
/** Each table's own phone, joined with its link (opened when first used). */
const tablePhones = new Map<string, Page>();

const api = (token: string, path: string, init: RequestInit = {}) =>
	clubApi(server.url, token, path, init);

/** The club's house rules: every table's evening starts with SHORT, from the phone's card. */
async function setHouseRules(): Promise<void> {
	const night = (await (await api(organiser.token, '/v1/night')).json()) as Night;
	const { settings } = (await (await api(organiser.token, '/v1/club/settings')).json()) as {
		settings: Record<string, unknown>;
	};
	const response = await api(organiser.token, '/v1/club/settings', {
		method: 'PUT',
		headers: { 'Idempotency-Key': randomUUID(), 'If-Match': String(night.revision) },
		body: JSON.stringify({ ...settings, houseRules: SHORT })
	});
	expect(response.status).toBe(200);
}

/** Table `name`'s phone, joined to the club, on its home screen. */
async function tablePhone(browser: Browser, name: string): Promise<Page> {
	let page = tablePhones.get(name);
	if (!page) {
		page = await (await browser.newContext()).newPage();
		const { link } = tables.get(name)!;
		await openAndJoin(page, link, 'Domino club', name);
		await expect(page).toHaveURL(/\/$/);
		tablePhones.set(name, page);
	} else {
		await page.goto('/');
	}
	return page;
}

/**
 * Each table's own phone that has seats in tonight's game `game` starts its evening from the
 * card on its home screen (the players in seat order, the house rules) and plays it through, two
 * rounds; the club then has every table of that game over, each with its phone's evening.
 */
async function playOnPhones(browser: Browser, game: number): Promise<void> {
	for (const [name, { token }] of tables) {
		const mine = (await (await api(token, '/v1/night/mine')).json()) as Mine;
		if (mine.seats?.game !== game) continue;
		const names = mine.seats.players.map((p) => p.name);
		const page = await tablePhone(browser, name);
		const table = `${mine.seats.final ? 'Final table' : 'Table'} ${mine.seats.table}`;
		const card = page.getByRole('region', { name: `${table} · game ${game}`, exact: true });
		await expect(card.getByRole('list').first().getByRole('listitem')).toHaveText(names);
		await card.getByRole('link', { name: 'Start evening', exact: true }).click();
		for (const [i, player] of names.entries()) {
			await expect(page.getByLabel(`Player ${i + 1}`, { exact: true })).toHaveValue(player);
		}
		await expect(page.getByLabel(`Player ${names.length + 1}`, { exact: true })).toHaveCount(0);
		await page.getByRole('button', { name: 'Start evening', exact: true }).click();
		await expect(page).toHaveURL(/\/evening\/[^/]+$/);
		if (game === 1 && name === 'Table 1') {
			// Back to New evening for seats already started: that evening again, not a second.
			const started = page.url();
			await page.goBack();
			await expect(page).toHaveURL(started);
		}
		// The house rules' schedule: 12 then 11, two rounds.
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Round 1 of 2');
		for (const round of [0, 1]) {
			const out = names[round]!;
			const points = Object.fromEntries(
				names.filter((n) => n !== out).map((n, i) => [n, (i * 3 + round * 7 + 5) % 40])
			);
			await playRound(page, out, points);
		}
		await expect(page.getByText(/^Winner: /)).toBeVisible();
	}
	// The phones' outboxes sent each evening and claimed its seats: every table of the game over.
	await expect
		.poll(
			async () => {
				const night = (await (await api(organiser.token, '/v1/night')).json()) as Night;
				const last = night.games.at(-1)!;
				return (
					last.number === game &&
					last.tables.every((t) => t.progress.over && t.progress.eveningId !== null)
				);
			},
			{ timeout: 30_000 }
		)
		.toBe(true);
}

/** RFC 4180 rows (CRLF, "" inside quotes), as a spreadsheet reads them. */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const ch = text[i]!;
		const next = text[i + 1];
		if (quoted && ch === '"' && next === '"') {
			cell += '"';
			i++;
		} else if (quoted && ch === '"') {
			quoted = false;
		} else if (quoted) {
			cell += ch;
		} else if (ch === '"') {
			quoted = true;
		} else if (ch === ',') {
			row.push(cell);
			cell = '';
		} else if (ch === '\r' && next === '\n') {
			rows.push([...row, cell]);
			row = [];
			cell = '';
			i++;
		} else {
			cell += ch;
		}
	}
	expect(quoted, 'an open quote at the end').toBe(false);
	expect(cell === '' && row.length === 0, 'a last line without CRLF').toBe(true);
	return rows;
}

test.beforeAll(async ({ browser }) => {
	test.setTimeout(120_000);
	organiser.link = await server.club('invite', '--organiser', 'Ruth').then((out) => {
		const link = /^Join link: (\S+)$/m.exec(out)?.[1];
		if (!link) throw new Error(`No join link in: ${out}`);
		return link;
	});
	organiser = { link: organiser.link, token: tokenOf(organiser.link) };
	for (const name of ['Table 1', 'Table 2', 'Table 3']) {
		const link = await server.invite(name);
		tables.set(name, { link, token: tokenOf(link) });
	}
	const link = await server.invite('Bar TV', true);
	viewer = { link, token: tokenOf(link) };
	await setHouseRules();
	phone = await (await browser.newContext()).newPage();
});

test.afterAll(async () => {
	await phone?.context().close();
	for (const page of tablePhones.values()) await page.context().close();
});

test('the organiser checks 14 in and deals three tables of 5, 5 and 4', async () => {
	test.setTimeout(120_000);
	await openAndJoin(phone, organiser.link, 'Domino club', 'Ruth');
	await expect(phone).toHaveURL(/\/$/);
	await phone.getByRole('link', { name: 'Club night', exact: true }).click();
	await expect(phone.getByRole('heading', { name: 'Club night', exact: true })).toBeVisible();

	const guest = phone.getByRole('textbox', { name: 'Guest name', exact: true });
	for (const name of PLAYERS) {
		await guest.fill(name);
		await phone.getByRole('button', { name: 'Add guest', exact: true }).click();
		await expect(phone.getByRole('button', { name: `Remove ${name}`, exact: true })).toBeVisible();
		await expect(guest).toHaveValue('');
	}
	await expect(phone.getByText('14 here: 3 tables of', { exact: false })).toBeVisible();

	await phone.getByRole('button', { name: 'Deal tables', exact: true }).click();
	const seats = phone.getByRole('table', { name: 'Seats', exact: true });
	await expect(seats.getByRole('rowheader')).toHaveCount(14);
	const seated = (table: string) => seats.getByRole('cell', { name: table, exact: true });
	await expect(seated('Table 1')).toHaveCount(5);
	await expect(seated('Table 2')).toHaveCount(5);
	await expect(seated('Table 3')).toHaveCount(4);
	const names = await seats.getByRole('rowheader').allInnerTexts();
	expect([...names].sort()).toEqual([...PLAYERS].sort());
});

test('each table plays game 1 on its own phone, from the seats on its home screen', async ({
	browser
}) => {
	test.setTimeout(240_000);
	await playOnPhones(browser, 1);
});

test('game 1 over at the three tables: Lowest move up, Next game, and who goes where', async () => {
	await phone.getByRole('combobox', { name: 'Moves', exact: true }).selectOption({
		label: 'Lowest move up'
	});
	await phone.getByRole('button', { name: 'Next game', exact: true }).click();
	await expect(phone.getByRole('heading', { name: 'Game 2', exact: true })).toBeVisible();
	const moves = phone.getByRole('region', { name: 'Who goes where', exact: true });
	await expect(moves.getByRole('listitem')).toHaveCount(14);
	for (const name of PLAYERS) {
		await expect(
			moves.getByRole('listitem').filter({ hasText: new RegExp(`^${name}: `) })
		).toHaveCount(1);
	}
	await expect(moves.getByText('(one of the 3 lowest)', { exact: false }).first()).toBeVisible();
	await expect(
		phone.getByRole('table', { name: 'Seats', exact: true }).getByRole('rowheader')
	).toHaveCount(14);
});

test("each phone's card says where its players of game 1 go; game 2 is played on the phones", async ({
	browser
}) => {
	test.setTimeout(240_000);
	for (const [name, { token }] of tables) {
		const mine = (await (await api(token, '/v1/night/mine')).json()) as Mine;
		expect(mine.seats?.game, name).toBe(2);
		const page = await tablePhone(browser, name);
		const card = page.getByRole('region', {
			name: `Table ${mine.seats!.table} · game 2`,
			exact: true
		});
		await expect(card.getByRole('heading', { name: 'Where you play next' })).toBeVisible();
		const lines = mine.moves.map((m) =>
			m.to === null ? `${m.name}: sits out the next game` : `${m.name}: go to Table ${m.to}`
		);
		expect(lines.length, name).toBeGreaterThanOrEqual(4);
		await expect(card.getByRole('list').last().getByRole('listitem')).toHaveText(lines);
	}
	await playOnPhones(browser, 2);
});

test('game 2 over: Final table, Next game seats the final', async ({ browser }) => {
	await phone.getByRole('combobox', { name: 'Moves', exact: true }).selectOption({
		label: 'Final table'
	});
	await phone.getByRole('button', { name: 'Next game', exact: true }).click();
	await expect(phone.getByRole('heading', { name: 'Game 3', exact: true })).toBeVisible();
	const seats = phone.getByRole('table', { name: 'Seats', exact: true });
	// One of each table (How many: 1), the others sit out.
	await expect(seats.getByRole('cell', { name: 'Final table 1', exact: true })).toHaveCount(3);
	await expect(seats.getByRole('rowheader')).toHaveCount(3);
	const moves = phone.getByRole('region', { name: 'Who goes where', exact: true });
	await expect(moves.getByRole('listitem')).toHaveCount(14);
	// A table not in the final keeps no seats of game 2: its card says so, with no Start evening.
	const away = await tablePhone(browser, 'Table 2');
	const card = away.getByRole('region', { name: 'This table has no game now', exact: true });
	await expect(card.getByRole('heading', { name: 'Where you play next' })).toBeVisible();
	await expect(away.getByRole('link', { name: 'Start evening', exact: true })).toHaveCount(0);
});

test("the final is played on its table's phone, and the organiser's night shows it over", async ({
	browser
}) => {
	test.setTimeout(120_000);
	await playOnPhones(browser, 3);
	const night = (await (await api(organiser.token, '/v1/night')).json()) as Night;
	const final = night.games.at(-1)!;
	expect(final.tables).toHaveLength(1);
	expect(final.tables[0]!.players).toHaveLength(3);
	// The organiser's screen follows the club live: the final's table is over there too.
	const table = tableProgress(phone, 'Final table 1');
	// Its two rounds, and "over" (the tick beside it is for the eye only).
	await expect(table.getByRole('cell').first()).toHaveText(/^2\D.*\bover$/);
});

test("the organiser's club screens: nothing to tap moves as they load", async () => {
	await phone.addInitScript(watchTargets);
	const live = phone.getByText('Live', { exact: true });
	const screens: [string, () => Promise<void>][] = [
		[
			'/club/night',
			async () => {
				await expect(live).toBeVisible();
				await expect(
					phone.getByRole('link', { name: 'Rounds of table 1', exact: true })
				).toBeVisible();
			}
		],
		[
			'/club/standings',
			async () => {
				await expect(live).toBeVisible();
				await expect(phone.getByRole('table').first()).toBeVisible();
			}
		],
		[
			'/club/members',
			() => expect(phone.getByText('The club has no members yet: add them by name.')).toBeVisible()
		],
		[
			'/club/night/table/1',
			async () => {
				await phone.waitForLoadState('networkidle');
				await expect(phone.getByRole('link', { name: 'Correct round 1' }).first()).toBeVisible();
			}
		]
	];
	for (const [path, loaded] of screens) {
		await phone.goto(path);
		await loaded();
		expect.soft(await movedTargets(phone), path).toEqual([]);
	}
});

test('the wall at 1920×1080 pages by itself, and Print is one A4 page', async ({ browser }) => {
	test.setTimeout(120_000);
	const context = await browser.newContext({
		viewport: { width: 1920, height: 1080 },
		isMobile: false,
		hasTouch: false
	});
	// The browser's print dialog is not opened in a test: counted instead.
	await context.addInitScript(() => {
		(window as unknown as { __printed: number }).__printed = 0;
		window.print = () => {
			(window as unknown as { __printed: number }).__printed++;
		};
	});
	const wall = await context.newPage();
	await openAndJoin(wall, viewer.link, 'Domino club', 'Bar TV');
	await expect(wall).toHaveURL(/\/club\/standings$/);
	await wall.getByRole('button', { name: 'Wall view', exact: true }).click();
	await expect(wall).toHaveURL(/\/club\/wall$/);
	await expect(wall.getByText(/^Page 1 of \d+$/)).toBeVisible();
	// A page stays 12 s (PAGE_MS): the next one comes by itself, with no touch.
	await expect(wall.getByText(/^Page 2 of \d+$/)).toBeVisible({ timeout: 40_000 });

	await wall.getByRole('button', { name: 'Print', exact: true }).click();
	await expect
		.poll(() => wall.evaluate(() => (window as unknown as { __printed: number }).__printed))
		.toBe(1);
	const pdf = await wall.pdf({ format: 'A4', printBackground: true });
	const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
	expect(pages).toHaveLength(1);
	// Kept to be looked at (pdftoppm -png renders it).
	await writeFile('test-results/night-sheet.pdf', pdf);
	await context.close();
});

/** The CSV the app's button downloads, as text without the byte-order mark. */
async function downloaded(page: Page, button: string): Promise<string> {
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('button', { name: button, exact: true }).click()
	]);
	expect(download.suggestedFilename()).toMatch(/^caboose-.*\d{4}-\d{2}-\d{2}\.csv$/);
	const path = await download.path();
	return (await readFile(path)).toString('utf8').replace(/^\uFEFF/, '');
}

test("tonight's CSV from the app's button: the header and a row a player", async () => {
	await phone.goto('/');
	await phone.getByRole('link', { name: 'Club standings', exact: true }).click();
	const rows = parseCsv(await downloaded(phone, 'Tonight as CSV'));
	expect(rows).toHaveLength(15);
	expect(rows[0]!.slice(0, 3)).toEqual(['Division', 'Place', 'Player']);
	const cells = rows.slice(1);
	expect(cells.every((row) => row.length === rows[0]!.length)).toBe(true);
	expect(cells.map((row) => row[2]).sort()).toEqual([...PLAYERS].sort());
	await expect(
		phone.getByRole('status').filter({ hasText: /^Saved as caboose-club-night-/ })
	).toBeVisible();

	// In German the season's CSV is a German spreadsheet's: `;` between cells, German headings.
	await phone.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'de'));
	await phone.reload();
	const season = await downloaded(phone, 'Saison als CSV');
	expect(season.split('\r\n')[0]).toMatch(/^"Gruppe";"Platz";"Spieler";"/);
	await phone.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
});

test("a table's key and a viewer's key may not seat a game: 403 organiser-only", async () => {
	const night = (await (await api(organiser.token, '/v1/night')).json()) as Night;
	for (const token of [tables.get('Table 1')!.token, viewer.token]) {
		const response = await api(token, '/v1/night/games', {
			method: 'POST',
			headers: { 'Idempotency-Key': randomUUID(), 'If-Match': String(night.revision) },
			body: JSON.stringify({ rule: { kind: 'deal' } })
		});
		expect(response.status).toBe(403);
		expect(((await response.json()) as { error: string }).error).toBe('organiser-only');
	}
	const after = (await (await api(organiser.token, '/v1/night')).json()) as Night;
	expect(after.revision).toBe(night.revision);
	expect(after.games).toHaveLength(3);
});

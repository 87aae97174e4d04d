// The organiser's club night end to end, against the real club server (`npm run club`, embedded
// PGlite in a temporary folder): the organiser's phone checks 14 players in as guests and deals
// three tables (5, 5, 4); each table's phone claims its seats and sends its evening (through the
// API, as a phone's outbox would); Lowest move up and Final table seat the next games, and the
// organiser's screen says who goes where. A viewer's wall at 1920×1080 pages by itself; Print is
// one A4 page; tonight's CSV has a row a player; a table's and a viewer's key may not deal.
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { ClubEvening, ClubOp } from '../../src/lib/club/protocol';
import type { Mine, Night } from '../../src/lib/club/night-protocol';
import { openAndJoin, useClubServer } from './helpers/club-server';

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

const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
let organiser = { link: '', token: '' };
const tables = new Map<string, string>();
let viewer = { link: '', token: '' };
let phone: Page;

function api(token: string, path: string, init: RequestInit = {}) {
	return fetch(server.url + path, {
		...init,
		headers: {
			'Content-Type': 'application/json',
			...(init.headers as Record<string, string>),
			Authorization: `Bearer ${token}`
		}
	});
}

/** An evening of `names` played through (two rounds), as the phone's outbox sends it. */
function playedThrough(names: string[]): { id: string; ops: ClubOp[] } {
	const id = randomUUID();
	const createdAt = Date.now();
	const players = names.map((name) => ({ id: randomUUID(), name }));
	const seats = players.map((p) => p.id);
	const rounds = [0, 1].map((index) => {
		const out = seats[index % seats.length]!;
		const hands: Record<string, number> = {};
		seats.forEach((seat, i) => {
			if (seat !== out) hands[seat] = (index * 7 + i * 3 + names.length) % 40;
		});
		return {
			id: `${id}:${index}`,
			eveningId: id,
			index,
			entry: { out, blocked: false, hands },
			starter: null,
			savedAt: createdAt + index + 1
		};
	});
	const upTo = (n: number): ClubEvening =>
		({
			evening: {
				id,
				createdAt,
				updatedAt: createdAt + n,
				players,
				rules: SHORT,
				firstStarter: 0,
				endedAt: null
			},
			rounds: rounds.slice(0, n)
		}) as unknown as ClubEvening;
	const ops = [0, 1, 2].map((n): ClubOp => ({
		id: randomUUID(),
		eveningId: id,
		revision: n + 1,
		kind: 'put',
		evening: upTo(n)
	}));
	return { id, ops };
}

/** Each table's phone claims its seats of tonight's last game and sends that evening, over. */
async function playLastGame(): Promise<void> {
	let game = 0;
	for (const [name, token] of tables) {
		const mine = (await (await api(token, '/v1/night/mine')).json()) as Mine;
		if (!mine.seats) continue;
		game = mine.seats.game;
		const { id, ops } = playedThrough(mine.seats.players.map((p) => p.name));
		const claim = await api(
			token,
			`/v1/night/games/${mine.seats.game}/tables/${mine.seats.table}/evening`,
			{ method: 'PUT', body: JSON.stringify({ eveningId: id }) }
		);
		expect(claim.status, name).toBe(200);
		const pushed = await api(token, '/v1/ops', { method: 'POST', body: JSON.stringify({ ops }) });
		expect(pushed.status, name).toBe(200);
		expect(((await pushed.json()) as { applied: string[] }).applied).toHaveLength(3);
	}
	// The club has every table of that game over.
	await expect
		.poll(async () => {
			const night = (await (await api(organiser.token, '/v1/night')).json()) as Night;
			const last = night.games.at(-1)!;
			return last.number === game && last.tables.every((t) => t.progress.over);
		})
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
		tables.set(name, tokenOf(await server.invite(name)));
	}
	const link = await server.invite('Bar TV', true);
	viewer = { link, token: tokenOf(link) };
	phone = await (await browser.newContext()).newPage();
});

test.afterAll(async () => {
	await phone?.context().close();
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

test('game 1 over at the three tables: Lowest move up, Next game, and who goes where', async () => {
	await playLastGame();
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

test('game 2 over: Final table, Next game seats the final', async () => {
	await playLastGame();
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
	await context.close();
});

test("tonight's CSV has the header and a row a player", async () => {
	const response = await api(organiser.token, '/v1/night.csv');
	expect(response.status).toBe(200);
	expect(response.headers.get('content-type')).toContain('text/csv');
	const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
	expect(rows).toHaveLength(15);
	expect(rows[0]!.slice(0, 3)).toEqual(['Division', 'Place', 'Name']);
	const cells = rows.slice(1);
	expect(cells.every((row) => row.length === rows[0]!.length)).toBe(true);
	expect(cells.map((row) => row[2]).sort()).toEqual([...PLAYERS].sort());
});

test("a table's key and a viewer's key may not seat a game: 403 organiser-only", async () => {
	const night = (await (await api(organiser.token, '/v1/night')).json()) as Night;
	for (const token of [tables.get('Table 1')!, viewer.token]) {
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

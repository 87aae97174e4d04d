// Nothing scrolls sideways: every screen (the read-only view too) at 320 and 390 px wide, and at
// 195 px (a 390 px phone at 200 % zoom), in every language, with 2, 6 and 10 players whose names
// are 40 characters long. Each evening is stored once (its rounds as the app stores them), its
// live table put in play through the screen (a knock, a forgotten one, an open double, the turn
// moved on); then one page walks the screens, the languages and the widths, with what they open
// (the chart's totals) open: loaded once per language (the language is read as the page loads),
// it goes from screen to screen as a link takes the reader. Screens that show no evening are
// walked once, with ten players. Sizes are read, never pixels: drawn at one device pixel per CSS
// pixel (SIZES_ONLY).
// POLISH_SHOTS=<dir> also keeps a screenshot of every cell, to look at.
import { expect, test, type Page } from '@playwright/test';
import { longNames } from './helpers/names';
import { seedPlayed, seededId, type PlayedEvening } from './helpers/seed';
import { lookAt, SIZES_ONLY } from './helpers/shots';
import { openInApp } from './helpers/nav';
import { tableTapsStored } from './helpers/db';

const LOCALES = ['en', 'de', 'fr', 'it'] as const;
const WIDTHS = [320, 390, 195] as const;
const SHOTS = process.env.POLISH_SHOTS;
/** OVERFLOW_SCREENS=setup,table checks only those screens (a quicker run for one change). */
const ONLY = process.env.OVERFLOW_SCREENS?.split(',') ?? null;

interface Evening {
	players: number;
	id: string;
	names: string[];
	/** The path and fragment of its read-only view. */
	view: string;
	/** The path of its first player's page. */
	player: string;
}

/** The rounds each evening has played, so every screen has something to show. */
function roundsFor(names: string[]): PlayedEvening['rounds'] {
	const [first, second, third] = names as [string, string, string];
	const others = (out: string) =>
		Object.fromEntries(names.filter((n) => n !== out).map((n, i) => [n, 5 + i]));
	// "Manche 10 sur 13": the longest round title of a 13-round evening.
	if (names.length === 2)
		return Array.from({ length: 9 }, (_, r) => {
			const out = r % 2 ? first : second;
			return { out, points: others(out) };
		});
	if (names.length === 6) {
		// The second player passes 100 and is out of the evening: the elimination columns show.
		const { [second]: _gone, ...stillIn } = others(third);
		return [
			{ out: first, points: { ...others(first), [second]: 120 } },
			{ out: third, points: stillIn }
		];
	}
	return [{ out: first, points: others(first) }];
}

/** One evening per player count, its rounds stored as the app stores them, its table in play. */
async function setUp(page: Page, players: number): Promise<Evening> {
	const names = longNames(players);
	const id = `overflow-${players}`;
	const preset = players === 6 ? 'italian-elimination' : 'swiss-jassshop';
	await seedPlayed(page, [{ id, names, preset, createdAt: Date.now(), rounds: roundsFor(names) }]);
	await tableInPlay(page, id, names);
	// The read-only view of this evening, as another phone opens it.
	await page.getByRole('button', { name: 'Show to the table', exact: true }).click();
	const field = page.getByLabel('Link for other phones', { exact: true });
	await expect(field).toHaveValue(/\/view#c1\./);
	const url = new URL(await field.inputValue());
	await page.getByRole('button', { name: 'Close', exact: true }).click();
	const player = `/players/${seededId(names[0] as string)}`;
	return { players, id, names, view: `${url.pathname}${url.hash}`, player };
}

/**
 * The round's live table with something to say: a knock, a forgotten knock (its penalty), an open
 * double on a long name's train, and the turn moved on by a tile (the note and Back to ‹name›).
 */
async function tableInPlay(page: Page, id: string, names: string[]) {
	const first = names[0] as string;
	// The last seat: never the one the six players' evening eliminates.
	const last = names.at(-1) as string;
	await openInApp(page, `/evening/${id}/table`);
	await page.getByLabel('Whose turn').selectOption({ index: 1 });
	await page.getByRole('button', { name: `${first} has one tile left` }).click();
	await page.getByRole('button', { name: `Forgot to knock: ${last}` }).click();
	const dialog = page.getByRole('dialog');
	await page.getByRole('button', { name: 'Tile played' }).click();
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	await expect(page.getByRole('button', { name: `Back to ${first}` })).toBeVisible();
	await page.getByRole('button', { name: 'Double played' }).click();
	await dialog.getByRole('button', { name: 'Confirm' }).click();
	await expect(page.getByRole('alert')).toBeVisible();
	// Each tap is written a frame after it shows: every load of the sweep comes after the writes.
	await tableTapsStored(page, 5);
	await openInApp(page, `/evening/${id}`);
}

/**
 * The screens. `all`: the same whatever evening is stored (a larger evening only adds names that
 * are longer lists), so checked once, with the ten players' evening.
 */
const SCREENS: {
	name: string;
	path: (e: Evening) => string;
	ready: (p: Page) => Promise<void>;
	all?: true;
}[] = [
	{ name: 'home', path: () => '/', ready: (p) => expect(p.locator('h1')).toBeVisible(), all: true },
	{
		name: 'setup',
		all: true,
		path: () => '/new',
		ready: (p) => expect(p.locator('#player-0')).toBeVisible()
	},
	{
		name: 'round',
		path: (e) => `/evening/${e.id}`,
		ready: (p) => expect(p.locator('.players .name').first()).toBeVisible()
	},
	{
		name: 'table',
		path: (e) => `/evening/${e.id}/table`,
		ready: async (p) => {
			await expect(p.locator('svg.station')).toBeVisible();
			await expect(p.getByRole('alert')).toBeVisible();
		}
	},
	{
		name: 'edit round',
		path: (e) => `/evening/${e.id}/round/1`,
		ready: (p) => expect(p.locator('.players .name').first()).toBeVisible()
	},
	{
		name: 'scoreboard',
		path: (e) => `/evening/${e.id}/scoreboard`,
		ready: (p) => expect(p.locator('main table tbody tr').first()).toBeVisible()
	},
	{
		name: 'standings',
		path: (e) => `/evening/${e.id}/standings`,
		ready: async (p) => {
			await expect(p.locator('table.standings tbody tr').first()).toBeVisible();
			await expect(p.locator('.chart canvas')).toBeVisible();
			// The chart's running totals, open.
			await p.locator('details.totals summary').click();
			await expect(p.locator('details.totals table')).toBeVisible();
		}
	},
	{
		name: 'evenings',
		all: true,
		path: () => '/evenings',
		ready: (p) => expect(p.locator('main li').first()).toBeVisible()
	},
	{
		name: 'settings',
		all: true,
		path: () => '/settings',
		// The backup and storage panels load after the first paint.
		ready: (p) => expect(p.locator('#pwa-storage-heading')).toBeVisible()
	},
	{
		name: 'players',
		all: true,
		path: () => '/players',
		ready: (p) => expect(p.locator('main ul.players li').first()).toBeVisible()
	},
	{
		name: 'player',
		path: (e) => e.player,
		ready: (p) => expect(p.locator('main dl.stats')).toBeVisible()
	},
	{
		name: 'view',
		path: (e) => e.view,
		ready: async (p) => {
			await expect(p.locator('main table.standings caption')).toBeVisible();
			await expect(p.locator('.chart canvas')).toBeVisible();
			await p.locator('details.totals summary').click();
			await expect(p.locator('details.totals table')).toBeVisible();
		}
	}
];

/** How far the page reaches beyond its width (0 when nothing scrolls sideways). */
function overflow(page: Page): Promise<{ scroll: number; client: number; culprit: string }> {
	return page.evaluate(() => {
		// Reading sizes lays the page out at the current width: no frame needs to be awaited (a
		// page that drew no frame for ten minutes once hung this test while it waited for one).
		const root = document.documentElement;
		const client = root.clientWidth;
		// For the report: the innermost elements reaching past the right edge.
		const over = [...document.body.querySelectorAll('*')].filter(
			(el) => el.getBoundingClientRect().right > client + 0.5
		);
		const innermost = over.filter((el) => !over.some((o) => o !== el && el.contains(o)));
		const culprit = innermost
			.slice(0, 3)
			.map(
				(el) =>
					`${el.tagName.toLowerCase()}.${[...el.classList].filter((c) => !c.startsWith('svelte-')).join('.')} "${(el.textContent ?? '').trim().slice(0, 24)}" → ${Math.round(el.getBoundingClientRect().right)}`
			)
			.join('; ');
		return { scroll: root.scrollWidth, client, culprit };
	});
}

/** Setup with every seat filled with a 40-character name (typed through the seats' ids). */
async function fillSetup(page: Page, names: string[]) {
	for (const [i, name] of names.entries()) {
		const field = page.locator(`#player-${i}`);
		if (!(await field.isVisible())) await page.locator(`#player-${i - 1}`).press('Enter');
		await field.fill(name);
	}
}

/** The screens a player count's test walks: the evening's own, and the others with ten players. */
const screensFor = (players: number) =>
	SCREENS.filter(
		(sc) => (ONLY === null || ONLY.includes(sc.name)) && (players === 10 || sc.all !== true)
	);

test.describe.configure({ timeout: 600_000 });
test.use(SIZES_ONLY);

// One test per number of players: each sets up its own evening, so they can run side by side.
for (const players of [2, 6, 10]) {
	test(`no screen scrolls sideways: 320, 390 and 195 px, four languages, ${players} players`, async ({
		page
	}) => {
		const failures: string[] = [];
		let checked = 0;
		await page.goto('/');
		await page.setViewportSize({ width: 390, height: 844 });
		const evening = await setUp(page, players);
		for (const locale of LOCALES) {
			await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
			for (const [i, screen] of screensFor(players).entries()) {
				// The language is read as the page loads: the first screen of each is loaded, the
				// others reached as a link takes the reader there. The read-only view is opened from
				// its link, as another phone opens it (a link that differs only in its fragment would
				// not load the page again).
				if (screen.name === 'view') {
					await page.goto('about:blank');
					await page.goto(screen.path(evening));
				} else if (i === 0) await page.goto(screen.path(evening));
				else await openInApp(page, screen.path(evening));
				await expect(page.locator('html')).toHaveAttribute('lang', locale);
				await screen.ready(page);
				if (screen.name === 'setup') await fillSetup(page, evening.names);
				for (const width of WIDTHS) {
					await page.setViewportSize({ width, height: 844 });
					// The page has taken the new width (polled by timer, not by frame). Not innerWidth: a
					// phone's page that overflows widens its layout viewport beyond the screen.
					await page.waitForFunction((w) => document.documentElement.clientWidth === w, width, {
						polling: 50
					});
					const o = await overflow(page);
					checked++;
					if (o.scroll > o.client) {
						failures.push(
							`${screen.name} ${locale} ${width}px ${players} players: ${o.scroll} > ${o.client} (${o.culprit})`
						);
					}
					if (SHOTS) {
						await lookAt(page, {
							path: `${SHOTS}/${screen.name}-${locale}-${width}-${players}p.png`,
							fullPage: true
						});
					}
				}
			}
		}
		const screens = screensFor(players).length;
		expect(screens).toBeGreaterThan(0);
		expect(checked).toBe(LOCALES.length * screens * WIDTHS.length);
		expect(failures).toEqual([]);
	});
}

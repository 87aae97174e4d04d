// Accessible everywhere: axe on every screen in both themes (no serious or critical violation),
// touch targets of at least 44 px, the keyboard, and reduced motion. Axe runs in English only: a
// language changes no colour, role or structure (every screen is the same markup with other
// words), and that every message exists and is not empty in every language is
// tests/unit/messages.test.ts's; that each screen's `lang` follows the language is overflow.spec's.
// The page is loaded once per test (the evenings stored); each screen is then opened as a link
// opens it (a load per screen cost about a third of a CPU-second more) and checked once, with
// reduced motion asked for: every axe rule in the light theme, its touch targets and that nothing
// on it moves, then the colour rules in the dark theme (a theme changes colours only: app.css
// switches them by `prefers-color-scheme`). A dialog opened on a screen is checked there, the
// dialog alone (the page behind it was just checked). Sizes and colours are read, never pixels:
// drawn at one device pixel per CSS pixel (SIZES_ONLY).
import { expect, test, type Page } from '@playwright/test';
import { rotatingRounds, seedPlayed, seededId } from './helpers/seed';
import { SIZES_ONLY } from './helpers/shots';
import { stubShare } from './helpers/stubs';
import { newEvening, playRound } from './helpers/evening';
import { axeProblems } from './helpers/axe';
import { openInApp } from './helpers/nav';

const NAMES = ['Anna', 'Ben', 'Cleo', 'Dario'];
test.use(SIZES_ONLY);

async function seed(page: Page) {
	await seedPlayed(page, [
		{
			id: 'open',
			names: NAMES,
			preset: 'italian-elimination',
			createdAt: Date.UTC(2026, 10, 20, 19),
			rounds: [
				{ out: 'Anna', points: { Ben: 104, Cleo: 5, Dario: 20 } },
				{ out: 'Cleo', points: { Anna: 7, Dario: 12 } }
			]
		},
		{
			id: 'done',
			names: NAMES,
			preset: 'swiss-jassshop',
			createdAt: Date.UTC(2026, 10, 13, 19),
			rounds: rotatingRounds(NAMES, 13)
		}
	]);
}

/** Every screen, with what shows it is ready, and a dialog it opens (checked on the same load). */
const SCREENS: {
	path: string;
	ready: (page: Page) => Promise<void>;
	open?: (page: Page) => Promise<void>;
	dialog?: { name: string; open: (page: Page) => Promise<void> };
}[] = [
	{ path: '/', ready: (p) => expect(p.locator('main a.button').first()).toBeVisible() },
	{
		path: '/new',
		ready: (p) => expect(p.locator('select').first()).toBeVisible(),
		// The house rules open, so their controls are checked too.
		open: (p) => p.locator('details.house summary').click()
	},
	{
		path: '/evenings',
		ready: (p) => expect(p.getByRole('main').getByRole('listitem').first()).toBeVisible()
	},
	// Ready once what a screen loads after its paint is there too (Settings' panels, Players'
	// Merge): axe running while it mounts found colours of both themes at once (3 runs in 46).
	{ path: '/settings', ready: (p) => expect(p.locator('#pwa-storage-heading')).toBeVisible() },
	{
		path: '/evening/open',
		ready: (p) => expect(p.locator('main input[inputmode="numeric"]').first()).toBeVisible(),
		dialog: {
			name: 'the tile picker',
			open: (p) => p.getByRole('button', { name: 'Enter tiles for Anna', exact: true }).click()
		}
	},
	{
		path: '/evening/open/round/1',
		ready: (p) => expect(p.locator('main input[inputmode="numeric"]').first()).toBeVisible()
	},
	{ path: '/evening/open/standings', ready: (p) => expect(p.locator('main canvas')).toBeVisible() },
	{ path: '/evening/done/standings', ready: (p) => expect(p.locator('main canvas')).toBeVisible() },
	{
		path: '/evening/open/table',
		ready: (p) => expect(p.locator('main svg').first()).toBeVisible(),
		dialog: {
			name: 'Double played',
			open: (p) => p.getByRole('button', { name: 'Double played', exact: true }).click()
		}
	},
	{ path: '/evening/open/scoreboard', ready: (p) => expect(p.locator('main table')).toBeVisible() },
	{ path: '/evening/done/scoreboard', ready: (p) => expect(p.locator('main table')).toBeVisible() },
	{
		path: '/players',
		ready: (p) => expect(p.locator('#merge-hint')).toBeVisible()
	},
	{
		path: `/players/${seededId('Anna')}`,
		ready: (p) => expect(p.locator('main canvas')).toBeVisible()
	}
];

/** The rules whose outcome depends on colours: all a dark theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Controls smaller than 44 × 44 CSS px (links inside running text are exempt, as in WCAG). */
async function smallTargets(page: Page) {
	return page.evaluate(() => {
		const out: string[] = [];
		const controls = document.querySelectorAll<HTMLElement>(
			'button, a[href], input:not([type=hidden]), select, summary, [role=button], [tabindex]:not([tabindex="-1"])'
		);
		for (const el of controls) {
			const style = getComputedStyle(el);
			if (style.visibility === 'hidden') continue;
			// A field hidden for the eye (the backup file field): its label is what a finger taps.
			const label = el instanceof HTMLInputElement ? el.labels?.[0] : undefined;
			const box = (style.clipPath !== 'none' && label ? label : el).getBoundingClientRect();
			if (box.width === 0 && box.height === 0) continue;
			// A link within a sentence: the WCAG "inline" exception.
			if (
				el.tagName === 'A' &&
				el.closest('p, li:not(:has(> a:only-child))') &&
				style.display === 'inline'
			)
				continue;
			// The control itself, not its label: the house-rule checkboxes were 29 px.
			const w = box.width;
			const h = box.height;
			if (w < 44 || h < 44) {
				const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
				out.push(
					`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`
				);
			}
		}
		return out;
	});
}

/** How many elements animate or transition for longer than a millisecond (reduced motion: 0). */
const moving = (page: Page) =>
	page.evaluate(
		() =>
			[...document.querySelectorAll('*')].filter((el) => {
				const s = getComputedStyle(el);
				const long = (v: string) =>
					v.split(',').some((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000) > 1);
				return (
					(s.animationName !== 'none' && long(s.animationDuration)) || long(s.transitionDuration)
				);
			}).length
	);

/** Everything checked of what is on screen: axe (`include`: only there), small targets, motion. */
async function checkShown(
	page: Page,
	found: Record<string, unknown>,
	name: string,
	include?: string
) {
	await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
	await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
	const light = await axeProblems(page, { include });
	if (light.length > 0) found[`${name}, light`] = light;
	const small = await smallTargets(page);
	if (small.length > 0) found[`${name}, touch targets`] = small;
	const moves = await moving(page);
	if (moves > 0) found[`${name}, moving with reduced motion`] = moves;
	await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
	await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
	const dark = await axeProblems(page, { include, rules: COLOUR_RULES });
	if (dark.length > 0) found[`${name}, dark`] = dark;
}

// Three tests: all screens in one took up to 1.6 min of a 2 min budget in a full run.
const SCREEN_GROUPS = {
	'the round and the table': SCREENS.filter((s) =>
		/^\/evening\/[^/]+(\/round\/|\/table|$)/.test(s.path)
	),
	'the standings and the scoreboard': SCREENS.filter((s) =>
		/^\/evening\/[^/]+\/(standings|scoreboard)$/.test(s.path)
	),
	'the other screens': SCREENS.filter((s) => !s.path.startsWith('/evening/'))
};
if (Object.values(SCREEN_GROUPS).flat().length !== SCREENS.length)
	throw new Error('a11y.spec: every screen belongs to exactly one group');

for (const [group, screens] of Object.entries(SCREEN_GROUPS)) {
	test(`${group}: axe light and dark, touch targets, nothing moves with reduced motion`, async ({
		page
	}) => {
		test.setTimeout(120_000);
		await page.emulateMedia({ reducedMotion: 'reduce' });
		await seed(page);
		const found: Record<string, unknown> = {};
		for (const screen of screens) {
			await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
			await openInApp(page, screen.path);
			await screen.ready(page);
			await screen.open?.(page);
			await checkShown(page, found, screen.path);
			if (screen.dialog) {
				await screen.dialog.open(page);
				await expect(page.getByRole('dialog')).toBeVisible();
				await checkShown(page, found, `${screen.path}, ${screen.dialog.name}`, 'dialog[open]');
			}
		}
		expect(found).toEqual({});
	});
}

test('by keyboard alone: Players, a player, a rename, the scoreboard and Share standings', async ({
	page
}) => {
	await stubShare(page, { files: true });
	await seed(page);
	await page.goto('/');
	await expect(page.getByRole('link', { name: 'Players', exact: true })).toBeVisible();
	const tabTo = async (
		name: string | RegExp,
		role: 'link' | 'button' | 'textbox' | 'combobox' | 'checkbox' = 'link'
	) => {
		const target = page.getByRole(role, { name, exact: typeof name === 'string' });
		for (let i = 0; i < 60; i++) {
			await page.keyboard.press('Tab');
			if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
		}
		throw new Error(`Tab never reached ${String(name)}`);
	};
	await tabTo('Players');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible();
	await tabTo(/^Anna/);
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { name: 'Anna', level: 1 })).toBeVisible();
	await tabTo('New name', 'textbox');
	await page.keyboard.type('Annabel');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { name: 'Annabel', level: 1 })).toBeVisible();

	await page.goto('/evening/open');
	await tabTo('Scoreboard');
	await page.keyboard.press('Enter');
	await expect(page.getByRole('table', { name: 'Scoreboard' })).toBeVisible();
	await tabTo('Standings');
	await page.keyboard.press('Enter');
	await tabTo('Share standings', 'button');
	await page.keyboard.press('Enter');
	await expect
		.poll(() =>
			page.evaluate(
				() => (window as unknown as { __share: { calls: unknown[] } }).__share.calls.length
			)
		)
		.toBe(1);

	await page.goto('/settings');
	await tabTo('Theme', 'combobox');
	await page.keyboard.press('ArrowDown');
	// A select drawn by the app (appearance: base-select) opens its list at the first arrow key,
	// with the focus on the chosen option: the next arrow moves on and Enter takes it. A plain
	// select takes the arrow itself.
	const opened = await page.evaluate(() => document.activeElement?.tagName === 'OPTION');
	if (opened) {
		await page.keyboard.press('ArrowDown');
		await page.keyboard.press('Enter');
	}
	await expect(page.getByLabel('Theme', { exact: true })).toHaveValue('light');
	await tabTo('Keep screen on', 'checkbox');
	await page.keyboard.press('Space');
	await expect(page.getByRole('checkbox', { name: 'Keep screen on' })).not.toBeChecked();
});

test('after Save round, the focus is on the next round’s first empty field', async ({ page }) => {
	await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	await playRound(page, 'Ben', { Anna: 12, Cleo: 3 });
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');
	const first = page.getByLabel('Anna points', { exact: true });
	await expect(first).toBeFocused();
	await expect(first).toHaveValue('');
});

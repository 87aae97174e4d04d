// Nothing a finger can tap moves while a screen loads. A part that comes later (its code loaded
// after the first paint, its rows read from the database) pushing a button down means a tap
// aimed at the button lands on what is there now, or is lost: pressed on the button and released
// on what took its place, it is a click on neither (the round screen lost Undo last round and
// Show to the table so). Each screen is loaded afresh and watched frame by frame, from its first
// frame until its last part has come.
import { expect, test, type Page } from '@playwright/test';
import { seedPlayed, seededId } from './helpers/seed';

/** Every frame: where each visible tap target is; a target that moves is written down. */
function watchTargets(): void {
	const seen = new WeakMap<Element, { x: number; y: number }>();
	const moved: string[] = [];
	const look = () => {
		for (const el of document.querySelectorAll(
			'a[href], button, input, select, textarea, summary'
		)) {
			if (!el.checkVisibility({ visibilityProperty: true })) continue;
			const r = el.getBoundingClientRect();
			const at = { x: Math.round(r.left + scrollX), y: Math.round(r.top + scrollY) };
			const was = seen.get(el);
			seen.set(el, at);
			if (was && (Math.abs(was.x - at.x) > 1 || Math.abs(was.y - at.y) > 1)) {
				const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
				moved.push(`${el.tagName.toLowerCase()} "${name}" ${was.x},${was.y} → ${at.x},${at.y}`);
			}
		}
		return moved;
	};
	const frame = () => {
		look();
		requestAnimationFrame(frame);
	};
	requestAnimationFrame(frame);
	(window as unknown as { __moved: () => string[] }).__moved = look;
}

/** What moved since the page loaded (looked at once more now: the last change may be this frame's). */
const movedTargets = (page: Page) =>
	page.evaluate(() => (window as unknown as { __moved: () => string[] }).__moved());

const names = ['Anna', 'Ben', 'Cleo'];
const rounds = [
	{ out: 'Anna', points: { Ben: 10, Cleo: 20 } },
	{ out: 'Ben', points: { Anna: 5, Cleo: 7 } }
];

/** Each screen, and what shows once its last part has come. */
const SCREENS: { path: string; last: (p: Page) => Promise<void> }[] = [
	{ path: '/', last: (p) => expect(p.locator('a.continue')).toBeVisible() },
	{ path: '/new', last: (p) => expect(p.locator('#player-0')).toBeVisible() },
	{ path: '/evening/steady', last: (p) => expect(p.locator('table.standings')).toBeVisible() },
	{
		path: '/evening/steady/round/1',
		last: (p) => expect(p.locator('.players .name').first()).toBeVisible()
	},
	{ path: '/evening/steady/table', last: (p) => expect(p.locator('svg.station')).toBeVisible() },
	{
		path: '/evening/steady/standings',
		last: (p) => expect(p.locator('.chart canvas')).toBeVisible()
	},
	{
		path: '/evening/steady/scoreboard',
		last: (p) => expect(p.locator('main table tbody tr').first()).toBeVisible()
	},
	{ path: '/evenings', last: (p) => expect(p.locator('main li').first()).toBeVisible() },
	{
		path: '/players',
		last: (p) => expect(p.getByRole('heading', { name: 'Merge two players' })).toBeVisible()
	},
	{
		path: `/players/${seededId('Anna')}`,
		last: (p) => expect(p.locator('main dl.stats')).toBeVisible()
	},
	{ path: '/settings', last: (p) => expect(p.locator('#pwa-storage-heading')).toBeVisible() }
];

test('no tap target moves while a screen loads', async ({ page }) => {
	await seedPlayed(page, [
		{ id: 'steady', names, preset: 'swiss-jassshop', createdAt: Date.now(), rounds }
	]);
	await page.addInitScript(watchTargets);
	for (const { path, last } of SCREENS) {
		await page.goto(path, { waitUntil: 'networkidle' });
		await last(page);
		expect.soft(await movedTargets(page), path).toEqual([]);
	}
	// The read-only view, as another phone opens it from the link shown to the table.
	await page.goto('/evening/steady');
	await page.getByRole('button', { name: 'Show to the table', exact: true }).click();
	const link = page.getByLabel('Link for other phones', { exact: true });
	await expect(link).toHaveValue(/\/view#c1\./);
	const view = new URL(await link.inputValue());
	await page.goto(`${view.pathname}${view.hash}`, { waitUntil: 'networkidle' });
	await expect(page.locator('#view-rounds-title')).toBeVisible();
	expect.soft(await movedTargets(page), 'view').toEqual([]);
});

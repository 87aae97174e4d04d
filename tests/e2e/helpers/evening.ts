// The steps a scorekeeper takes, through the screens and their accessible names only
// (../shared/UI-CONTRACT.md): set up an evening, enter a round by points or tiles.
import { expect, type Page } from '@playwright/test';
import { storedRows } from './db';

export type Preset =
	'swiss-jassshop' | 'swiss-station' | 'german-talon' | 'cardinal-us' | 'italian-elimination';

/** Sets up an evening through the setup screen; resolves on its round screen, returns its id. */
export async function newEvening(
	page: Page,
	names: string[],
	preset: Preset,
	/** `origin`: for a page of a browser connected over CDP, which has no base URL. */
	options: { rounds?: number; origin?: string } = {}
): Promise<string> {
	await page.goto(`${options.origin ?? ''}/new`);
	// Count the seats only once the form is on screen: counted before the first render, every
	// field "is missing" and a seat would be added on top of the ones the form starts with.
	await expect(page.getByLabel('Player 1', { exact: true })).toBeVisible();
	for (let i = 0; i < names.length; i++) {
		const field = page.getByLabel(`Player ${i + 1}`, { exact: true });
		if ((await field.count()) === 0) await page.getByRole('button', { name: 'Add player' }).click();
		await field.fill(names[i] as string);
	}
	// Seats the setup screen offers beyond these players are removed.
	for (let n = names.length + 1; ;) {
		const extra = page.getByLabel(`Player ${n}`, { exact: true });
		if ((await extra.count()) === 0) break;
		await page.getByRole('button', { name: `Remove seat ${n}`, exact: true }).click();
	}
	await page.getByLabel('Rules', { exact: true }).selectOption(preset);
	if (options.rounds !== undefined) {
		await page.getByText('House rules', { exact: true }).click();
		await page.getByLabel('Rounds to play').fill(String(options.rounds));
	}
	await page.getByRole('button', { name: 'Start evening' }).click();
	await expect(page).toHaveURL(/\/evening\/[^/]+$/);
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Round 1');
	return new URL(page.url()).pathname.split('/').at(-1) as string;
}

/** Marks `out` as gone out (or the round blocked when null) and types everyone's points. */
async function typePoints(page: Page, out: string | null, points: Record<string, number>) {
	const toggle = page.getByRole('button', {
		name: out ? `${out} went out` : 'Blocked round',
		exact: true
	});
	if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
	for (const [name, value] of Object.entries(points)) {
		await page.getByLabel(`${name} points`, { exact: true }).fill(String(value));
	}
}

/**
 * Records one round by points: `out` goes out (or the round is blocked when null), everyone else
 * gets the points given; waits for "Saved" and the next round on screen.
 */
export async function playRound(
	page: Page,
	out: string | null,
	points: Record<string, number>
): Promise<void> {
	const heading = page.getByRole('heading', { level: 1 });
	const before = await heading.textContent();
	await typePoints(page, out, points);
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	await expect(heading).not.toHaveText(before ?? '');
}

/**
 * Types round `index` (0-based) by points without saving it, and returns once its draft is on
 * disk: what a reload, a killed tab or a second tab will find.
 */
export async function typeRound(
	page: Page,
	eveningId: string,
	index: number,
	out: string,
	points: Record<string, number>
): Promise<void> {
	await typePoints(page, out, points);
	await expect
		.poll(async () => {
			const drafts = (await storedRows(page, 'drafts')) as { eveningId: string; index: number }[];
			return drafts.find((d) => d.eveningId === eveningId)?.index ?? null;
		})
		.toBe(index);
}

/** Picks tiles for a player in the picker ("12|5" keys) and closes it. */
export async function enterTiles(page: Page, name: string, tiles: string[]): Promise<void> {
	await page.getByRole('button', { name: `Enter tiles for ${name}`, exact: true }).click();
	const dialog = page.getByRole('dialog');
	await expect(dialog).toBeVisible();
	for (const t of tiles) await dialog.getByRole('button', { name: t, exact: true }).click();
	await dialog.getByRole('button', { name: 'Done' }).click();
	await expect(dialog).toBeHidden();
}

/** Console errors and uncaught exceptions of a page, to assert there were none. */
export function collectErrors(page: Page): string[] {
	const errors: string[] = [];
	page.on('console', (msg) => {
		if (msg.type() === 'error') errors.push(msg.text());
	});
	page.on('pageerror', (err) => errors.push(err.message));
	return errors;
}

/**
 * Opens the standings from the round screen and waits for them: the round screen has buttons of
 * the same names (End evening), which a click could otherwise reach just before it goes.
 */
export async function openStandings(page: Page): Promise<void> {
	await page.getByRole('link', { name: 'Standings' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Standings');
}

// Shared steps of the round specs: an evening set up through the /new screen, and a look into
// IndexedDB to know what is really on disk.
import { expect, type Page } from '@playwright/test';

export type Preset =
	'swiss-jassshop' | 'swiss-station' | 'german-talon' | 'cardinal-us' | 'italian-elimination';

/** Sets up an evening through the setup screen; resolves on its round screen, returns its id. */
export async function newEvening(
	page: Page,
	names: string[],
	preset: Preset,
	options: { rounds?: number } = {}
): Promise<string> {
	await page.goto('/new');
	for (let i = 0; i < names.length; i++) {
		const field = page.getByLabel(`Player ${i + 1}`, { exact: true });
		if ((await field.count()) === 0) await page.getByRole('button', { name: 'Add player' }).click();
		await field.fill(names[i] as string);
	}
	// Seats the setup screen offers beyond these players are removed.
	for (let n = names.length + 1; ; ) {
		const extra = page.getByLabel(`Player ${n}`, { exact: true });
		if ((await extra.count()) === 0) break;
		await page.getByRole('button', { name: `Remove seat ${n}`, exact: true }).click();
	}
	// A select named Rules (getByLabel would also match the section the setup screen labels Rules).
	await page.getByRole('combobox', { name: 'Rules', exact: true }).selectOption(preset);
	if (options.rounds !== undefined) {
		await page.getByText('House rules', { exact: true }).click();
		await page.getByLabel('Rounds to play').fill(String(options.rounds));
	}
	// The setup screen's sticky button can sit under its summary for a pointer (setup's layout,
	// reported): the click event is sent to the button itself then.
	const start = page.getByRole('button', { name: 'Start evening' });
	await start.click({ timeout: 3000 }).catch(() => start.dispatchEvent('click'));
	await expect(page).toHaveURL(/\/evening\/[^/]+$/);
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Round 1');
	return new URL(page.url()).pathname.split('/').at(-1) as string;
}

/** Rows of one IndexedDB store of the app's database, read directly (not through the app). */
export async function storedRows(page: Page, store: 'rounds' | 'drafts' | 'evenings') {
	return page.evaluate(async (store) => {
		const db: IDBDatabase = await new Promise((resolve, reject) => {
			const request = indexedDB.open('caboose');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		try {
			return await new Promise<unknown[]>((resolve, reject) => {
				const request = db.transaction(store).objectStore(store).getAll();
				request.onsuccess = () => resolve(request.result);
				request.onerror = () => reject(request.error);
			});
		} finally {
			db.close();
		}
	}, store);
}

export async function roundCount(page: Page, eveningId: string): Promise<number> {
	const rows = (await storedRows(page, 'rounds')) as { eveningId: string }[];
	return rows.filter((r) => r.eveningId === eveningId).length;
}

/**
 * Records one round by points: `out` goes out (or the round is blocked when null), everyone else
 * gets the points given. Uses the fast path: the went-out tap, digits, Enter.
 */
export async function playRound(
	page: Page,
	out: string | null,
	points: Record<string, number>
): Promise<void> {
	const heading = await page.getByRole('heading', { level: 1 }).textContent();
	if (out) await page.getByRole('button', { name: `${out} went out`, exact: true }).click();
	else await page.getByRole('button', { name: 'Blocked round' }).click();
	for (const [name, value] of Object.entries(points)) {
		await page.getByLabel(`${name} points`, { exact: true }).fill(String(value));
	}
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading ?? '');
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

// Shared by the data-safety specs: the whole database as the browser holds it, read directly
// from IndexedDB (not through the app), to compare before and after.
import { expect, type Page } from '@playwright/test';

/** Every store of the app's database, every row, in a stable order, as one JSON string. */
export async function dumpDatabase(page: Page, only?: string[]): Promise<string> {
	return page.evaluate(async (only) => {
		const db: IDBDatabase = await new Promise((resolve, reject) => {
			const request = indexedDB.open('caboose');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		try {
			const names = [...db.objectStoreNames].filter((n) => !only || only.includes(n)).sort();
			const out: Record<string, string[]> = {};
			for (const name of names) {
				const rows = await new Promise<unknown[]>((resolve, reject) => {
					const request = db.transaction(name).objectStore(name).getAll();
					request.onsuccess = () => resolve(request.result);
					request.onerror = () => reject(request.error);
				});
				out[name] = rows.map((r) => JSON.stringify(r)).sort();
			}
			return JSON.stringify(out);
		} finally {
			db.close();
		}
	}, only);
}

export interface StoredRound {
	id: string;
	eveningId: string;
	index: number;
	entry: { out: string | null; blocked: boolean; hands: Record<string, unknown> };
}

export type Preset =
	'swiss-jassshop' | 'swiss-station' | 'german-talon' | 'cardinal-us' | 'italian-elimination';

/** Sets up an evening on /new; resolves on its round screen with the evening's id. */
export async function startEvening(page: Page, names: string[], preset: Preset): Promise<string> {
	await page.goto('/new');
	for (let i = 0; i < names.length; i++) {
		const field = page.getByLabel(`Player ${i + 1}`, { exact: true });
		if ((await field.count()) === 0) await page.getByRole('button', { name: 'Add player' }).click();
		await field.fill(names[i]!);
	}
	// The screen may offer more seats than this evening has.
	const extra = page.getByRole('button', { name: `Remove seat ${names.length + 1}`, exact: true });
	while ((await extra.count()) > 0) await extra.press('Enter');
	await page.getByRole('combobox', { name: 'Rules', exact: true }).selectOption(preset);
	await page.getByRole('button', { name: 'Start evening' }).press('Enter');
	await expect(page).toHaveURL(/\/evening\/[^/]+$/);
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Round 1');
	return new URL(page.url()).pathname.split('/').at(-1)!;
}

/**
 * Enters and saves one round by points, and waits for "Saved". The round screen loads the next
 * round's draft just after showing it, and that load can wipe a tap made in the same instant
 * (reported to the round screen's owner); a round refused for that reason ("Nothing was saved")
 * is entered again, so these specs test what they are about.
 */
export async function saveRoundByPoints(
	page: Page,
	out: string,
	points: Record<string, number>
): Promise<void> {
	const heading = page.getByRole('heading', { level: 1 });
	const before = await heading.textContent();
	for (let attempt = 0; attempt < 3; attempt++) {
		const toggle = page.getByRole('button', { name: `${out} went out`, exact: true });
		if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.press('Enter');
		for (const [name, value] of Object.entries(points)) {
			await page.getByLabel(`${name} points`, { exact: true }).fill(String(value));
		}
		await page.getByRole('button', { name: 'Save round' }).click();
		const saved = page.getByText('Saved', { exact: true });
		const refused = page.getByRole('alert').filter({ hasText: 'Nothing was saved' });
		await expect(saved.or(refused).first()).toBeVisible();
		if (await saved.isVisible()) {
			await expect(heading).not.toHaveText(before ?? '');
			return;
		}
	}
	throw new Error('The round was refused three times');
}

async function draftIndex(page: Page, eveningId: string): Promise<number | null> {
	return page.evaluate(async (eveningId) => {
		const db: IDBDatabase = await new Promise((resolve, reject) => {
			const request = indexedDB.open('caboose');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		try {
			const row = await new Promise<{ index: number } | undefined>((resolve, reject) => {
				const request = db.transaction('drafts').objectStore('drafts').get(eveningId);
				request.onsuccess = () => resolve(request.result as { index: number } | undefined);
				request.onerror = () => reject(request.error);
			});
			return row?.index ?? null;
		} finally {
			db.close();
		}
	}, eveningId);
}

/**
 * Types round `index` (0-based) by points without saving it, and returns once the form holds it
 * for good: the screen writes a draft only after it has loaded the round, so a draft of this
 * round on disk means no late load can wipe what was typed (see saveRoundByPoints).
 */
export async function typeRound(
	page: Page,
	eveningId: string,
	index: number,
	out: string,
	points: Record<string, number>
): Promise<void> {
	const toggle = page.getByRole('button', { name: `${out} went out`, exact: true });
	for (let attempt = 0; attempt < 3; attempt++) {
		if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.press('Enter');
		for (const [name, value] of Object.entries(points)) {
			await page.getByLabel(`${name} points`, { exact: true }).fill(String(value));
		}
		const drafted = await expect
			.poll(() => draftIndex(page, eveningId), { timeout: 5000 })
			.toBe(index)
			.then(() => true)
			.catch(() => false);
		let holds = drafted && (await toggle.getAttribute('aria-pressed')) === 'true';
		for (const [name, value] of Object.entries(points)) {
			const field = page.getByLabel(`${name} points`, { exact: true });
			holds = holds && (await field.inputValue()) === String(value);
		}
		if (holds) return;
	}
	throw new Error(`Round ${index + 1} could not be typed`);
}

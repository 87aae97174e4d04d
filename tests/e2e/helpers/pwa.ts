// Page helpers for the PWA journeys: wait for the service worker, and read or write the app's
// IndexedDB directly (the way a previous session of the app would have left it).
import { expect, type Page } from '@playwright/test';

/** Resolves once a service worker controls the page (the first visit's worker claims it). */
export async function waitForController(page: Page): Promise<void> {
	await page.evaluate(async () => {
		await navigator.serviceWorker.ready;
		if (navigator.serviceWorker.controller) return;
		await new Promise((resolve) =>
			navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true })
		);
	});
}

/** Waits until the app has created its database with every store (schema v1 = native 10). */
export async function waitForDatabase(page: Page): Promise<void> {
	// Polled with page.evaluate, which awaits the check (the check itself is asynchronous).
	await expect
		.poll(() =>
			page.evaluate(async () => {
				const dbs = await indexedDB.databases();
				// Never open a database that does not exist yet: that would create an empty one.
				if (!dbs.some((d) => d.name === 'caboose' && (d.version ?? 0) >= 10)) return false;
				const db = await new Promise<IDBDatabase>((resolve, reject) => {
					const req = indexedDB.open('caboose');
					req.onsuccess = () => resolve(req.result);
					req.onerror = () => reject(req.error);
				});
				const ready = ['players', 'evenings', 'drafts', 'meta'].every((n) =>
					db.objectStoreNames.contains(n)
				);
				db.close();
				return ready;
			})
		)
		.toBe(true);
}

export interface SeedEvening {
	id: string;
	names: string[];
	/** A draft round (raw fields as typed) to keep for the evening. */
	draft?: Record<string, unknown>;
	/** When the scorekeeper ended it (a finished evening); open if absent. */
	endedAt?: number;
}

/** Writes an evening with its players (and a draft) as the app stores them. */
export async function seedEvening(page: Page, seed: SeedEvening): Promise<void> {
	await waitForDatabase(page);
	await page.evaluate(async ({ id, names, draft, endedAt }) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('caboose');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const now = Date.now();
		// One player row per name across evenings, as the app keeps them (the key is unique).
		const players = names.map((name) => ({ id: `p-${name.trim().toLowerCase()}`, name }));
		const tx = db.transaction(['players', 'evenings', 'drafts'], 'readwrite', {
			durability: 'strict'
		});
		for (const p of players) {
			tx.objectStore('players').put({ ...p, key: p.name.trim().toLowerCase(), lastPlayedAt: now });
		}
		tx.objectStore('evenings').put({
			id,
			createdAt: now,
			updatedAt: now,
			players,
			rules: { preset: 'cardinal-us' },
			firstStarter: 0,
			endedAt: endedAt ?? null
		});
		if (draft)
			tx.objectStore('drafts').put({ eveningId: id, index: 0, fields: draft, updatedAt: now });
		await new Promise<void>((resolve, reject) => {
			tx.oncomplete = () => resolve();
			tx.onabort = () => reject(tx.error ?? new Error('seeding aborted'));
		});
		db.close();
	}, seed);
}

/**
 * Opens the home page over a database that holds `seed`, as a previous session left it. The home
 * page only peeks at the data and never creates the database, so a screen that keeps evenings
 * (Settings) creates it first; the reload is the next start.
 */
export async function homeWithEvening(page: Page, seed: SeedEvening): Promise<void> {
	await page.goto('/settings');
	await waitForDatabase(page);
	await page.goto('/');
	await seedEvening(page, seed);
	await page.reload();
	// The home page has read the data: it counted the evening outside IndexedDB, and holds its
	// connection from now on (so it hears another tab's upgrade or a deletion).
	await expect
		.poll(() => page.evaluate(() => localStorage.getItem('caboose:saved')))
		.toContain('"evenings":1');
}

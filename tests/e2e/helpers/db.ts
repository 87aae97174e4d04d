// What is really on disk: the app's IndexedDB read directly in the page (not through the app),
// without changing its version.
import { expect, type Page } from '@playwright/test';

/** Every store of schema version 1 (src/lib/db/database.ts). */
export const STORES = ['drafts', 'evenings', 'meta', 'players', 'rounds', 'tableEvents'] as const;
export type StoreName = (typeof STORES)[number];

export interface StoredRound {
	id: string;
	eveningId: string;
	index: number;
	entry: { out: string | null; blocked: boolean; hands: Record<string, unknown> };
}

/** Whole stores, read in one transaction; a store the database lacks is left out. */
export async function readStores(
	page: Page,
	stores: readonly string[]
): Promise<Record<string, unknown[]>> {
	return page.evaluate(async (names) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('caboose');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		try {
			const out: Record<string, unknown[]> = {};
			const present = names.filter((n) => db.objectStoreNames.contains(n));
			if (present.length === 0) return out;
			const tx = db.transaction(present, 'readonly');
			await Promise.all(
				present.map(
					(n) =>
						new Promise<void>((resolve, reject) => {
							const req = tx.objectStore(n).getAll();
							req.onsuccess = () => {
								out[n] = req.result as unknown[];
								resolve();
							};
							req.onerror = () => reject(req.error);
						})
				)
			);
			return out;
		} finally {
			db.close();
		}
	}, stores);
}

/** The rows of one store. */
export async function storedRows(page: Page, store: StoreName): Promise<unknown[]> {
	return (await readStores(page, [store]))[store] ?? [];
}

/**
 * Waits until `count` table taps are on disk. A tap shows at once and is written a moment later
 * (after its frame), so a test reloads or leaves the page only then.
 */
export async function tableTapsStored(page: Page, count: number): Promise<void> {
	await expect.poll(async () => (await storedRows(page, 'tableEvents')).length).toBe(count);
}

/** The saved rounds of one evening, in order. */
export async function roundsOf(page: Page, eveningId: string): Promise<StoredRound[]> {
	const rows = (await storedRows(page, 'rounds')) as StoredRound[];
	return rows.filter((r) => r.eveningId === eveningId).sort((a, b) => a.index - b.index);
}

export async function roundCount(page: Page, eveningId: string): Promise<number> {
	return (await roundsOf(page, eveningId)).length;
}

/** Every store (or `only` these), every row, in a stable order, as one string to compare. */
export async function dumpDatabase(page: Page, only?: readonly StoreName[]): Promise<string> {
	const stores = await readStores(page, only ?? STORES);
	const out: Record<string, string[]> = {};
	for (const name of Object.keys(stores).sort()) {
		out[name] = (stores[name] ?? []).map((r) => JSON.stringify(r)).sort();
	}
	return JSON.stringify(out);
}

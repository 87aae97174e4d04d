// Shared by the data-safety specs: the whole database as the browser holds it, read directly
// from IndexedDB (not through the app), to compare before and after.
import type { Page } from '@playwright/test';

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

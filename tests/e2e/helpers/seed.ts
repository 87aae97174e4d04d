// Played evenings written straight into IndexedDB, as the app stores them (schema v1): for the
// screens that read many rounds or many evenings (the printed sheet, the card, the Players pages).
import { expect, type Page } from '@playwright/test';
import { waitForDatabase } from './pwa';

export interface PlayedEvening {
	id: string;
	names: string[];
	preset: string;
	/** Each round: who went out (null: blocked) and everyone else's points by name. */
	rounds: { out: string | null; points: Record<string, number> }[];
	createdAt: number;
	endedAt?: number | null;
}

/** The player id the seed gives a name (one row per name across evenings, as the app keeps). */
export const seededId = (name: string) => `p-${name.trim().toLowerCase().replace(/\s+/g, '-')}`;

/** Opens Settings (which creates the database) and writes the evenings with their rounds. */
export async function seedPlayed(page: Page, evenings: PlayedEvening[]): Promise<void> {
	await page.goto('/settings');
	await waitForDatabase(page);
	await page.evaluate(async (list) => {
		const idOf = (name: string) => `p-${name.trim().toLowerCase().replace(/\s+/g, '-')}`;
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const req = indexedDB.open('caboose');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const tx = db.transaction(['players', 'evenings', 'rounds'], 'readwrite', {
			durability: 'strict'
		});
		for (const e of list) {
			const players = e.names.map((name) => ({ id: idOf(name), name }));
			for (const p of players) {
				tx.objectStore('players').put({
					...p,
					key: p.name.trim().toLowerCase(),
					lastPlayedAt: e.createdAt
				});
			}
			tx.objectStore('evenings').put({
				id: e.id,
				createdAt: e.createdAt,
				updatedAt: e.createdAt,
				players,
				rules: { preset: e.preset },
				firstStarter: 0,
				endedAt: e.endedAt ?? null
			});
			e.rounds.forEach((r, index) => {
				const hands: Record<string, number> = {};
				for (const [name, value] of Object.entries(r.points)) hands[idOf(name)] = value;
				tx.objectStore('rounds').put({
					id: `${e.id}:${index}`,
					eveningId: e.id,
					index,
					entry: { out: r.out === null ? null : idOf(r.out), blocked: r.out === null, hands },
					starter: null,
					savedAt: e.createdAt + index
				});
			});
		}
		await new Promise<void>((resolve, reject) => {
			tx.oncomplete = () => resolve();
			tx.onabort = () => reject(tx.error ?? new Error('seeding aborted'));
		});
		db.close();
	}, evenings);
}

/** `count` rounds where each player in turn goes out and the others hold a few points. */
export function rotatingRounds(
	names: string[],
	count: number
): { out: string; points: Record<string, number> }[] {
	return Array.from({ length: count }, (_, k) => {
		const out = names[k % names.length] as string;
		const points: Record<string, number> = {};
		names.forEach((n, i) => {
			if (n !== out) points[n] = ((k * 7 + i * 11) % 23) + 1;
		});
		return { out, points };
	});
}

/**
 * An open evening whose `rounds` were played (stored as the app stores them), on its round screen
 * at the next round: for the tests where typing those rounds is not what is tested.
 */
export async function openPlayed(
	page: Page,
	id: string,
	names: string[],
	preset: string,
	rounds: PlayedEvening['rounds']
): Promise<string> {
	await seedPlayed(page, [{ id, names, preset, createdAt: Date.UTC(2026, 10, 20, 19), rounds }]);
	await page.goto(`/evening/${id}`);
	await expect(page.getByRole('heading', { level: 1 })).toContainText(`Round ${rounds.length + 1}`);
	return id;
}

import { expect, test, type Page } from '@playwright/test';
import { lookAt } from './helpers/shots';

// The Evenings list and Continue on home: date, players, leader or winner, finished or not;
// each evening opens; a deletion asks first and then removes the evening with its rounds.

const SHOTS = '/tmp/shots';

type Row = Record<string, unknown>;

async function withStore<T>(
	page: Page,
	store: string,
	mode: 'read' | 'write',
	rows: Row[] = []
): Promise<T> {
	return page.evaluate(
		async ({ store, mode, rows }) => {
			const db: IDBDatabase = await new Promise((resolve, reject) => {
				const req = indexedDB.open('caboose');
				req.onsuccess = () => resolve(req.result);
				req.onerror = () => reject(req.error);
			});
			try {
				const tx = db.transaction(store, mode === 'read' ? 'readonly' : 'readwrite');
				const os = tx.objectStore(store);
				if (mode === 'read') {
					return await new Promise<unknown[]>((resolve, reject) => {
						const req = os.getAll();
						req.onsuccess = () => resolve(req.result);
						req.onerror = () => reject(req.error);
					});
				}
				for (const row of rows) os.add(row);
				await new Promise<void>((resolve, reject) => {
					tx.oncomplete = () => resolve();
					tx.onerror = () => reject(tx.error);
				});
				return null;
			} finally {
				db.close();
			}
		},
		{ store, mode, rows }
	) as Promise<T>;
}

const readRows = (page: Page, store: string) => withStore<Row[]>(page, store, 'read');
const addRows = (page: Page, store: string, rows: Row[]) =>
	withStore<null>(page, store, 'write', rows);

interface Seat {
	id: string;
	name: string;
}

/** Starts an evening through the setup screen and returns its id and seats as stored. */
async function startEvening(
	page: Page,
	names: string[],
	preset = 'swiss-jassshop',
	rounds?: number
): Promise<{ id: string; seats: Seat[] }> {
	await page.goto('/new');
	await expect(page.getByLabel('Player 1', { exact: true })).toBeVisible();
	for (const [i, name] of names.entries()) {
		if (i >= 2) await page.getByRole('button', { name: 'Add player' }).click();
		await page.getByLabel(`Player ${i + 1}`, { exact: true }).fill(name);
	}
	await page.getByLabel('Rules', { exact: true }).selectOption(preset);
	if (rounds !== undefined) {
		await page.getByText('House rules').click();
		await page.getByLabel('Rounds to play').fill(String(rounds));
	}
	await page.getByRole('button', { name: 'Start evening' }).click();
	await expect(page).toHaveURL(/\/evening\/[0-9a-f-]{36}$/);
	const id = page.url().split('/').pop()!;
	const evening = (await readRows(page, 'evenings')).find((e) => e.id === id)!;
	return { id, seats: evening.players as Seat[] };
}

function round(eveningId: string, index: number, entry: Row): Row {
	return { id: `${eveningId}:${index}`, eveningId, index, entry, starter: null, savedAt: 1 };
}

test('an empty list says how to begin', async ({ page }) => {
	await page.goto('/');
	await page.getByRole('link', { name: 'Evenings' }).click();
	await expect(page).toHaveURL(/\/evenings$/);
	await expect(page.getByRole('heading', { level: 1, name: 'Evenings' })).toBeVisible();
	await expect(page.getByText('No evenings yet. Start one with New evening.')).toBeVisible();
	await expect(page.getByRole('link', { name: 'New evening' })).toBeVisible();
});

test('the list shows date, players, leader or winner, finished or not; each opens', async ({
	page
}) => {
	const errors: string[] = [];
	page.on('pageerror', (err) => errors.push(err.message));

	const open = await startEvening(page, ['Anna', 'Ben']);
	const [anna, ben] = open.seats;
	await addRows(page, 'rounds', [
		round(open.id, 0, { out: ben!.id, blocked: false, hands: { [anna!.id]: 12 } })
	]);

	// A one-round evening is over after its round.
	const done = await startEvening(page, ['Cleo', 'Dario', 'Emil'], 'swiss-station', 1);
	const [cleo, dario, emil] = done.seats;
	await addRows(page, 'rounds', [
		round(done.id, 0, {
			out: cleo!.id,
			blocked: false,
			hands: { [dario!.id]: 10, [emil!.id]: 5 }
		})
	]);

	// Home: Continue goes to the newest evening that is not over.
	await page.goto('/');
	const cont = page.getByRole('link', { name: /Continue/ });
	await expect(cont).toContainText('Anna, Ben');
	await expect(cont).toHaveAttribute('href', `/evening/${open.id}`);

	await page.getByRole('link', { name: 'Evenings' }).click();
	const items = page.getByRole('main').getByRole('listitem');
	await expect(items).toHaveCount(2);
	// Newest first.
	await expect(items.nth(0)).toContainText('Cleo, Dario, Emil');
	await expect(items.nth(0)).toContainText('Finished');
	await expect(items.nth(0)).toContainText('Winner: Cleo');
	await expect(items.nth(0)).toContainText('Rules: Swiss (Station)');
	await expect(items.nth(1)).toContainText('Anna, Ben');
	await expect(items.nth(1)).toContainText('Round 2 of 13');
	await expect(items.nth(1)).toContainText('Leader: Ben');
	// Each name is isolated in its own element, so a right-to-left name cannot reorder the line.
	await expect(items.nth(1).locator('bdi')).toHaveText(['Anna', 'Ben', 'Ben']);
	const year = String(new Date().getFullYear());
	await expect(items.nth(1)).toContainText(year);
	await lookAt(page, { path: `${SHOTS}/setup-evenings.png` });

	await items.nth(1).getByRole('link').click();
	await expect(page).toHaveURL(new RegExp(`/evening/${open.id}$`));
	await page.goto('/evenings');
	await page.getByRole('main').getByRole('listitem').nth(0).getByRole('link').click();
	await expect(page).toHaveURL(new RegExp(`/evening/${done.id}$`));
	expect(errors).toEqual([]);
});

test('an evening with no round yet, and one ended early', async ({ page }) => {
	const fresh = await startEvening(page, ['Anna', 'Ben']);
	await page.goto('/evenings');
	const item = page.getByRole('main').getByRole('listitem');
	await expect(item).toContainText('No round played yet');
	await expect(item).toContainText('Round 1 of 13');
	expect(fresh.id).toMatch(/^[0-9a-f-]{36}$/);

	// A cyclic evening ended by the scorekeeper is finished; its winner is the lowest total.
	const cyclic = await startEvening(page, ['Cleo', 'Dario', 'Emil', 'Fritz'], 'german-talon');
	const [cleo, dario, emil, fritz] = cyclic.seats;
	await addRows(page, 'rounds', [
		round(cyclic.id, 0, {
			out: dario!.id,
			blocked: false,
			hands: { [cleo!.id]: 30, [emil!.id]: 4, [fritz!.id]: 8 }
		})
	]);
	await page.goto('/evenings');
	await expect(page.getByRole('main').getByRole('listitem').nth(0)).toContainText('Round 2');
	await expect(page.getByRole('main').getByRole('listitem').nth(0)).toContainText('Leader: Dario');
	await page.evaluate(async (id) => {
		const db: IDBDatabase = await new Promise((resolve, reject) => {
			const req = indexedDB.open('caboose');
			req.onsuccess = () => resolve(req.result);
			req.onerror = () => reject(req.error);
		});
		const tx = db.transaction('evenings', 'readwrite');
		const os = tx.objectStore('evenings');
		const get = os.get(id);
		get.onsuccess = () => os.put({ ...get.result, endedAt: Date.now() });
		await new Promise((resolve) => (tx.oncomplete = resolve));
		db.close();
	}, cyclic.id);
	// Written behind Dexie's back, so liveQuery cannot know: read the list again.
	await page.reload();
	await expect(page.getByRole('main').getByRole('listitem').nth(0)).toContainText('Finished');
	await expect(page.getByRole('main').getByRole('listitem').nth(0)).toContainText('Winner: Dario');
	await page.goto('/');
	await expect(page.getByRole('link', { name: /Continue/ })).toHaveAttribute(
		'href',
		`/evening/${fresh.id}`
	);
});

test('deleting asks first, then removes the evening with its rounds, draft and table', async ({
	page
}) => {
	const kept = await startEvening(page, ['Anna', 'Ben']);
	const gone = await startEvening(page, ['Cleo', 'Dario']);
	const [cleo, dario] = gone.seats;
	// Rows are added behind the app's back: off the evening's screen, which would take the added
	// round as another tab's and keep its own (empty) draft of the next round, racing the add below.
	await page.goto('/evenings');
	await addRows(page, 'rounds', [
		round(gone.id, 0, { out: cleo!.id, blocked: false, hands: { [dario!.id]: 7 } })
	]);
	await addRows(page, 'drafts', [
		{ eveningId: gone.id, index: 1, fields: { [cleo!.id]: '3' }, updatedAt: 1 }
	]);
	await addRows(page, 'tableEvents', [
		{ eveningId: gone.id, roundIndex: 1, seq: 0, event: { type: 'mexican' }, at: 1 }
	]);

	await page.goto('/evenings');
	const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Cleo, Dario' });
	await card.getByRole('button', { name: /^Delete the evening of / }).click();
	await expect(card).toContainText('Delete the evening of');
	await expect(card).toContainText('(Cleo, Dario) with its rounds? This cannot be undone.');
	await expect(card.getByRole('button', { name: 'Keep it' })).toBeFocused();
	await lookAt(page, { path: `${SHOTS}/setup-evenings-delete.png` });
	await card.getByRole('button', { name: 'Keep it' }).click();
	await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
	expect(await readRows(page, 'evenings')).toHaveLength(2);

	await card.getByRole('button', { name: /^Delete the evening of / }).click();
	await card.getByRole('button', { name: 'Delete for good' }).click();
	await expect(page.getByRole('status')).toHaveText('The evening was deleted.');
	await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
	await expect(page.getByRole('main').getByRole('listitem')).toContainText('Anna, Ben');

	const evenings = await readRows(page, 'evenings');
	expect(evenings.map((e) => e.id)).toEqual([kept.id]);
	expect(await readRows(page, 'rounds')).toEqual([]);
	expect(await readRows(page, 'drafts')).toEqual([]);
	expect(await readRows(page, 'tableEvents')).toEqual([]);
	// The players stay known for later evenings.
	expect(await readRows(page, 'players')).toHaveLength(4);
});

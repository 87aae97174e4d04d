// Players across phones (issue 27): an evening imported from another phone keeps that phone's
// player ids, and its Ann is still this phone's Ann: one person with both evenings. Split makes
// them two, Merge one again, and both hold after a reload.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, newEvening, playRound } from './helpers/evening';
import { seedPlayed } from './helpers/seed';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/shots';

async function exportText(page: Page): Promise<string> {
	await page.goto('/settings');
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export backup' }).click();
	return readFile(await (await download).path(), 'utf8');
}

const annLines = (page: Page) =>
	page
		.getByRole('main')
		.getByRole('listitem')
		.filter({ has: page.getByRole('link', { name: /^Ann\b/ }) });

test('an evening from another phone counts for the same person; Split and Merge hold after a reload', async ({
	page,
	browser
}) => {
	const errors = collectErrors(page);
	await newEvening(page, ['Ann', 'Ben'], 'swiss-jassshop');
	await playRound(page, 'Ann', { Ben: 12 });

	// Another phone: its own browser storage, so its own player ids.
	const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
	const otherPage = await other.newPage();
	await newEvening(otherPage, ['Ann', 'Cleo'], 'swiss-jassshop');
	await playRound(otherPage, 'Cleo', { Ann: 7 });
	const text = await exportText(otherPage);
	await other.close();
	const theirs = JSON.parse(text) as { players: { id: string; name: string }[] };

	await page.goto('/settings');
	await page.getByLabel('Import backup', { exact: true }).setInputFiles({
		name: 'other-phone.json',
		mimeType: 'application/json',
		buffer: Buffer.from(text, 'utf8')
	});
	await expect(page.getByRole('status').filter({ hasText: 'Backup imported' })).toBeVisible();
	// The file's Ann has the other phone's id.
	const seats = await page.evaluate(
		() =>
			new Promise<string[]>((resolve) => {
				const req = indexedDB.open('caboose');
				req.onsuccess = () => {
					const all = req.result.transaction('evenings').objectStore('evenings').getAll();
					all.onsuccess = () =>
						resolve(
							(all.result as { players: { id: string; name: string }[] }[]).flatMap((e) =>
								e.players.filter((p) => p.name === 'Ann').map((p) => p.id)
							)
						);
				};
			})
	);
	expect(new Set(seats).size).toBe(2);
	expect(seats).toContain(theirs.players.find((p) => p.name === 'Ann')!.id);

	await page.goto('/players');
	await expect(annLines(page)).toHaveCount(1);
	await expect(annLines(page)).toContainText('2 evenings');
	await expect(annLines(page)).toContainText('2 players counted as one');
	await page.getByRole('link', { name: /^Ann\b/ }).click();
	await expect(page.getByRole('heading', { name: 'Ann', level: 1 })).toBeVisible();
	await expect(page.locator('dt', { hasText: 'Evenings played' }).locator('+ dd')).toHaveText('2');
	await page.goBack();

	await page.getByRole('button', { name: 'Split Ann' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Split:' })).toBeVisible();
	await expect(annLines(page)).toHaveCount(2);
	await page.reload();
	await expect(annLines(page)).toHaveCount(2);
	await expect(annLines(page).first()).toContainText('one evening');
	await expect(page.getByRole('button', { name: 'Split Ann' })).toHaveCount(0);

	const keep = page.getByLabel('Player to keep', { exact: true });
	const into = page.getByLabel('Player to merge in', { exact: true });
	await page.getByRole('button', { name: 'Merge', exact: true }).click();
	await expect(page.getByRole('alert')).toHaveText('Choose two players.');
	const annOptions = keep.locator('option', { hasText: 'Ann' });
	await expect(annOptions).toHaveCount(2);
	const [first, second] = await annOptions.evaluateAll((os) =>
		os.map((o) => (o as HTMLOptionElement).value)
	);
	await keep.selectOption(first!);
	await into.selectOption(second!);
	await page.getByRole('button', { name: 'Merge', exact: true }).click();
	await expect(page.getByRole('status').filter({ hasText: 'are one player now' })).toHaveText(
		'Ann and Ann are one player now.'
	);
	await expect(annLines(page)).toHaveCount(1);
	await page.reload();
	await expect(annLines(page)).toHaveCount(1);
	await expect(annLines(page)).toContainText('2 evenings');

	// Ben and Cleo never sat together: they could be merged; Ann and Ben did: refused.
	const ben = await keep.locator('option', { hasText: 'Ben' }).getAttribute('value');
	await keep.selectOption(first!);
	await into.selectOption(ben!);
	await page.getByRole('button', { name: 'Merge', exact: true }).click();
	await expect(page.getByRole('alert')).toHaveText(
		'They played in the same evening, so they are two players.'
	);
	await expect(into).toHaveAttribute('aria-invalid', 'true');
	await lookAt(page, { path: `${SHOTS}/players-merge-en-390.png`, fullPage: true });
	expect(errors).toEqual([]);
});

test('Players with a person from two phones fits 320 and 390 px in English and French', async ({
	page
}) => {
	const long = 'Maximiliane-Josefine von Hohenzollern-Sig';
	await seedPlayed(page, [
		{
			id: 'e1',
			names: [long.slice(0, 40), 'Ben'],
			preset: 'swiss-jassshop',
			createdAt: Date.UTC(2026, 10, 1, 19),
			rounds: [{ out: 'Ben', points: { [long.slice(0, 40)]: 9 } }]
		}
	]);
	// The same person's evening as another phone stored it: its own id, no player row here.
	await page.evaluate(
		(name) =>
			new Promise<void>((resolve) => {
				const req = indexedDB.open('caboose');
				req.onsuccess = () => {
					const tx = req.result.transaction('evenings', 'readwrite');
					tx.objectStore('evenings').put({
						id: 'e2',
						createdAt: Date.UTC(2026, 10, 8, 19),
						updatedAt: Date.UTC(2026, 10, 8, 19),
						players: [
							{ id: 'phone2-max', name },
							{ id: 'phone2-cleo', name: 'Cleo' }
						],
						rules: { preset: 'swiss-jassshop' },
						firstStarter: 0,
						endedAt: null
					});
					tx.oncomplete = () => resolve();
				};
			}),
		long.slice(0, 40)
	);
	for (const locale of ['en', 'fr']) {
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		await page.goto('/players');
		await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3);
		await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
		for (const width of [320, 390]) {
			await page.setViewportSize({ width, height: 844 });
			await page.waitForFunction((w) => document.documentElement.clientWidth === w, width, {
				polling: 50
			});
			const sideways = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth
			);
			expect(sideways, `${locale} ${width}`).toBe(0);
			await lookAt(page, {
				path: `${SHOTS}/players-people-${locale}-${width}.png`,
				fullPage: true
			});
		}
	}
});

// Export and import of backups on the Settings screen: every evening in one .json file; a file
// that is not a valid backup refused with role="alert" and nothing changed; a valid one merged.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { dumpDatabase, roundCount } from './helpers/db';
import { collectErrors, newEvening, playRound } from './helpers/evening';
import { openPlayed } from './helpers/seed';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/shots';

interface BackupFile {
	format: string;
	formatVersion: number;
	evenings: {
		evening: { id: string; players: { id: string; name: string }[] };
		rounds: { id: string; index: number }[];
	}[];
	players: { name: string }[];
}

async function exportFile(page: Page): Promise<{ name: string; text: string }> {
	await page.goto('/settings');
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export backup' }).click();
	const file = await download;
	const text = await readFile(await file.path(), 'utf8');
	await expect(page.getByRole('status').filter({ hasText: 'Backup saved' })).toBeVisible();
	return { name: file.suggestedFilename(), text };
}

async function importFile(page: Page, name: string, text: string): Promise<void> {
	await page.goto('/settings');
	await page.getByLabel('Import backup', { exact: true }).setInputFiles({
		name,
		mimeType: 'application/json',
		buffer: Buffer.from(text, 'utf8')
	});
}

/** Two evenings: Anna/Ben/Cleo with two rounds, Dario/Emil with one. */
async function twoEvenings(page: Page): Promise<[string, string]> {
	const first = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	await playRound(page, 'Anna', { Ben: 12, Cleo: 30 });
	await playRound(page, 'Ben', { Anna: 5, Cleo: 8 });
	const second = await newEvening(page, ['Dario', 'Emil'], 'cardinal-us');
	await playRound(page, 'Emil', { Dario: 21 });
	return [first, second];
}

test('Export backup downloads every evening in one valid .json file', async ({ page }) => {
	const errors = collectErrors(page);
	const [first, second] = await twoEvenings(page);
	const { name, text } = await exportFile(page);
	expect(name).toMatch(/^caboose-backup-\d{4}-\d\d-\d\d\.json$/);
	const backup = JSON.parse(text) as BackupFile;
	expect(backup.format).toBe('caboose-backup');
	expect(backup.formatVersion).toBe(1);
	const byId = new Map(backup.evenings.map((e) => [e.evening.id, e]));
	expect([...byId.keys()].sort()).toEqual([first, second].sort());
	expect(byId.get(first)!.rounds.map((r) => r.id)).toEqual([`${first}:0`, `${first}:1`]);
	expect(byId.get(second)!.rounds).toHaveLength(1);
	expect(backup.players.map((p) => p.name).sort()).toEqual([
		'Anna',
		'Ben',
		'Cleo',
		'Dario',
		'Emil'
	]);
	await lookAt(page, { path: `${SHOTS}/data-backup-exported.png`, fullPage: true });
	expect(errors).toEqual([]);
});

test('a file that is not a valid backup is refused with an alert and changes nothing', async ({
	page
}) => {
	const [first] = await twoEvenings(page);
	const { text } = await exportFile(page);
	const before = await dumpDatabase(page);

	const good = JSON.parse(text) as BackupFile & Record<string, unknown>;
	const withRound = structuredClone(good);
	// A third round for the first evening, but of another evening's id: must not be taken.
	const e = withRound.evenings.find((x) => x.evening.id === first)!;
	e.rounds.push({ ...structuredClone(e.rounds[1]!), id: 'someone-else:2', index: 2 });
	const polluted = text.replace('"players":[', '"__proto__":{"polluted":true},"players":[');
	const extra = JSON.stringify({ ...good, admin: true });

	const cases: [string, string, RegExp][] = [
		['notes.json', 'this is not a backup', /cannot be read/],
		['cut.json', text.slice(0, Math.floor(text.length / 2)), /cannot be read/],
		['other.json', JSON.stringify({ hello: 'world' }), /not a Caboose backup/],
		['newer.json', text.replace('"formatVersion":1', '"formatVersion":2'), /newer Caboose/],
		['gap.json', JSON.stringify(withRound), /damaged or was edited/],
		['proto.json', polluted, /never writes/],
		['extra.json', extra, /damaged or was edited/]
	];
	for (const [name, body, message] of cases) {
		await importFile(page, name, body);
		const alert = page.getByRole('alert').filter({ hasText: 'Not imported' });
		await expect(alert, name).toBeVisible();
		await expect(alert, name).toContainText(message);
		await expect(alert).toContainText('Nothing was changed.');
		if (name === 'gap.json') {
			await lookAt(page, { path: `${SHOTS}/data-backup-refused.png`, fullPage: true });
		}
		expect(await dumpDatabase(page), name).toBe(before);
	}
	expect(await page.evaluate(() => ({}) as Record<string, unknown>)).not.toHaveProperty('polluted');
});

test('a valid backup is merged by id: new evenings added, a longer copy replaces, nothing lost', async ({
	page,
	browser
}) => {
	const [first, second] = await twoEvenings(page);
	const older = await exportFile(page);

	// A second phone (its own empty storage) restores the backup whole.
	const other = await browser.newContext();
	const phone = await other.newPage();
	await importFile(phone, older.name, older.text);
	await expect(
		phone.getByRole('status').filter({ hasText: 'Backup imported. New evenings: 2. Updated: 0.' })
	).toBeVisible();
	expect(await roundCount(phone, first)).toBe(2);
	expect(await roundCount(phone, second)).toBe(1);
	// The restored evening opens where it was: round 3 of the first evening.
	await phone.goto(`/evening/${first}`);
	await expect(phone.getByRole('heading', { level: 1 })).toContainText('Round 3');

	// The first phone plays on; then the older backup comes back: it takes nothing away.
	await page.goto(`/evening/${first}`);
	await playRound(page, 'Cleo', { Anna: 3, Ben: 4 });
	await importFile(page, older.name, older.text);
	await expect(page.getByRole('status').filter({ hasText: 'Backup imported' })).toHaveText(
		'Backup imported. New evenings: 0. Updated: 0. Already up to date: 2.'
	);
	expect(await roundCount(page, first)).toBe(3);

	// The newer backup brings the third round to the second phone, and nothing else changes.
	const newer = await exportFile(page);
	await importFile(phone, newer.name, newer.text);
	await expect(phone.getByRole('status').filter({ hasText: 'Backup imported' })).toHaveText(
		'Backup imported. New evenings: 0. Updated: 1. Already up to date: 1.'
	);
	expect(await roundCount(phone, first)).toBe(3);
	// What was played is the same on both phones (drafts and device notes are each phone's own).
	const played = ['evenings', 'rounds', 'tableEvents', 'players'] as const;
	expect(await dumpDatabase(phone, played)).toBe(await dumpDatabase(page, played));
	await lookAt(phone, { path: `${SHOTS}/data-backup-imported.png`, fullPage: true });
	await other.close();
});

test('Download CSV on the standings gives the evening, round by round, safe from formulas', async ({
	page
}) => {
	const errors = collectErrors(page);
	await openPlayed(page, 'formulas', ['Anna', '=1+1', 'Cleo'], 'swiss-jassshop', [
		{ out: 'Anna', points: { '=1+1': 12, Cleo: 30 } },
		{ out: 'Cleo', points: { Anna: 5, '=1+1': 8 } }
	]);
	await page.getByRole('link', { name: 'Standings' }).click();

	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Download CSV' }).click();
	const file = await download;
	expect(file.suggestedFilename()).toMatch(/\.csv$/);
	const text = (await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '');
	const lines = text.trim().split(/\r?\n/);
	// The header names every player; a name that a spreadsheet would run is defused with a quote.
	expect(lines[0]).toContain('Anna');
	expect(lines[0]).toContain(`"'=1+1"`);
	expect(lines[0]).not.toMatch(/(^|,)"?=1\+1/);
	// A row per round, then the totals (round, engine, the three seats, the winner).
	expect(lines).toHaveLength(4);
	expect(lines[1]?.split(',').slice(0, 5)).toEqual(['1', '"12|12"', '0', '12', '30']);
	expect(lines[2]?.split(',').slice(0, 5)).toEqual(['2', '"11|11"', '5', '8', '0']);
	expect(lines[3]?.split(',').slice(0, 5)).toEqual(['"Total"', '', '5', '20', '30']);
	await expect(page.getByRole('status').filter({ hasText: '.csv' })).toBeVisible();
	expect(errors).toEqual([]);
});

// Club play a table can trust (issue 43), against the real club server: what the phone was told
// is stored stays stored, and nothing sticks. A backup restored below what the club holds still
// reaches the club; a delete made offline before Leave club is sent when the phone joins again;
// a change the club cannot take is set aside with its reason in Settings, and the next evening
// goes on; offline, the club standings show the last ones read, with their time; a join link
// opened at an address the club does not serve says where it serves the app; a new link for a
// revoked table sends as that table; a revoked wall screen says so instead of "Live".
//
// Two of them need the club server's side of the issue (its `behind` answer, and a table that
// keeps its evenings under a new link); they are marked where they start.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { newEvening, openStandings, playRound } from './helpers/evening';
import { waitForController } from './helpers/pwa';
import { axeProblems, openAndJoin, joinedPhone, row, useClubServer } from './helpers/club-server';

const server = useClubServer();
const { club, invite } = server;

/** What the club holds, as a wall screen reads it: each player's rounds this season. */
let referee = '';
// Tests of this file are shared out between the workers, so a worker may stop its club server
// and later start a new one for more of them (beforeAll runs again, this module does not): a
// referee of the old club would be unknown to the new one.
test.beforeAll(() => {
	referee = '';
});
async function seasonRounds(player: string): Promise<number | string | null> {
	if (!referee) {
		const link = new URL(await invite('Referee', true));
		referee = new URLSearchParams(link.hash.slice(1)).get('token')!;
	}
	const response = await fetch(`${server.url}/v1/standings`, {
		headers: { Authorization: `Bearer ${referee}` }
	});
	// Any answer but the standings is named, so a failing poll says what the club answered.
	if (!response.ok) return `HTTP ${response.status}: ${await response.text()}`;
	const standings = (await response.json()) as {
		seasonStandings: { name: string; rounds: number }[];
	};
	return standings.seasonStandings.find((p) => p.name === player)?.rounds ?? null;
}

/** Waits until the club holds `rounds` rounds of `player` (null: none at all). */
async function clubHolds(player: string, rounds: number | null): Promise<void> {
	await expect.poll(() => seasonRounds(player), { timeout: 20_000 }).toBe(rounds);
}

async function exportBackup(page: Page): Promise<string> {
	await page.goto('/settings');
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export backup' }).click();
	return readFile(await (await download).path(), 'utf8');
}

test('a backup restored below what the club holds: the rounds after it reach the club', async ({
	browser
}) => {
	// Needs the club server's `behind` answer (protocol.ts): a server that calls these "ignored"
	// keeps the club at two rounds while the phone says "All sent".
	test.setTimeout(120_000);
	const link = await invite('Table 4');
	// The first phone's clock runs an hour ahead: every revision it sends is above what a phone
	// with the right time writes now.
	const ahead = await browser.newContext();
	await ahead.clock.install({ time: Date.now() + 3_600_000 });
	const first = await ahead.newPage();
	await openAndJoin(first, link, 'Domino club', 'Table 4');
	await expect(first).toHaveURL(/\/$/);
	const id = await newEvening(first, ['Gina', 'Hugo'], 'swiss-jassshop');
	await playRound(first, 'Gina', { Hugo: 5 });
	await playRound(first, 'Hugo', { Gina: 6 });
	await clubHolds('Gina', 2);
	const backup = await exportBackup(first);
	await ahead.close();

	// That phone is lost. Another joins as the table, restores the backup and plays on.
	const second = await joinedPhone(browser, link, 'Domino club', 'Table 4');
	await second.page.goto('/settings');
	await second.page.getByLabel('Import backup', { exact: true }).setInputFiles({
		name: 'caboose-backup.json',
		mimeType: 'application/json',
		buffer: Buffer.from(backup, 'utf8')
	});
	await expect(
		second.page.getByRole('status').filter({ hasText: 'Backup imported' })
	).toBeVisible();
	await second.page.goto(`/evening/${id}`);
	await playRound(second.page, 'Gina', { Hugo: 7 });
	await playRound(second.page, 'Gina', { Hugo: 8 });
	await clubHolds('Gina', 4);
	await second.page.goto('/settings');
	await expect(second.page.getByRole('status').filter({ hasText: 'All sent' })).toBeVisible();
	await second.context.close();
});

// Offline journeys: the app as a phone keeps it, served by its service worker.
test.describe('offline', () => {
	test.use({ serviceWorkers: 'allow' });

	test('an evening deleted offline, then Leave club: joining again deletes it at the club', async ({
		browser
	}) => {
		const link = await invite('Table 5');
		const { context, page } = await joinedPhone(browser, link, 'Domino club', 'Table 5');
		await newEvening(page, ['Ida', 'Jan'], 'swiss-jassshop');
		await playRound(page, 'Ida', { Jan: 4 });
		await clubHolds('Ida', 1);
		// The app works offline once its service worker holds it (a first visit's worker claims it).
		await waitForController(page);

		// No signal: the evening is deleted, and the phone leaves the club (in the app, no reload).
		await context.setOffline(true);
		await openStandings(page);
		await page.getByRole('button', { name: 'Delete evening' }).click();
		await page.getByRole('button', { name: 'Confirm' }).click();
		await expect(page).toHaveURL(/\/$/);
		await page.getByRole('link', { name: 'Settings' }).click();
		await expect(page.getByRole('status').filter({ hasText: 'Waiting to send: 1' })).toBeVisible();
		await page.getByRole('button', { name: 'Leave club', exact: true }).click();
		await page.getByRole('dialog').getByRole('button', { name: 'Leave club' }).click();
		await expect(page.getByRole('heading', { name: 'Club', exact: true })).toHaveCount(0);

		// Signal again; the phone joins with the same link, and the club hears of the delete.
		await context.setOffline(false);
		await openAndJoin(page, link, 'Domino club', 'Table 5');
		await expect(page).toHaveURL(/\/$/);
		await clubHolds('Ida', null);
		await context.close();
	});

	test('offline, the club standings show the last ones read, with their time', async ({
		browser
	}) => {
		const { context, page } = await joinedPhone(
			browser,
			await invite('Table 8'),
			'Domino club',
			'Table 8'
		);
		await newEvening(page, ['Olga', 'Paul'], 'swiss-jassshop');
		await playRound(page, 'Olga', { Paul: 11 });
		await page.goto('/club/standings');
		await expect(row(page, 'Club standings', 'Paul')).toContainText('11');
		await waitForController(page);

		await context.setOffline(true);
		await page.reload();
		await expect(
			page.getByRole('status').filter({ hasText: "The club's server does not answer" })
		).toContainText("The club's server does not answer: these are the standings of");
		await expect(row(page, 'Club standings', 'Paul')).toContainText('11');
		await context.close();
	});
});

test('a change the club cannot take is set aside with its reason, and the next evening goes on', async ({
	browser
}) => {
	test.setTimeout(120_000);
	const link = await invite('Table 6');
	const { context, page } = await joinedPhone(browser, link, 'Domino club', 'Table 6');
	// The club's database cannot hold a value of Kim's evening (as a server with a narrower
	// column would answer): 422 unstorable, naming the operation.
	let refusing = true;
	await page.route(`${server.url}/v1/ops`, async (route) => {
		const body = route.request().postDataJSON() as
			{ ops: { evening?: { evening: { players: { name: string }[] } } }[] } | undefined;
		const at = (body?.ops ?? []).findIndex((op) =>
			op.evening?.evening.players.some((p) => p.name === 'Kim')
		);
		if (!refusing || at < 0) return route.fallback();
		return route.fulfill({
			status: 422,
			headers: { 'Access-Control-Allow-Origin': '*' },
			json: { error: 'unstorable', path: `ops[${at}]` }
		});
	});
	await newEvening(page, ['Kim', 'Lea'], 'swiss-jassshop');
	await playRound(page, 'Kim', { Lea: 3 });
	await newEvening(page, ['Max', 'Nora'], 'swiss-jassshop');
	await playRound(page, 'Max', { Nora: 9 });
	await clubHolds('Max', 1);
	expect(await seasonRounds('Kim')).toBeNull();

	await page.goto('/settings');
	const panel = page.getByRole('region', { name: 'Club' });
	await expect(panel.getByRole('status')).toHaveText('All sent');
	await expect(panel).toContainText('Changes the club refused (kept on this phone): 2');
	const reasons = panel.getByRole('list', { name: /Changes the club refused/ });
	await expect(reasons.getByRole('listitem')).toHaveCount(1);
	await expect(reasons.getByRole('listitem')).toContainText('Kim, Lea');
	await expect(reasons.getByRole('listitem')).toContainText(
		"The club's database cannot hold a value in this evening."
	);
	expect(await axeProblems(page)).toEqual([]);

	// The club is put right: Send again, and Kim's evening arrives.
	refusing = false;
	await page.getByRole('button', { name: 'Send again' }).click();
	await clubHolds('Kim', 1);
	await expect(panel.getByRole('listitem')).toHaveCount(0);
	await context.close();
});

test('a join link opened where the club does not serve the app says where it does', async ({
	browser,
	baseURL
}) => {
	const link = new URL(await invite('Table 9'));
	// The same app at another address (the README's two commands with a port changed by hand).
	const elsewhere = new URL(link.href);
	elsewhere.hostname = 'localhost';
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto(elsewhere.href);
	const origin = new URL(baseURL!).origin;
	await expect(page.getByRole('alert')).toHaveText(
		`The club's server answers Caboose only at ${origin}, not at this address. Open Caboose there, or ask the club to accept this address. Nothing was stored.`
	);
	await expect(page.getByRole('button', { name: 'Join club' })).toHaveCount(0);
	await context.close();
});

test('a new link for a revoked table sends as that table: its evening goes on at the club', async ({
	browser
}) => {
	// Needs the club server's table identity: `invite` of a revoked table gives the same table a
	// new key. A server that makes a new table refuses the evening ("not your evening").
	test.setTimeout(120_000);
	const phone = await joinedPhone(browser, await invite('Table 7'), 'Domino club', 'Table 7');
	await newEvening(phone.page, ['Quinn', 'Rosa'], 'swiss-jassshop');
	await playRound(phone.page, 'Quinn', { Rosa: 2 });
	await clubHolds('Quinn', 1);
	await club('revoke', 'Table 7');
	await playRound(phone.page, 'Rosa', { Quinn: 3 });
	await phone.page.goto('/settings');
	await expect(phone.page.getByRole('alert')).toContainText(
		"The club has ended this table's access"
	);

	await openAndJoin(phone.page, await invite('Table 7'), 'Domino club', 'Table 7');
	await expect(phone.page).toHaveURL(/\/$/);
	await clubHolds('Quinn', 2);
	await phone.page.goto('/settings');
	await expect(phone.page.getByRole('status').filter({ hasText: 'All sent' })).toBeVisible();
	await expect(phone.page.getByText(/Changes the club refused/)).toHaveCount(0);
	await phone.context.close();
});

test('a wall screen whose key is revoked says so, and is not "Live"', async ({ browser }) => {
	// Needs the club server to close a revoked key's live channel (or tell it of the revoke).
	const context = await browser.newContext();
	const page = await context.newPage();
	await openAndJoin(page, await invite('Bar 2', true), 'Domino club', 'Bar 2');
	await expect(page).toHaveURL(/\/club\/standings$/);
	await expect(page.getByRole('status').filter({ hasText: 'Live' })).toHaveText('Live');
	await club('revoke', 'Bar 2');
	await expect(page.getByRole('alert')).toHaveText(
		"The club has ended this phone's access. Ask the club for a new link."
	);
	await expect(page.getByText('Live', { exact: true })).toHaveCount(0);
	await context.close();
});

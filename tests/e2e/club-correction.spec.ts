// A correction end to end, against the real club server (`npm run club`, embedded PGlite): a
// table's phone plays its evening of tonight's game through the screens; the organiser opens that
// table's rounds from Club night, taps Correct round 1 and saves it through the app's own round
// entry; the table's phone, at its next save, takes the correction in and its rounds say who
// corrected round 1 and when. Then the two screens at 320 and 390 px in four languages, with
// nothing scrolling sideways (screenshots in test-results/ to look at).
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { ClubEveningView, Night } from '../../src/lib/club/night-protocol';
import { joinedPhone, openAndJoin, useClubServer } from './helpers/club-server';
import { clubApi, tokenOf } from './helpers/night-api';
import { newEvening, openStandings, playRound } from './helpers/evening';
import { lookAt } from './helpers/shots';

test.describe.configure({ mode: 'serial' });
const server = useClubServer();

const PLAYERS = ['Anna', 'Bo', 'Cy', 'Di'];
let organiser = { link: '', token: '' };
let table = { link: '', token: '' };
let tablePhone: Page;
let organiserPhone: Page;
let eveningId = '';

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
	const res = await clubApi(server.url, token, path, init);
	expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(200);
	return (await res.json()) as T;
}

/** An organiser's write, as the organiser's screen sends it. */
async function organiserWrite(method: string, path: string, body: unknown): Promise<void> {
	const { revision } = await api<Night>(organiser.token, '/v1/night');
	await api(organiser.token, path, {
		method,
		body: JSON.stringify(body),
		headers: { 'Idempotency-Key': randomUUID(), 'If-Match': String(revision) }
	});
}

test.beforeAll(async ({ browser }) => {
	test.setTimeout(150_000);
	const out = await server.club('invite', '--organiser', 'Ruth');
	const link = /^Join link: (\S+)$/m.exec(out)?.[1];
	if (!link) throw new Error(`No join link in: ${out}`);
	organiser = { link, token: tokenOf(link) };
	const tableLink = await server.invite('Table 1');
	table = { link: tableLink, token: tokenOf(tableLink) };
	// Tonight: four guests, one table of four, played by the club's one table phone.
	await organiserWrite('PUT', '/v1/night/check-in', { here: [], guests: PLAYERS });
	await organiserWrite('POST', '/v1/night/games', { rule: { kind: 'deal' } });
	tablePhone = (await joinedPhone(browser, table.link, 'Domino club', 'Table 1')).page;
	organiserPhone = await (await browser.newContext()).newPage();
});

test.afterAll(async () => {
	await tablePhone?.context().close();
	await organiserPhone?.context().close();
});

test('the organiser corrects round 1 of table 1; the table’s phone shows who and when', async () => {
	test.setTimeout(120_000);
	eveningId = await newEvening(tablePhone, PLAYERS, 'swiss-jassshop');
	await playRound(tablePhone, 'Anna', { Bo: 10, Cy: 20, Di: 30 });
	// The phone says which evening it started for its seats (part of the seats' card elsewhere).
	await api(table.token, '/v1/night/games/1/tables/1/evening', {
		method: 'PUT',
		body: JSON.stringify({ eveningId })
	});
	await expect
		.poll(async () => {
			const night = await api<Night>(organiser.token, '/v1/night');
			return night.games[0]?.tables[0]?.progress.round ?? 0;
		})
		.toBe(1);

	await openAndJoin(organiserPhone, organiser.link, 'Domino club', 'Ruth');
	await organiserPhone.getByRole('link', { name: 'Club night', exact: true }).click();
	await organiserPhone.getByRole('link', { name: 'Rounds of table 1', exact: true }).click();
	await expect(organiserPhone.getByRole('heading', { level: 1 })).toHaveText('Table 1');
	await organiserPhone.getByRole('link', { name: 'Correct round 1', exact: true }).click();
	await expect(organiserPhone.getByRole('heading', { name: 'Correct round 1' })).toBeVisible();
	await expect(organiserPhone.getByLabel('Bo points', { exact: true })).toHaveValue('10');
	await organiserPhone.getByLabel('Bo points', { exact: true }).fill('12');
	await organiserPhone.getByRole('button', { name: 'Save round' }).click();
	await expect(organiserPhone.getByRole('status')).toContainText('Round 1 corrected.');
	await expect(organiserPhone.getByText(/^Corrected by Ruth at /)).toBeVisible();
	const held = await api<ClubEveningView>(organiser.token, `/v1/night/evenings/${eveningId}`);
	expect(held.rounds[0]!.correctedBy?.name).toBe('Ruth');

	// The table plays on: its next round's put finds the club ahead, takes the correction in, and
	// sends the evening with it.
	await playRound(tablePhone, 'Bo', { Anna: 5, Cy: 5, Di: 5 });
	await openStandings(tablePhone);
	await expect(tablePhone.getByText(/^Corrected by Ruth at /)).toBeVisible();
	await expect(tablePhone.getByText('Bo 12', { exact: false }).first()).toBeVisible();
	await expect
		.poll(async () => {
			const view = await api<ClubEveningView>(organiser.token, `/v1/night/evenings/${eveningId}`);
			return view.rounds.length;
		})
		.toBe(2);
});

const noSideways = (page: Page) =>
	page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the table’s rounds and the corrected round at 320 and 390 px in four languages', async () => {
	test.setTimeout(180_000);
	const tableScreen = async (locale: string, width: number) => {
		await organiserPhone.goto('/club/night/table/1');
		await expect(organiserPhone.locator('.corrected')).toBeVisible();
		expect(await noSideways(organiserPhone), `table screen ${locale} ${width}`).toBe(true);
		await lookAt(organiserPhone, {
			path: `test-results/correction-table-${locale}-${width}.png`,
			fullPage: true
		});
	};
	const correctForm = async (locale: string, width: number) => {
		await expect(organiserPhone.locator('.correct input').first()).toBeVisible();
		expect(await noSideways(organiserPhone), `correct form ${locale} ${width}`).toBe(true);
		await lookAt(organiserPhone, {
			path: `test-results/correction-form-${locale}-${width}.png`,
			fullPage: true
		});
	};
	const phoneRounds = async (locale: string, width: number) => {
		await expect(tablePhone.locator('.corrected')).toBeVisible();
		expect(await noSideways(tablePhone), `phone ${locale} ${width}`).toBe(true);
		await lookAt(tablePhone.locator('.rounds'), {
			path: `test-results/correction-phone-${locale}-${width}.png`
		});
	};
	// The language is read as a page loads: each phone loads its screens once per language at
	// 320 px, then is turned to 390 px (as a phone is) and looked at again, the form before the
	// table's screen is loaded again.
	for (const locale of ['en', 'de', 'fr', 'it']) {
		for (const page of [organiserPhone, tablePhone]) {
			await page.setViewportSize({ width: 320, height: 800 });
			await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		}
		await tableScreen(locale, 320);
		await organiserPhone.goto(`/club/night/table/1?evening=${eveningId}&round=2`);
		await correctForm(locale, 320);
		await tablePhone.goto(`/evening/${eveningId}/standings`);
		await phoneRounds(locale, 320);
		for (const page of [organiserPhone, tablePhone])
			await page.setViewportSize({ width: 390, height: 800 });
		await correctForm(locale, 390);
		await phoneRounds(locale, 390);
		await tableScreen(locale, 390);
	}
});

// Durability: Chromium is killed (SIGKILL, the whole process group) right after "Saved", again
// in the same evening, and every round saved so far must be there after each restart; then a
// round typed but not saved is killed twice and comes back as typed. The browser is our own child
// process with its own profile, driven over CDP, so the kill is as hard as a phone's battery
// dying on the browser (the profile on disk is all that is left).
// What each kill holds: the first, that "Saved" is shown only once the round is on disk (a
// "Saved" shown before its write loses that round at almost every kill); the second, the same on
// a profile reopened after a kill (the database recovered from one, then written and killed
// again), with the first round still there; the drafts' first, a round typed from nothing; their
// second, a draft typed over one restored from a kill (another player out, the fields cleared).
// A third kill of each kind repeats the second. E2E_KILLS (2) saved rounds killed per run; for a
// rarer race, run this file alone with more (E2E_KILLS=50).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { roundsOf, storedRows } from './helpers/db';
import { newEvening } from './helpers/evening';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../scripts/chromium.js';
import { lookAt } from './helpers/shots';

const KILLS = Math.max(1, Number(process.env.E2E_KILLS ?? 2));
const SHOTS = '/tmp/shots';
const NAMES = ['Anna', 'Ben', 'Cleo', 'Dario'];

/** The flags of every browser test, and headless (this test starts Chromium itself). */
const FLAGS = [
	...TEST_CHROMIUM_ARGS,
	'--headless=new',
	'--no-default-browser-check',
	'--password-store=basic',
	'--window-size=390,844'
];

interface Running {
	child: ChildProcess;
	browser: Browser;
	page: Page;
}

async function sleep(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Starts Chromium on the profile and connects once its DevTools endpoint answers. Chromium picks a
 * free port and writes it into the profile (DevToolsActivePort): on a machine where several
 * people run this test, a fixed port would connect one run to another's browser.
 */
async function launch(profile: string): Promise<Running> {
	const portFile = join(profile, 'DevToolsActivePort');
	// The file a killed browser left names its dead port.
	await rm(portFile, { force: true });
	const child = spawn(
		TEST_CHROMIUM_PATH,
		[...FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
		// Its own process group, so one kill takes the browser and every child process with it.
		{ detached: true, stdio: 'ignore' }
	);
	let exited = false;
	child.once('exit', () => (exited = true));
	let endpoint = '';
	for (let attempt = 0; ; attempt++) {
		if (exited) throw new Error('Chromium exited before its DevTools endpoint answered');
		const port = (await readFile(portFile, 'utf8').catch(() => '')).split('\n')[0];
		try {
			if (port) {
				const response = await fetch(`http://127.0.0.1:${port}/json/version`);
				if (response.ok) {
					endpoint = `http://127.0.0.1:${port}`;
					break;
				}
			}
		} catch {
			// Not listening yet.
		}
		if (attempt > 600) throw new Error('Chromium did not open its DevTools endpoint');
		await sleep(50);
	}
	const browser = await chromium.connectOverCDP(endpoint);
	const context = browser.contexts()[0]!;
	const page = context.pages()[0] ?? (await context.newPage());
	await page.setViewportSize({ width: 390, height: 844 });
	return { child, browser, page };
}

/** SIGKILL to the whole process group; resolves when no process of it is left. */
async function kill(running: Running): Promise<void> {
	const pid = running.child.pid!;
	process.kill(-pid, 'SIGKILL');
	// Gone when no process of the group still runs. A killed renderer whose parent died is left
	// to PID 1, and where that never reaps (a container) it stays a zombie in the group forever:
	// asking the group with signal 0 would wait for it for ever (this test once hung that way).
	while (await groupRuns(pid)) await sleep(20);
	// The connection died with the browser; drop Playwright's side of it.
	await running.browser.close().catch(() => {});
}

/** Whether any process of group `pgid` is alive (not a zombie), from /proc. */
async function groupRuns(pgid: number): Promise<boolean> {
	for (const entry of await readdir('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
		// pid (comm) state ppid pgrp …: the fields after the command's closing parenthesis.
		const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		if (Number(pgrp) === pgid && state !== 'Z') return true;
	}
	return false;
}

/** "Round k" (a cyclic schedule), or "Round k of N". */
function roundHeading(k: number): RegExp {
	return new RegExp(`^\\s*Round ${k}( of \\d+)?\\s*$`);
}

/** Points of round `k` for the three players who did not go out: varied, always valid. */
function pointsFor(k: number): number[] {
	return [(k * 7) % 50, (k * 11 + 3) % 60, (k * 13 + 5) % 40];
}

/** The database's player id of each name in the evening. */
async function playerIds(page: Page, eveningId: string): Promise<Record<string, string>> {
	const evenings = (await storedRows(page, 'evenings')) as {
		id: string;
		players: { id: string; name: string }[];
	}[];
	const evening = evenings.find((e) => e.id === eveningId)!;
	return Object.fromEntries(evening.players.map((p) => [p.name, p.id]));
}

/** The non-empty points of the evening's draft on disk, sorted and joined. */
async function draftPoints(page: Page, eveningId: string): Promise<string> {
	const drafts = (await storedRows(page, 'drafts')) as {
		eveningId: string;
		fields: { text: Record<string, string> };
	}[];
	return Object.values(drafts.find((d) => d.eveningId === eveningId)?.fields.text ?? {})
		.filter((v) => v !== '')
		.sort()
		.join(',');
}

/** Saves round k+1 and kills Chromium the moment "Saved" shows; what was saved. */
async function saveAndKill(running: Running, k: number) {
	const page = running.page;
	const out = NAMES[k % NAMES.length]!;
	const others = NAMES.filter((n) => n !== out);
	const values = pointsFor(k);
	await page.getByRole('button', { name: `${out} went out`, exact: true }).click();
	const points: Record<string, number> = {};
	for (const [i, name] of others.entries()) {
		points[name] = values[i]!;
		await page.getByLabel(`${name} points`, { exact: true }).fill(String(values[i]));
	}
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	await kill(running);
	return { out, points };
}

/**
 * Types pass `k` of a round (never saved): `NAMES[k]` out, the others 10(k+1)+i, over what the
 * last pass left; returns once the draft on disk holds it, and who did not go out.
 */
async function typeDraft(page: Page, eveningId: string, k: number): Promise<string[]> {
	const out = NAMES[k]!;
	const others = NAMES.filter((n) => n !== out);
	for (const name of NAMES) {
		const other = page.getByRole('button', { name: `${name} went out`, exact: true });
		if (name !== out && (await other.getAttribute('aria-pressed')) === 'true') {
			await other.press('Enter');
		}
	}
	for (const name of NAMES) await page.getByLabel(`${name} points`, { exact: true }).fill('');
	const toggle = page.getByRole('button', { name: `${out} went out`, exact: true });
	if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.press('Enter');
	for (const [i, name] of others.entries()) {
		await page.getByLabel(`${name} points`, { exact: true }).fill(String(10 * (k + 1) + i));
	}
	// The draft is on disk once the store holds what was typed (written as typed).
	await expect
		.poll(() => draftPoints(page, eveningId), { timeout: 10_000 })
		.toBe(
			others
				.map((_, i) => String(10 * (k + 1) + i))
				.sort()
				.join(',')
		);
	return others;
}

test('saved rounds survive Chromium killed right after "Saved", and a typed round survives as its draft', async ({
	baseURL
}) => {
	test.setTimeout(10 * 60_000);
	const profile = await mkdtemp(join(tmpdir(), 'caboose-kill-'));
	// What was saved, by round index: who went out, and each name's points.
	const saved: { out: string; points: Record<string, number> }[] = [];
	let running = await launch(profile);
	let kills = 0;
	let lost = 0;
	let restored = 0;
	try {
		// A German "Talon" evening: a cyclic schedule, so it has room for every kill.
		const eveningId = await newEvening(running.page, NAMES, 'german-talon', { origin: baseURL });
		await expect(running.page.getByRole('heading', { level: 1 })).toHaveText(roundHeading(1));

		for (let k = 0; k < KILLS; k++) {
			// The moment "Saved" shows, the browser dies.
			saved.push(await saveAndKill(running, k));
			kills++;
			running = await launch(profile);

			// Back on the same profile: every round saved so far, exactly as entered.
			const again = running.page;
			await again.goto(`${baseURL}/evening/${eveningId}`);
			await expect(again.getByRole('heading', { level: 1 })).toHaveText(roundHeading(k + 2));
			const rows = await roundsOf(again, eveningId);
			const idOf = await playerIds(again, eveningId);
			lost += Math.max(0, saved.length - rows.length);
			expect(rows.map((r) => r.index)).toEqual(saved.map((_, i) => i));
			for (const [i, s] of saved.entries()) {
				const entry = rows[i]!.entry;
				expect(entry.out, `round ${i + 1}`).toBe(idOf[s.out]);
				for (const [name, value] of Object.entries(s.points)) {
					expect(entry.hands[idOf[name]!], `round ${i + 1}, ${name}`).toBe(value);
				}
			}
		}
		await running.page.goto(`${baseURL}/evening/${eveningId}/standings`);
		await lookAt(running.page, { path: `${SHOTS}/data-kill-standings.png`, fullPage: true });

		// The next round typed, never saved: a different entry each pass, over the last one's draft.
		const round = roundHeading(KILLS + 1);
		for (let k = 0; k < 2; k++) {
			const page = running.page;
			// After the first pass the page is the one that showed the restored draft.
			if (k === 0) await page.goto(`${baseURL}/evening/${eveningId}`);
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(round);
			const others = await typeDraft(page, eveningId, k);

			await kill(running);
			running = await launch(profile);
			const again = running.page;
			await again.goto(`${baseURL}/evening/${eveningId}`);
			await expect(again.getByRole('heading', { level: 1 })).toHaveText(round);
			for (const [i, name] of others.entries()) {
				await expect(again.getByLabel(`${name} points`, { exact: true })).toHaveValue(
					String(10 * (k + 1) + i)
				);
			}
			await expect(
				again.getByRole('button', { name: `${NAMES[k]} went out`, exact: true })
			).toHaveAttribute('aria-pressed', 'true');
			restored++;
		}
		// The rounds saved before are untouched by the drafts and their kills.
		expect((await roundsOf(running.page, eveningId)).length).toBe(KILLS);
	} finally {
		console.log(
			`kill test: kills survived ${kills}, rounds saved ${saved.length}, rounds lost ${lost}, drafts restored ${restored}`
		);
		await kill(running).catch(() => {});
		await rm(profile, { recursive: true, force: true });
	}
	expect(kills).toBe(KILLS);
	expect(lost).toBe(0);
	expect(restored).toBe(2);
});

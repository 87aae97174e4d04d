// Durability: Chromium is killed (SIGKILL, the whole process group) right after "Saved", again
// and again in one evening, and every round saved so far must be there after each restart.
// The browser is our own child process with its own profile, driven over CDP, so the kill is
// as hard as a phone's battery dying on the browser (the profile on disk is all that is left).
// E2E_KILLS (5) kills a run: a "Saved" shown before its write is on disk loses that round at
// almost every kill; for a rarer race, run this file alone with more (E2E_KILLS=50).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { roundsOf } from './helpers/db';
import { newEvening } from './helpers/evening';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../scripts/chromium.js';
import { lookAt } from './helpers/shots';

const KILLS = Math.max(1, Number(process.env.E2E_KILLS ?? 5));
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

test('every saved round survives Chromium being killed right after "Saved", again and again', async ({
	baseURL
}) => {
	test.setTimeout(15 * 60_000);
	const profile = await mkdtemp(join(tmpdir(), 'caboose-kill-'));
	// What was saved, by round index: who went out, and each name's points.
	const saved: { out: string; points: Record<string, number> }[] = [];
	let running = await launch(profile);
	let eveningId = '';
	let kills = 0;
	let lost = 0;
	try {
		// A German "Talon" evening: a cyclic schedule, so it has room for every kill.
		const page = running.page;
		eveningId = await newEvening(page, NAMES, 'german-talon', { origin: baseURL });

		for (let k = 0; k < KILLS; k++) {
			const page = running.page;
			if (k > 0) await page.goto(`${baseURL}/evening/${eveningId}`);
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(roundHeading(k + 1));

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
			saved.push({ out, points });

			// The moment "Saved" shows, the browser dies.
			await kill(running);
			kills++;
			running = await launch(profile);

			// Back on the same profile: every round saved so far, exactly as entered.
			const again = running.page;
			await again.goto(`${baseURL}/evening/${eveningId}`);
			await expect(again.getByRole('heading', { level: 1 })).toHaveText(roundHeading(k + 2));
			const rows = await roundsOf(again, eveningId);
			const idOf = await again.evaluate(async (eveningId) => {
				const db: IDBDatabase = await new Promise((resolve, reject) => {
					const request = indexedDB.open('caboose');
					request.onsuccess = () => resolve(request.result);
					request.onerror = () => reject(request.error);
				});
				try {
					const evening = await new Promise<{ players: { id: string; name: string }[] }>(
						(resolve, reject) => {
							const request = db.transaction('evenings').objectStore('evenings').get(eveningId);
							request.onsuccess = () => resolve(request.result);
							request.onerror = () => reject(request.error);
						}
					);
					return Object.fromEntries(evening.players.map((p) => [p.name, p.id]));
				} finally {
					db.close();
				}
			}, eveningId);
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
	} finally {
		console.log(
			`kill test: kills survived ${kills}, rounds saved ${saved.length}, rounds lost ${lost}`
		);
		await kill(running).catch(() => {});
		await rm(profile, { recursive: true, force: true });
	}
	expect(kills).toBe(KILLS);
	expect(lost).toBe(0);
});

test('a round typed but not saved survives a kill as its draft, exactly as typed', async ({
	baseURL
}) => {
	test.setTimeout(5 * 60_000);
	const profile = await mkdtemp(join(tmpdir(), 'caboose-kill-draft-'));
	let running = await launch(profile);
	let restored = 0;
	try {
		const page = running.page;
		const eveningId = await newEvening(page, NAMES, 'german-talon', { origin: baseURL });

		for (let k = 0; k < 3; k++) {
			const page = running.page;
			if (k > 0) await page.goto(`${baseURL}/evening/${eveningId}`);
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(roundHeading(1));
			// The screen shows before its draft is read: what the last pass typed comes back first
			// (typing sooner is kept over the draft, and this test would race it).
			if (k > 0) {
				const before = NAMES.filter((n) => n !== NAMES[k - 1]);
				for (const [i, name] of before.entries()) {
					await expect(page.getByLabel(`${name} points`, { exact: true })).toHaveValue(
						String(10 * k + i)
					);
				}
			}
			// Typed, never saved: a different entry each time, over the draft of the last one.
			const out = NAMES[k]!;
			const others = NAMES.filter((n) => n !== out);
			const toggle = page.getByRole('button', { name: `${out} went out`, exact: true });
			for (const name of NAMES) {
				const other = page.getByRole('button', { name: `${name} went out`, exact: true });
				if (name !== out && (await other.getAttribute('aria-pressed')) === 'true') {
					await other.press('Enter');
				}
			}
			for (const name of NAMES) await page.getByLabel(`${name} points`, { exact: true }).fill('');
			if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.press('Enter');
			for (const [i, name] of others.entries()) {
				await page.getByLabel(`${name} points`, { exact: true }).fill(String(10 * (k + 1) + i));
			}
			// The draft is on disk once the store holds what was typed (written as typed).
			await expect
				.poll(
					() =>
						page.evaluate(async (eveningId) => {
							const db: IDBDatabase = await new Promise((resolve, reject) => {
								const request = indexedDB.open('caboose');
								request.onsuccess = () => resolve(request.result);
								request.onerror = () => reject(request.error);
							});
							try {
								const row = await new Promise<
									{ fields: { text: Record<string, string> } } | undefined
								>((resolve, reject) => {
									const request = db.transaction('drafts').objectStore('drafts').get(eveningId);
									request.onsuccess = () => resolve(request.result);
									request.onerror = () => reject(request.error);
								});
								return Object.values(row?.fields.text ?? {})
									.filter((v) => v !== '')
									.sort()
									.join(',');
							} finally {
								db.close();
							}
						}, eveningId),
					{ timeout: 10_000 }
				)
				.toBe(
					others
						.map((_, i) => String(10 * (k + 1) + i))
						.sort()
						.join(',')
				);

			await kill(running);
			running = await launch(profile);
			const again = running.page;
			await again.goto(`${baseURL}/evening/${eveningId}`);
			await expect(again.getByRole('heading', { level: 1 })).toHaveText(roundHeading(1));
			for (const [i, name] of others.entries()) {
				await expect(again.getByLabel(`${name} points`, { exact: true })).toHaveValue(
					String(10 * (k + 1) + i)
				);
			}
			await expect(
				again.getByRole('button', { name: `${out} went out`, exact: true })
			).toHaveAttribute('aria-pressed', 'true');
			restored++;
		}
	} finally {
		console.log(`kill test (drafts): kills survived with the typed entry restored ${restored}`);
		await kill(running).catch(() => {});
		await rm(profile, { recursive: true, force: true });
	}
	expect(restored).toBe(3);
});

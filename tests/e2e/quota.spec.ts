// A full disk: with the origin's quota forced tiny (CDP Storage.overrideQuotaForOrigin), Save
// round says the device is out of space, the typed entry stays on screen, and nothing of the
// round is written. With room again, the same entry saves.
//
// The override applies to the browser's default storage partition, so this spec runs in a
// persistent context of its own (Playwright's usual contexts are separate, incognito-like).
//
// Chromium lets a bucket spend space the quota manager granted it lately without asking again: an
// allowance of the room it had, shrinking to nothing over 30 s (IndexedDB's BucketContext,
// kBucketSpaceCacheTimeLimit). A write larger than that allowance asks at once. So the disk starts
// with a known room (ROOM, far more than the app uses) and, once it is full, one write of ROOM
// bytes to a scratch database makes Chromium ask: from then on every write is refused, at once
// rather than half a minute later.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { dumpDatabase } from './helpers/db';
import { newEvening, playRound, typeRound } from './helpers/evening';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../scripts/chromium.js';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/shots';
/** The origin's quota before the disk fills: the app's files and rows take a few MiB. */
const ROOM = 32 * 1024 * 1024;

test('a quota error on Save round keeps the entry on screen, says so, and stores nothing', async ({
	baseURL
}) => {
	test.setTimeout(150_000);
	const profile = await mkdtemp(join(tmpdir(), 'caboose-quota-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: TEST_CHROMIUM_PATH,
		args: TEST_CHROMIUM_ARGS,
		baseURL,
		viewport: { width: 390, height: 844 },
		isMobile: true,
		hasTouch: true
	});
	try {
		const page = context.pages()[0] ?? (await context.newPage());
		// Before the app's first write, so the allowance it is granted is at most ROOM.
		const cdp = await context.newCDPSession(page);
		const origin = new URL(baseURL!).origin;
		const setQuota = (quotaSize: number | undefined) =>
			cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize });
		await setQuota(ROOM);
		await run(page, setQuota);
	} finally {
		await context.close();
		await rm(profile, { recursive: true, force: true });
	}
});

/** One write of `bytes` to a scratch database of the origin: 'ok', or the name of the error. */
async function probeWrite(bytes: number): Promise<string> {
	const db: IDBDatabase = await new Promise((resolve, reject) => {
		const request = indexedDB.open('quota-probe', 1);
		request.onupgradeneeded = () => request.result.createObjectStore('probe');
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});
	try {
		return await new Promise<string>((resolve) => {
			const tx = db.transaction('probe', 'readwrite', { durability: 'strict' });
			// In records under 64 KiB: one value of 32 MiB was allowed under the 1-byte quota (tried;
			// Chromium keeps a value over 64 KiB apart from the database, as a file).
			const record = 60 * 1024;
			for (let at = 0; at < bytes; at += record)
				tx.objectStore('probe').put(new Uint8Array(Math.min(record, bytes - at)), at);
			tx.oncomplete = () => resolve('ok');
			tx.onabort = () => resolve(tx.error?.name ?? 'AbortError');
		});
	} finally {
		db.close();
	}
}

/** `setQuota`: the origin's quota from now on (undefined: the disk's own). */
async function run(
	page: Page,
	setQuota: (quotaSize: number | undefined) => Promise<unknown>
): Promise<void> {
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	await playRound(page, 'Anna', { Ben: 12, Cleo: 30 });
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');

	// Round 2 typed in full, as the scorekeeper would.
	await typeRound(page, id, 1, 'Ben', { Anna: 17, Cleo: 4 });
	await expect(page.getByRole('button', { name: 'Ben went out', exact: true })).toHaveAttribute(
		'aria-pressed',
		'true'
	);

	const played = ['evenings', 'rounds', 'tableEvents', 'players'] as const;
	const before = await dumpDatabase(page, played);
	await setQuota(1);
	// A write larger than any allowance left (see the top): Chromium asks the quota manager, which
	// now refuses. The app's own database is not touched by this.
	expect(await page.evaluate(probeWrite, ROOM)).toBe('QuotaExceededError');
	// And a small write is refused too: the allowance is gone, not 30 s away.
	expect(await page.evaluate(probeWrite, 16)).toBe('QuotaExceededError');

	await page.getByRole('button', { name: 'Save round' }).click();
	const alert = page.getByRole('alert').filter({ hasText: 'storage space' });
	await expect(alert).toBeVisible();
	await expect(alert).toContainText('Not saved');
	await lookAt(page, { path: `${SHOTS}/data-quota.png`, fullPage: true });

	// Not "Saved"; the entry is still on screen, exactly as typed; the screen is still round 2.
	await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');
	await expect(page.getByLabel('Anna points', { exact: true })).toHaveValue('17');
	await expect(page.getByLabel('Cleo points', { exact: true })).toHaveValue('4');
	await expect(page.getByRole('button', { name: 'Ben went out', exact: true })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	// Nothing half-saved: no round, no touched evening.
	expect(await dumpDatabase(page, played)).toBe(before);

	// Room again: the same entry, untouched, saves.
	await setQuota(undefined);
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 3 of 13');
	const rounds = JSON.parse(await dumpDatabase(page, ['rounds'])) as { rounds: string[] };
	const mine = rounds.rounds.map((r) => JSON.parse(r) as { eveningId: string; index: number });
	expect(mine.filter((r) => r.eveningId === id).map((r) => r.index)).toEqual([0, 1]);
}

// @vitest-environment jsdom
// The Settings backup panel and the evening's CSV button, against fake-indexeddb: what is
// downloaded, what a refused file says (role="alert"), and what an import reports (role="status").
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import type { CabooseDb } from '$lib/db/database';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime.js';

const holder = vi.hoisted(() => ({ db: null as CabooseDb | null }));
vi.mock('$lib/db/client', async () => {
	const { createDatabase } = await import('$lib/db/database');
	holder.db = createDatabase(`panel-test-${Math.random()}`);
	return { db: holder.db };
});

const { default: BackupPanel } = await import('$lib/components/BackupPanel.svelte');
// The panel loads the database on first use; the mock's connection is made here for the tests.
await import('$lib/db/client');
const { default: EveningCsvButton } = await import('$lib/components/EveningCsvButton.svelte');
const { EveningSession } = await import('$lib/state/evening.svelte');
const { MAX_BACKUP_BYTES, backupJson, exportBackup } = await import('$lib/db/backup');
const { seedEvening, dump } = await import('../db/backup-fixtures');

/** Downloads made through <a download>: the file name and the Blob's text. */
let downloads: { name: string; blob: Blob }[] = [];
const blobs = new Map<string, Blob>();

// jsdom's Blob has no text(); every browser Caboose runs in has.
if (!('text' in Blob.prototype)) {
	Object.defineProperty(Blob.prototype, 'text', {
		configurable: true,
		value(this: Blob) {
			return new Promise<string>((resolve, reject) => {
				const reader = new FileReader();
				reader.onload = () => resolve(reader.result as string);
				reader.onerror = () => reject(reader.error);
				reader.readAsText(this);
			});
		}
	});
}

beforeEach(async () => {
	downloads = [];
	let n = 0;
	URL.createObjectURL = (blob: Blob) => {
		const url = `blob:test/${n++}`;
		blobs.set(url, blob);
		return url;
	};
	URL.revokeObjectURL = () => {};
	vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
		this: HTMLAnchorElement
	) {
		downloads.push({ name: this.download, blob: blobs.get(this.href)! });
	});
	const db = holder.db!;
	await Promise.all(db.tables.map((t) => t.clear()));
});

afterEach(() => {
	vi.restoreAllMocks();
});

function choose(file: File) {
	const input = screen.getByLabelText('Import backup') as HTMLInputElement;
	Object.defineProperty(input, 'files', { value: [file], configurable: true });
	return fireEvent.change(input);
}

describe('BackupPanel', () => {
	it('exports every evening as caboose-backup-<date>.json and says how many', async () => {
		const db = holder.db!;
		await seedEvening(db, ['Anna', 'Ben'], 2);
		await seedEvening(db, ['Cleo', 'Dario'], 1);
		render(BackupPanel);
		await fireEvent.click(screen.getByRole('button', { name: 'Export backup' }));
		await waitFor(() => expect(downloads).toHaveLength(1));
		const [file] = downloads;
		expect(file!.name).toMatch(/^caboose-backup-\d{4}-\d\d-\d\d\.json$/);
		expect(file!.blob.type).toBe('application/json');
		const backup = JSON.parse(await file!.blob.text()) as { evenings: unknown[] };
		expect(backup.evenings).toHaveLength(2);
		await waitFor(() =>
			expect(screen.getByRole('status').textContent).toBe(
				`Backup saved as ${file!.name} (2 evenings).`
			)
		);
	});

	it('refuses a file that is not a backup with an alert, and changes nothing', async () => {
		const db = holder.db!;
		await seedEvening(db, ['Anna', 'Ben'], 2);
		const before = await dump(db);
		render(BackupPanel);
		await choose(new File(['{"hello":'], 'notes.json', { type: 'application/json' }));
		const alert = await screen.findByRole('alert');
		expect(alert.textContent).toBe(
			'Not imported: the file cannot be read (damaged or cut off). Nothing was changed.'
		);
		expect(await dump(db)).toBe(before);
		// The same file can be chosen again.
		expect((screen.getByLabelText('Import backup') as HTMLInputElement).value).toBe('');
	});

	it('refuses a file over the size cap without reading it', async () => {
		render(BackupPanel);
		const file = new File(['{}'], 'huge.json');
		Object.defineProperty(file, 'size', { value: MAX_BACKUP_BYTES + 1 });
		const text = vi.spyOn(file, 'text');
		await choose(file);
		const alert = await screen.findByRole('alert');
		expect(alert.textContent).toContain('larger than 16 MB');
		expect(text).not.toHaveBeenCalled();
	});

	it('imports a valid backup and reports what it did', async () => {
		const db = holder.db!;
		await seedEvening(db, ['Anna', 'Ben'], 2);
		const text = backupJson(await exportBackup(db));
		await Promise.all(db.tables.map((t) => t.clear()));
		render(BackupPanel);
		await choose(new File([text], 'backup.json', { type: 'application/json' }));
		await waitFor(() =>
			expect(screen.getByRole('status').textContent).toBe(
				'Backup imported. New evenings: 1. Updated: 0. Already up to date: 0.'
			)
		);
		expect(screen.queryByRole('alert')).toBeNull();
		expect(await db.rounds.count()).toBe(2);
	});

	it('says which rounds corrected here a backup would replace, keeps both, and asks', async () => {
		const db = holder.db!;
		await Promise.all(db.tables.map((t) => t.clear()));
		const id = await seedEvening(db, ['Anna', 'Ben'], 2);
		const backup = await exportBackup(db);
		// The file's copy: one more round, played elsewhere.
		const bundle = backup.evenings[0]!;
		const third = { ...bundle.rounds[1]!, id: `${id}:2`, index: 2 };
		bundle.rounds.push(third);
		bundle.evening.updatedAt += 10;
		// Here, round 1 is corrected after the backup was made.
		const { editRound } = await import('$lib/db/rounds');
		const seats = bundle.evening.players.map((p) => p.id);
		const first = bundle.rounds[0]!.entry;
		const corrected = {
			...first,
			hands: { ...first.hands, [seats.find((s) => s !== first.out)!]: 99 }
		};
		expect((await editRound(db, id, 0, corrected)).ok).toBe(true);
		render(BackupPanel);
		await choose(new File([backupJson(backup)], 'backup.json', { type: 'application/json' }));
		await waitFor(() =>
			expect(screen.getByRole('status').textContent).toContain(
				'Rounds 1 of an evening were corrected on this phone after this backup was made: both are kept'
			)
		);
		expect(await db.evenings.count()).toBe(2);
		expect((await db.rounds.get(`${id}:0`))!.entry).toEqual(corrected);
		await fireEvent.click(screen.getByRole('button', { name: "Replace with the backup's rounds" }));
		await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Updated: 1.'));
		expect((await db.rounds.get(`${id}:0`))!.entry).toEqual(first);
	});
});

describe('EveningCsvButton', () => {
	afterEach(() => overwriteGetLocale(() => baseLocale));

	it('in German, splits on ";" for a German spreadsheet', async () => {
		overwriteGetLocale(() => 'de');
		const db = holder.db!;
		const id = await seedEvening(db, ['Anna', '=Ben'], 2);
		const session = new EveningSession(id, db);
		const stop = session.watch();
		await waitFor(() => expect(session.rows).toHaveLength(2));
		render(EveningCsvButton, { props: { session } });
		await fireEvent.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
		await waitFor(() => expect(downloads).toHaveLength(1));
		const text = await downloads[0]!.blob.text();
		const lines = text.replace(/^\ufeff/, '').split('\r\n');
		expect(lines[0]).toBe(`"Runde";"Anfangspasch";"Anna";"'=Ben";"Gewonnen von"`);
		expect(lines[1]?.split(';')).toHaveLength(5);
		stop();
	});

	it('downloads the evening as CSV with a byte-order mark, named by date and players', async () => {
		const db = holder.db!;
		const id = await seedEvening(db, ['Anna', '=Ben'], 2);
		const session = new EveningSession(id, db);
		const stop = session.watch();
		await waitFor(() => expect(session.rows).toHaveLength(2));
		render(EveningCsvButton, { props: { session } });
		await fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
		await waitFor(() => expect(downloads).toHaveLength(1));
		const [file] = downloads;
		expect(file!.name).toMatch(/^caboose-\d{4}-\d\d-\d\d-anna-ben\.csv$/);
		const bytes = await new Promise<Uint8Array>((resolve) => {
			const reader = new FileReader();
			reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
			reader.readAsArrayBuffer(file!.blob);
		});
		// UTF-8's byte-order mark, so spreadsheet programs read the names right.
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		const text = await file!.blob.text();
		const lines = text.replace(/^\ufeff/, '').split('\r\n');
		expect(lines[0]).toBe(`"Round","Engine","Anna","'=Ben","Won by"`);
		expect(lines).toHaveLength(5); // header, two rounds, totals, and the final line break
		expect(screen.getByRole('status').textContent).toBe(`Saved as ${file!.name}.`);
		stop();
	});
});

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	createDatabase,
	DATA_VERSION,
	type CabooseDb,
	type EveningRow,
	type RoundRow
} from '$lib/db/database';
import type { RoundEntry } from '$lib/rules/types';
import { guardDataVersion } from '$lib/db/versions';
import {
	PEEK_DATA_VERSION,
	SCHEMA_NATIVE_VERSION,
	peekDatabase,
	peekedEvenings,
	peekIsNewer,
	type Peek
} from '$lib/db/peek';
import { anyFinishedIn } from '$lib/pwa/status.svelte';
import { newEvening } from './helpers';

// The home page's look at the data without Dexie: it must never create the database, must read
// what Dexie wrote, and must never keep another tab's upgrade waiting.

const opened: Dexie[] = [];
afterEach(async () => {
	for (const db of opened.splice(0)) {
		db.close();
		await Dexie.delete(db.name);
	}
});

const name = () => `peek-${crypto.randomUUID()}`;

function app(dbName: string): CabooseDb {
	const db = createDatabase(dbName);
	guardDataVersion(db);
	opened.push(db);
	return db;
}

async function listed(dbName: string): Promise<boolean> {
	return (await indexedDB.databases()).some((d) => d.name === dbName);
}

function round(eveningId: string, index: number, entry: RoundEntry): RoundRow {
	return { id: `${eveningId}:${index}`, eveningId, index, entry, starter: null, savedAt: 1 };
}

describe('peekDatabase', () => {
	it('keeps its constants in step with the schema and data format', () => {
		const db = createDatabase(name());
		expect(SCHEMA_NATIVE_VERSION).toBe(Math.round(db.verno * 10));
		expect(PEEK_DATA_VERSION).toBe(DATA_VERSION);
	});

	it('finds nothing and creates nothing when there is no database', async () => {
		const dbName = name();
		const { peek } = await peekDatabase({ name: dbName });
		expect(peek).toBeNull();
		expect(await listed(dbName)).toBe(false);
		// The app opens it afterwards as if the peek never happened: schema v1, every store.
		const db = app(dbName);
		await db.open();
		expect(db.backendDB().version).toBe(SCHEMA_NATIVE_VERSION);
		expect([...db.backendDB().objectStoreNames].sort()).toEqual(
			['drafts', 'evenings', 'meta', 'players', 'rounds', 'summaries', 'tableEvents'].sort()
		);
	});

	it('creates nothing when the database is deleted between the listing and the open', async () => {
		const dbName = name();
		// A listing that still shows the database the browser has just deleted.
		const factory = Object.create(indexedDB) as IDBFactory;
		factory.databases = () => Promise.resolve([{ name: dbName, version: 10 }]);
		factory.open = (n: string, v?: number) => indexedDB.open(n, v);
		const { peek } = await peekDatabase({ name: dbName, factory });
		expect(peek).toBeNull();
		expect(await listed(dbName)).toBe(false);
		const db = app(dbName);
		await db.open();
		expect(db.backendDB().version).toBe(SCHEMA_NATIVE_VERSION);
	});

	it('reads the evenings and rounds Dexie wrote, and closes at once', async () => {
		const dbName = name();
		const db = app(dbName);
		const first = await newEvening(db, {
			names: ['Anna', 'Ben'],
			rules: { preset: 'cardinal-us' },
			firstStarter: 0
		});
		const second = await newEvening(db, {
			names: ['Cleo', 'Dan'],
			rules: { preset: 'cardinal-us' },
			firstStarter: 1
		});
		const seats = (await db.evenings.get(first))!.players;
		await db.rounds.bulkAdd([
			round(first, 1, { out: seats[0]!.id, blocked: false, hands: { [seats[1]!.id]: 7 } }),
			round(first, 0, { out: seats[1]!.id, blocked: false, hands: { [seats[0]!.id]: 3 } })
		]);
		// Written past the data functions: the stored summary counts no round, so it is not
		// current, and the peek reads this evening's rounds instead.

		const { peek } = await peekDatabase({ name: dbName });
		expect(peek).not.toBeNull();
		expect(peek!.version).toBe(SCHEMA_NATIVE_VERSION);
		expect(peek!.dataVersion).toBe(DATA_VERSION);
		expect(peekIsNewer(peek!)).toBe(false);
		expect(peek!.evenings.map((e) => e.id).sort()).toEqual([first, second].sort());
		expect(peek!.rounds).toHaveLength(2);

		// As listEvenings gives them: newest first, each with its summary.
		const items = peekedEvenings(peek!);
		const created = new Map(peek!.evenings.map((e) => [e.id, e.createdAt]));
		expect(items.map((i) => i.evening.createdAt)).toEqual(
			[...created.values()].sort((a, b) => b - a)
		);
		const withRounds = items.find((i) => i.evening.id === first)!;
		expect(withRounds.summary.roundCount).toBe(2);
		const without = items.find((i) => i.evening.id === second)!;
		expect(without.summary.roundCount).toBe(0);

		// Closed: deleting the database is not blocked by the peek.
		db.close();
		const blocked = vi.fn();
		await new Promise<void>((resolve, reject) => {
			const req = indexedDB.deleteDatabase(dbName);
			req.onblocked = blocked;
			req.onsuccess = () => resolve();
			req.onerror = () => reject(req.error);
		});
		expect(blocked).not.toHaveBeenCalled();
	});

	it('a watched peek closes on versionchange, so a Dexie upgrade is not blocked', async () => {
		const dbName = name();
		const v1 = app(dbName);
		await v1.open();
		v1.close();

		const onVersionChange = vi.fn();
		const onClose = vi.fn();
		const { peek } = await peekDatabase({ name: dbName, watch: { onVersionChange, onClose } });
		expect(peek?.evenings).toEqual([]);

		// A newer build upgrades to schema version 2 while the home page holds its connection.
		const newer = new Dexie(dbName);
		opened.push(newer);
		newer.version(1).stores({ evenings: '&id, updatedAt, createdAt' });
		newer.version(2).stores({ futureThings: '&id' });
		const blocked = vi.fn();
		newer.on('blocked', blocked);
		await newer.open();
		expect(newer.verno).toBe(2);
		expect(blocked).not.toHaveBeenCalled();
		expect(onVersionChange).toHaveBeenCalledWith('upgrade');
		expect(onClose).not.toHaveBeenCalled();
	});

	it('a watched peek tells a deletion apart from an upgrade', async () => {
		const dbName = name();
		const v1 = app(dbName);
		await v1.open();
		v1.close();
		const onVersionChange = vi.fn();
		await peekDatabase({ name: dbName, watch: { onVersionChange, onClose: vi.fn() } });
		await Dexie.delete(dbName);
		expect(onVersionChange).toHaveBeenCalledWith('delete');
		expect(await listed(dbName)).toBe(false);
	});

	it('release() closes a watched peek', async () => {
		const dbName = name();
		const v1 = app(dbName);
		await v1.open();
		v1.close();
		const onVersionChange = vi.fn();
		const { release } = await peekDatabase({
			name: dbName,
			watch: { onVersionChange, onClose: vi.fn() }
		});
		release();
		await Dexie.delete(dbName);
		expect(onVersionChange).not.toHaveBeenCalled();
	});

	it('recognises data saved by a newer Caboose', async () => {
		const dbName = name();
		const v1 = app(dbName);
		await v1.open();
		await v1.meta.put({ key: 'dataVersion', value: DATA_VERSION + 1 });
		v1.close();
		const { peek } = await peekDatabase({ name: dbName });
		expect(peek!.dataVersion).toBe(DATA_VERSION + 1);
		expect(peekIsNewer(peek!)).toBe(true);
		const base: Peek = {
			version: SCHEMA_NATIVE_VERSION,
			dataVersion: DATA_VERSION,
			evenings: [],
			summaries: [],
			rounds: [],
			roundCounts: new Map()
		};
		expect(peekIsNewer(base)).toBe(false);
		expect(peekIsNewer({ ...base, version: SCHEMA_NATIVE_VERSION + 10 })).toBe(true);
	});
});

describe('anyFinishedIn', () => {
	const evening = (id: string, endedAt: number | null): EveningRow => ({
		id,
		createdAt: 1,
		updatedAt: 1,
		players: [
			{ id: 'a', name: 'Anna' },
			{ id: 'b', name: 'Ben' }
		],
		rules: { preset: 'cardinal-us' },
		firstStarter: 0,
		endedAt
	});

	it('is true only when an evening was ended or played out', () => {
		const open: Peek = {
			version: 10,
			dataVersion: 1,
			evenings: [evening('e1', null)],
			summaries: [],
			rounds: [],
			roundCounts: new Map()
		};
		expect(anyFinishedIn(open)).toBe(false);
		expect(anyFinishedIn({ ...open, evenings: [evening('e1', null), evening('e2', 5)] })).toBe(
			true
		);
	});
});

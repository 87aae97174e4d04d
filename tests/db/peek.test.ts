import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, DATA_VERSION, type CabooseDb, type RoundRow } from '$lib/db/database';
import type { RoundEntry } from '$lib/rules/types';
import { guardDataVersion } from '$lib/db/versions';
import {
	PEEK_DATA_VERSION,
	SCHEMA_NATIVE_VERSION,
	peekDatabase,
	peekIsNewer,
	type PeekReader
} from '$lib/db/peek';
import { endEvening } from '$lib/db/rounds';
import { deriveSummary } from '$lib/db/summaries';
import { peekStatus } from '$lib/state/app-status.svelte';
import { newEvening } from './helpers';

// The home page's look at the data without Dexie: it must never create the database, must read
// what Dexie wrote, and must never keep another tab's upgrade waiting. (Its answers are checked
// against Dexie's after every kind of write in summaries.test.ts.)

/** Asks nothing: for the tests of opening and closing. */
const nothing = async (): Promise<null> => null;

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
		const { peek } = await peekDatabase(nothing, { name: dbName });
		expect(peek).toBeNull();
		expect(await listed(dbName)).toBe(false);
		// The app opens it afterwards as if the peek never happened: schema v1, every store.
		const db = app(dbName);
		await db.open();
		expect(db.backendDB().version).toBe(SCHEMA_NATIVE_VERSION);
		expect([...db.backendDB().objectStoreNames].sort()).toEqual(
			[
				'drafts',
				'evenings',
				'meta',
				'outbox',
				'people',
				'players',
				'rounds',
				'summaries',
				'tableEvents'
			].sort()
		);
	});

	it('creates nothing when the database is deleted between the listing and the open', async () => {
		const dbName = name();
		// A listing that still shows the database the browser has just deleted.
		const factory = Object.create(indexedDB) as IDBFactory;
		factory.databases = () => Promise.resolve([{ name: dbName, version: 10 }]);
		factory.open = (n: string, v?: number) => indexedDB.open(n, v);
		const { peek } = await peekDatabase(nothing, { name: dbName, factory });
		expect(peek).toBeNull();
		expect(await listed(dbName)).toBe(false);
		const db = app(dbName);
		await db.open();
		expect(db.backendDB().version).toBe(SCHEMA_NATIVE_VERSION);
	});

	it('answers from what Dexie wrote, and closes at once', async () => {
		const dbName = name();
		const db = app(dbName);
		const first = await newEvening(db, {
			names: ['Anna', 'Ben'],
			rules: { preset: 'cardinal-us' },
			firstStarter: 0
		});
		await newEvening(db, {
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
		// current, and the peek derives this evening's summary from its rounds.
		const ask = async (reader: PeekReader) => ({
			open: await reader.newestOpen(),
			status: await peekStatus(reader)
		});

		// The scoring core is loaded for it only then, by the caller's own import() (never inside
		// the transaction); a peek that needs it and cannot load it fails rather than guess.
		await expect(peekDatabase(ask, { name: dbName })).rejects.toMatchObject({
			name: 'ScoringNeeded'
		});
		const scoring = vi.fn(async () => deriveSummary);
		const { peek } = await peekDatabase(ask, { name: dbName, scoring });
		expect(scoring).toHaveBeenCalledOnce();
		expect(peek).not.toBeNull();
		expect(peek!.version).toBe(SCHEMA_NATIVE_VERSION);
		expect(peek!.dataVersion).toBe(DATA_VERSION);
		expect(peekIsNewer(peek!)).toBe(false);
		// The newest evening that is not over; none is finished.
		const created = (await db.evenings.toArray()).sort(
			(a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)
		);
		expect(created[0]!.id).toBe(peek!.answer!.open!.evening.id);
		expect(peek!.answer!.status).toEqual({
			count: 2,
			lastSaved: Math.max(...created.map((e) => e.updatedAt)),
			finished: false
		});

		// The newest ended: Continue offers the one before it, which has its two rounds.
		await endEvening(db, created[0]!.id);
		const after = await peekDatabase(ask, { name: dbName });
		expect(after.peek!.answer!.open!.evening.id).toBe(created[1]!.id);
		expect(after.peek!.answer!.status.finished).toBe(true);
		const withRounds = after.peek!.answer!.open!.evening.id === first;
		expect(after.peek!.answer!.open!.summary.roundCount).toBe(withRounds ? 2 : 0);

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
		const { peek } = await peekDatabase((reader) => reader.count(), {
			name: dbName,
			watch: { onVersionChange, onClose }
		});
		expect(peek?.answer).toBe(0);

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
		await peekDatabase(nothing, { name: dbName, watch: { onVersionChange, onClose: vi.fn() } });
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
		const { release } = await peekDatabase(nothing, {
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
		const ask = vi.fn(nothing);
		const { peek } = await peekDatabase(ask, { name: dbName });
		expect(peek!.dataVersion).toBe(DATA_VERSION + 1);
		expect(peekIsNewer(peek!)).toBe(true);
		// Newer data is never read by this build.
		expect(peek!.answer).toBeNull();
		expect(ask).not.toHaveBeenCalled();
		const base = { version: SCHEMA_NATIVE_VERSION, dataVersion: DATA_VERSION };
		expect(peekIsNewer(base)).toBe(false);
		expect(peekIsNewer({ ...base, version: SCHEMA_NATIVE_VERSION + 10 })).toBe(true);
	});
});

// An evening screen's first paint: one evening, its rounds, its draft and its live table, read
// without Dexie, exactly as Dexie's functions read them; null whenever Dexie must decide instead.

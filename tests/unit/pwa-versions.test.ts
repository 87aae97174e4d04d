import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase, DATA_VERSION, defineSchema, type CabooseDb } from '$lib/db/database';
import {
	DATA_VERSION_KEY,
	FLUSH_EVENT,
	flushDrafts,
	guardDataVersion,
	isNewerDataError,
	NewerDataError,
	watchVersionChange,
	type FlushDetail
} from '$lib/db/versions';
import fixtureV1 from '../db/fixtures/v1.json';

// An older build must never write to a newer database; a tab asked to step aside keeps its draft.

const opened: Dexie[] = [];
afterEach(async () => {
	for (const db of opened.splice(0)) {
		db.close();
		await Dexie.delete(db.name);
	}
});

function guarded(name: string): CabooseDb {
	const db = createDatabase(name);
	guardDataVersion(db);
	opened.push(db);
	return db;
}

const name = () => `pwa-versions-${crypto.randomUUID()}`;

/** What a newer build leaves behind: the next schema version (one more store), a newer format. */
async function writeNewer(dbName: string, opts: { schema: boolean; dataVersion: number }) {
	const newer = new Dexie(dbName);
	defineSchema(newer);
	if (opts.schema) newer.version(DATA_VERSION + 1).stores({ futureThings: '&id' });
	await newer.open();
	await newer.table('evenings').add({ ...fixtureV1.tables.evenings[0] });
	await newer.table('meta').put({ key: DATA_VERSION_KEY, value: opts.dataVersion });
	newer.close();
}

async function dump(dbName: string) {
	const raw = new Dexie(dbName);
	await raw.open();
	const out = {
		version: raw.verno,
		meta: await raw.table('meta').toArray(),
		evenings: await raw.table('evenings').count()
	};
	raw.close();
	return out;
}

describe('the data-format version', () => {
	it('is recorded on the first open', async () => {
		const db = guarded(name());
		expect(await db.evenings.count()).toBe(0);
		expect(await db.meta.get(DATA_VERSION_KEY)).toEqual({
			key: DATA_VERSION_KEY,
			value: DATA_VERSION
		});
	});

	it('is recorded when a v1 database from the fixture is opened, its rows untouched', async () => {
		const dbName = name();
		const old = new Dexie(dbName);
		old.version(1).stores(fixtureV1.stores);
		await old.open();
		for (const [table, rows] of Object.entries(fixtureV1.tables)) {
			await old.table(table).bulkAdd(rows as object[]);
		}
		old.close();

		const db = guarded(dbName);
		expect((await db.evenings.toArray()).map((e) => e.id).sort()).toEqual(
			fixtureV1.tables.evenings.map((e) => e.id).sort()
		);
		expect(await db.rounds.count()).toBe(fixtureV1.tables.rounds.length);
		expect((await db.meta.get(DATA_VERSION_KEY))?.value).toBe(DATA_VERSION);
	});

	it('refuses a database with a newer schema: every read and write fails, nothing changes', async () => {
		const dbName = name();
		await writeNewer(dbName, { schema: true, dataVersion: DATA_VERSION + 1 });
		const before = await dump(dbName);

		const db = guarded(dbName);
		const read = await db.evenings.count().catch((e: unknown) => e);
		expect(isNewerDataError(read)).toBe(true);
		const write = await db.evenings
			.put({ ...fixtureV1.tables.evenings[1]!, endedAt: null } as never)
			.catch((e: unknown) => e);
		expect(isNewerDataError(write)).toBe(true);
		const meta = await db.meta.put({ key: 'x', value: 1 }).catch((e: unknown) => e);
		expect(meta).toBeInstanceOf(Error);
		db.close();

		expect(await dump(dbName)).toEqual(before);
		expect(before.version).toBe(DATA_VERSION + 1);
	});

	it('refuses data of a newer format even with the same schema', async () => {
		const dbName = name();
		await writeNewer(dbName, { schema: false, dataVersion: DATA_VERSION + 1 });
		const before = await dump(dbName);

		const db = guarded(dbName);
		const err = await db.open().catch((e: unknown) => e);
		expect(isNewerDataError(err)).toBe(true);
		await expect(db.evenings.add({} as never)).rejects.toBeInstanceOf(Error);
		db.close();
		expect(await dump(dbName)).toEqual(before);
	});

	it('recognises the errors an open can fail with', () => {
		expect(isNewerDataError(new NewerDataError(2, 1))).toBe(true);
		expect(isNewerDataError({ name: 'VersionError' })).toBe(true);
		expect(isNewerDataError({ name: 'DatabaseClosedError', inner: new NewerDataError(2, 1) })).toBe(
			true
		);
		expect(isNewerDataError(new Error('disk full'))).toBe(false);
		expect(isNewerDataError(null)).toBe(false);
		expect(isNewerDataError('VersionError')).toBe(false);
	});
});

describe('another tab upgrading the database', () => {
	it('flushes the draft, then closes this connection for good and reports it', async () => {
		const dbName = name();
		const db = guarded(dbName);
		await db.open();
		const target = new EventTarget();
		const order: string[] = [];
		target.addEventListener(FLUSH_EVENT, (e) => {
			const { detail } = e as CustomEvent<FlushDetail>;
			detail.waitUntil(
				db.drafts
					.put({ eveningId: 'e1', index: 0, fields: { a: '12' }, updatedAt: 1 })
					.then(() => void order.push('draft written'))
			);
		});
		const closed = new Promise<string>((resolve) =>
			watchVersionChange(db, target, (reason) => {
				order.push(`closed (${reason})`);
				resolve(reason);
			})
		);

		const newer = new Dexie(dbName);
		newer.version(1).stores(fixtureV1.stores);
		newer.version(2).stores({ futureThings: '&id' });
		opened.push(newer);
		await newer.open();

		expect(await closed).toBe('upgrade');
		expect(order).toEqual(['draft written', 'closed (upgrade)']);
		expect(await newer.table('drafts').get('e1')).toMatchObject({ fields: { a: '12' } });
		// The old connection stays closed: old code cannot write into the new schema.
		expect(db.isOpen()).toBe(false);
		await expect(
			db.drafts.put({ eveningId: 'e2', index: 0, fields: {}, updatedAt: 2 })
		).rejects.toThrow();
	});

	it('does not wait forever for a listener that never finishes', async () => {
		vi.useFakeTimers();
		try {
			const target = new EventTarget();
			target.addEventListener(FLUSH_EVENT, (e) =>
				(e as CustomEvent<FlushDetail>).detail.waitUntil(new Promise(() => undefined))
			);
			const done = flushDrafts(target, 500);
			await vi.advanceTimersByTimeAsync(500);
			await expect(done).resolves.toBeUndefined();
		} finally {
			vi.useRealTimers();
		}
	});
});

import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { describeDbError } from '$lib/db/errors';
import { closeAll, freshDb } from './helpers';

afterEach(closeAll);

describe('describeDbError', () => {
	it('names the browser’s and Dexie’s errors by kind', () => {
		expect(describeDbError(new DOMException('full', 'QuotaExceededError'))).toBe('quota');
		expect(describeDbError(new Dexie.QuotaExceededError())).toBe('quota');
		expect(describeDbError(new Dexie.VersionError())).toBe('version');
		expect(describeDbError(new Dexie.UpgradeError())).toBe('version');
		expect(describeDbError(new Dexie.DatabaseClosedError())).toBe('closed');
		expect(describeDbError(new DOMException('gone', 'InvalidStateError'))).toBe('closed');
		expect(describeDbError(new Dexie.ConstraintError())).toBe('constraint');
	});

	it('finds the cause inside an aborted transaction or a bulk write', () => {
		const quota = new DOMException('full', 'QuotaExceededError');
		expect(describeDbError(new Dexie.AbortError('Transaction aborted', quota))).toBe('quota');
		expect(describeDbError({ name: 'Error', cause: quota })).toBe('quota');
		expect(
			describeDbError(new Dexie.BulkError('3 of 3 failed', { 0: new Dexie.ConstraintError() }))
		).toBe('constraint');
		// An abort whose message alone names the quota (some engines).
		expect(describeDbError(new DOMException('Quota exceeded', 'AbortError'))).toBe('quota');
		// The most telling cause wins: a quota error wrapped with a closed connection.
		expect(describeDbError({ name: 'DatabaseClosedError', inner: quota })).toBe('quota');
	});

	it('says unknown for anything else, and never throws', () => {
		expect(describeDbError(new Error('boom'))).toBe('unknown');
		expect(describeDbError(new TypeError('x'))).toBe('unknown');
		expect(describeDbError(null)).toBe('unknown');
		expect(describeDbError(undefined)).toBe('unknown');
		expect(describeDbError('QuotaExceededError')).toBe('unknown');
		const loop: Record<string, unknown> = { name: 'Error' };
		loop.inner = loop;
		expect(describeDbError(loop)).toBe('unknown');
	});

	it('recognises a real unique-index conflict from IndexedDB', async () => {
		const db = freshDb();
		const round = {
			id: 'e:0',
			eveningId: 'e',
			index: 0,
			entry: { out: null, blocked: true, hands: {} },
			starter: null,
			savedAt: 1
		};
		await db.rounds.add(round);
		const error = await db.rounds.add(round).catch((e: unknown) => e);
		expect(describeDbError(error)).toBe('constraint');
		db.close();
		const closed = await db.rounds.toArray().catch((e: unknown) => e);
		expect(describeDbError(closed)).toBe('closed');
	});
});

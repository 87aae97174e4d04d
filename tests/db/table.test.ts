import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { appendTableEvent, NotATableEvent, tableEvents, undoLastTableEvent } from '$lib/db/table';
import type { TableEvent } from '$lib/rules/table';
import { closeAll, freshDb } from './helpers';

afterEach(closeAll);

const marker: TableEvent = { type: 'marker', player: 'p-ben', on: true };
const double: TableEvent = { type: 'double', train: 'p-ben', value: 9, by: 'p-ben' };
const covered: TableEvent = { type: 'covered', by: 'p-ann' };

describe('the table log on disk', () => {
	it('appends events in order with seq 0, 1, 2 and reads them back', async () => {
		const db = freshDb();
		expect(await appendTableEvent(db, 'e1', 0, marker)).toBe(0);
		expect(await appendTableEvent(db, 'e1', 0, double)).toBe(1);
		expect(await appendTableEvent(db, 'e1', 0, covered)).toBe(2);
		expect(await tableEvents(db, 'e1', 0)).toEqual([marker, double, covered]);
		const rows = await db.tableEvents.toArray();
		expect(rows.map((r) => r.seq)).toEqual([0, 1, 2]);
		expect(rows.every((r) => typeof r.at === 'number')).toBe(true);
	});

	it('keeps each round and each evening apart: a new round starts with an empty log', async () => {
		const db = freshDb();
		await appendTableEvent(db, 'e1', 0, marker);
		await appendTableEvent(db, 'e1', 1, double);
		await appendTableEvent(db, 'e2', 0, covered);
		expect(await tableEvents(db, 'e1', 0)).toEqual([marker]);
		expect(await tableEvents(db, 'e1', 1)).toEqual([double]);
		expect(await tableEvents(db, 'e1', 2)).toEqual([]);
		expect(await tableEvents(db, 'e2', 0)).toEqual([covered]);
		// seq counts within the round.
		expect(await appendTableEvent(db, 'e1', 1, covered)).toBe(1);
	});

	it('undo removes only the round’s last event, and nothing when the log is empty', async () => {
		const db = freshDb();
		await appendTableEvent(db, 'e1', 0, marker);
		await appendTableEvent(db, 'e1', 0, double);
		await appendTableEvent(db, 'e1', 1, covered);
		const gone = await undoLastTableEvent(db, 'e1', 0);
		expect(gone?.event).toEqual(double);
		expect(await tableEvents(db, 'e1', 0)).toEqual([marker]);
		expect(await tableEvents(db, 'e1', 1)).toEqual([covered]);
		// The next event takes the freed place.
		expect(await appendTableEvent(db, 'e1', 0, covered)).toBe(1);
		await undoLastTableEvent(db, 'e1', 0);
		await undoLastTableEvent(db, 'e1', 0);
		expect(await undoLastTableEvent(db, 'e1', 0)).toBeNull();
		expect(await tableEvents(db, 'e1', 0)).toEqual([]);
	});

	it('the unique index refuses a second event at the same place in the log', async () => {
		const db = freshDb();
		await appendTableEvent(db, 'e1', 0, marker);
		await expect(
			db.tableEvents.add({ eveningId: 'e1', roundIndex: 0, seq: 0, event: { ...double }, at: 1 })
		).rejects.toThrow();
		expect(await tableEvents(db, 'e1', 0)).toEqual([marker]);
	});

	it('two appends at once both land, one after the other', async () => {
		const db = freshDb();
		const seqs = await Promise.all([
			appendTableEvent(db, 'e1', 0, marker),
			appendTableEvent(db, 'e1', 0, double)
		]);
		expect([...seqs].sort()).toEqual([0, 1]);
		expect(await tableEvents(db, 'e1', 0)).toHaveLength(2);
	});

	it('refuses to store something that is not an event, and stores nothing', async () => {
		const db = freshDb();
		await expect(
			appendTableEvent(db, 'e1', 0, { type: 'explode' } as unknown as TableEvent)
		).rejects.toBeInstanceOf(NotATableEvent);
		expect(await db.tableEvents.count()).toBe(0);
	});

	it('reading leaves out a damaged row instead of failing', async () => {
		const db = freshDb();
		await appendTableEvent(db, 'e1', 0, marker);
		await db.tableEvents.add({
			eveningId: 'e1',
			roundIndex: 0,
			seq: 1,
			event: { type: 'x' },
			at: 1
		});
		await appendTableEvent(db, 'e1', 0, covered);
		expect(await tableEvents(db, 'e1', 0)).toEqual([marker, covered]);
	});

	it('stores a plain copy, not the object passed in', async () => {
		const db = freshDb();
		const e = { type: 'tile', train: 'mexican', by: null } as TableEvent & { by: string | null };
		await appendTableEvent(db, 'e1', 0, e);
		e.by = 'changed';
		expect(await tableEvents(db, 'e1', 0)).toEqual([{ type: 'tile', train: 'mexican', by: null }]);
	});
});

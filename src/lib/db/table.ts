import { parseTableEvent, type TableEvent } from '$lib/rules';
import type { CabooseDb, TableEventRow } from './database';

// The live table's log: one row per event, written the moment it happens, so a reload or a
// killed tab loses nothing. `seq` is the event's place in its round's log; the unique index
// [eveningId+roundIndex+seq] refuses a second event with the same place (two tabs, a double tap).

function roundRange(eveningId: string, roundIndex: number): [unknown[], unknown[]] {
	return [
		[eveningId, roundIndex, -Infinity],
		[eveningId, roundIndex, Infinity]
	];
}

/** Thrown by appendTableEvent for a value that is not a table event (a bug, never user input). */
export class NotATableEvent extends Error {
	override name = 'NotATableEvent';
	constructor() {
		super('not-a-table-event');
	}
}

/**
 * Appends an event to the round's log in one transaction; returns its `seq`. Rejects with
 * NotATableEvent, storing nothing, for a value the table event schema refuses.
 */
export async function appendTableEvent(
	db: CabooseDb,
	eveningId: string,
	roundIndex: number,
	event: TableEvent
): Promise<number> {
	// A plain copy: a Svelte $state proxy cannot be cloned into IndexedDB.
	const plain = JSON.parse(JSON.stringify(event)) as Record<string, unknown>;
	if (!parseTableEvent(plain)) throw new NotATableEvent();
	return db.transaction('rw', db.tableEvents, async () => {
		const seq = await db.tableEvents
			.where('[eveningId+roundIndex]')
			.equals([eveningId, roundIndex])
			.count();
		const row: TableEventRow = { eveningId, roundIndex, seq, event: plain, at: Date.now() };
		await db.tableEvents.add(row);
		return seq;
	});
}

/** Removes the round's last event (undo); returns it, or null when the log was empty. */
export async function undoLastTableEvent(
	db: CabooseDb,
	eveningId: string,
	roundIndex: number
): Promise<TableEventRow | null> {
	return db.transaction('rw', db.tableEvents, async () => {
		const [lo, hi] = roundRange(eveningId, roundIndex);
		const last = await db.tableEvents.where('[eveningId+roundIndex+seq]').between(lo, hi).last();
		if (!last) return null;
		await db.tableEvents.delete(last.id!);
		return last;
	});
}

/** The round's log in order of play. Rows that are not events (damaged) are left out. */
export async function tableEvents(
	db: CabooseDb,
	eveningId: string,
	roundIndex: number
): Promise<TableEvent[]> {
	const [lo, hi] = roundRange(eveningId, roundIndex);
	return eventsOf(
		await db.tableEvents.where('[eveningId+roundIndex+seq]').between(lo, hi).toArray()
	);
}

/** The events of stored rows, checked by the schema; rows that are not events are left out. */
export function eventsOf(rows: TableEventRow[]): TableEvent[] {
	const events: TableEvent[] = [];
	for (const row of rows) {
		const e = parseTableEvent(row.event);
		if (e) events.push(e);
	}
	return events;
}

// Shared by the db tests: each test gets its own fake-indexeddb database, deleted after it
// (afterEach(closeAll) in the test file).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, vi } from 'vitest';
import type { DBCore, DBCoreTable } from 'dexie';
import { createDatabase, type CabooseDb, type SummaryRow } from '$lib/db/database';
import { createEvening, type NewEvening } from '$lib/db/evenings';
import { saveRound } from '$lib/db/rounds';

const open: CabooseDb[] = [];

/** A new, empty database under a name no other test uses. */
export function freshDb(): CabooseDb {
	return connect(`db-test-${crypto.randomUUID()}`);
}

/**
 * A connection to the database called `name` (one a test wrote, or the same one again, as a
 * second tab has): closed and deleted after the test too.
 */
export function connect(name: string): CabooseDb {
	const db = createDatabase(name);
	open.push(db);
	return db;
}

/** For afterEach: closes and deletes every database the test opened. */
export async function closeAll(): Promise<void> {
	for (const db of open.splice(0)) {
		db.close();
		await db.delete();
	}
}

/** Stores an evening the rules accept and returns its id (a refusal fails the test). */
export async function newEvening(db: CabooseDb, input: NewEvening): Promise<string> {
	const created = await createEvening(db, input);
	if (!created.ok) throw new Error(`createEvening refused: ${JSON.stringify(created)}`);
	return created.id;
}

/** Anna and Ben's evening (Swiss JassShop) with `rounds` rounds: Anna goes out, Ben holds 1, 2 … */
export async function playedEvening(db: CabooseDb, rounds: number): Promise<string> {
	const id = await newEvening(db, {
		names: ['Anna', 'Ben'],
		rules: { preset: 'swiss-jassshop' },
		firstStarter: 0
	});
	for (let i = 0; i < rounds; i++) await playRound(db, id, i);
	return id;
}

/** Round `index` of playedEvening's evening `id` (a refusal fails the test). */
export async function playRound(db: CabooseDb, id: string, index: number): Promise<void> {
	const [a, b] = (await db.evenings.get(id))!.players.map((p) => p.id) as [string, string];
	const saved = await saveRound(db, id, index, {
		out: a,
		blocked: false,
		hands: { [b]: index + 1 }
	});
	if (!saved.ok) throw new Error(`saveRound refused: ${JSON.stringify(saved)}`);
}

/** A stored summary without the write's revision fields: what deriveSummary gives for it. */
export function derivedPart(summary: SummaryRow | undefined): SummaryRow | undefined {
	if (!summary) return summary;
	// eslint-disable-next-line @typescript-eslint/no-unused-vars
	const { revision, previous, changedFrom, ...derived } = summary;
	return derived;
}

/** Rows each table hands back to reads while `on`, and whether any read used a cursor. */
export function countReads(db: CabooseDb) {
	const reads = { on: false, rows: {} as Record<string, number>, cursors: 0 };
	const add = (table: string, n: number) => {
		if (reads.on) reads.rows[table] = (reads.rows[table] ?? 0) + n;
	};
	db.use({
		stack: 'dbcore',
		name: 'count-reads',
		create: (down: DBCore) => ({
			...down,
			table(name: string): DBCoreTable {
				const table = down.table(name);
				return {
					...table,
					get: async (req) => {
						const row = await table.get(req);
						add(name, row === undefined ? 0 : 1);
						return row;
					},
					getMany: async (req) => {
						const rows = await table.getMany(req);
						add(name, rows.filter((r) => r !== undefined).length);
						return rows;
					},
					query: async (req) => {
						const res = await table.query(req);
						add(name, res.result.length);
						return res;
					},
					openCursor: async (req) => {
						if (reads.on) reads.cursors++;
						return table.openCursor(req);
					}
				};
			}
		})
	});
	return reads;
}

/**
 * For a test file: the clock (Date only: Dexie and fake-indexeddb keep their own timers) set to
 * `start` before each test; `set` and `later` move it.
 */
export function fakeClock(start: number) {
	let now = start;
	beforeEach(() => {
		now = start;
		vi.useFakeTimers({ toFake: ['Date'] });
		vi.setSystemTime(now);
	});
	afterEach(() => {
		vi.useRealTimers();
	});
	return {
		get now() {
			return now;
		},
		set(ms: number) {
			now = ms;
			vi.setSystemTime(now);
		},
		later(ms = 60_000) {
			this.set(now + ms);
		}
	};
}

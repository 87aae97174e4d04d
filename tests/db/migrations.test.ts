import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, DATA_VERSION } from '$lib/db/database';
import { knownPlayers, listEvenings } from '$lib/db/evenings';
import { backupJson, exportBackup, importBackupText } from '$lib/db/backup';
import { closeAll, connect, freshDb } from './helpers';

// The migration harness. Each fixtures/v<N>.json is a database exactly as schema version N
// wrote it (its own store definitions and rows). The test writes it with Dexie at version N,
// opens it with today's createDatabase() and compares every table row by row with what
// `upgrades` says version N's rows must have become.
//
// For each new schema version N: add `M: (t) => …` below, M the version declared before it (what
// the rows of version M must look like in version N), and a fixtures/vN.json written as version N
// stores it. Versions need not be consecutive (4 follows 2).

type Row = Record<string, unknown>;
type Tables = Record<string, Row[]>;

interface Fixture {
	version: number;
	about: string;
	stores: Record<string, string>;
	tables: Tables;
}

/** upgrades[v]: the rows as version v stored them → the rows the next declared version must show. */
const upgrades: Record<number, (tables: Tables) => Tables> = {
	// Version 2 adds each evening's summary, written out by hand here for the v1 fixture (the
	// property test in summaries.test.ts holds every stored summary equal to a recomputation).
	1: (t) => {
		const known: Record<string, Row> = {
			'e-ended': {
				eveningId: 'e-ended',
				updatedAt: 1763710000000,
				endedAt: 1763710000000,
				preset: 'swiss-station',
				roundCount: 2,
				over: true,
				leader: ['p-cleo'],
				winner: ['p-cleo'],
				nextRound: null,
				scheduleLength: 2,
				// Seats: Cleo, Anna. Cleo went out, then won the blocked round with 0 against 4.
				standing: {
					index: 2,
					totals: [0, 27],
					roundsWon: [2, 0],
					active: [0, 1],
					eliminated: [],
					eliminatedAt: [],
					eliminationWinners: null,
					done: true
				}
			},
			'e-open': {
				eveningId: 'e-open',
				updatedAt: 1763805000000,
				endedAt: null,
				preset: 'cardinal-us',
				roundCount: 1,
				over: false,
				leader: ['p-ben'],
				winner: null,
				nextRound: 2,
				scheduleLength: 3,
				// Seats: Anna, Ben. Anna held 0|0 (a blank counts 5 here) and 12|5: 10 + 17.
				standing: {
					index: 1,
					totals: [27, 0],
					roundsWon: [0, 1],
					active: [0, 1],
					eliminated: [],
					eliminatedAt: [],
					eliminationWinners: null,
					done: false
				}
			}
		};
		const summaries = (t.evenings ?? []).map((e) => {
			const row = known[e.id as string];
			if (!row) throw new Error(`No expected summary for the v1 evening ${String(e.id)}`);
			return row;
		});
		return { ...t, summaries };
	},
	// Version 4 adds the club's outbox, empty: the phone joins a club later.
	2: (t) => ({ ...t, outbox: [] }),
	// Version 5 adds who is who (empty) and cleans names as an older build stored them: the v4
	// fixture's zero-width space and tab, and the old row that is Anna once cleaned (dropped; its
	// seats, if any, would join Anna by name).
	4: (t) => {
		const cleaned: Record<string, string> = {
			'Ben\u200b': 'Ben',
			'Cle\u0301o\tM': 'Cléo M'
		};
		const name = (n: unknown) => cleaned[n as string] ?? (n as string);
		return {
			...t,
			players: (t.players ?? [])
				.filter((p) => p.id !== 'p-anna-old')
				.map((p) => ({ ...p, name: name(p.name), key: name(p.name).toLowerCase() })),
			evenings: (t.evenings ?? []).map((e) => ({
				...e,
				players: (e.players as Row[]).map((s) => ({ ...s, name: name(s.name) }))
			})),
			people: []
		};
	},
	// Version 6 changes no row: a corrected round and its evening only gain fields.
	5: (t) => t
};

/** The schema versions createDatabase declares, in order (Dexie keeps them in `_versions`). */
function declaredVersions(): number[] {
	const db = createDatabase(`migration-versions-${crypto.randomUUID()}`) as unknown as {
		_versions: { _cfg: { version: number } }[];
	};
	return db._versions.map((v) => v._cfg.version).sort((a, b) => a - b);
}

const fixtures = Object.entries(
	import.meta.glob<Fixture>('./fixtures/v*.json', { eager: true, import: 'default' })
)
	.map(([path, fixture]) => ({ path, fixture }))
	.sort((a, b) => a.fixture.version - b.fixture.version);

function expectedAtCurrentVersion(fixture: Fixture): Tables {
	let tables: Tables = structuredClone(fixture.tables);
	for (const v of declaredVersions().filter((v) => v >= fixture.version && v < DATA_VERSION)) {
		const step = upgrades[v];
		if (!step) throw new Error(`No expectation for the upgrade from version ${v}`);
		tables = step(tables);
	}
	return tables;
}

async function writeFixture(name: string, fixture: Fixture): Promise<void> {
	const old = new Dexie(name);
	old.version(fixture.version).stores(fixture.stores);
	await old.open();
	await old.transaction('rw', old.tables, async () => {
		for (const [table, rows] of Object.entries(fixture.tables)) {
			await old.table(table).bulkAdd(rows);
		}
	});
	old.close();
}

afterEach(closeAll);

describe('migrations', () => {
	it('has a fixture for every schema version up to the current one', () => {
		expect(fixtures.map((f) => f.fixture.version)).toEqual(declaredVersions());
		expect(declaredVersions().at(-1)).toBe(DATA_VERSION);
	});

	it('the newest fixture declares exactly the current schema', () => {
		const newest = fixtures.at(-1)!.fixture;
		const declared = new Dexie(`migration-declared-${crypto.randomUUID()}`);
		declared.version(newest.version).stores(newest.stores);
		const current = createDatabase(`migration-current-${crypto.randomUUID()}`);
		// Both schemas are parsed by Dexie without opening anything.
		const shape = (db: Dexie) =>
			Object.fromEntries(
				db.tables.map((t) => [
					t.name,
					[t.schema.primKey, ...t.schema.indexes].map((i) => ({
						src: i.src,
						unique: !!i.unique,
						auto: !!i.auto
					}))
				])
			);
		expect(shape(current)).toEqual(shape(declared));
	});

	describe.each(fixtures)('a database of $path', ({ fixture }) => {
		it('opens with the current schema and keeps every row as expected', async () => {
			const name = `migration-v${fixture.version}-${crypto.randomUUID()}`;
			await writeFixture(name, fixture);

			const db = connect(name);
			await db.open();
			expect(db.verno).toBe(DATA_VERSION);

			const expected = expectedAtCurrentVersion(fixture);
			expect(db.tables.map((t) => t.name).sort()).toEqual(Object.keys(expected).sort());
			for (const table of db.tables) {
				// toArray() is in primary-key order; sort the expectation the same way.
				const keyPath = table.schema.primKey.keyPath as string;
				const want = [...(expected[table.name] ?? [])].sort((a, b) =>
					indexedDB.cmp(a[keyPath], b[keyPath])
				);
				const got = await table.toArray();
				expect(got.length, `rows in ${table.name}`).toBe(want.length);
				got.forEach((row, i) => {
					expect(row, `${table.name} row ${i}`).toEqual(want[i]);
				});
			}
		});

		it('serves the data functions after opening', async () => {
			const name = `migration-use-v${fixture.version}-${crypto.randomUUID()}`;
			await writeFixture(name, fixture);
			const db = connect(name);
			const expected = expectedAtCurrentVersion(fixture);

			const list = await listEvenings(db);
			expect(list.map((i) => i.evening.id).sort()).toEqual(
				(expected.evenings ?? []).map((e) => e.id).sort()
			);
			const rounds = list.reduce((n, i) => n + i.roundCount, 0);
			expect(rounds).toBe(expected.rounds?.length ?? 0);
			expect((await knownPlayers(db)).length).toBe(expected.players?.length ?? 0);

			// The compound indices still answer (a round is unique per evening and index).
			const evening = list[0]!.evening;
			const firstRounds = await db.rounds
				.where('[eveningId+index]')
				.between([evening.id, 0], [evening.id, Infinity])
				.toArray();
			expect(firstRounds.length).toBe(list[0]!.roundCount);
		});
	});

	it('names an older build stored with a tab or a zero-width space export and restore', async () => {
		const v4 = structuredClone(fixtures.find((f) => f.fixture.version === 4)!.fixture);
		// Its table events are an older shape than a backup takes: only the names are asked here.
		v4.tables.tableEvents = [];
		const name = `migration-names-${crypto.randomUUID()}`;
		await writeFixture(name, v4);
		const text = backupJson(await exportBackup(connect(name)));
		const restored = await importBackupText(freshDb(), text);
		expect(restored).toMatchObject({ ok: true, result: { added: 2 } });
		expect(text).not.toMatch(/\\t|\\u200b|\u200b/);
	});
});

import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { exportBackup, importBackup } from '$lib/db/backup';
import type { CabooseDb, EveningRow, RoundRow } from '$lib/db/database';
import { deleteEvening } from '$lib/db/evenings';
import {
	editRound,
	endEvening,
	listRounds,
	readLiveEvening,
	resumeEvening,
	saveRound,
	undoLastRound,
	type LiveEvening
} from '$lib/db/rounds';
import { anyEveningFinished, deriveSummary, listEveningPage } from '$lib/db/summaries';
import type { RoundEntry, RulesChoice } from '$lib/rules/types';
import type { EveningListItem } from '$lib/db/group';
import { computeEvening, eveningSetup, playerRange, resolveRules } from '$lib/rules';
import { summaryOf, type EveningSummary } from '$lib/state/summary';
import { peekDatabase } from '$lib/db/peek';
import { peekStatus } from '$lib/state/app-status.svelte';
import { closeAll, derivedPart, freshDb, newEvening } from './helpers';

/**
 * The same, recomputed from every round: what the lists showed before summaries were stored.
 * The stored summaries must always equal it.
 */
function summarise(item: EveningListItem): EveningSummary {
	const { evening, rounds } = item;
	const names = evening.players.map((p) => p.name);
	const setup = eveningSetup(evening);
	const state = computeEvening(
		setup,
		rounds.map((r) => r.entry)
	);
	const toNames = (keys: readonly string[]) =>
		keys.map((k) => evening.players.find((p) => p.id === k)?.name ?? k);
	const played = rounds.length > 0;
	return {
		id: evening.id,
		createdAt: evening.createdAt,
		names,
		preset: setup.rules.preset,
		roundCount: rounds.length,
		over: state.over,
		leader: played ? toNames(state.ranking[0] ?? []) : [],
		winner: state.over && played && state.winner ? toNames(state.winner) : null,
		nextRound: state.next ? state.next.index + 1 : null,
		scheduleLength: state.scheduleLength
	};
}

// The stored summaries are a cache of what the scoring core derives from the rounds. Whatever
// sequence of saves, edits, undos, ends, resumes, deletions and imports happens, every stored
// summary equals a recomputation from the evening's rounds, and the list built from it equals
// the list as it was built before summaries were stored (every round replayed).

afterEach(closeAll);

const RULES: RulesChoice[] = [
	{ preset: 'swiss-jassshop', rounds: 3 },
	{ preset: 'swiss-jassshop', schedule: 'cyclic' },
	{ preset: 'german-talon', rounds: 2 },
	{ preset: 'cardinal-us', schedule: [12, 10, 8] },
	{ preset: 'italian-elimination', elimination: 40 }
];
const NAMES = ['Anna', 'Ben', 'Cleo', 'Dan'];

type Op =
	| { kind: 'create'; rules: number; players: number }
	| { kind: 'save' | 'edit'; pick: number; round: number; points: number[]; out: number }
	| { kind: 'undo' | 'end' | 'resume' | 'delete' | 'import-copy' | 'import-newer'; pick: number };

const pick = fc.nat({ max: 50 });
const op: fc.Arbitrary<Op> = fc.oneof(
	{
		weight: 2,
		arbitrary: fc.record({
			kind: fc.constant('create' as const),
			rules: fc.nat({ max: RULES.length - 1 }),
			players: fc.integer({ min: 2, max: 4 })
		})
	},
	{
		weight: 6,
		arbitrary: fc.record({
			kind: fc.constantFrom('save' as const, 'edit' as const),
			pick,
			round: fc.nat({ max: 20 }),
			points: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 4, maxLength: 4 }),
			out: fc.nat({ max: 3 })
		})
	},
	{
		weight: 3,
		arbitrary: fc.record({
			kind: fc.constantFrom(
				'undo' as const,
				'end' as const,
				'resume' as const,
				'delete' as const,
				'import-copy' as const,
				'import-newer' as const
			),
			pick
		})
	}
);

/** A round the rules accept after `before`: one active player went out, the others hold points. */
function entryFor(
	evening: EveningRow,
	before: RoundRow[],
	points: number[],
	out: number
): RoundEntry | null {
	const setup = eveningSetup(evening);
	const state = computeEvening(
		{ ...setup, ended: false },
		before.map((r) => r.entry)
	);
	const active = state.active;
	if (active.length === 0) return null;
	const winner = active[out % active.length]!;
	const hands: RoundEntry['hands'] = {};
	active.forEach((p, i) => {
		if (p !== winner) hands[p] = points[i % points.length]!;
	});
	return { out: winner, blocked: false, hands };
}

/** One run that does every kind of write at least once; the random runs follow it. */
const EVERY_KIND: Op[] = [
	{ kind: 'create', rules: 0, players: 3 },
	{ kind: 'save', pick: 0, round: 0, points: [5, 9, 0, 0], out: 0 },
	{ kind: 'save', pick: 0, round: 0, points: [3, 0, 12, 0], out: 1 },
	{ kind: 'edit', pick: 0, round: 0, points: [7, 2, 0, 0], out: 2 },
	{ kind: 'import-copy', pick: 0 },
	{ kind: 'import-newer', pick: 0 },
	{ kind: 'end', pick: 0 },
	{ kind: 'resume', pick: 0 },
	{ kind: 'save', pick: 0, round: 0, points: [1, 1, 1, 1], out: 0 },
	{ kind: 'undo', pick: 0 },
	{ kind: 'delete', pick: 1 }
];

/** What the runs did, so the property is known not to hold vacuously. */
const done = { saved: 0, edited: 0, ended: 0, imported: 0, replaced: 0 };

async function apply(db: CabooseDb, o: Op, seq: number): Promise<void> {
	if (o.kind === 'create') {
		// Enough players for the rules (german-talon needs four): createEvening checks the setup.
		const min = playerRange(resolveRules(RULES[o.rules]!)).min;
		await newEvening(db, {
			names: NAMES.slice(0, Math.max(o.players, min)),
			rules: RULES[o.rules]!,
			firstStarter: 0
		});
		return;
	}
	const evenings = await db.evenings.orderBy('createdAt').toArray();
	if (evenings.length === 0) return;
	const evening = evenings[o.pick % evenings.length]!;
	const rounds = await listRounds(db, evening.id);
	switch (o.kind) {
		case 'save': {
			const entry = entryFor(evening, rounds, o.points, o.out);
			if (entry && (await saveRound(db, evening.id, rounds.length, entry)).ok) done.saved++;
			return;
		}
		case 'edit': {
			if (rounds.length === 0) return;
			const index = o.round % rounds.length;
			const entry = entryFor(evening, rounds.slice(0, index), o.points, o.out);
			// A refused edit changes nothing; the check below holds either way.
			if (entry && (await editRound(db, evening.id, index, entry)).ok) done.edited++;
			return;
		}
		case 'undo':
			await undoLastRound(db, evening.id);
			return;
		case 'end':
			if (evening.endedAt === null && (await endEvening(db, evening.id))) done.ended++;
			return;
		case 'resume':
			await resumeEvening(db, evening.id);
			return;
		case 'delete':
			await deleteEvening(db, evening.id);
			return;
		case 'import-copy': {
			// The evening under a new id, as a backup from another phone brings it.
			const backup = await exportBackup(db);
			const bundle = backup.evenings.find((b) => b.evening.id === evening.id)!;
			const id = `copy-${seq}`;
			done.imported += (
				await importBackup(db, {
					...backup,
					players: [],
					evenings: [
						{
							evening: { ...bundle.evening, id, createdAt: bundle.evening.createdAt + 1 },
							rounds: bundle.rounds.map((r) => ({ ...r, id: `${id}:${r.index}`, eveningId: id }))
						}
					]
				})
			).added;
			return;
		}
		case 'import-newer': {
			// A backup holding one round more than the phone now has: it replaces the evening.
			if (rounds.length === 0) return;
			const backup = await exportBackup(db);
			const bundle = backup.evenings.find((b) => b.evening.id === evening.id)!;
			await undoLastRound(db, evening.id);
			done.replaced += (
				await importBackup(db, { ...backup, players: [], evenings: [bundle] })
			).replaced;
			return;
		}
	}
}

/** Every stored summary against the rounds on disk, and the list against the old list. */
async function expectSummariesCurrent(db: CabooseDb): Promise<void> {
	const evenings = await db.evenings.toArray();
	const summaries = await db.summaries.toArray();
	expect(summaries.map((s) => s.eveningId).sort()).toEqual(evenings.map((e) => e.id).sort());
	for (const evening of evenings) {
		const rounds = await listRounds(db, evening.id);
		const stored = await db.summaries.get(evening.id);
		expect(derivedPart(stored)).toEqual(deriveSummary(evening, rounds));
		expect(summaryOf({ evening, summary: stored! })).toEqual(
			summarise({ evening, rounds, roundCount: rounds.length })
		);
	}
	const page = await listEveningPage(db, Infinity);
	expect(page.total).toBe(evenings.length);
	const replayed = [...evenings]
		.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
		.map((evening) => evening.id);
	expect(page.items.map((i) => i.evening.id)).toEqual(replayed);

	// The home page's peek (plain IndexedDB, reading only the newest evenings it needs) answers
	// as Dexie's list does.
	const { peek } = await peekDatabase(
		async (reader) => ({ open: await reader.newestOpen(), status: await peekStatus(reader) }),
		{ name: db.name, scoring: async () => deriveSummary }
	);
	expect(peek?.answer?.open ?? null).toEqual(page.items.find((i) => !i.summary.over) ?? null);
	expect(peek?.answer?.status ?? { count: 0, lastSaved: 0, finished: false }).toEqual({
		count: evenings.length,
		lastSaved: Math.max(0, ...evenings.map((e) => e.updatedAt)),
		finished: await anyEveningFinished(db)
	});
}

describe('stored summaries', () => {
	it('equal a recomputation after any sequence of writes', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
				const db = freshDb();
				let seq = 0;
				for (const o of ops) {
					await apply(db, o, seq++);
					await expectSummariesCurrent(db);
				}
				db.close();
			}),
			{ numRuns: 40, examples: [[EVERY_KIND]] }
		);
		// Every kind of write happened in these runs.
		for (const [kind, n] of Object.entries(done)) expect(n, kind).toBeGreaterThan(0);
	});

	it('let a screen that follows an evening read again only the rounds after what it holds', async () => {
		// A screen's live read (readLiveEvening) starts from what its last read answered. Whatever
		// the writes between two reads (none, one, several; by any function, an import too), what
		// it answers equals a read of everything; after a save, it read the new round only.
		const reads = { tail: 0, saved: 0, whole: 0 };
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.tuple(op, fc.nat({ max: 2 })), { minLength: 1, maxLength: 25 }),
				async (steps) => {
					const db = freshDb();
					const held = new Map<string, LiveEvening | null>();
					let seq = 0;
					/** Steps since the screen last read: a save is read as one round only right after it. */
					let unread = 0;
					for (const [o, skip] of steps) {
						const before = (await db.rounds.count()) + (await db.evenings.count());
						await apply(db, o, seq++);
						unread++;
						// Sometimes the screen reads only after the next write as well.
						if (skip === 2) continue;
						const alone = unread === 1;
						unread = 0;
						for (const evening of await db.evenings.toArray()) {
							const last = held.get(evening.id) ?? null;
							const read = await readLiveEvening(db, evening.id, last);
							const whole = await readLiveEvening(db, evening.id, null);
							expect(read).not.toBeNull();
							expect({ ...read!, readFrom: 0 }).toEqual(whole);
							if (read!.readFrom > 0) reads.tail++;
							else reads.whole++;
							// A save of one round, read right after it (no other step since the last read):
							// only that round was read.
							const one = last && read!.rows.length === last.rows.length + 1;
							if (
								o.kind === 'save' &&
								alone &&
								one &&
								before + 1 === (await db.rounds.count()) + (await db.evenings.count())
							) {
								expect(read!.readFrom).toBe(last.rows.length);
								reads.saved++;
							}
							held.set(evening.id, read);
						}
					}
					db.close();
				}
			),
			// Every kind of write once, each read right after it, then the random runs.
			{ numRuns: 40, examples: [[EVERY_KIND.map((o): [Op, number] => [o, 0])]] }
		);
		// The runs took both ways, and saves read one round.
		expect(reads.tail).toBeGreaterThan(0);
		expect(reads.whole).toBeGreaterThan(0);
		expect(reads.saved).toBeGreaterThan(0);
	});

	it('a page reads only the newest evenings, and counts them all', async () => {
		const db = freshDb();
		for (let i = 0; i < 5; i++) {
			await newEvening(db, { names: ['Anna', 'Ben'], rules: RULES[0]!, firstStarter: 0 });
		}
		const page = await listEveningPage(db, 2);
		expect(page.total).toBe(5);
		expect(page.items).toHaveLength(2);
		const all = await listEveningPage(db, 10);
		expect(page.items).toEqual(all.items.slice(0, 2));
	});

	it('a summary left behind by a write past the data functions is derived again', async () => {
		const db = freshDb();
		const id = await newEvening(db, {
			names: ['Anna', 'Ben'],
			rules: RULES[0]!,
			firstStarter: 0
		});
		const evening = (await db.evenings.get(id))!;
		const entry = entryFor(evening, [], [5, 7, 0, 0], 0)!;
		// A round written directly, the evening's stamp left as it was: the count tells.
		await db.rounds.add({
			id: `${id}:0`,
			eveningId: id,
			index: 0,
			entry,
			starter: null,
			savedAt: 1
		});
		const [item] = (await listEveningPage(db, 1)).items;
		expect(item!.summary.roundCount).toBe(1);
		expect(derivedPart(item!.summary)).toEqual(
			deriveSummary((await db.evenings.get(id))!, await listRounds(db, id))
		);
	});

	it('finds a finished evening from the summaries', async () => {
		const db = freshDb();
		expect(await anyEveningFinished(db)).toBe(false);
		const id = await newEvening(db, {
			names: ['Anna', 'Ben', 'Cleo', 'Dan'],
			rules: { preset: 'german-talon', rounds: 1 },
			firstStarter: 0
		});
		expect(await anyEveningFinished(db)).toBe(false);
		const evening = (await db.evenings.get(id))!;
		expect(await saveRound(db, id, 0, entryFor(evening, [], [9, 9, 9, 9], 1)!)).toEqual({
			ok: true
		});
		expect((await db.summaries.get(id))!.over).toBe(true);
		expect(await anyEveningFinished(db)).toBe(true);
	});
});

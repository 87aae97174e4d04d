// Every backup restores (issue 27): random evenings made through the app's own write functions
// (setup with pasted tabs, zero-width spaces and decomposed accents in names; rounds saved,
// corrected and undone; evenings ended and resumed; a clock that jumps back and forth), exported
// and imported again into an empty phone, come back equal, row for row.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { backupJson, exportBackup, importBackupText } from '$lib/db/backup';
import { createEvening } from '$lib/db/evenings';
import { editRound, endEvening, resumeEvening, saveRound, undoLastRound } from '$lib/db/rounds';
import { renamePlayer } from '$lib/db/players';
import type { CabooseDb } from '$lib/db/database';
import { closeAll, freshDb } from './helpers';

afterEach(() => {
	vi.restoreAllMocks();
	return closeAll();
});

/** Names as a real paste or keyboard gives them, odd characters included. */
const namePart = fc.constantFrom('Ann', 'Ben', 'Zoë', 'Cleo', 'Dario', 'Émile', 'Ana');
const oddity = fc.constantFrom('', '\t', '\u200b', '\ufeff', ' ', '\u2060', '\n', 'e\u0301');
const name = fc
	.tuple(oddity, namePart, oddity, fc.integer({ min: 0, max: 99 }), oddity)
	.map(([a, n, b, k, c]) => `${a}${n}${b}${k}${c}`);

const op = fc.oneof(
	fc.record({ kind: fc.constant('save' as const), out: fc.nat(2), points: fc.nat(60) }),
	fc.record({
		kind: fc.constant('edit' as const),
		round: fc.nat(20),
		out: fc.nat(2),
		points: fc.nat(60)
	}),
	fc.record({ kind: fc.constantFrom('undo' as const, 'end' as const, 'resume' as const) }),
	fc.record({ kind: fc.constant('rename' as const), seat: fc.nat(2), name })
);

/** Every row gone, as on a new phone (opening a new database each time was half of a run). */
const empty = (db: CabooseDb) =>
	db.transaction('rw', db.tables, () => Promise.all(db.tables.map((t) => t.clear())));

describe('every backup restores', () => {
	it('random evenings made by the app export and import again, everything equal', async () => {
		// Two phones for every evening drawn, emptied before each one.
		const db = freshDb();
		const other = freshDb();
		await fc.assert(
			fc.asyncProperty(
				fc.uniqueArray(name, { minLength: 3, maxLength: 3, selector: (n) => n.replace(/\W/g, '') }),
				fc.array(op, { maxLength: 12 }),
				fc.array(fc.integer({ min: 0, max: 4_000_000_000_000 }), { minLength: 1, maxLength: 8 }),
				async (names, ops, clock) => {
					let tick = 0;
					// The phone's clock: set back and forward between writes.
					vi.spyOn(Date, 'now').mockImplementation(() => clock[tick++ % clock.length]!);
					await Promise.all([empty(db), empty(other)]);
					const created = await createEvening(db, {
						names,
						rules: { preset: 'swiss-jassshop' },
						firstStarter: 0
					});
					if (!created.ok) return; // setup refused these names: nothing to restore
					const id = created.id;
					const seats = (await db.evenings.get(id))!.players.map((p) => p.id);
					const entry = (out: number, points: number) => ({
						out: seats[out]!,
						blocked: false,
						hands: Object.fromEntries(
							seats.filter((_, i) => i !== out).map((s, i) => [s, points + i])
						)
					});
					for (const o of ops) {
						const count = await db.rounds.where('eveningId').equals(id).count();
						if (o.kind === 'save') await saveRound(db, id, count, entry(o.out, o.points));
						else if (o.kind === 'edit' && count > 0)
							await editRound(db, id, o.round % count, entry(o.out, o.points));
						else if (o.kind === 'undo') await undoLastRound(db, id);
						else if (o.kind === 'end') await endEvening(db, id);
						else if (o.kind === 'resume') await resumeEvening(db, id);
						else if (o.kind === 'rename') await renamePlayer(db, seats[o.seat]!, o.name);
					}
					const backup = await exportBackup(db);
					const imported = await importBackupText(other, backupJson(backup));
					expect(imported).toMatchObject({ ok: true });
					const again = await exportBackup(other);
					expect({ ...again, exportedAt: 0 }).toEqual({ ...backup, exportedAt: 0 });
				}
			),
			// 200 random evenings a run (98 s for 1,000 on a loaded machine); each run draws new ones.
			{ numRuns: 200 }
		);
	}, 600_000);
});

describe('names are cleaned on the way in', () => {
	it('"Ann" and "Ann"+U+200B are one name; a pasted tab is a space', async () => {
		const { validateSetup } = await import('$lib/rules');
		const problems = validateSetup(['Ann', 'Ann\u200b', 'Ben'], { preset: 'swiss-jassshop' });
		expect(problems).toContainEqual(expect.objectContaining({ code: 'name-duplicate' }));
		const db = freshDb();
		const created = await createEvening(db, {
			names: ['Ann\tMarie', 'Be\u0301a\u200b', ' Cleo\ufeff'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		expect(created.ok).toBe(true);
		const stored = (await db.evenings.toArray())[0]!.players.map((p) => p.name);
		expect(stored).toEqual(['Ann Marie', 'B\u00e9a', 'Cleo']);
	});

	it('a file giving two names one id is refused', async () => {
		const db = freshDb();
		for (const names of [
			['Ann', 'Ben', 'Cleo'],
			['Dora', 'Emil', 'Finn']
		])
			await createEvening(db, { names, rules: { preset: 'swiss-jassshop' }, firstStarter: 0 });
		const backup = await exportBackup(db);
		const [first, second] = backup.evenings;
		second!.evening.players[0]!.id = first!.evening.players[0]!.id; // Dora under Ann's id
		const result = await importBackupText(freshDb(), backupJson(backup));
		expect(result).toMatchObject({ ok: false, problem: { code: 'inconsistent' } });
	});
});

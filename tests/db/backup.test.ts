import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
	BACKUP_FORMAT,
	backupFileName,
	backupJson,
	exportBackup,
	importBackup,
	parseBackup,
	type Backup
} from '$lib/db/backup';
import { resolveRules, PRESET_IDS } from '$lib/rules';
import { failureText } from '$lib/components/failureText';
import type { TableEvent, TableEventType } from '$lib/rules/table';
import { closeAll, dump, entryFor, freshDb, seedEvening } from './backup-fixtures';

afterEach(closeAll);

function parsed(text: string): Backup {
	const r = parseBackup(text);
	if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problem)}`);
	return r.backup;
}

describe('exportBackup', () => {
	it('holds every evening with its rounds in order, its table events and the players', async () => {
		const db = freshDb();
		const a = await seedEvening(db, ['Anna', 'Ben', 'Cleo'], 4);
		const b = await seedEvening(db, ['Dario', 'Anna'], 2, { preset: 'cardinal-us' });
		const backup = await exportBackup(db);
		expect(backup.format).toBe(BACKUP_FORMAT);
		expect(backup.formatVersion).toBe(1);
		expect(backup.evenings.map((e) => e.evening.id).sort()).toEqual([a, b].sort());
		const first = backup.evenings.find((e) => e.evening.id === a)!;
		expect(first.rounds.map((r) => r.index)).toEqual([0, 1, 2, 3]);
		expect(first.tableEvents).toHaveLength(2);
		// The auto-increment id is local to one database.
		expect(first.tableEvents![0]).not.toHaveProperty('id');
		expect(backup.players.map((p) => p.name).sort()).toEqual(['Anna', 'Ben', 'Cleo', 'Dario']);
	});

	it('is read back by parseBackup exactly as written', async () => {
		const db = freshDb();
		await seedEvening(db, ['Anna', 'Ben', 'Cleo'], 5);
		const backup = await exportBackup(db);
		expect(parsed(backupJson(backup))).toEqual(backup);
	});

	it('accepts an evening whose rules name every knob (the schema knows each one)', async () => {
		const db = freshDb();
		for (const preset of PRESET_IDS) {
			const rules = resolveRules({ preset });
			const names =
				preset === 'german-talon' ? ['Anna', 'Ben', 'Cleo', 'Dario'] : ['Anna', 'Ben', 'Cleo'];
			await seedEvening(db, names, 2, rules);
		}
		const backup = await exportBackup(db);
		expect(parsed(backupJson(backup)).evenings).toHaveLength(PRESET_IDS.length);
	});

	it('carries every kind of table event (the schema knows each one)', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben', 'Cleo'], 1);
		const [a, b] = (await db.evenings.get(id))!.players.map((p) => p.id) as [string, string];
		// Keyed by type: a new kind of event in TableEvent fails to compile here until added.
		const every = {
			tile: { type: 'tile', train: a, by: b },
			double: { type: 'double', train: 'mexican', value: 9, by: null, last: true },
			covered: { type: 'covered', by: a },
			'cannot-cover': { type: 'cannot-cover', player: b },
			'still-cannot-cover': { type: 'still-cannot-cover', player: b },
			marker: { type: 'marker', player: b, on: true, voluntary: false },
			mexican: { type: 'mexican', on: true },
			'mexican-add': { type: 'mexican-add' },
			knock: { type: 'knock', player: a, on: false },
			'forgot-knock': { type: 'forgot-knock', player: a },
			turn: { type: 'turn', player: null },
			'next-turn': { type: 'next-turn' }
		} satisfies { [K in TableEventType]: Extract<TableEvent, { type: K }> };
		await db.tableEvents.clear();
		await db.tableEvents.bulkAdd(
			Object.values(every).map((event, seq) => ({
				eveningId: id,
				roundIndex: 1,
				seq,
				event,
				at: seq
			}))
		);
		const backup = await exportBackup(db);
		expect(parsed(backupJson(backup)).evenings[0]!.tableEvents).toHaveLength(12);
		const target = freshDb();
		await importBackup(target, parsed(backupJson(backup)));
		expect((await target.tableEvents.toArray()).map((e) => e.event)).toEqual(Object.values(every));

		// A stranger in an event, or an unknown field, is refused.
		const stranger = structuredClone(backup);
		stranger.evenings[0]!.tableEvents![0]!.event = { type: 'tile', train: 'nobody', by: null };
		expect(parseBackup(backupJson(stranger)).ok).toBe(false);
		const extra = structuredClone(backup);
		extra.evenings[0]!.tableEvents![6]!.event = { type: 'mexican', on: true, x: 1 };
		expect(parseBackup(backupJson(extra)).ok).toBe(false);
	});

	it('accepts the Mexican trains the reducer names and no other train', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 1);
		const backup = await exportBackup(db);
		const withTrain = (train: string) => {
			const copy = structuredClone(backup);
			copy.evenings[0]!.tableEvents = [
				{ eveningId: id, roundIndex: 1, seq: 0, event: { type: 'tile', train, by: null }, at: 1 }
			];
			return parseBackup(backupJson(copy));
		};
		for (const train of ['mexican', 'mexican-2', 'mexican-3', 'mexican-100']) {
			expect(withTrain(train).ok, train).toBe(true);
		}
		// 'mexican-1' and 'mexican-02' are never made (mexicanTrainId): not a train of this table.
		for (const train of ['mexican-1', 'mexican-0', 'mexican-02', 'mexican-x', 'Mexican']) {
			expect(withTrain(train), train).toMatchObject({
				ok: false,
				problem: { code: 'inconsistent', path: 'evenings[0].tableEvents[0].event.train' }
			});
		}
	});

	it('names the file by the local date', () => {
		expect(backupFileName(new Date(2026, 10, 3, 23, 59))).toBe('caboose-backup-2026-11-03.json');
	});
});

describe('importBackup', () => {
	it('restores a backup into an empty database, row for row', async () => {
		const source = freshDb();
		await seedEvening(source, ['Anna', 'Ben', 'Cleo'], 6);
		await seedEvening(source, ['Dario', 'Emil'], 3);
		const backup = parsed(backupJson(await exportBackup(source)));

		const target = freshDb();
		const result = await importBackup(target, backup);
		expect(result).toEqual({ added: 2, replaced: 0, kept: 0, rounds: 9, players: 5 });

		const again = await exportBackup(target);
		expect({ ...again, exportedAt: 0 }).toEqual({ ...backup, exportedAt: 0 });
		// Drafts are what one phone was typing: they are not part of a backup.
		expect(await target.drafts.count()).toBe(0);
	});

	it('merges by id: adds new evenings, replaces one with more rounds, keeps the rest', async () => {
		const phone = freshDb();
		const shared = await seedEvening(phone, ['Anna', 'Ben', 'Cleo'], 2);
		const onlyHere = await seedEvening(phone, ['Ben', 'Dario'], 1);
		const older = parsed(backupJson(await exportBackup(phone)));

		// The same evening played on: two more rounds on the other phone.
		const other = freshDb();
		await importBackup(other, older);
		const seats = (await other.evenings.get(shared))!.players.map((p) => p.id);
		for (const i of [2, 3]) {
			await other.rounds.add({
				id: `${shared}:${i}`,
				eveningId: shared,
				index: i,
				entry: entryFor(seats, i),
				starter: null,
				savedAt: 2
			});
		}
		await other.evenings.update(shared, { updatedAt: Date.now() + 1000 });
		const onlyThere = await seedEvening(other, ['Emil', 'Anna'], 3);
		const newer = parsed(backupJson(await exportBackup(other)));

		const result = await importBackup(phone, newer);
		expect(result.added).toBe(1);
		expect(result.replaced).toBe(1);
		expect(result.kept).toBe(1);
		expect(result.players).toBe(1); // Emil; Anna is known by name already
		expect(await phone.rounds.where('eveningId').equals(shared).count()).toBe(4);
		expect(await phone.rounds.where('eveningId').equals(onlyHere).count()).toBe(1);
		expect(await phone.rounds.where('eveningId').equals(onlyThere).count()).toBe(3);
		// One Anna, not two: a known name keeps its stored row.
		expect(await phone.players.where('key').equals('anna').count()).toBe(1);
	});

	it('never removes a saved round: an older copy with fewer rounds is ignored', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 2);
		const old = parsed(backupJson(await exportBackup(db)));
		const seats = (await db.evenings.get(id))!.players.map((p) => p.id);
		await db.rounds.add({
			id: `${id}:2`,
			eveningId: id,
			index: 2,
			entry: entryFor(seats, 2),
			starter: null,
			savedAt: 3
		});
		// Even a newer timestamp on the copy cannot take a round away.
		old.evenings[0]!.evening.updatedAt = Date.now() + 10_000;
		const before = await dump(db);
		const result = await importBackup(db, old);
		expect(result).toMatchObject({ added: 0, replaced: 0, kept: 1, rounds: 0 });
		expect(await dump(db)).toBe(before);
	});

	it('with as many rounds, takes the copy edited later, whole', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben', 'Cleo'], 3);
		const copy = parsed(backupJson(await exportBackup(db)));
		const edited = copy.evenings[0]!;
		const seats = edited.evening.players.map((p) => p.id);
		edited.rounds[1]!.entry = {
			out: seats[0]!,
			blocked: false,
			hands: { [seats[1]!]: 33, [seats[2]!]: 1 }
		};
		edited.evening.updatedAt += 5000;
		const result = await importBackup(db, parsed(backupJson(copy)));
		expect(result.replaced).toBe(1);
		expect((await db.rounds.get(`${id}:1`))!.entry.hands[seats[1]!]).toBe(33);

		// The same copy again changes nothing: it is no newer than what is stored now.
		const before = await dump(db);
		expect((await importBackup(db, parsed(backupJson(copy)))).kept).toBe(1);
		expect(await dump(db)).toBe(before);
	});

	it('drops the draft of a round that the imported copy already holds', async () => {
		const db = freshDb();
		const id = await seedEvening(db, ['Anna', 'Ben'], 1); // draft of round index 1
		const copy = parsed(backupJson(await exportBackup(db)));
		const seats = copy.evenings[0]!.evening.players.map((p) => p.id);
		copy.evenings[0]!.rounds.push({
			id: `${id}:1`,
			eveningId: id,
			index: 1,
			entry: entryFor(seats, 1),
			starter: null,
			savedAt: 4
		});
		await importBackup(db, parsed(backupJson(copy)));
		expect(await db.drafts.get(id)).toBeUndefined();
	});

	it('is all or nothing: one bad evening in a file imports nothing', async () => {
		const db = freshDb();
		await seedEvening(db, ['Anna', 'Ben'], 2);
		const source = freshDb();
		await seedEvening(source, ['Cleo', 'Dario'], 2);
		await seedEvening(source, ['Emil', 'Fritz'], 2);
		await seedEvening(source, ['Gina', 'Hugo'], 2);
		const good = JSON.parse(backupJson(await exportBackup(source))) as Backup;
		// The last evening's second round holds a hand no set can have.
		const bad = good.evenings[2]!.rounds[1]!;
		const loser = Object.keys(bad.entry.hands)[0]!;
		(bad.entry.hands as Record<string, number>)[loser] = 5000;
		const r = parseBackup(JSON.stringify(good));
		expect(r.ok).toBe(false);
		if (!r.ok) {
			expect(r.problem.code).toBe('round-refused');
			expect(r.problem.path).toBe('evenings[2].rounds[1]');
		}
		expect(await db.evenings.count()).toBe(1);
	});

	it('is all or nothing inside the transaction too: a write failing late undoes the earlier ones', async () => {
		const db = freshDb();
		await seedEvening(db, ['Anna', 'Ben'], 2);
		const source = freshDb();
		await seedEvening(source, ['Cleo', 'Dario'], 2);
		const last = await seedEvening(source, ['Emil', 'Fritz'], 2);
		const backup = parsed(backupJson(await exportBackup(source)));
		const before = await dump(db);

		// A fault injected at the very last round written, after other evenings were put.
		db.rounds.hook('creating', (_key, row) => {
			if (row.id === `${last}:1`) throw new Error('disk gave up');
		});
		await expect(importBackup(db, backup)).rejects.toThrow();
		expect(await dump(db)).toBe(before);
	});
});

describe('parseBackup', () => {
	async function goodText(): Promise<string> {
		const db = freshDb();
		await seedEvening(db, ['Anna', 'Ben', 'Cleo'], 3);
		return backupJson(await exportBackup(db));
	}

	it.each([
		['too-large', (t: string) => t + ' '.repeat(200)],
		['not-json', (t: string) => t.slice(0, -1)],
		['not-a-backup', () => '[1,2,3]'],
		['not-a-backup', (t: string) => t.replace(BACKUP_FORMAT, 'other-app')],
		['format-version', (t: string) => t.replace('"formatVersion":1', '"formatVersion":2')],
		[
			'forbidden-key',
			(t: string) => t.replace('"players":[', '"__proto__":{"polluted":1},"players":[')
		],
		['invalid', (t: string) => t.replace('"players":[', '"extra":true,"players":[')],
		['too-deep', () => '['.repeat(100) + ']'.repeat(100)]
	])('refuses with %s', async (code, change) => {
		const text = await goodText();
		const r = parseBackup(change(text), text.length + 100);
		expect(r.ok).toBe(false);
		if (!r.ok) expect(r.problem.code).toBe(code);
	});

	it('refuses a file from a newer Caboose, naming the newer format and asking to update', async () => {
		const text = await goodText();
		const refusal = (changed: string) => {
			const r = parseBackup(changed, changed.length + 100);
			if (r.ok) throw new Error('accepted');
			expect(r.problem.code).toBe('format-version');
			return { problem: r.problem, words: failureText({ ok: false, backup: r.problem }) };
		};
		const later = refusal(text.replace('"formatVersion":1', '"formatVersion":2'));
		expect(later.problem.newer).toEqual({ found: 2, reads: 1 });
		expect(later.words).toMatch(/format 2.*newer Caboose.*format 1.*Update Caboose/);
		// A knob, a preset or a table event this version does not know: still format 1.
		const knob = refusal(text.replace('"rules":{', '"rules":{"fooBar":true,'));
		expect(knob.problem.newer).toEqual({ unknown: 'knob fooBar' });
		expect(knob.words).toMatch(/newer Caboose.*\(knob fooBar\).*Update Caboose/);
		const preset = refusal(text.replace(/"preset":"[^"]+"/, '"preset":"martian"'));
		expect(preset.problem.newer).toEqual({ unknown: 'preset martian' });
		// Any other version is no backup Caboose made.
		const older = parseBackup(text.replace('"formatVersion":1', '"formatVersion":0'));
		expect(older.ok ? '' : failureText({ ok: false, backup: older.problem })).toMatch(
			/not a Caboose backup/
		);
	});

	it('takes ids of up to 100 characters (the limit backups always had), and no longer', async () => {
		const text = await goodText();
		const id = JSON.parse(text).evenings[0].evening.id as string;
		const withId = (to: string) => parseBackup(text.split(id).join(to), text.length * 2);
		expect(withId('e'.repeat(100)).ok).toBe(true);
		expect(withId('e'.repeat(101))).toMatchObject({ ok: false, problem: { code: 'invalid' } });
	});

	it('refuses rounds that do not belong to their evening', async () => {
		const base = JSON.parse(await goodText()) as Backup;
		const cases: [string, (b: Backup) => void][] = [
			['a gap in the indexes', (b) => b.evenings[0]!.rounds.splice(1, 1)],
			['a wrong round id', (b) => (b.evenings[0]!.rounds[0]!.id = 'x:0')],
			['a round of another evening', (b) => (b.evenings[0]!.rounds[2]!.eveningId = 'other')],
			[
				'a hand of a stranger',
				(b) => {
					const h = b.evenings[0]!.rounds[0]!.entry.hands as Record<string, number>;
					h['stranger'] = 3;
				}
			],
			['the same evening twice', (b) => b.evenings.push(structuredClone(b.evenings[0]!))],
			['a player key not of its name', (b) => (b.players[0]!.key = 'someone')]
		];
		for (const [label, change] of cases) {
			const b = structuredClone(base);
			change(b);
			const r = parseBackup(JSON.stringify(b));
			expect(r.ok, label).toBe(false);
			if (!r.ok) expect(['inconsistent', 'round-refused'], label).toContain(r.problem.code);
		}
	});
});

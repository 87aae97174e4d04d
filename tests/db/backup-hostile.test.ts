// Hostile backup files: well over a thousand of them, generated from a seed, each refused, and the
// database identical afterwards, row for row. The generator starts from a valid backup and breaks
// it in one way each time, so every refusal is about that one way.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	backupJson,
	exportBackup,
	importBackup,
	importBackupText,
	MAX_BACKUP_BYTES,
	parseBackup,
	type Backup
} from '$lib/db/backup';
import type { CabooseDb, RoundRow } from '$lib/db/database';
import { engineAt, playerKey, resolveRules, scheduleLength } from '$lib/rules';
import { closeAll, dump, freshDb, seedEvening } from './backup-fixtures';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** mulberry32: small, seeded, the same files on every run. */
function rng(seed: number) {
	let a = seed >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int: (n: number) => Math.floor(next() * n),
		pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
	};
}

let base: Backup;
let baseText: string;
let db: CabooseDb;
let before: string;

beforeAll(async () => {
	const source = freshDb();
	await seedEvening(source, ['Anna', 'Ben', 'Cleo'], 5);
	await seedEvening(source, ['Dario', 'Emil', 'Fritz', 'Gina'], 3, { preset: 'german-talon' });
	const tiles = await seedEvening(source, ['Hugo', 'Ines'], 0, {
		preset: 'cardinal-us',
		blankHalf: 25,
		doubleBlank: 50
	});
	const seats = (await source.evenings.get(tiles))!.players.map((p) => p.id);
	const tileRound: RoundRow = {
		id: `${tiles}:0`,
		eveningId: tiles,
		index: 0,
		entry: {
			out: seats[0]!,
			blocked: false,
			hands: {
				[seats[1]!]: [
					[3, 4],
					[0, 0],
					[12, 5]
				]
			}
		},
		starter: 1,
		savedAt: 1_700_000_000_000
	};
	await source.rounds.add(tileRound);
	await source.tableEvents.clear();
	await source.tableEvents.add({
		eveningId: tiles,
		roundIndex: 1,
		seq: 0,
		event: { type: 'double', train: 'mexican', value: 9, by: seats[0]!, last: false },
		at: 7
	});
	base = await exportBackup(source);
	baseText = backupJson(base);
	expect(parseBackup(baseText).ok).toBe(true);

	// The database under attack holds the same evenings with one round fewer each, so a file
	// wrongly accepted would visibly change it (replace evenings, add rounds).
	db = freshDb();
	const shorter = structuredClone(base);
	for (const e of shorter.evenings) {
		e.rounds.pop();
		delete e.tableEvents;
	}
	const r = parseBackup(backupJson(shorter));
	if (!r.ok) throw new Error(JSON.stringify(r.problem));
	await importBackup(db, r.backup);
	before = await dump(db);
});

afterAll(closeAll);

// ---------------------------------------------------------------------------------------------
// Walking a backup

function leaves(value: Json, path: Path = [], out: { path: Path; value: Json }[] = []) {
	if (value !== null && typeof value === 'object') {
		if (Array.isArray(value)) value.forEach((v, i) => leaves(v, [...path, i], out));
		else for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out);
		if (Array.isArray(value) || path.length === 0) out.push({ path, value });
		return out;
	}
	out.push({ path, value });
	return out;
}

function objects(value: Json, path: Path = [], out: Path[] = []): Path[] {
	if (value === null || typeof value !== 'object') return out;
	if (!Array.isArray(value)) out.push(path);
	if (Array.isArray(value)) value.forEach((v, i) => objects(v, [...path, i], out));
	else for (const [k, v] of Object.entries(value)) objects(v, [...path, k], out);
	return out;
}

function get(root: Json, path: Path): Json {
	let cur = root;
	for (const k of path) cur = (cur as Record<string | number, Json>)[k]!;
	return cur;
}

function set(root: Json, path: Path, value: Json): void {
	const parent = get(root, path.slice(0, -1)) as Record<string | number, Json>;
	parent[path.at(-1)!] = value;
}

function copy(): Json {
	return JSON.parse(baseText) as Json;
}

/** A value of another type than `v`, and one that no field accepting `v` would take either. */
function otherType(v: Json, r: ReturnType<typeof rng>): Json {
	if (typeof v === 'string') return r.pick<Json>([7, true, {}, [v], { s: v }]);
	if (typeof v === 'number') return r.pick<Json>([String(v), false, {}, { n: v }, 'NaN']);
	if (typeof v === 'boolean') return r.pick<Json>([v ? 1 : 0, String(v), {}, [v]]);
	if (v === null) return r.pick<Json>(['null', false, {}, 'x']);
	return r.pick<Json>(['[]', true, { length: 0 }, 'null']);
}

// ---------------------------------------------------------------------------------------------
// The generators: each returns the text of one hostile file.

type Gen = (r: ReturnType<typeof rng>) => string;

const numberLeaves = () =>
	leaves(copy()).filter((l) => typeof l.value === 'number' && l.path.at(-1) !== 'goingOutBonus');

const GENERATORS: Record<string, Gen> = {
	truncated: (r) => baseText.slice(0, r.int(baseText.length)),

	'wrong type': (r) => {
		const b = copy();
		const l = r.pick(leaves(b).filter((x) => x.path.length > 0));
		set(b, l.path, otherType(l.value, r));
		return JSON.stringify(b);
	},

	'huge, negative or fractional number': (r) => {
		const l = r.pick(numberLeaves());
		const bad = r.pick([
			'1e308',
			'1e999',
			'-1e999',
			'9007199254740993',
			'-1',
			'-7',
			'0.5',
			'3.25',
			'1e-7'
		]);
		const b = copy();
		set(b, l.path, '@@NUMBER@@');
		return JSON.stringify(b).replace('"@@NUMBER@@"', bad);
	},

	'bad hand': (r) => {
		const b = copy() as unknown as Backup;
		const withHands = b.evenings
			.flatMap((e) => e.rounds)
			.filter((x) => Object.keys(x.entry.hands).length > 0);
		const round = r.pick(withHands);
		const seat = r.pick(Object.keys(round.entry.hands));
		const bad = r.pick<unknown>([
			-1,
			-0.5,
			2.5,
			1e21,
			100_000,
			[[-1, 3]],
			[[1.5, 2]],
			[[19, 0]],
			[[13, 2]],
			[[3]],
			[[1, 2, 3]],
			[['1', 2]],
			[[12, 12]],
			[
				[4, 5],
				[5, 4]
			],
			'12',
			{ value: 3 },
			[null],
			true
		]);
		(round.entry.hands as Record<string, unknown>)[seat] = bad;
		return JSON.stringify(b);
	},

	'prototype key': (r) => {
		const b = copy();
		const at = r.pick(objects(b));
		const target = get(b, at) as Record<string, Json>;
		target['@@KEY@@'] = r.pick<Json>([
			{ polluted: 'yes' },
			{ prototype: { polluted: 1 } },
			1,
			null
		]);
		const key = r.pick([
			'__proto__',
			'constructor',
			'prototype',
			'\\u005f\\u005fproto\\u005f\\u005f',
			'\\u0063onstructor'
		]);
		return JSON.stringify(b).replace('"@@KEY@@"', `"${key}"`);
	},

	'unknown key': (r) => {
		const b = copy();
		const at = r.pick(objects(b));
		const key = r.pick(['extra', 'isAdmin', 'id2', 'x', 'Format', 'players ', 'eval', 'hands2']);
		(get(b, at) as Record<string, Json>)[key] = r.pick<Json>([1, 'x', true, null, {}]);
		return JSON.stringify(b);
	},

	'deep nesting': (r) => {
		const depth = 25 + r.int(5000);
		const open = r.pick(['[', '{"a":']);
		const close = open === '[' ? ']' : '}';
		const nest = open.repeat(depth) + '1' + close.repeat(depth);
		return r.next() < 0.5 ? nest : baseText.replace('"type":"double"', `"type":${nest}`);
	},

	'wrong format or version': (r) => {
		const b = copy() as Record<string, Json>;
		const k = r.int(3);
		if (k === 0) {
			b.formatVersion = r.pick<Json>([0, 2, 99, '1', null, -1, 1.5, true, [1]]);
		} else if (k === 1) {
			delete b[r.pick(['format', 'formatVersion', 'exportedAt', 'evenings', 'players'])];
		} else b.format = r.pick<Json>(['Caboose-backup', 'caboose-backup ', 'other', '', 1, null]);
		return JSON.stringify(b);
	},

	'round of the wrong place': (r) => {
		const b = copy() as unknown as Backup;
		const e = r.pick(b.evenings.filter((x) => x.rounds.length > 1));
		const other = b.evenings.find((x) => x !== e)!;
		const round = r.pick(e.rounds);
		const k = r.int(7);
		if (k === 0) round.id = `${other.evening.id}:${round.index}`;
		else if (k === 1) round.eveningId = other.evening.id;
		else if (k === 2) round.index += 1 + r.int(3);
		else if (k === 3) e.rounds.splice(r.int(e.rounds.length - 1), 1);
		else if (k === 4) e.rounds.push(structuredClone(round));
		else if (k === 5) e.rounds.reverse();
		else round.id = `${round.eveningId}-${round.index}`;
		return JSON.stringify(b);
	},

	'round the rules refuse': (r) => {
		const b = copy() as unknown as Backup;
		const e = r.pick(b.evenings.filter((x) => x.rounds.length > 0));
		const seats = e.evening.players.map((p) => p.id);
		const round = r.pick(e.rounds);
		const k = r.int(6);
		if (k === 0) round.entry = { out: seats[0]!, blocked: true, hands: round.entry.hands };
		else if (k === 1) round.entry = { out: null, blocked: false, hands: round.entry.hands };
		else if (k === 2) {
			// Two players out: the named one and one with an empty tile list.
			const other = seats.find((s) => s !== round.entry.out)!;
			round.entry.hands = { ...round.entry.hands, [other]: [] };
		} else if (k === 3) {
			const missing = seats.find((s) => s !== round.entry.out)!;
			delete (round.entry.hands as Record<string, unknown>)[missing];
		} else if (k === 4) {
			// The round's own engine double in a hand.
			const engine = engineAt(resolveRules(e.evening.rules), round.index)!;
			const holder = seats.find((s) => s !== round.entry.out)!;
			round.entry.hands = { ...round.entry.hands, [holder]: [[engine, engine]] };
		} else {
			// More rounds than the schedule holds (a cyclic one has no end: use the other).
			const finite = b.evenings.find(
				(x) => x.rounds.length > 0 && scheduleLength(resolveRules(x.evening.rules)) !== null
			)!;
			const length = scheduleLength(resolveRules(finite.evening.rules))!;
			for (let i = finite.rounds.length; i <= length; i++) {
				const r0 = structuredClone(finite.rounds[0]!);
				finite.rounds.push({ ...r0, id: `${finite.evening.id}:${i}`, index: i });
			}
		}
		return JSON.stringify(b);
	},

	'bad evening': (r) => {
		const b = copy() as unknown as Backup;
		const e = r.pick(b.evenings).evening;
		const k = r.int(10);
		if (k === 0)
			e.players = [
				...e.players,
				...Array.from({ length: 9 }, (_, i) => ({ id: `x${i}`, name: `X${i}` }))
			];
		else if (k === 1) e.players = e.players.slice(0, 1);
		else if (k === 2) e.players[1]!.name = ` ${e.players[0]!.name.toUpperCase()} `.trim();
		else if (k === 3) e.players[0]!.name = '';
		else if (k === 4) e.firstStarter = e.players.length + r.int(3);
		else if (k === 5) (e.rules as Record<string, unknown>).schedule = [13, 12];
		else if (k === 6) (e.rules as Record<string, unknown>).set = 7;
		else if (k === 7) (e.rules as Record<string, unknown>).preset = 'house-rules';
		else if (k === 8) e.players[1]!.id = e.players[0]!.id;
		// (Changed before created is no forgery: a clock set back writes it. Two names under one
		// id, across the file, is.)
		else e.players[1]!.id = b.players.find((p) => p.name !== e.players[1]!.name)!.id;
		return JSON.stringify(b);
	},

	'bad id': (r) => {
		const b = copy() as unknown as Backup;
		const e = r.pick(b.evenings);
		const bad = r.pick([
			'toString',
			'constructor',
			'hasOwnProperty',
			'',
			'a b',
			'../../etc',
			'x'.repeat(101),
			'<script>',
			'id\u0000'
		]);
		if (r.next() < 0.5) e.evening.players[0]!.id = bad;
		else b.players[0]!.id = bad;
		return JSON.stringify(b);
	},

	'script-y name that is no valid name': (r) => {
		const b = copy() as unknown as Backup;
		const script = r.pick([
			'<script>alert(1)</script>',
			'<img src=x onerror=alert(1)>',
			'"><svg onload=alert(1)>',
			"=cmd|' /C calc'!A0",
			'javascript:alert(1)'
		]);
		// Too long, or with a control character no name field can hold.
		const bad = r.pick([
			script + 'x'.repeat(41),
			script + '\n',
			'\u0000' + script,
			script + '\u0007',
			` ${script}`,
			script.repeat(3)
		]);
		if (r.next() < 0.5) r.pick(b.evenings).evening.players[0]!.name = bad;
		else b.players[0]!.name = bad;
		return JSON.stringify(b);
	},

	'players list': (r) => {
		const b = copy() as unknown as Backup;
		const k = r.int(3);
		if (k === 0) b.players[0]!.key = 'someone-else';
		else if (k === 1) b.players.push({ ...b.players[0]!, key: 'zz', name: 'Zz' });
		else b.players.push({ ...b.players[0]!, id: 'another-id' });
		return JSON.stringify(b);
	},

	'not JSON at all': (r) =>
		r.pick([
			'',
			' ',
			'null',
			'true',
			'0',
			'"caboose-backup"',
			'[]',
			'{}',
			'\ufeff' + baseText,
			baseText + ',',
			baseText.replace(/"/g, "'"),
			'<html><script>alert(1)</script></html>',
			String.fromCharCode(...Array.from({ length: 64 }, () => r.int(256)))
		])
};

const PER_GENERATOR = 90;

describe('hostile backup files', () => {
	it(`refuses ${Object.keys(GENERATORS).length * PER_GENERATOR}+ generated files and the database stays identical`, async () => {
		const r = rng(20261121);
		const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
		let tried = 0;
		let accepted = 0;
		const byCode = new Map<string, number>();
		for (const [label, gen] of Object.entries(GENERATORS)) {
			for (let i = 0; i < PER_GENERATOR; i++) {
				const text = gen(r);
				const outcome = await importBackupText(db, text);
				tried++;
				if (outcome.ok) {
					accepted++;
					(await import('node:fs')).writeFileSync('/tmp/acc.json', text);
					throw new Error(`${label} #${i} was accepted: ${text.slice(0, 300)}`);
				}
				byCode.set(outcome.problem.code, (byCode.get(outcome.problem.code) ?? 0) + 1);
			}
			// Compared after every family: nothing written, not one row.
			expect(await dump(db), label).toBe(before);
		}
		// A few files over the real size cap (16 MiB), as the panel would read them.
		for (const pad of [1, 1024, 4096]) {
			const text = baseText.replace(
				'"players":[',
				`"players":[${' '.repeat(MAX_BACKUP_BYTES + pad - baseText.length)}`
			);
			const outcome = await importBackupText(db, text);
			tried++;
			expect(outcome.ok).toBe(false);
			if (!outcome.ok) {
				expect(outcome.problem.code).toBe('too-large');
				byCode.set('too-large', (byCode.get('too-large') ?? 0) + 1);
			}
		}
		// Arbitrary JSON and arbitrary text from fast-check: never a backup.
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.json(),
					fc.string(),
					fc
						.jsonValue()
						.map((v) => JSON.stringify({ format: 'caboose-backup', formatVersion: 1, evenings: v }))
				),
				async (text) => {
					tried++;
					const outcome = await importBackupText(db, text);
					return !outcome.ok;
				}
			),
			{ numRuns: 300, seed: 20261121 }
		);

		expect(await dump(db)).toBe(before);
		expect(accepted).toBe(0);
		expect(tried).toBeGreaterThanOrEqual(1000);
		// Nothing reached Object.prototype.
		expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		// Every way of refusing was exercised.
		for (const code of [
			'too-large',
			'not-json',
			'too-deep',
			'forbidden-key',
			'not-a-backup',
			'format-version',
			'invalid',
			'inconsistent',
			'round-refused'
		]) {
			expect(byCode.get(code) ?? 0, code).toBeGreaterThan(0);
		}
		console.log(
			`hostile backup files tried: ${tried}, accepted: ${accepted}, database changed: no; refusals: ${JSON.stringify(Object.fromEntries(byCode))}`
		);
	}, 120_000);

	it('imports a valid file whose names look like scripts or formulas, keeping them as text', async () => {
		const target = freshDb();
		const b = structuredClone(base);
		const names = ['<img src=x onerror=alert(1)>', "=cmd|' /C calc'!A0", '"; DROP'];
		const e = b.evenings[0]!;
		e.evening.players.forEach((p, i) => (p.name = names[i]!));
		// The known players under those ids carry the same names (one id, one person).
		for (const p of b.players) {
			const seat = e.evening.players.find((s) => s.id === p.id);
			if (seat) Object.assign(p, { name: seat.name, key: playerKey(seat.name) });
		}
		const r = await importBackupText(target, backupJson(b));
		expect(r.ok).toBe(true);
		const stored = await target.evenings.get(e.evening.id);
		expect(stored!.players.map((p) => p.name)).toEqual(names);
	});
});

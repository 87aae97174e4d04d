import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoundRow } from '$lib/db/database';
import { createEvening, deleteEvening, knownPlayers, listEvenings } from '$lib/db/evenings';
import { playerKey } from '$lib/rules';
import { closeAll, freshDb, newEvening } from './helpers';

afterEach(closeAll);

function round(eveningId: string, index: number, savedAt = 1): RoundRow {
	return {
		id: `${eveningId}:${index}`,
		eveningId,
		index,
		entry: { out: null, blocked: true, hands: {} },
		starter: null,
		savedAt
	};
}

describe('createEvening', () => {
	it('stores the seats in order with the chosen rules and remembers the players', async () => {
		const db = freshDb();
		const id = await newEvening(db, {
			names: ['  Anna ', 'Ben', 'Cleo'],
			rules: { preset: 'cardinal-us', blankHalf: 5 },
			firstStarter: 1
		});
		const evening = await db.evenings.get(id);
		expect(evening).toBeDefined();
		expect(evening!.players.map((p) => p.name)).toEqual(['Anna', 'Ben', 'Cleo']);
		expect(evening!.rules).toEqual({ preset: 'cardinal-us', blankHalf: 5 });
		expect(evening!.firstStarter).toBe(1);
		expect(evening!.endedAt).toBeNull();
		expect(evening!.createdAt).toBe(evening!.updatedAt);

		const players = await db.players.toArray();
		expect(players).toHaveLength(3);
		const byKey = new Map(players.map((p) => [p.key, p]));
		expect(byKey.get('anna')?.name).toBe('Anna');
		// A seat carries the player's id, so later evenings recognise the same person.
		for (const seat of evening!.players) {
			expect(byKey.get(playerKey(seat.name))?.id).toBe(seat.id);
		}
	});

	it('reuses a known player matched by key and keeps the latest spelling', async () => {
		const db = freshDb();
		const first = await newEvening(db, {
			names: ['anna', 'Ben'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		const second = await newEvening(db, {
			names: ['Dario', ' ANNA'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		const a = await db.evenings.get(first);
		const b = await db.evenings.get(second);
		expect(b!.players[1]!.id).toBe(a!.players[0]!.id);
		expect(b!.players[1]!.name).toBe('ANNA');
		// The earlier evening keeps the name as it was that evening.
		expect(a!.players[0]!.name).toBe('anna');
		expect(await db.players.count()).toBe(3);
		const anna = await db.players.where('key').equals('anna').first();
		expect(anna?.name).toBe('ANNA');
	});

	it('recognises a name typed with combining accents as the same player', async () => {
		const db = freshDb();
		await newEvening(db, {
			names: ['Cl\u00e9o', 'Ben'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		await newEvening(db, {
			names: ['Cle\u0301o', 'Ben'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		expect(await db.players.count()).toBe(2);
	});

	it('stores a plain copy of the rules, not the caller’s object', async () => {
		const db = freshDb();
		const rules = { preset: 'german-talon' as const, schedule: [12, 10, 8] };
		const id = await newEvening(db, { names: ['A', 'B', 'C', 'D'], rules, firstStarter: 3 });
		rules.schedule.push(6);
		expect((await db.evenings.get(id))!.rules).toEqual({
			preset: 'german-talon',
			schedule: [12, 10, 8]
		});
	});

	it.each([
		[
			'no players',
			[],
			0,
			{ problems: [{ code: 'player-count', params: { min: 2, max: 10, count: 0 } }] }
		],
		['an empty name', ['Anna', '  '], 0, { problems: [{ code: 'name-empty', player: '1' }] }],
		[
			'a name twice ignoring case and spaces',
			['Anna', ' anna '],
			0,
			{ problems: [{ code: 'name-duplicate', player: '1', params: { name: 'anna', first: 0 } }] }
		],
		['a first starter outside the seats', ['Anna', 'Ben'], 2, { invalid: 'first-starter' }],
		['a fractional first starter', ['Anna', 'Ben'], 0.5, { invalid: 'first-starter' }]
	])(
		'refuses %s with a typed result and stores nothing',
		async (_label, names, firstStarter, why) => {
			const db = freshDb();
			expect(
				await createEvening(db, { names, rules: { preset: 'swiss-jassshop' }, firstStarter })
			).toEqual({ ok: false, ...why });
			expect(await db.evenings.count()).toBe(0);
			expect(await db.players.count()).toBe(0);
		}
	);

	it('refuses rules the rules core refuses (validateSetup), storing nothing', async () => {
		const db = freshDb();
		const created = await createEvening(db, {
			names: ['Anna', 'Ben'],
			rules: { preset: 'swiss-jassshop', set: 7 as never },
			firstStarter: 0
		});
		expect(created).toEqual({
			ok: false,
			problems: [{ code: 'bad-knob', params: { knob: 'set', value: '7' } }]
		});
		expect(await db.evenings.count()).toBe(0);
	});
});

describe('listEvenings', () => {
	it('lists newest first with each evening’s rounds in order and their count', async () => {
		const db = freshDb();
		const older = await newEvening(db, {
			names: ['Anna', 'Ben'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		await db.evenings.update(older, { createdAt: 1000 });
		const newer = await newEvening(db, {
			names: ['Cleo', 'Dario'],
			rules: { preset: 'swiss-station' },
			firstStarter: 0
		});
		await db.rounds.bulkAdd([round(older, 1), round(older, 0), round(newer, 0)]);

		const list = await listEvenings(db);
		expect(list.map((i) => i.evening.id)).toEqual([newer, older]);
		expect(list.map((i) => i.roundCount)).toEqual([1, 2]);
		expect(list[1]!.rounds.map((r) => r.index)).toEqual([0, 1]);
	});

	it('is empty for a new database', async () => {
		expect(await listEvenings(freshDb())).toEqual([]);
	});
});

describe('knownPlayers', () => {
	it('lists players most recently played first', async () => {
		const db = freshDb();
		await newEvening(db, {
			names: ['Anna', 'Ben'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		await db.players.where('key').anyOf(['anna', 'ben']).modify({ lastPlayedAt: 10 });
		await newEvening(db, {
			names: ['Cleo', 'Ben'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		const names = (await knownPlayers(db)).map((p) => p.name);
		expect(names.slice(2)).toEqual(['Anna']);
		expect(names.slice(0, 2).sort()).toEqual(['Ben', 'Cleo']);
	});
});

describe('deleteEvening', () => {
	it('removes the evening with its rounds, draft and table events, and nothing else', async () => {
		const db = freshDb();
		const gone = await newEvening(db, {
			names: ['Anna', 'Ben'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		const kept = await newEvening(db, {
			names: ['Anna', 'Cleo'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		for (const id of [gone, kept]) {
			await db.rounds.bulkAdd([round(id, 0), round(id, 1)]);
			await db.drafts.put({ eveningId: id, index: 2, fields: { a: '3' }, updatedAt: 1 });
			await db.tableEvents.bulkAdd([
				{ eveningId: id, roundIndex: 0, seq: 0, event: { type: 'x' }, at: 1 },
				{ eveningId: id, roundIndex: 2, seq: 0, event: { type: 'y' }, at: 2 }
			]);
		}

		await deleteEvening(db, gone);

		expect(await db.evenings.get(gone)).toBeUndefined();
		expect(await db.rounds.where('eveningId').equals(gone).count()).toBe(0);
		expect(await db.drafts.get(gone)).toBeUndefined();
		expect(await db.tableEvents.filter((e) => e.eveningId === gone).count()).toBe(0);

		expect(await db.evenings.get(kept)).toBeDefined();
		expect(await db.rounds.where('eveningId').equals(kept).count()).toBe(2);
		expect(await db.drafts.get(kept)).toBeDefined();
		expect(await db.tableEvents.filter((e) => e.eveningId === kept).count()).toBe(2);
		// Players stay known for later evenings.
		expect(await db.players.count()).toBe(3);
	});

	it('does nothing for an unknown id', async () => {
		const db = freshDb();
		const id = await newEvening(db, {
			names: ['Anna', 'Ben'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		await deleteEvening(db, 'no-such-evening');
		expect(await db.evenings.get(id)).toBeDefined();
	});
});

// Keep a copy: an evening from a link stored on this phone through the backup's own merge.
import { afterEach, describe, expect, it } from 'vitest';
import { keepSnapshot } from '$lib/db/link';
import { exportBackup } from '$lib/db/backup';
import { snapshotOf } from '$lib/link';
import { closeAll, freshDb, newEvening } from './helpers';
import { tableEvening, tableLog } from '../unit/link-fixtures';

afterEach(closeAll);

const snapshot = (rounds: number, withTable = false) => {
	const { evening, rounds: rows } = tableEvening('mixed', { rounds });
	return snapshotOf(evening, rows, withTable ? tableLog(evening) : null);
};

describe('keepSnapshot', () => {
	it('adds the evening with its rounds, table and players', async () => {
		const db = freshDb();
		const outcome = await keepSnapshot(db, snapshot(5, true));
		expect(outcome).toMatchObject({ ok: true, result: { added: 1, rounds: 5 } });
		const evening = await db.evenings.get('6f1d2c3b-4a59-4e8f-8a7b-1c2d3e4f5a6b');
		expect(evening?.players.map((p) => p.name)).toEqual([
			'Anna',
			'Ben',
			'Chiara',
			'Dominik',
			'Élodie',
			'François',
			'Giulia',
			'Hans-Peter'
		]);
		expect(await db.rounds.count()).toBe(5);
		const events = await db.tableEvents.toArray();
		expect(events.map((e) => e.roundIndex)).toEqual([5, 5, 5, 5, 5, 5, 5]);
		// The table names this phone's seat ids, as the table screen stores them.
		expect(events[0]?.event).toEqual({
			type: 'tile',
			train: evening!.players[0]!.id,
			by: evening!.players[0]!.id
		});
		expect(await db.players.count()).toBe(8);
	});

	it('scanning again merges: more rounds replace, fewer never remove a saved round', async () => {
		const db = freshDb();
		await keepSnapshot(db, snapshot(5));
		expect(await keepSnapshot(db, snapshot(8))).toMatchObject({
			ok: true,
			result: { replaced: 1 }
		});
		expect(await db.rounds.count()).toBe(8);
		expect(await keepSnapshot(db, snapshot(3))).toMatchObject({ ok: true, result: { kept: 1 } });
		expect(await db.rounds.count()).toBe(8);
		expect(await db.evenings.count()).toBe(1);
		// The same seat ids each time: the players are known by name now.
		expect(await db.players.count()).toBe(8);
	});

	it("a name this phone knows keeps this phone's player id", async () => {
		const db = freshDb();
		await newEvening(db, {
			names: ['anna', 'Zoe'],
			rules: { preset: 'swiss-jassshop' },
			firstStarter: 0
		});
		const anna = await db.players.where('key').equals('anna').first();
		await keepSnapshot(db, snapshot(2));
		const evening = await db.evenings.get('6f1d2c3b-4a59-4e8f-8a7b-1c2d3e4f5a6b');
		expect(evening?.players[0]).toEqual({ id: anna!.id, name: 'Anna' });
		expect(await db.players.count()).toBe(9);
	});

	it('a snapshot the backup checks refuse changes nothing', async () => {
		const db = freshDb();
		await keepSnapshot(db, snapshot(2));
		const before = await exportBackup(db);
		const bad = snapshot(4);
		bad.rounds[3]!.entry.hands['1'] = 99_999;
		const outcome = await keepSnapshot(db, bad);
		expect(outcome.ok).toBe(false);
		const after = await exportBackup(db);
		expect({ ...after, exportedAt: 0 }).toEqual({ ...before, exportedAt: 0 });
	});
});

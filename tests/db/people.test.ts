// One person per name across phones (issue 27): an evening imported from another phone keeps that
// phone's player ids, yet its Ann is this phone's Ann; the scorekeeper can merge two people or
// split one, and the choice is kept.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { backupJson, exportBackup, importBackupText } from '$lib/db/backup';
import { createDatabase, type CabooseDb } from '$lib/db/database';
import { mergePeople, splitPerson } from '$lib/db/people';
import { listPlayers, playerStats, renamePlayer } from '$lib/db/players';
import { saveRound } from '$lib/db/rounds';
import { closeAll, connect, freshDb, newEvening } from './helpers';

afterEach(closeAll);

async function played(db: CabooseDb, names: string[]) {
	const id = await newEvening(db, { names, rules: { preset: 'swiss-jassshop' }, firstStarter: 0 });
	const seats = (await db.evenings.get(id))!.players.map((p) => p.id);
	const hands = Object.fromEntries(seats.slice(1).map((s) => [s, 10]));
	expect(await saveRound(db, id, 0, { out: seats[0]!, blocked: false, hands })).toEqual({
		ok: true
	});
	return id;
}

/** This phone with Ann's first evening, and an evening of Ann and Ben from another phone. */
async function twoPhones(name = `people-${crypto.randomUUID()}`) {
	const here = connect(name);
	await played(here, ['Ann', 'Cleo']);
	const other = freshDb();
	await played(other, ['ann', 'Ben']);
	const imported = await importBackupText(here, backupJson(await exportBackup(other)));
	expect(imported.ok).toBe(true);
	return here;
}

const lines = async (db: CabooseDb) =>
	(await listPlayers(db)).map((l) => `${l.name} ${l.eveningsPlayed}`).sort();

describe('people across phones', () => {
	it('counts an evening from another phone for the person of the same name', async () => {
		const db = await twoPhones();
		expect(await lines(db)).toEqual(['Ann 2', 'Ben 1', 'Cleo 1']);
		const ann = (await listPlayers(db)).find((l) => l.name === 'Ann')!;
		expect(ann.parts).toBe(2);
		const record = (await playerStats(db, ann.id))!;
		expect(record.eveningsPlayed).toBe(2);
		expect(record.roundsPlayed).toBe(2);
		expect(record.roundsWon).toBe(2);
	});

	it('splits a person into the ids it was made of, and merges them again; kept over a reopen', async () => {
		const name = `people-${crypto.randomUUID()}`;
		const db = await twoPhones(name);
		const ann = (await listPlayers(db)).find((l) => l.name === 'Ann')!;
		expect(await splitPerson(db, ann.id)).toEqual({ ok: true, count: 2 });
		expect(await lines(db)).toEqual(['Ann 1', 'Ben 1', 'Cleo 1', 'ann 1']);
		expect(await splitPerson(db, ann.id)).toEqual({ ok: false, problem: 'single' });

		// A second connection, as after a reload.
		db.close();
		const again = createDatabase(name);
		expect(await lines(again)).toEqual(['Ann 1', 'Ben 1', 'Cleo 1', 'ann 1']);
		const other = (await listPlayers(again)).find((l) => l.name === 'ann')!;
		expect(await mergePeople(again, ann.id, other.id)).toEqual({ ok: true, id: ann.id });
		expect(await lines(again)).toEqual(['Ann 2', 'Ben 1', 'Cleo 1']);
		again.close();
	});

	it('merges two names into one person (the first keeps its name), not two who sat together', async () => {
		const db = freshDb();
		await played(db, ['Ann', 'Cleo']);
		await played(db, ['Annie', 'Cleo']);
		const byName = async (n: string) => (await listPlayers(db)).find((l) => l.name === n)!.id;
		const [ann, annie, cleo] = [await byName('Ann'), await byName('Annie'), await byName('Cleo')];
		expect(await mergePeople(db, ann, cleo)).toEqual({ ok: false, problem: 'same-evening' });
		expect(await mergePeople(db, ann, ann)).toEqual({ ok: false, problem: 'same' });
		expect(await mergePeople(db, ann, 'nobody')).toEqual({ ok: false, problem: 'missing' });
		expect(await mergePeople(db, ann, annie)).toEqual({ ok: true, id: ann });
		const merged = (await listPlayers(db)).find((l) => l.id === ann)!;
		expect(merged).toMatchObject({ name: 'Ann', names: ['Ann', 'Annie'], eveningsPlayed: 2 });
		expect((await playerStats(db, annie))!.id).toBe(ann);
		// Annie typed at a later setup is still Ann.
		await played(db, ['annie', 'Ben']);
		expect(await lines(db)).toEqual(['Ann 3', 'Ben 1', 'Cleo 2']);
	});

	it('a rename keeps the other phone’s ids with the person', async () => {
		const db = await twoPhones();
		const ann = (await listPlayers(db)).find((l) => l.name === 'Ann')!;
		expect(await renamePlayer(db, ann.id, 'Anna')).toEqual({ ok: true });
		expect(await lines(db)).toEqual(['Anna 2', 'Ben 1', 'Cleo 1']);
	});
});

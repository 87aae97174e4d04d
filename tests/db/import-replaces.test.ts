// An import says what it replaces (issues 26, 27): an evening recorded on this phone is never
// replaced by a link; a kept copy is marked and only it follows a newer link; a backup that would
// replace rounds corrected here keeps both and says which, unless told to replace.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { keepSnapshot } from '$lib/db/link';
import { backupJson, exportBackup, importBackupText } from '$lib/db/backup';
import { editRound, listRounds, saveRound } from '$lib/db/rounds';
import { snapshotOf } from '$lib/link';
import type { CabooseDb } from '$lib/db/database';
import { closeAll, freshDb, newEvening } from './helpers';

afterEach(closeAll);

async function recorded(db: CabooseDb, rounds: number) {
	const id = await newEvening(db, {
		names: ['Anna', 'Ben', 'Cleo'],
		rules: { preset: 'swiss-jassshop' },
		firstStarter: 0
	});
	const seats = (await db.evenings.get(id))!.players.map((p) => p.id);
	const entry = (ben: number) => ({
		out: seats[0]!,
		blocked: false,
		hands: { [seats[1]!]: ben, [seats[2]!]: 20 }
	});
	for (let i = 0; i < rounds; i++) await saveRound(db, id, i, entry(10));
	return { id, seats, entry };
}

async function linkOf(db: CabooseDb, id: string) {
	const evening = (await db.evenings.get(id))!;
	return snapshotOf(evening, await listRounds(db, id), null);
}

describe('Keep a copy', () => {
	it('stores a kept copy, marked with where it came from', async () => {
		const phone = freshDb();
		const { id } = await recorded(phone, 2);
		const other = freshDb();
		expect(await keepSnapshot(other, await linkOf(phone, id))).toMatchObject({ ok: true });
		expect((await other.evenings.get(id))!.keptFrom).toBe(id);
	});

	it('never replaces an evening recorded here: a hostile link with its id is kept beside it', async () => {
		const phone = freshDb();
		const { id } = await recorded(phone, 2);
		const forged = await linkOf(phone, id);
		forged.names = ['Mallory', 'Eve', 'Trudy'];
		forged.rounds = [...forged.rounds, forged.rounds[0]!, forged.rounds[0]!];
		forged.updatedAt += 1000;
		const outcome = await keepSnapshot(phone, forged);
		expect(outcome).toMatchObject({ ok: true, result: { replaced: 0, copied: 1 } });
		const mine = (await phone.evenings.get(id))!;
		expect(mine.players.map((p) => p.name)).toEqual(['Anna', 'Ben', 'Cleo']);
		expect(mine.keptFrom).toBeUndefined();
		expect(await listRounds(phone, id)).toHaveLength(2);
		const copy = (await phone.evenings.toArray()).find((e) => e.id !== id)!;
		expect(copy.keptFrom).toBe(id);
		expect(copy.players.map((p) => p.name)).toEqual(['Mallory', 'Eve', 'Trudy']);
	});

	it('updates the copy kept beside an evening recorded here from a newer link, adds no other', async () => {
		const phone = freshDb();
		const { id } = await recorded(phone, 1);
		const link = await linkOf(phone, id);
		const longer = (rounds: number, later: number) => ({
			...link,
			rounds: Array.from({ length: rounds }, () => link.rounds[0]!),
			updatedAt: link.updatedAt + later
		});
		expect(await keepSnapshot(phone, longer(2, 1000))).toMatchObject({
			ok: true,
			result: { copied: 1 }
		});
		const copyId = (await phone.evenings.toArray()).find((e) => e.id !== id)!.id;
		const again = await keepSnapshot(phone, longer(3, 2000));
		expect(again).toMatchObject({ ok: true, result: { replaced: 1, added: 0 } });
		expect(again.ok && again.result.copied).toBeUndefined();
		expect((await phone.evenings.toArray()).map((e) => e.id).sort()).toEqual([id, copyId].sort());
		expect(await listRounds(phone, copyId)).toHaveLength(3);
		expect((await phone.evenings.get(copyId))!.keptFrom).toBe(id);
		expect(await listRounds(phone, id)).toHaveLength(1);
		// An older link changes nothing.
		expect(await keepSnapshot(phone, longer(2, 3000))).toMatchObject({
			ok: true,
			result: { kept: 1 }
		});
		expect(await phone.evenings.count()).toBe(2);
	});

	it('updates a kept copy from a newer link of the same evening', async () => {
		const phone = freshDb();
		const { id, entry } = await recorded(phone, 1);
		const other = freshDb();
		await keepSnapshot(other, await linkOf(phone, id));
		await saveRound(phone, id, 1, entry(7));
		const outcome = await keepSnapshot(other, await linkOf(phone, id));
		expect(outcome).toMatchObject({ ok: true, result: { replaced: 1 } });
		expect(await listRounds(other, id)).toHaveLength(2);
		expect((await other.evenings.get(id))!.keptFrom).toBe(id);
	});
});

describe('a backup that would replace rounds corrected here', () => {
	it('keeps both, says which rounds, and replaces only when told to', async () => {
		const phone = freshDb();
		const { id, entry } = await recorded(phone, 2);
		// The backup was made; then round 1 is corrected here, and the other phone plays on.
		const elsewhere = freshDb();
		await importBackupText(elsewhere, backupJson(await exportBackup(phone)));
		await editRound(phone, id, 0, entry(15));
		await saveRound(elsewhere, id, 2, entry(3));
		const file = backupJson(await exportBackup(elsewhere));

		const outcome = await importBackupText(phone, file);
		expect(outcome).toMatchObject({
			ok: true,
			result: { replaced: 0, copied: 1, changed: [{ eveningId: id, rounds: [1] }] }
		});
		expect((await listRounds(phone, id))[0]!.entry.hands).toMatchObject(entry(15).hands);
		expect(await phone.evenings.count()).toBe(2);

		const told = await importBackupText(phone, file, undefined, { replace: [id] });
		expect(told).toMatchObject({ ok: true, result: { replaced: 1 } });
		expect(await listRounds(phone, id)).toHaveLength(3);
	});

	it('replaces an evening the file only adds rounds to, as before', async () => {
		const phone = freshDb();
		const { id, entry } = await recorded(phone, 1);
		const elsewhere = freshDb();
		await importBackupText(elsewhere, backupJson(await exportBackup(phone)));
		await saveRound(elsewhere, id, 1, entry(4));
		const outcome = await importBackupText(phone, backupJson(await exportBackup(elsewhere)));
		expect(outcome).toMatchObject({ ok: true, result: { replaced: 1 } });
		expect(outcome.ok && outcome.result.changed).toBeUndefined();
	});
});

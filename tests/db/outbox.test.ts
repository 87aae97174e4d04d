// The club's outbox: on a phone joined as a table, each write that changes an evening appends
// exactly one operation, in its own transaction (a write that fails or is refused appends none),
// carrying the evening as stored and its summary's revision. Without a club, as a viewer, or
// once revoked, nothing is appended.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CabooseDb, ClubMembership, OutboxRow } from '$lib/db/database';
import { deleteEvening } from '$lib/db/evenings';
import { renamePlayer } from '$lib/db/players';
import { editRound, endEvening, resumeEvening, saveRound, undoLastRound } from '$lib/db/rounds';
import { importBackup, importBackupText } from '$lib/db/backup';
import { joinClub } from '$lib/db/club';
import { exportBackup } from '$lib/db/backup/export';
import { clubMembership, leaveClub, markRevoked, outboxCounts, waitingOps } from '$lib/db/outbox';
import { settleOps } from '$lib/db/settle';
import type { RoundEntry } from '$lib/rules/types';
import { closeAll, freshDb, newEvening } from './helpers';

afterEach(closeAll);

const CLUB: ClubMembership = {
	server: 'https://club.example',
	token: 'A'.repeat(43),
	club: 'Domino club',
	table: 'Table 3',
	role: 'table',
	joinedAt: 1,
	revoked: false
};

async function evening(db: CabooseDb) {
	const id = await newEvening(db, {
		names: ['Anna', 'Ben', 'Cleo'],
		rules: { preset: 'swiss-jassshop' },
		firstStarter: 0
	});
	const [a, b, c] = (await db.evenings.get(id))!.players.map((p) => p.id) as [
		string,
		string,
		string
	];
	const round = (n: number): RoundEntry => ({
		out: a,
		blocked: false,
		hands: { [b]: n, [c]: n + 1 }
	});
	return { id, a, b, c, round };
}

/** Runs `write` and answers the operations it appended, checked against what it stored. */
async function appended(db: CabooseDb, write: () => Promise<unknown>): Promise<OutboxRow[]> {
	const before = await db.outbox.toArray();
	await write();
	const after = await db.outbox.toArray();
	const added = after.filter((r) => !before.some((b) => b.seq === r.seq));
	for (const row of added) {
		expect(row.held).toBe(0);
		const { op } = row;
		const summary = await db.summaries.get(op.eveningId);
		if (op.kind === 'put') {
			// The evening as stored now, at its summary's revision.
			expect(op.revision).toBe(summary!.revision);
			expect(op.evening.evening).toEqual(await db.evenings.get(op.eveningId));
			const rounds = await db.rounds.where('eveningId').equals(op.eveningId).sortBy('index');
			expect(op.evening.rounds).toEqual(rounds);
		}
	}
	return added;
}

describe('the outbox', () => {
	it('appends nothing for a phone in no club', async () => {
		const db = freshDb();
		const { id, round } = await evening(db);
		await saveRound(db, id, 0, round(3));
		await endEvening(db, id);
		await deleteEvening(db, id);
		expect(await db.outbox.count()).toBe(0);
	});

	it('appends exactly one operation per write that changes an evening, in order', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const start = await appended(db, () => evening(db));
		expect(start.map((r) => r.op.kind)).toEqual(['put']);
		const id = start[0]!.op.eveningId;
		const { a, round } = await evening(db); // a second evening, for the rename
		const kinds: [string, () => Promise<unknown>][] = [
			['save', () => saveRound(db, id, 0, round(3))],
			['save', () => saveRound(db, id, 1, round(4))],
			['edit', () => editRound(db, id, 0, round(5))],
			['undo', () => undoLastRound(db, id)],
			['end', () => endEvening(db, id)],
			['resume', () => resumeEvening(db, id)]
		];
		// Each at a revision above the one before (tests/db/revisions.test.ts: by how much).
		let revision = start[0]!.op.revision;
		const above = (r: number) => expect.toSatisfy((x: number) => x > r);
		for (const [what, write] of kinds) {
			const ops = await appended(db, write);
			expect(ops, what).toHaveLength(1);
			expect(ops[0]!.op).toMatchObject({ kind: 'put', eveningId: id, revision: above(revision) });
			revision = ops[0]!.op.revision;
		}
		// A rename changes every evening the player sat in: one operation each.
		const renamed = await appended(db, () => renamePlayer(db, a, 'Annabel'));
		expect(renamed.map((r) => r.op.kind)).toEqual(['put', 'put']);
		revision = renamed.find((r) => r.op.eveningId === id)!.op.revision;
		const removed = await appended(db, () => deleteEvening(db, id));
		expect(removed.map((r) => r.op)).toEqual([
			{ id: expect.any(String), eveningId: id, revision: above(revision), kind: 'delete' }
		]);
		// Sent oldest first; every operation has its own id.
		const waiting = await waitingOps(db, 100);
		expect(waiting.map((r) => r.seq)).toEqual(
			[...waiting.map((r) => r.seq!)].sort((x, y) => x - y)
		);
		expect(new Set(waiting.map((r) => r.op.id)).size).toBe(waiting.length);
	});

	it('a save from the stored standing (three reads) still carries every round', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const { id, round } = await evening(db);
		await saveRound(db, id, 0, round(1));
		const [op] = await appended(db, () => saveRound(db, id, 1, round(2)));
		expect(op!.op.kind === 'put' && op!.op.evening.rounds.map((r) => r.index)).toEqual([0, 1]);
	});

	it('an import appends one operation per evening it writes', async () => {
		const source = freshDb();
		const { id, round } = await evening(source);
		await saveRound(source, id, 0, round(1));
		const backup = await exportBackup(source);
		const db = freshDb();
		await joinClub(db, CLUB);
		const ops = await appended(db, () => importBackup(db, backup));
		expect(ops.map((r) => r.op.eveningId)).toEqual([id]);
	});

	it('a name with half a character (a lone surrogate) in a backup is stored and sent whole', async () => {
		const source = freshDb();
		const { id } = await evening(source);
		const text = JSON.stringify(await exportBackup(source)).replace(/(b)en/gi, '$1\\ud800n');
		const db = freshDb();
		await joinClub(db, CLUB);
		const imported = await importBackupText(db, text);
		expect(imported, JSON.stringify(imported)).toMatchObject({ ok: true });
		const [op] = await waitingOps(db, 10);
		const names = op!.op.kind === 'put' ? op!.op.evening.evening.players.map((p) => p.name) : [];
		expect(names).toEqual(['Anna', 'B\uFFFDn', 'Cleo']);
		expect((await db.evenings.get(id))!.players[1]!.name).toBe('B\uFFFDn');
		expect(
			(await db.players.toArray()).every((p) => p.name.isWellFormed() && p.key.isWellFormed())
		).toBe(true);
	});

	it('joining queues every evening already on the phone once, oldest first, as stored', async () => {
		const db = freshDb();
		const first = await evening(db);
		await saveRound(db, first.id, 0, first.round(1));
		await endEvening(db, first.id);
		const second = await evening(db);
		await saveRound(db, second.id, 0, second.round(2));
		const gone = await evening(db);
		await deleteEvening(db, gone.id);
		// A backup imported before joining: its evenings are the phone's evenings.
		const source = freshDb();
		const imported = await evening(source);
		await saveRound(source, imported.id, 0, imported.round(3));
		await importBackup(db, await exportBackup(source));
		const ops = await appended(db, () => joinClub(db, CLUB));
		const byAge = (await db.evenings.orderBy('createdAt').toArray()).map((e) => e.id);
		expect(ops.map((r) => r.op.eveningId)).toEqual(byAge);
		expect(new Set(byAge)).toEqual(new Set([first.id, second.id, imported.id]));
		expect(ops.every((r) => r.op.kind === 'put')).toBe(true);
		// Joining again (a new link for the table) queues each once more, not twice.
		await joinClub(db, CLUB);
		expect((await waitingOps(db, 100)).map((r) => r.op.eveningId)).toEqual(byAge);
	});

	it('joining as a viewer queues nothing, nor does a kept copy of another phone’s evening', async () => {
		const db = freshDb();
		await evening(db);
		await joinClub(db, { ...CLUB, role: 'viewer' });
		expect(await db.outbox.count()).toBe(0);
		const source = freshDb();
		const theirs = await evening(source);
		await saveRound(source, theirs.id, 0, theirs.round(1));
		await importBackup(db, await exportBackup(source), { from: 'link' });
		await joinClub(db, CLUB);
		const sent = (await waitingOps(db, 100)).map((r) => r.op.eveningId);
		expect(sent).toHaveLength(1);
		expect(sent).not.toContain(theirs.id);
		await saveRound(db, theirs.id, 1, theirs.round(2)).catch(() => null);
		expect(await db.outbox.count()).toBe(1);
	});

	it('a refused or failed write appends nothing', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const { id, a, round } = await evening(db);
		const before = await db.outbox.count();
		// The rules refuse it.
		const refused = await saveRound(db, id, 0, { out: null, blocked: false, hands: { [a]: 1 } });
		expect(refused.ok).toBe(false);
		// The outbox cannot take it: the whole write is undone, round and all.
		db.outbox.hook('creating', () => {
			throw new Error('disk full');
		});
		await expect(saveRound(db, id, 0, round(1))).rejects.toThrow();
		expect(await db.rounds.count()).toBe(0);
		expect(await db.outbox.count()).toBe(before);
	});

	it('appends nothing for a viewer, nor once the club revoked the token', async () => {
		const db = freshDb();
		await joinClub(db, { ...CLUB, role: 'viewer' });
		const { id, round } = await evening(db);
		await saveRound(db, id, 0, round(1));
		expect(await db.outbox.count()).toBe(0);
		await joinClub(db, CLUB);
		await markRevoked(db, CLUB.token);
		expect((await clubMembership(db))!.revoked).toBe(true);
		const queuedAtJoin = await db.outbox.count();
		await saveRound(db, id, 1, round(2));
		expect(await db.outbox.count()).toBe(queuedAtJoin);
	});

	it('drops what the club acknowledged, keeps aside what it refused, keeps the rest', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const { id, round } = await evening(db);
		await saveRound(db, id, 0, round(1));
		await saveRound(db, id, 1, round(2));
		const sent = await waitingOps(db, 10);
		expect(sent).toHaveLength(3);
		const [first, second] = sent.map((r) => r.op.id);
		await settleOps(db, sent, {
			done: [first!],
			setAside: [{ id: second!, code: 'round-refused' }]
		});
		expect(await outboxCounts(db)).toEqual({ waiting: 1, refused: 1 });
		expect((await waitingOps(db, 10)).map((r) => r.op.id)).toEqual([sent[2]!.op.id]);
		// Leaving the club keeps every evening and forgets what was waiting.
		await leaveClub(db);
		expect(await clubMembership(db)).toBeNull();
		expect(await db.outbox.count()).toBe(0);
		expect(await db.rounds.count()).toBe(2);
	});
});

// Players across evenings on fake-indexeddb: one person in several evenings is one player, their
// record is worked out from the rounds as entered, and renaming changes no saved score.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteEvening, knownPlayers } from '$lib/db/evenings';
import { endEvening, listRounds, saveRound } from '$lib/db/rounds';
import { listPlayers, playerStats, renamePlayer, type PlayerStats } from '$lib/db/players';
import type { CabooseDb } from '$lib/db/database';
import type { RulesChoice } from '$lib/rules/types';
import { closeAll, freshDb, newEvening } from './helpers';

afterEach(closeAll);

async function evening(
	db: CabooseDb,
	names: string[],
	rounds: { out: string; hands: Record<string, number> }[],
	rules: RulesChoice = { preset: 'swiss-jassshop' }
) {
	const id = await newEvening(db, { names, rules, firstStarter: 0 });
	const row = (await db.evenings.get(id))!;
	const idOf = (name: string) => row.players.find((p) => p.name === name.trim())!.id;
	for (const [index, r] of rounds.entries()) {
		const hands = Object.fromEntries(Object.entries(r.hands).map(([n, v]) => [idOf(n), v]));
		const result = await saveRound(db, id, index, { out: idOf(r.out), blocked: false, hands });
		expect(result).toEqual({ ok: true });
	}
	return { id, idOf };
}

/** Every listed player's full record (the player page's), by name. */
async function records(db: CabooseDb): Promise<PlayerStats[]> {
	const lines = await listPlayers(db);
	return Promise.all(lines.map(async (l) => (await playerStats(db, l.id))!));
}

describe('listPlayers and playerStats', () => {
	it('counts evenings, wins, rounds won, the average, best and worst round per person', async () => {
		const db = freshDb();
		const first = await evening(
			db,
			['Anna', 'Ben'],
			[
				{ out: 'Anna', hands: { Ben: 30 } },
				{ out: 'Ben', hands: { Anna: 10 } }
			]
		);
		await endEvening(db, first.id);
		// "anna " is Anna again: the same player, not a new one.
		await evening(
			db,
			['anna ', 'Cleo'],
			[
				{ out: 'Cleo', hands: { 'anna ': 4 } },
				{ out: 'Cleo', hands: { 'anna ': 40 } },
				{ out: 'anna ', hands: { Cleo: 6 } }
			]
		);
		const stats = await records(db);
		expect(stats.map((s) => s.name).sort()).toEqual(['Ben', 'Cleo', 'anna']);
		// The list, read from the stored summaries, says what the full record says.
		expect((await listPlayers(db)).map((l) => [l.name, l.eveningsPlayed, l.wins]).sort()).toEqual(
			stats.map((s) => [s.name, s.eveningsPlayed, s.wins]).sort()
		);
		const anna = stats.find((s) => s.name === 'anna')!;
		expect(anna.id).toBe(first.idOf('Anna'));
		expect(anna.eveningsPlayed).toBe(2);
		// Won the first (ended: 10 against 30); the second is still open, so no win yet.
		expect(anna.wins).toBe(1);
		expect(anna.roundsPlayed).toBe(5);
		expect(anna.roundsWon).toBe(2);
		expect(anna.average).toBe(10.8); // (0 + 10 + 4 + 40 + 0) / 5
		expect(anna.best).toMatchObject({ score: 0, round: 1 });
		expect(anna.worst).toMatchObject({ score: 40, round: 2 });
		expect(anna.evenings.map((e) => [e.total, e.rank, e.won, e.over])).toEqual([
			[10, 1, true, true],
			[44, 2, false, false]
		]);
		const ben = stats.find((s) => s.name === 'Ben')!;
		expect([ben.eveningsPlayed, ben.wins, ben.roundsWon, ben.average]).toEqual([1, 0, 1, 15]);
	});

	it('reads the best round by the evening’s rules: highest is best where the highest wins', async () => {
		const db = freshDb();
		await evening(
			db,
			['Anna', 'Ben', 'Cleo'],
			[
				{ out: 'Anna', hands: { Ben: 30, Cleo: 12 } },
				{ out: 'Ben', hands: { Anna: 5, Cleo: 3 } }
			],
			{ preset: 'swiss-jassshop', mode: 'plus' }
		);
		const anna = (await records(db)).find((s) => s.name === 'Anna')!;
		expect(anna.evenings[0]!.mode).toBe('plus');
		// Plus mode: the one who goes out collects the others' hands (42), else 0.
		expect(anna.best?.score).toBe(42);
		expect(anna.worst?.score).toBe(0);
	});

	it('leaves out a player whose every evening was deleted, and lists nobody on an empty db', async () => {
		const db = freshDb();
		expect(await listPlayers(db)).toEqual([]);
		expect(await playerStats(db, 'nobody')).toBeNull();
		const gone = await evening(db, ['Anna', 'Ben'], [{ out: 'Anna', hands: { Ben: 3 } }]);
		await evening(db, ['Ben', 'Cleo'], [{ out: 'Ben', hands: { Cleo: 3 } }]);
		await deleteEvening(db, gone.id);
		expect((await listPlayers(db)).map((l) => l.name).sort()).toEqual(['Ben', 'Cleo']);
	});
});

describe('the order of players', () => {
	it('lists the most recent evening first, and the players of one evening by name', async () => {
		const db = freshDb();
		await evening(db, ['Zoë', 'Ben'], [{ out: 'Ben', hands: { Zoë: 3 } }]);
		// One evening's players share the moment they last played; the ids are random, so the
		// index alone gave them in any order.
		const later = ['Hansruedi', 'Zoë', 'Marie-Claire', 'Ana', 'Jean-Baptiste', 'Hanspeter'];
		await evening(db, later, [
			{
				out: 'Ana',
				hands: { Hansruedi: 1, Zoë: 3, 'Marie-Claire': 5, 'Jean-Baptiste': 7, Hanspeter: 9 }
			}
		]);
		// Ben last played at the first evening, a while before the second.
		await db.players.toCollection().modify((p) => {
			if (p.name === 'Ben') p.lastPlayedAt -= 3_600_000;
		});
		const expected = [
			'Ana',
			'Hanspeter',
			'Hansruedi',
			'Jean-Baptiste',
			'Marie-Claire',
			'Zoë',
			'Ben'
		];
		expect((await listPlayers(db)).map((l) => l.name)).toEqual(expected);
		expect((await knownPlayers(db)).map((p) => p.name)).toEqual(expected);
	});
});

describe('renamePlayer', () => {
	it('renames the player and their seats everywhere; no saved round changes', async () => {
		const db = freshDb();
		const a = await evening(db, ['Ann', 'Ben'], [{ out: 'Ann', hands: { Ben: 30 } }]);
		const b = await evening(db, ['ann', 'Cleo'], [{ out: 'Cleo', hands: { ann: 7 } }]);
		const roundsBefore = [...(await listRounds(db, a.id)), ...(await listRounds(db, b.id))];
		const before = await playerStats(db, a.idOf('Ann'));

		expect(await renamePlayer(db, a.idOf('Ann'), '  Anna Maria ')).toEqual({ ok: true });
		const after = await playerStats(db, a.idOf('Ann'));
		expect(after?.name).toBe('Anna Maria');
		expect({ ...after, name: '' }).toEqual({ ...before, name: '' });
		expect((await db.evenings.get(a.id))!.players[0]).toEqual({
			id: a.idOf('Ann'),
			name: 'Anna Maria'
		});
		expect((await db.evenings.get(b.id))!.players[0]!.name).toBe('Anna Maria');
		expect([...(await listRounds(db, a.id)), ...(await listRounds(db, b.id))]).toEqual(
			roundsBefore
		);
		// The next evening set up with "anna maria" seats the same player.
		expect((await knownPlayers(db)).find((p) => p.key === 'anna maria')?.id).toBe(a.idOf('Ann'));
		// Only the case changes: still the same player, allowed.
		expect(await renamePlayer(db, a.idOf('Ann'), 'ANNA MARIA')).toEqual({ ok: true });
	});

	it('refuses an empty name, one over 40 characters, another player’s name, and a missing player; nothing changes', async () => {
		const db = freshDb();
		const a = await evening(db, ['Anna', 'Ben'], [{ out: 'Anna', hands: { Ben: 3 } }]);
		const snapshot = async () => [await db.players.toArray(), await db.evenings.toArray()];
		const before = await snapshot();
		expect(await renamePlayer(db, a.idOf('Anna'), '   ')).toEqual({ ok: false, problem: 'empty' });
		expect(await renamePlayer(db, a.idOf('Anna'), 'x'.repeat(41))).toEqual({
			ok: false,
			problem: 'too-long'
		});
		expect(await renamePlayer(db, a.idOf('Anna'), ' ben ')).toEqual({
			ok: false,
			problem: 'taken'
		});
		expect(await renamePlayer(db, 'nobody', 'Zoe')).toEqual({ ok: false, problem: 'missing' });
		expect(await snapshot()).toEqual(before);
		expect(await renamePlayer(db, a.idOf('Anna'), 'x'.repeat(40))).toEqual({ ok: true });
	});
});

describe('Average per round', () => {
	it('sums points and rounds over every evening and divides once (20.45… shows 20.5, not 20.4)', async () => {
		const db = freshDb();
		const cyclic: RulesChoice = { preset: 'swiss-jassshop', schedule: 'cyclic' };
		// Ben: 30 rounds worth 613 (20.43, shown 20.4), then one round of 21: 634 over 31 rounds,
		// 20.45…, shown 20.5 (from the rounded 20.4 it would be 20.42, shown 20.4).
		const first = Array.from({ length: 30 }, (_, i) => ({
			out: 'Anna',
			hands: { Ben: i < 13 ? 21 : 20, Cleo: 5 }
		}));
		const { idOf } = await evening(db, ['Anna', 'Ben', 'Cleo'], first, cyclic);
		await evening(db, ['Anna', 'Ben', 'Cleo'], [{ out: 'Anna', hands: { Ben: 21, Cleo: 5 } }]);
		const ben = (await playerStats(db, idOf('Ben')))!;
		expect(ben.roundsPlayed).toBe(31);
		expect(ben.average).toBe(20.5);
	});
});

// Shared by the backup tests: a database with real evenings in it, and a full dump to compare.
import type { CabooseDb, RoundRow } from '$lib/db/database';
import type { RoundEntry, RulesChoice } from '$lib/rules/types';

import { newEvening } from './helpers';

export { closeAll, freshDb } from './helpers';

/** Round `index` of an evening: seat (index mod n) goes out, the others hold a few points. */
export function entryFor(seats: string[], index: number): RoundEntry {
	const out = seats[index % seats.length]!;
	const hands: Record<string, number> = {};
	seats.forEach((id, i) => {
		if (id !== out) hands[id] = (index * 7 + i * 3) % 40;
	});
	return { out, blocked: false, hands };
}

/** Adds an evening with `roundCount` valid rounds (and a table event or two); returns its id. */
export async function seedEvening(
	db: CabooseDb,
	names: string[],
	roundCount: number,
	rules: RulesChoice = { preset: 'swiss-jassshop' }
): Promise<string> {
	const id = await newEvening(db, { names, rules, firstStarter: 0 });
	const evening = (await db.evenings.get(id))!;
	const seats = evening.players.map((p) => p.id);
	const rows: RoundRow[] = [];
	for (let i = 0; i < roundCount; i++) {
		rows.push({
			id: `${id}:${i}`,
			eveningId: id,
			index: i,
			entry: entryFor(seats, i),
			starter: null,
			savedAt: 1_700_000_000_000 + i
		});
	}
	await db.rounds.bulkAdd(rows);
	await db.tableEvents.bulkAdd([
		{
			eveningId: id,
			roundIndex: roundCount,
			seq: 0,
			event: { type: 'marker', player: seats[0]!, on: true },
			at: 5
		},
		{ eveningId: id, roundIndex: roundCount, seq: 1, event: { type: 'mexican', on: true }, at: 6 }
	]);
	await db.drafts.put({
		eveningId: id,
		index: roundCount,
		fields: { text: { a: '3' } },
		updatedAt: 9
	});
	return id;
}

/** Every table, every row, in a stable order: two equal dumps mean two equal databases. */
export async function dump(db: CabooseDb): Promise<string> {
	const tables = [db.players, db.evenings, db.rounds, db.drafts, db.tableEvents, db.meta];
	const out: Record<string, unknown[]> = {};
	for (const table of tables) {
		const rows = (await table.toArray()) as unknown[];
		out[table.name] = rows
			.map((r) => JSON.stringify(r))
			.sort()
			.map((s) => JSON.parse(s) as unknown);
	}
	return JSON.stringify(out);
}

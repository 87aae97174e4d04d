// Rows grouped by their evening: the evening list, the home page's peek and a backup's export
// all read every evening and every round, and put each round with its evening here.
// Only types come from database.ts: the home page's peek must not pull Dexie in.

import type { EveningRow, RoundRow } from './database';

export interface EveningListItem {
	evening: EveningRow;
	/** The saved rounds in order of play, for the leader and whether the evening is over. */
	rounds: RoundRow[];
	roundCount: number;
}

/** Rows by their `eveningId`, each list in the order given. */
export function groupByEvening<T extends { eveningId: string }>(rows: T[]): Map<string, T[]> {
	const map = new Map<string, T[]>();
	for (const row of rows) {
		const list = map.get(row.eveningId);
		if (list) list.push(row);
		else map.set(row.eveningId, [row]);
	}
	return map;
}

/** Each evening (in the order given) with its rounds in order of play. */
export function withRounds(evenings: EveningRow[], rounds: RoundRow[]): EveningListItem[] {
	const byEvening = groupByEvening(rounds);
	return evenings.map((evening) => {
		const own = (byEvening.get(evening.id) ?? []).sort((a, b) => a.index - b.index);
		return { evening, rounds: own, roundCount: own.length };
	});
}

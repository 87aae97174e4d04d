// One line per saved evening, for the home screen's Continue and the Evenings list. No Dexie here:
// the home page imports it and must stay small (JS budget).
import { playerName, seatNames } from '$lib/format';
import type { ListedEvening } from '$lib/db/summary-current';
import type { SummaryRow } from '$lib/db/database';

/**
 * An evening's line in the lists: its stored summary (db/summaries), with the seats' names in
 * place of player ids.
 */
export interface EveningSummary extends Omit<
	SummaryRow,
	'eveningId' | 'updatedAt' | 'endedAt' | 'standing'
> {
	id: string;
	createdAt: number;
	names: string[];
}

/** The list's view of an evening and its stored summary (player ids become the seats' names). */
export function summaryOf({ evening, summary }: ListedEvening): EveningSummary {
	const names = seatNames(evening.players);
	const toNames = (keys: readonly string[]) => keys.map((k) => playerName(names, k));
	return {
		id: evening.id,
		createdAt: evening.createdAt,
		names: evening.players.map((p) => p.name),
		preset: summary.preset,
		roundCount: summary.roundCount,
		over: summary.over,
		leader: toNames(summary.leader),
		winner: summary.winner ? toNames(summary.winner) : null,
		nextRound: summary.nextRound,
		scheduleLength: summary.scheduleLength
	};
}

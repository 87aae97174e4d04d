// One line per saved evening, for the home screen's Continue and the Evenings list. No Dexie here:
// the home page imports it and must stay small (JS budget).
import type { ListedEvening } from '$lib/db/summaries';
import type { PresetId } from '$lib/rules';

export interface EveningSummary {
	id: string;
	createdAt: number;
	names: string[];
	preset: PresetId;
	roundCount: number;
	over: boolean;
	/** Names of the best-placed players (several when tied); empty before the first round. */
	leader: string[];
	/** Only when the evening is over and at least one round was played. */
	winner: string[] | null;
	/** 1-based number of the next round, or null when over. */
	nextRound: number | null;
	/** Rounds in the schedule, or null when it is cyclic. */
	scheduleLength: number | null;
}

/** The list's view of an evening and its stored summary (player ids become the seats' names). */
export function summaryOf({ evening, summary }: ListedEvening): EveningSummary {
	const toNames = (keys: readonly string[]) =>
		keys.map((k) => evening.players.find((p) => p.id === k)?.name ?? k);
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

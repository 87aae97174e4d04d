// One line per saved evening, for the home screen's Continue and the Evenings list. No Dexie here:
// the home page imports it and must stay small (JS budget).
import type { EveningListItem } from '$lib/db/evenings';
import { computeEvening, eveningSetup, type PresetId } from '$lib/rules';

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

/** Totals are never stored: the leader and the end are recomputed from the hands as entered. */
export function summarise(item: EveningListItem): EveningSummary {
	const { evening, rounds } = item;
	const names = evening.players.map((p) => p.name);
	const setup = eveningSetup(evening);
	const state = computeEvening(
		setup,
		rounds.map((r) => r.entry)
	);
	const toNames = (keys: readonly string[]) =>
		keys.map((k) => evening.players.find((p) => p.id === k)?.name ?? k);
	const played = rounds.length > 0;
	return {
		id: evening.id,
		createdAt: evening.createdAt,
		names,
		preset: setup.rules.preset,
		roundCount: rounds.length,
		over: state.over,
		leader: played ? toNames(state.ranking[0] ?? []) : [],
		winner: state.over && played && state.winner ? toNames(state.winner) : null,
		nextRound: state.next ? state.next.index + 1 : null,
		scheduleLength: state.scheduleLength
	};
}

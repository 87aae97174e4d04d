// The standings seen from across the table and taken away from it: the scoreboard, the shared
// card and the printed score sheet all read the same rows, worked out here from the evening's
// scored state.
import { formatScore, playerName } from '$lib/format';
import type { EveningState, Mode } from '$lib/rules/types';

export interface BoardRow {
	id: string;
	name: string;
	/** 1 for the best; tied players share a rank. */
	rank: number;
	total: number;
	roundsWon: number;
	eliminated: boolean;
	/** Best placed (several when tied), once a round was played. */
	leader: boolean;
}

/** Rows best first, as the standings table ranks them. */
export function boardRows(state: EveningState, names: Record<string, string>): BoardRow[] {
	const played = state.rounds.length > 0;
	const rows: BoardRow[] = [];
	let rank = 1;
	for (const group of state.ranking) {
		for (const id of group) {
			const eliminated = state.eliminated.includes(id);
			rows.push({
				id,
				name: playerName(names, id),
				rank,
				total: state.totals[id] ?? 0,
				roundsWon: state.roundsWon[id] ?? 0,
				eliminated,
				leader: played && rank === 1 && !eliminated
			});
		}
		rank += group.length;
	}
	return rows;
}

export interface SheetRound {
	/** 1-based. */
	number: number;
	engine: number;
	/** Per player id: the round's score (absent when the player no longer played). */
	scores: Record<string, number | undefined>;
	/** Per player id: the total after this round. */
	running: Record<string, number>;
}

/** Rounds × players, each round's score and the running total: the printed score sheet. */
export function sheetRounds(state: EveningState, players: readonly string[]): SheetRound[] {
	const running: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));
	return state.rounds.map((round) => {
		for (const p of players) running[p] = formatScore((running[p] ?? 0) + (round.scores[p] ?? 0));
		return {
			number: round.index + 1,
			engine: round.engine,
			scores: Object.fromEntries(players.map((p) => [p, round.scores[p]])),
			running: { ...running }
		};
	});
}

export type { Mode };

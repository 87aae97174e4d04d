// The standings chart's lines: every player from 0 before round 1, a line that ends where its
// player was eliminated (the total that reached the threshold is its last point), and the
// threshold itself as a flat line across every round.

import { formatScore } from '$lib/format';

export interface Series {
	name: string;
	/** The running total after each round. */
	totals: number[];
}

/** A player's points, 0 first; after the round that reached `threshold`, no point (null). */
export function lineData(totals: readonly number[], threshold: number | null): (number | null)[] {
	const out = threshold === null ? -1 : totals.findIndex((t) => t >= threshold);
	if (out < 0) return [0, ...totals];
	return [0, ...totals.slice(0, out + 1), ...totals.slice(out + 1).map(() => null)];
}

/** The threshold as a line over rounds 0 … `rounds`. */
export function thresholdData(rounds: number, threshold: number): number[] {
	return Array.from({ length: rounds + 1 }, () => threshold);
}

/**
 * Each player's running total after every round, to one decimal, in seat order: the chart's
 * lines, for the standings and the read-only view alike.
 */
export function runningTotals(
	rounds: readonly { scores: Record<string, number> }[],
	players: readonly { id: string; name: string }[]
): Series[] {
	return players.map(({ id, name }) => {
		let running = 0;
		return {
			name,
			totals: rounds.map((round) => {
				running += round.scores[id] ?? 0;
				return formatScore(running);
			})
		};
	});
}

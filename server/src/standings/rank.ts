// Ranking players by the club's rule: pure, over the sums the standings read.

import type { ClubRanking, Standings } from '../../../src/lib/club/protocol';

type Score = Standings['tonight'][number];

export interface Sum {
	name: string;
	total: number;
	rounds: number;
	evenings: number;
	points: number;
}

/**
 * Ranks players. per-round: total per round played, lower first. placings: points per evening,
 * one point for each player beaten at one's table, higher first. Who has played no round yet
 * comes last. Tied scores share a place.
 */
export function rank(sums: Sum[], ranking: ClubRanking): Score[] {
	const scored = sums.map((s) => ({
		name: s.name,
		total: s.total,
		rounds: s.rounds,
		evenings: s.evenings,
		score:
			ranking === 'per-round'
				? s.rounds > 0
					? s.total / s.rounds
					: 0
				: s.evenings > 0
					? s.points / s.evenings
					: 0,
		place: 0
	}));
	const order = (s: Score) => (ranking === 'per-round' ? s.score : -s.score);
	scored.sort(
		(a, b) =>
			Number(a.rounds === 0) - Number(b.rounds === 0) ||
			order(a) - order(b) ||
			a.name.localeCompare(b.name)
	);
	scored.forEach((s, i) => {
		const prev = scored[i - 1];
		s.place =
			prev && prev.score === s.score && (prev.rounds === 0) === (s.rounds === 0)
				? prev.place
				: i + 1;
	});
	return scored;
}

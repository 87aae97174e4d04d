// Scoring one round (RULES.md "Scoring a round"), and reading a round's outcome from its entry.

import { isRecord, own, recordOf } from './records';
import { isTileInSet, tileValue } from './tiles';
import type { RoundEntry, Ruleset } from './types';

export function handsOf(entry: unknown): Record<string, unknown> {
	return isRecord(entry) && isRecord(entry.hands) ? entry.hands : {};
}

export const isWholeHand = (h: unknown): h is number =>
	typeof h === 'number' && Number.isSafeInteger(h) && h >= 0;

/** The players of the round who went out: `out`, and anyone whose tile list is empty. */
export function outsOf(entry: unknown, roundPlayers: readonly string[]): string[] {
	const hands = handsOf(entry);
	const outs: string[] = [];
	const named = isRecord(entry) ? entry.out : null;
	if (typeof named === 'string' && roundPlayers.includes(named)) outs.push(named);
	for (const p of roundPlayers) {
		const h = own(hands, p);
		if (Array.isArray(h) && h.length === 0 && !outs.includes(p)) outs.push(p);
	}
	return outs;
}

/** A hand's value; a number is points as counted, trusted as given (no knob applies to it). */
function valueOfHand(rules: Ruleset, hand: unknown): number {
	if (isWholeHand(hand)) return hand;
	if (!Array.isArray(hand)) return 0;
	let sum = 0;
	for (const t of hand) if (isTileInSet(t, rules.set)) sum += tileValue(rules, t);
	return sum;
}

export interface RoundScore {
	scores: Record<string, number>;
	handValues: Record<string, number>;
	winners: string[];
}

/**
 * Scores one round for `players` (the round's players, in seat order). Penalty mode: each hand
 * scores its value, the player out 0 plus goingOutBonus; a blocked round scores by `blocked`.
 * Plus mode: the winner (the player out, or the lowest hand(s) of a blocked round) collects the
 * others' hands, tied winners in exact shares; everyone else 0.
 */
export function scoreRound(rules: Ruleset, entry: RoundEntry, players: string[]): RoundScore {
	const hands = handsOf(entry);
	const outs = outsOf(entry, players);
	const out = outs[0] ?? null;
	const blocked = out === null && isRecord(entry) && entry.blocked === true;
	// Plain loops, no closures: this runs once per round of every recomputed evening.
	const handValues = recordOf(players, 0);
	const scores = recordOf(players, 0);
	for (const p of players) if (p !== out) handValues[p] = valueOfHand(rules, own(hands, p));

	let winners: string[] = [];
	if (out !== null) winners = [out];
	else if (blocked && rules.blocked !== 'void' && players.length > 0) {
		let low = Infinity;
		for (const p of players) low = Math.min(low, handValues[p] ?? 0);
		for (const p of players) if (handValues[p] === low) winners.push(p);
	}

	if (blocked && rules.blocked === 'void') return { scores, handValues, winners: [] };

	if (rules.mode === 'plus') {
		// The winners collect everyone else's hands (a round with no outcome scores nothing).
		// 'lowest-zero' changes nothing here: the lowest hands already score no penalty.
		let pot = 0;
		for (const p of players) if (!winners.includes(p)) pot += handValues[p] ?? 0;
		for (const w of winners) scores[w] = pot / winners.length;
	} else {
		for (const p of players) scores[p] = handValues[p] ?? 0;
		// 'lowest-zero': the lowest hand(s) of a blocked round score 0.
		if (blocked && rules.blocked === 'lowest-zero') for (const w of winners) scores[w] = 0;
	}
	if (out !== null) scores[out] = (scores[out] ?? 0) + rules.goingOutBonus;
	return { scores, handValues, winners };
}

// The evening (RULES.md "The end of the evening", "Ranking"): totals, ranking and the winner,
// recomputed from the rounds as entered. Plain data in, plain data out.

import {
	applyRound,
	resumeProgress,
	standingOf,
	startProgress,
	type Progress,
	type Standing
} from './progress';
import { isRecord } from './records';
import { engineAt } from './schedule';
import { eveningSetup, type StoredEvening } from './setup';
import type { EveningSetup, EveningState, RoundEntry } from './types';

/** Ranking key: totals are k-ths of whole numbers (k ≤ 10 tied winners), so 1e-6 is exact. */
const key = (x: number) => Math.round(x * 1e6);

function rank(p: Progress): string[][] {
	const plus = p.rules.mode === 'plus';
	const tieBreak = p.rules.tieBreakRoundsWon;
	const total = (k: string) => (plus ? -1 : 1) * key(p.totals[k] ?? 0);
	const won = (k: string) => (tieBreak ? -(p.roundsWon[k] ?? 0) : 0);
	// Eliminated players rank after those still in; the later out, the better; then by total.
	const out = (k: string) => {
		const at = p.eliminatedAt.get(k);
		return at === undefined ? 0 : Number.MAX_SAFE_INTEGER - at;
	};
	const sortKey = (k: string): number[] => [out(k), total(k), won(k)];
	const seat = new Map(p.players.map((k, i) => [k, i]));
	const sorted = [...p.players].sort((a, b) => {
		const ka = sortKey(a);
		const kb = sortKey(b);
		for (let i = 0; i < ka.length; i++) {
			const d = (ka[i] ?? 0) - (kb[i] ?? 0);
			if (d !== 0) return d;
		}
		return (seat.get(a) ?? 0) - (seat.get(b) ?? 0);
	});
	const groups: string[][] = [];
	let last: string | null = null;
	for (const k of sorted) {
		const same = last !== null && sortKey(last).every((v, i) => v === sortKey(k)[i]);
		if (same) groups[groups.length - 1]?.push(k);
		else groups.push([k]);
		last = k;
	}
	return groups;
}

/** Scores, totals, ranking and the end of the evening, recomputed from the rounds as entered.
 * Assumes the rounds were accepted by checkRound; rounds past the end are ignored. */
export function computeEvening(setup: EveningSetup, rounds: RoundEntry[]): EveningState {
	return continueEvening(setup, null, rounds).state;
}

/**
 * The evening after the rounds behind `standing` (none when null) and then `rounds`: the same as
 * computeEvening over all of them, except that `state.rounds` holds only the scores of `rounds`.
 * Also where it stands after them, to store and continue from. A standing that cannot belong to
 * `setup` is a bug in the caller (see resumeProgress), and throws.
 */
export function continueEvening(
	setup: EveningSetup,
	standing: Standing | null,
	rounds: RoundEntry[]
): { state: EveningState; standing: Standing } {
	const p = standing ? resumeProgress(setup, standing) : startProgress(setup);
	if (!p) throw new Error('standing does not fit the setup');
	const history = Array.isArray(rounds) ? rounds : [];
	for (const entry of history) {
		if (p.done) break;
		applyRound(p, entry);
	}
	return { state: stateOf(setup, p), standing: standingOf(p) };
}

/**
 * A stored evening scored from its first round, its rounds given in order (a row of each, with
 * its entry): continueEvening from nothing, under the evening's setup as stored.
 */
export function scoreStoredEvening(
	evening: StoredEvening,
	rounds: readonly { entry: RoundEntry }[]
): { state: EveningState; standing: Standing } {
	return continueEvening(
		eveningSetup(evening),
		null,
		rounds.map((r) => r.entry)
	);
}

function stateOf(setup: EveningSetup, p: Progress): EveningState {
	const over = p.done || (isRecord(setup) && setup.ended === true);
	const ranking = rank(p);
	let winner: string[] | null = null;
	if (over) winner = p.eliminationWinners ?? ranking[0] ?? [];
	const engine = over ? null : engineAt(p.rules, p.index);
	return {
		rounds: p.scored,
		totals: p.totals,
		roundsWon: p.roundsWon,
		ranking,
		eliminated: p.eliminated,
		active: p.active,
		over,
		winner: winner ? [...winner] : null,
		next: engine === null ? null : { index: p.index, engine },
		scheduleLength: p.length
	};
}

// Where an evening stands after some rounds (RULES.md "Elimination", "The end of the evening"):
// what validating a round and scoring the evening both walk through.

import { resolveRules } from './resolve';
import { isRecord, put, recordOf } from './records';
import { engineAt, scheduleLength } from './schedule';
import { scoreRound } from './score';
import type { EveningSetup, RoundEntry, RulesChoice, Ruleset, ScoredRound } from './types';

/** Where the evening stands after some rounds: what validation and scoring both need. */
export interface Progress {
	rules: Ruleset;
	players: string[];
	length: number | null;
	index: number;
	totals: Record<string, number>;
	roundsWon: Record<string, number>;
	active: string[];
	eliminated: string[];
	/** The round index after which each eliminated player left. */
	eliminatedAt: Map<string, number>;
	/** Set when elimination decided the evening. */
	eliminationWinners: string[] | null;
	done: boolean;
	scored: ScoredRound[];
}

export function startProgress(setup: EveningSetup): Progress {
	const rules = resolveRules((isRecord(setup) ? setup.rules : undefined) as RulesChoice);
	const raw = isRecord(setup) && Array.isArray(setup.players) ? setup.players : [];
	const players = [...new Set(raw.filter((p): p is string => typeof p === 'string'))];
	const totals = recordOf(players, 0);
	const roundsWon = recordOf(players, 0);
	const length = scheduleLength(rules);
	return {
		rules,
		players,
		length,
		index: 0,
		totals,
		roundsWon,
		active: [...players],
		eliminated: [],
		eliminatedAt: new Map(),
		eliminationWinners: null,
		done: length === 0,
		scored: []
	};
}

export function applyRound(p: Progress, entry: RoundEntry): void {
	const engine = engineAt(p.rules, p.index);
	if (p.done || engine === null) {
		p.done = true;
		return;
	}
	const roundPlayers = [...p.active];
	const { scores, handValues, winners } = scoreRound(p.rules, entry, roundPlayers);
	for (const k of roundPlayers) p.totals[k] = (p.totals[k] ?? 0) + (scores[k] ?? 0);
	for (const w of winners) p.roundsWon[w] = (p.roundsWon[w] ?? 0) + 1;

	let eliminated: string[] = [];
	const T = p.rules.elimination;
	if (T !== null) {
		const hit = roundPlayers.filter((k) => (p.totals[k] ?? 0) >= T);
		if (hit.length > 0 && hit.length === roundPlayers.length) {
			// Everyone left reached T at once: the lowest total among them wins, ties share.
			const low = Math.min(...hit.map((k) => p.totals[k] ?? 0));
			const best = hit.filter((k) => p.totals[k] === low);
			eliminated = hit.filter((k) => !best.includes(k));
			p.active = best;
			p.eliminationWinners = best;
			p.done = true;
		} else {
			eliminated = hit;
			p.active = roundPlayers.filter((k) => !hit.includes(k));
			if (hit.length > 0 && p.active.length <= 1) {
				p.eliminationWinners = [...p.active];
				p.done = true;
			}
		}
		for (const k of eliminated) {
			p.eliminated.push(k);
			p.eliminatedAt.set(k, p.index);
		}
	}
	p.scored.push({ index: p.index, engine, scores, handValues, winners, eliminated });
	p.index++;
	if (p.length !== null && p.index >= p.length) p.done = true;
}

/**
 * Where an evening stands after its rounds, as plain numbers to store beside it, so the next round
 * can be checked and scored without replaying the ones before it. Players are seat indices into
 * the setup's players (player keys are opaque strings, even '__proto__', so never record keys
 * here); the rules, players and schedule come from the setup, and the scored rounds are not kept.
 */
export interface Standing {
	/** Rounds played. */
	index: number;
	/** Per seat. */
	totals: number[];
	roundsWon: number[];
	/** Seats still playing, in seat order. */
	active: number[];
	/** Seats out of the evening, in the order they left, with the round after which each left. */
	eliminated: number[];
	eliminatedAt: number[];
	eliminationWinners: number[] | null;
	done: boolean;
}

export function standingOf(p: Progress): Standing {
	const seat = new Map(p.players.map((k, i) => [k, i]));
	const seats = (keys: readonly string[]) => keys.map((k) => seat.get(k) ?? -1);
	return {
		index: p.index,
		totals: p.players.map((k) => p.totals[k] ?? 0),
		roundsWon: p.players.map((k) => p.roundsWon[k] ?? 0),
		active: seats(p.active),
		eliminated: seats(p.eliminated),
		eliminatedAt: p.eliminated.map((k) => p.eliminatedAt.get(k) ?? 0),
		eliminationWinners: p.eliminationWinners ? seats(p.eliminationWinners) : null,
		done: p.done
	};
}

/**
 * The progress `standing` describes, under `setup`; null when it cannot belong to this setup
 * (another number of seats, a seat that is not there), so the caller replays the rounds instead.
 */
export function resumeProgress(setup: EveningSetup, standing: Standing): Progress | null {
	const p = startProgress(setup);
	const n = p.players.length;
	const seatsOk = (seats: readonly number[]) =>
		seats.every((s) => Number.isInteger(s) && s >= 0 && s < n);
	const { totals, roundsWon, active, eliminated, eliminatedAt, eliminationWinners } = standing;
	if (totals.length !== n || roundsWon.length !== n) return null;
	if (!seatsOk(active) || !seatsOk(eliminated) || eliminatedAt.length !== eliminated.length)
		return null;
	if (eliminationWinners && !seatsOk(eliminationWinners)) return null;
	const key = (s: number) => p.players[s]!;
	p.players.forEach((k, i) => {
		put(p.totals, k, totals[i]!);
		put(p.roundsWon, k, roundsWon[i]!);
	});
	p.index = standing.index;
	p.active = active.map(key);
	p.eliminated = eliminated.map(key);
	p.eliminatedAt = new Map(eliminated.map((s, i) => [key(s), eliminatedAt[i]!]));
	p.eliminationWinners = eliminationWinners ? eliminationWinners.map(key) : null;
	p.done = standing.done;
	return p;
}

/** Whether `standing` can belong to `setup` (else the rounds must be replayed). */
export function standingFits(setup: EveningSetup, standing: Standing): boolean {
	return resumeProgress(setup, standing) !== null;
}

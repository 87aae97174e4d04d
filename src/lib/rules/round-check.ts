// Validating a round (RULES.md "Bad input"): as the next round, as an edit that every later
// round must survive, and as a score form holds it. Nothing here throws on user input.

import type { ReadRound } from './hands';
import {
	applyRound,
	resumeProgress,
	standingOf,
	startProgress,
	type Progress,
	type Standing
} from './progress';
import { describe, isRecord, own } from './records';
import { engineAt } from './schedule';
import { handsOf, isWholeHand, outsOf } from './score';
import { heavyHandWarning, isTileInSet, maxHandValue, tileKey, tileValue } from './tiles';
import type { EveningSetup, Problem, RoundCheck, RoundEntry, Tile } from './types';

/** Who is in the round at all: every player named must be of the evening and still in it. */
function checkPlayers(p: Progress, entry: RoundEntry, errors: Problem[]): void {
	const named = isRecord(entry) ? entry.out : null;
	const mention = (k: unknown) => {
		if (typeof k !== 'string' || !p.players.includes(k)) {
			errors.push({ code: 'unknown-player', player: describe(k) });
		} else if (p.eliminated.includes(k)) {
			errors.push({ code: 'eliminated-player', player: k });
		}
	};
	if (named !== null && named !== undefined) mention(named);
	for (const k of Object.keys(handsOf(entry))) mention(k);
}

/** The round's outcome: exactly one of "someone went out" and "blocked". */
function checkOutcome(p: Progress, entry: RoundEntry, outs: string[], errors: Problem[]): void {
	const named = isRecord(entry) ? entry.out : null;
	const blocked = isRecord(entry) && entry.blocked === true;
	const hands = handsOf(entry);
	const namedValid =
		typeof named === 'string' && p.players.includes(named) && !p.eliminated.includes(named);
	if (outs.length >= 2) {
		errors.push({ code: 'two-out', player: outs[1], params: { count: outs.length } });
	}
	if (outs.length > 0 && blocked) errors.push({ code: 'out-and-blocked', player: outs[0] });
	// A named player out who is not in the round is refused already (checkPlayers).
	if (outs.length === 0 && !blocked && !(named !== null && named !== undefined && !namedValid)) {
		errors.push({ code: 'no-outcome' });
	}
	if (namedValid && Object.hasOwn(hands, named)) {
		// The player out may be given 0 or [] (or nothing); anything more is a contradiction.
		const h = own(hands, named);
		if (!Array.isArray(h) && !isWholeHand(h)) {
			errors.push({ code: 'hand-not-whole', player: named, params: { text: describe(h) } });
		} else if (Array.isArray(h) ? h.length > 0 : h > 0) {
			errors.push({ code: 'out-holds-tiles', player: named });
		}
	}
}

/** The tile as a pair of numbers, when it is one (to show it in the refusal). */
function pairOf(t: unknown): Tile | undefined {
	return Array.isArray(t) && t.length === 2 && t.every((x) => typeof x === 'number')
		? ([t[0], t[1]] as Tile)
		: undefined;
}

/**
 * The value of `k`'s tiles, each of the set, not the engine, and not already in a hand (`seen`,
 * shared by the round's hands); null when one of them is refused.
 */
function tilesValue(
	p: Progress,
	engine: number,
	k: string,
	tiles: unknown[],
	seen: Set<string>,
	errors: Problem[]
): number | null {
	const { rules } = p;
	let ok = true;
	let value = 0;
	for (const t of tiles) {
		if (!isTileInSet(t, rules.set)) {
			ok = false;
			const pair = pairOf(t);
			errors.push({
				code: 'tile-outside-set',
				player: k,
				...(pair ? { tile: pair } : {}),
				params: { tile: pair ? `${pair[0]}|${pair[1]}` : describe(t), set: rules.set }
			});
			continue;
		}
		const key = tileKey(t);
		if (t[0] === engine && t[1] === engine) {
			ok = false;
			errors.push({ code: 'engine-in-hand', player: k, tile: t, params: { tile: key } });
			continue;
		}
		if (seen.has(key)) {
			ok = false;
			errors.push({ code: 'tile-twice', player: k, tile: t, params: { tile: key } });
			continue;
		}
		seen.add(key);
		value += tileValue(rules, t);
	}
	return ok ? value : null;
}

/** Each hand still to count: present and well formed; its value, by player, when it is. */
function handValues(
	p: Progress,
	entry: RoundEntry,
	outs: string[],
	engine: number,
	errors: Problem[]
): Record<string, number> {
	const hands = handsOf(entry);
	const blocked = isRecord(entry) && entry.blocked === true;
	const seen = new Set<string>();
	const values: Record<string, number> = {};
	for (const k of p.active) {
		if (outs.includes(k)) continue;
		const h = own(hands, k);
		if (h === undefined) {
			// A void blocked round scores nothing, so there is nothing to count (004).
			if (!(blocked && p.rules.blocked === 'void')) {
				errors.push({ code: 'hand-missing', player: k });
			}
		} else if (Array.isArray(h)) {
			const value = tilesValue(p, engine, k, h as unknown[], seen, errors);
			if (value !== null) values[k] = value;
		} else if (isWholeHand(h)) {
			values[k] = h;
		} else {
			errors.push({ code: 'hand-not-whole', player: k, params: { text: describe(h) } });
		}
	}
	return values;
}

/** No hand, nor the round's total, above what the set can hold; a heavy hand is a warning. */
function checkValues(
	p: Progress,
	engine: number,
	values: Record<string, number>,
	check: RoundCheck
): void {
	const max = maxHandValue(p.rules, engine);
	const heavy = heavyHandWarning(p.rules, engine);
	let tooHigh = false;
	let total = 0;
	for (const [k, value] of Object.entries(values)) {
		total += value;
		if (value > max) {
			tooHigh = true;
			check.errors.push({ code: 'hand-too-high', player: k, params: { max, value } });
		} else if (value > heavy) {
			const params = { limit: heavy, value };
			check.warnings.push({ code: 'hand-unusually-high', player: k, params });
		}
	}
	if (!tooHigh && total > max) {
		check.errors.push({ code: 'round-total-too-high', params: { max, total } });
	}
}

/** Checks `entry` as the next round of `p`, which must not be over. */
function checkEntry(p: Progress, entry: RoundEntry): RoundCheck {
	const check: RoundCheck = { errors: [], warnings: [] };
	const engine = engineAt(p.rules, p.index) ?? -1;
	const outs = outsOf(entry, p.active);
	checkPlayers(p, entry, check.errors);
	checkOutcome(p, entry, outs, check.errors);
	checkValues(p, engine, handValues(p, entry, outs, engine, check.errors), check);
	return check;
}

/** Checks `entry` as the round after `p`; `last` when no round after it is stored yet. */
function checkNext(setup: EveningSetup, p: Progress, entry: RoundEntry, last: boolean): RoundCheck {
	const ended = isRecord(setup) && setup.ended === true && last;
	if (p.done || ended) {
		return { errors: [{ code: 'evening-over', params: { rounds: p.index } }], warnings: [] };
	}
	return checkEntry(p, entry);
}

/**
 * Validates `entry` as the next round after the rounds behind `standing` (which must belong to
 * `setup`, see resumeProgress): checkRound's next-round case, without replaying those rounds.
 */
export function checkNextRound(
	setup: EveningSetup,
	standing: Standing,
	entry: RoundEntry
): RoundCheck {
	const p = resumeProgress(setup, standing);
	if (!p) throw new Error('standing does not fit the setup');
	return checkNext(setup, p, entry, true);
}

/**
 * Checks rounds one after another, each as the next round after the ones before it: checkRound's
 * next-round case for each in turn, replaying the evening once instead of once per round (a
 * server re-checks every round of each evening it is sent). A round with errors is not played:
 * check none after it.
 */
export function nextRoundChecker(setup: EveningSetup): (entry: RoundEntry) => RoundCheck {
	const p = startProgress(setup);
	return (entry) => {
		const check = checkNext(setup, p, entry, true);
		if (check.errors.length === 0) applyRound(p, entry);
		return check;
	};
}

/**
 * Where a round sits in its evening: how the evening stands before it and the rounds stored after
 * it. Prepared once per history (placeRound), so checking what is typed, at every keystroke, does
 * not replay the rounds before it.
 */
export interface RoundPlace {
	readonly setup: EveningSetup;
	/** Round index (0-based), at most the number of rounds stored. */
	readonly index: number;
	/** After the rounds before `index`; never changed (checkRoundAt copies it to go on). */
	readonly before: Progress;
	/** The rounds stored after `index`, which an edit must leave valid. */
	readonly later: readonly RoundEntry[];
	/** No round is stored at or after `index`: the entry is the next round. */
	readonly next: boolean;
}

/** The place of round `index` (0-based) among `rounds`; an index beyond them is the next round. */
export function placeRound(setup: EveningSetup, rounds: RoundEntry[], index: number): RoundPlace {
	const history = Array.isArray(rounds) ? rounds : [];
	const i =
		Number.isInteger(index) && index >= 0 ? Math.min(index, history.length) : history.length;
	const before = startProgress(setup);
	for (let j = 0; j < i && !before.done; j++) applyRound(before, history[j] as RoundEntry);
	return { setup, index: i, before, later: history.slice(i + 1), next: i >= history.length };
}

/**
 * The place of the next round of an evening that stands at `standing` (after all its stored
 * rounds): the same as placeRound at the end of those rounds, without replaying them. A standing
 * that cannot belong to `setup` is a bug in the caller, and throws.
 */
export function placeNext(setup: EveningSetup, standing: Standing): RoundPlace {
	const before = resumeProgress(setup, standing);
	if (!before) throw new Error('standing does not fit the setup');
	return { setup, index: standing.index, before, later: [], next: true };
}

/**
 * Validates `entry` as the round at `place`. An edit: every later round must stay valid with it
 * ('later-round-conflict' {params: {round, number, code}}, round 0-based, number 1-based).
 */
export function checkRoundAt(place: RoundPlace, entry: RoundEntry): RoundCheck {
	const { setup, index, before, later, next } = place;
	const check = checkNext(setup, before, entry, next);
	if (check.errors.length > 0 || next) return check;

	// A copy: the place is checked again at the next keystroke.
	const p = resumeProgress(setup, standingOf(before));
	if (!p) throw new Error('a progress always fits its own setup');
	applyRound(p, entry);
	for (const [n, round] of later.entries()) {
		const code = p.done ? 'evening-over' : checkEntry(p, round).errors[0]?.code;
		if (code !== undefined) {
			const j = index + 1 + n;
			check.errors.push({
				code: 'later-round-conflict',
				params: { round: j, number: j + 1, code }
			});
			break;
		}
		applyRound(p, round);
	}
	return check;
}

/**
 * Validates `entry` as round `index` (0-based) after rounds[0..index-1]. An index below
 * rounds.length is an edit (see checkRoundAt); an index beyond the history counts as the next
 * round.
 */
export function checkRound(
	setup: EveningSetup,
	rounds: RoundEntry[],
	index: number,
	entry: RoundEntry
): RoundCheck {
	return checkRoundAt(placeRound(setup, rounds, index), entry);
}

/**
 * Validates a round as typed (readTypedRound) at `place`: the problems of what was typed,
 * then the core's, without the ones the typing already says: no 'hand-missing' for a field that
 * did not parse, and one 'two-out' about the round when several players were marked out.
 */
export function checkTypedRound(place: RoundPlace, read: ReadRound): RoundCheck {
	const core = checkRoundAt(place, read.entry);
	const unparsed = read.problems.map((p) => p.player).filter(Boolean);
	const twoOut = read.problems.some((p) => p.code === 'two-out');
	const errors = [
		...read.problems,
		...core.errors.filter(
			(p) =>
				!(p.code === 'hand-missing' && unparsed.includes(p.player)) &&
				!(p.code === 'two-out' && twoOut)
		)
	];
	return { errors, warnings: core.warnings };
}

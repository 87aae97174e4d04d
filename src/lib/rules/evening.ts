// Validation and scoring of an evening (RULES.md "Scoring a round", "Elimination", "The end of
// the evening", "Bad input"). Plain data in, plain data out; nothing here throws on user input.

import { resolveRules, validateRules } from './knobs';
import { dealSize, engineAt, playerRange, scheduleLength } from './schedule';
import { heavyHandWarning, isTileInSet, maxHandValue, tileKey, tileValue } from './tiles';
import type {
	EveningSetup,
	EveningState,
	Problem,
	RoundCheck,
	RoundEntry,
	RulesChoice,
	Ruleset,
	ScoredRound,
	Tile
} from './types';

export const MAX_NAME_LENGTH = 40;

// ---------------------------------------------------------------------------------------------
// Hand values as typed

export type ParsedHand = { ok: true; value: number } | { ok: false; problem: Problem };

/**
 * A hand value as typed: a whole number ≥ 0 in plain decimal digits, surrounding spaces ignored.
 * Leading zeros are accepted ('007' is 7: what a phone keypad can produce, and unambiguous).
 * Refused with 'hand-not-whole' {params: {text}}: '', '-3', '+5', '1.5', '12abc', '1e3', '0x10'.
 */
export function parseHandValue(text: string): ParsedHand {
	const raw = typeof text === 'string' ? text : String(text);
	const t = raw.trim();
	if (/^[0-9]+$/.test(t)) {
		const value = Number(t);
		if (Number.isSafeInteger(value)) return { ok: true, value };
	}
	return { ok: false, problem: { code: 'hand-not-whole', params: { text: raw } } };
}

// ---------------------------------------------------------------------------------------------
// Setup

function sameNameKey(name: string): string {
	return name.normalize('NFC').trim().toLowerCase();
}

/**
 * Names and rules of a new evening. Problems about a name carry `player` = the seat index as a
 * string ('0', '1' …) so a screen can show the message next to that field.
 */
export function validateSetup(names: string[], choice: RulesChoice): Problem[] {
	const problems: Problem[] = [];
	const list = Array.isArray(names) ? names : [];
	const firstSeen = new Map<string, number>();
	list.forEach((name, i) => {
		const player = String(i);
		const text = typeof name === 'string' ? name : '';
		const trimmed = text.trim();
		if (trimmed === '') {
			problems.push({ code: 'name-empty', player });
			return;
		}
		const length = [...trimmed].length;
		if (length > MAX_NAME_LENGTH) {
			problems.push({ code: 'name-too-long', player, params: { max: MAX_NAME_LENGTH, length } });
		}
		const key = sameNameKey(text);
		const first = firstSeen.get(key);
		if (first === undefined) firstSeen.set(key, i);
		else problems.push({ code: 'name-duplicate', player, params: { name: trimmed, first } });
	});
	const rulesProblems = validateRules(choice);
	const rules = resolveRules(choice);
	const { min, max } = playerRange(rules);
	if (list.length < min || list.length > max) {
		problems.push({ code: 'player-count', params: { min, max, count: list.length } });
	}
	problems.push(...rulesProblems);
	// A deal the set cannot give: only an explicit deal can be too large (the tables fit).
	const tilesInSet = ((rules.set + 1) * (rules.set + 2)) / 2;
	const deal = dealSize(rules, list.length);
	if (deal !== null && list.length > 0 && deal * list.length > tilesInSet) {
		if (!rulesProblems.some((p) => p.params?.knob === 'deal')) {
			problems.push({
				code: 'bad-knob',
				params: { knob: 'deal', value: deal, max: Math.floor(tilesInSet / list.length) }
			});
		}
	}
	return problems;
}

// ---------------------------------------------------------------------------------------------
// One round

function isRecord(x: unknown): x is Record<string, unknown> {
	return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** An own property only: player keys are opaque, so 'constructor' must not find Object's. */
function own(record: Record<string, unknown>, k: string): unknown {
	return Object.hasOwn(record, k) ? record[k] : undefined;
}

/** Sets a key as an own property, even '__proto__' (plain assignment would set the prototype). */
function put<T>(record: Record<string, T>, k: string, value: T): void {
	if (k === '__proto__') {
		Object.defineProperty(record, k, {
			value,
			enumerable: true,
			writable: true,
			configurable: true
		});
	} else record[k] = value;
}

/** A record with one entry per key, all `value`. */
function recordOf<T>(keys: readonly string[], value: T): Record<string, T> {
	const record: Record<string, T> = {};
	for (const k of keys) put(record, k, value);
	return record;
}

function handsOf(entry: unknown): Record<string, unknown> {
	return isRecord(entry) && isRecord(entry.hands) ? entry.hands : {};
}

const isWholeHand = (h: unknown): h is number =>
	typeof h === 'number' && Number.isSafeInteger(h) && h >= 0;

/** The players of the round who went out: `out`, and anyone whose tile list is empty. */
function outsOf(entry: unknown, roundPlayers: readonly string[]): string[] {
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
export function scoreRound(
	rules: Ruleset,
	_engine: number,
	entry: RoundEntry,
	players: string[]
): RoundScore {
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

/** Where the evening stands after some rounds: what validation and scoring both need. */
interface Progress {
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

function startProgress(setup: EveningSetup): Progress {
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

function applyRound(p: Progress, entry: RoundEntry): void {
	const engine = engineAt(p.rules, p.index);
	if (p.done || engine === null) {
		p.done = true;
		return;
	}
	const roundPlayers = [...p.active];
	const { scores, handValues, winners } = scoreRound(p.rules, engine, entry, roundPlayers);
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

function describe(v: unknown): string {
	if (typeof v === 'string') return v;
	try {
		return JSON.stringify(v) ?? String(v);
	} catch {
		return String(v);
	}
}

/** Checks `entry` as the next round of `p`, which must not be over. */
function checkEntry(p: Progress, entry: RoundEntry): RoundCheck {
	const errors: Problem[] = [];
	const warnings: Problem[] = [];
	const { rules } = p;
	const engine = engineAt(rules, p.index) ?? -1;
	const hands = handsOf(entry);
	const named = isRecord(entry) ? entry.out : null;
	const blocked = isRecord(entry) && entry.blocked === true;

	// Who is in the round at all.
	const known = (k: string) => p.players.includes(k);
	const isOut = (k: string) => p.eliminated.includes(k);
	let namedValid = false;
	if (named !== null && named !== undefined) {
		if (typeof named !== 'string' || !known(named)) {
			errors.push({ code: 'unknown-player', player: describe(named) });
		} else if (isOut(named)) {
			errors.push({ code: 'eliminated-player', player: named });
		} else namedValid = true;
	}
	for (const k of Object.keys(hands)) {
		if (!known(k)) errors.push({ code: 'unknown-player', player: k });
		else if (isOut(k)) errors.push({ code: 'eliminated-player', player: k });
	}

	// The round's outcome: exactly one of "someone went out" and "blocked".
	const outs = outsOf(entry, p.active);
	if (outs.length >= 2) {
		errors.push({ code: 'two-out', player: outs[1], params: { count: outs.length } });
	}
	if (outs.length > 0 && blocked) errors.push({ code: 'out-and-blocked', player: outs[0] });
	if (outs.length === 0 && !blocked && !(named !== null && named !== undefined && !namedValid)) {
		errors.push({ code: 'no-outcome' });
	}
	if (namedValid && typeof named === 'string' && Object.hasOwn(hands, named)) {
		// The player out may be given 0 or [] (or nothing); anything more is a contradiction.
		const h = own(hands, named);
		if (!Array.isArray(h) && !isWholeHand(h)) {
			errors.push({ code: 'hand-not-whole', player: named, params: { text: describe(h) } });
		} else if (Array.isArray(h) ? h.length > 0 : h > 0) {
			errors.push({ code: 'out-holds-tiles', player: named });
		}
	}

	// Each hand: present, well formed, tiles of the set, each tile once, no engine.
	const max = maxHandValue(rules, engine);
	const heavy = heavyHandWarning(rules, engine);
	const seen = new Set<string>();
	const values: Record<string, number> = {};
	let total = 0;
	for (const k of p.active) {
		if (outs.includes(k)) continue;
		const h = own(hands, k);
		if (h === undefined) {
			// A void blocked round scores nothing, so there is nothing to count (004).
			if (!(blocked && rules.blocked === 'void')) errors.push({ code: 'hand-missing', player: k });
			continue;
		}
		if (Array.isArray(h)) {
			let ok = true;
			let value = 0;
			for (const t of h as unknown[]) {
				if (!isTileInSet(t, rules.set)) {
					ok = false;
					const pair =
						Array.isArray(t) && t.length === 2 && t.every((x) => typeof x === 'number')
							? ([t[0], t[1]] as Tile)
							: undefined;
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
			if (ok) values[k] = value;
		} else if (isWholeHand(h)) {
			values[k] = h;
		} else {
			errors.push({ code: 'hand-not-whole', player: k, params: { text: describe(h) } });
		}
	}

	let tooHigh = false;
	for (const [k, value] of Object.entries(values)) {
		total += value;
		if (value > max) {
			tooHigh = true;
			errors.push({ code: 'hand-too-high', player: k, params: { max, value } });
		} else if (value > heavy) {
			warnings.push({ code: 'hand-unusually-high', player: k, params: { limit: heavy, value } });
		}
	}
	if (!tooHigh && total > max) {
		errors.push({ code: 'round-total-too-high', params: { max, total } });
	}
	return { errors, warnings };
}

/**
 * Validates `entry` as round `index` (0-based) after rounds[0..index-1]. An index below
 * rounds.length is an edit: every later round must stay valid with it ('later-round-conflict'
 * {params: {round, number, code}}, round 0-based, number 1-based). An index beyond the history
 * counts as the next round.
 */
export function checkRound(
	setup: EveningSetup,
	rounds: RoundEntry[],
	index: number,
	entry: RoundEntry
): RoundCheck {
	const history = Array.isArray(rounds) ? rounds : [];
	const i =
		Number.isInteger(index) && index >= 0 ? Math.min(index, history.length) : history.length;
	const p = startProgress(setup);
	for (let j = 0; j < i && !p.done; j++) applyRound(p, history[j] as RoundEntry);
	const ended = isRecord(setup) && setup.ended === true && i >= history.length;
	if (p.done || ended) {
		return { errors: [{ code: 'evening-over', params: { rounds: p.index } }], warnings: [] };
	}
	const check = checkEntry(p, entry);
	if (check.errors.length > 0 || i >= history.length) return check;

	applyRound(p, entry);
	for (let j = i + 1; j < history.length; j++) {
		const later = history[j] as RoundEntry;
		const code = p.done ? 'evening-over' : checkEntry(p, later).errors[0]?.code;
		if (code !== undefined) {
			check.errors.push({
				code: 'later-round-conflict',
				params: { round: j, number: j + 1, code }
			});
			break;
		}
		applyRound(p, later);
	}
	return check;
}

// ---------------------------------------------------------------------------------------------
// The evening

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
	const p = startProgress(setup);
	const history = Array.isArray(rounds) ? rounds : [];
	for (const entry of history) {
		if (p.done) break;
		applyRound(p, entry);
	}
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

/** At most one decimal, for display (plus-mode shares can be fractional). */
export function formatScore(n: number): number {
	const r = Math.round(n * 10) / 10;
	return Object.is(r, -0) ? 0 : r;
}

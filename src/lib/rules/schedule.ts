// The engine schedule, the deal and the seats (RULES.md "The evening").

import { PRESETS, isPresetId } from './presets';
import type { Ruleset } from './types';

/**
 * The schedule before the `rounds` cut; null for cyclic (endless). `evens` and `odds` run high to
 * low like the sheets' own schedule (double-12: 12, 10 … 0 and 11, 9 … 1) *(reading)*.
 */
function baseList(rules: Ruleset): number[] | null {
	const n = rules.set;
	const s = rules.schedule;
	if (Array.isArray(s)) return s;
	if (s === 'cyclic') return null;
	const down: number[] = [];
	for (let d = n; d >= 0; d--) down.push(d);
	switch (s) {
		case 'ascending':
			return down.reverse();
		case 'evens':
			return down.filter((d) => d % 2 === 0);
		case 'odds':
			return down.filter((d) => d % 2 === 1);
		default:
			return down;
	}
}

/** Rounds in the evening, or null when it never ends by itself (cyclic without a cut). */
export function scheduleLength(rules: Ruleset): number | null {
	const list = baseList(rules);
	const cut = rules.rounds;
	if (list === null) return cut ?? null;
	return cut === null ? list.length : Math.min(cut, list.length);
}

/** The engine double of round `roundIndex` (0-based), or null past the end. */
export function engineAt(rules: Ruleset, roundIndex: number): number | null {
	if (!Number.isInteger(roundIndex) || roundIndex < 0) return null;
	const length = scheduleLength(rules);
	if (length !== null && roundIndex >= length) return null;
	const list = baseList(rules);
	if (list === null) return rules.set - (roundIndex % (rules.set + 1));
	return list[roundIndex] ?? null;
}

/** The engines in order; a cyclic schedule gives its first `count` (default one full cycle). */
export function scheduleEngines(rules: Ruleset, count?: number): number[] {
	const length = scheduleLength(rules);
	let n = length ?? count ?? rules.set + 1;
	if (count !== undefined && Number.isInteger(count) && count >= 0) n = Math.min(n, count);
	const engines: number[] = [];
	for (let i = 0; i < n; i++) {
		const e = engineAt(rules, i);
		if (e === null) break;
		engines.push(e);
	}
	return engines;
}

/** Tiles each: the ruleset's own deal, else the preset's table for a double-12 set, else null. */
export function dealSize(rules: Ruleset, playerCount: number): number | null {
	if (rules.deal !== null) return rules.deal;
	if (rules.set !== 12 || !isPresetId(rules.preset)) return null;
	return PRESETS[rules.preset].deal[playerCount] ?? null;
}

export function playerRange(rules: Ruleset): { min: number; max: number } {
	const p = PRESETS[isPresetId(rules.preset) ? rules.preset : 'swiss-jassshop'];
	return { min: p.minPlayers, max: p.maxPlayers };
}

/**
 * The seat that starts round `roundIndex`: under 'rotate' the seat after the last starter
 * (000 hint, 003 rounds); under 'engine-holder' unknown until the engine is drawn (null).
 */
export function starterSeat(
	rules: Ruleset,
	firstStarter: number,
	roundIndex: number,
	playerCount: number
): number | null {
	if (rules.start !== 'rotate') return null;
	if (!Number.isInteger(playerCount) || playerCount < 1) return null;
	if (!Number.isInteger(firstStarter) || !Number.isInteger(roundIndex)) return null;
	const seat = (firstStarter + roundIndex) % playerCount;
	return seat < 0 ? seat + playerCount : seat;
}

/**
 * The seat that starts round `index` (null: the engine's holder, under 'engine-holder'), given
 * the seat the scorekeeper set for each round played (`changed[j]`; null or absent where the
 * rules' choice stood). A round's own change stands; else the rotation runs from the latest
 * change before it (the round after a changed starter starts with the next seat), else from
 * `firstStarter`. Seats are counted with every player of the evening, eliminated ones too.
 */
export function starterAt(
	rules: Ruleset,
	playerCount: number,
	firstStarter: number,
	changed: readonly (number | null | undefined)[],
	index: number
): number | null {
	const own = changed[index];
	if (own !== undefined && own !== null) return own;
	for (let j = Math.min(index, changed.length) - 1; j >= 0; j--) {
		const seat = changed[j];
		if (seat !== undefined && seat !== null)
			return starterSeat(rules, seat, index - j, playerCount);
	}
	return starterSeat(rules, firstStarter, index, playerCount);
}

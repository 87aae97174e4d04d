// Tiles and their values (RULES.md "Scoring a round").

import type { Ruleset, SetSize, Tile } from './types';

/** Larger number first, so [3, 4] and [4, 3] are the same tile. */
export function normalizeTile(t: Tile): Tile {
	const [a, b] = t;
	return a >= b ? [a, b] : [b, a];
}

/** "12|5": larger number first; "0|0" for the double blank. */
export function tileKey(t: Tile): string {
	const [a, b] = normalizeTile(t);
	return `${a}|${b}`;
}

const tileCache = new Map<number, Tile[]>();

/** Every tile of a double-n set, larger number first, sorted high to low: 12|12, 12|11 … 0|0. */
export function allTiles(set: SetSize): Tile[] {
	let tiles = tileCache.get(set);
	if (!tiles) {
		tiles = [];
		for (let a = set; a >= 0; a--) for (let b = a; b >= 0; b--) tiles.push([a, b]);
		tileCache.set(set, tiles);
	}
	return tiles.map((t) => [t[0], t[1]] as const);
}

/** True when t is a pair of whole numbers within the set. */
export function isTileInSet(t: unknown, set: number): t is Tile {
	if (!Array.isArray(t) || t.length !== 2) return false;
	const [a, b] = t as unknown[];
	return (
		Number.isInteger(a) &&
		Number.isInteger(b) &&
		(a as number) >= 0 &&
		(b as number) >= 0 &&
		(a as number) <= set &&
		(b as number) <= set
	);
}

/**
 * The RULES.md formula: the double blank as `doubleBlank` if set, any double as `doubleFlat` if
 * set, else the pips with each blank half counting `blankHalf`, doubles times `doubleFactor`.
 */
export function tileValue(rules: Ruleset, t: Tile): number {
	const [a, b] = t;
	const double = a === b;
	if (double && a === 0 && rules.doubleBlank !== null) return rules.doubleBlank;
	if (double && rules.doubleFlat !== null) return rules.doubleFlat;
	const halfA = a === 0 ? rules.blankHalf : a;
	const halfB = b === 0 ? rules.blankHalf : b;
	return (halfA + halfB) * (double ? rules.doubleFactor : 1);
}

export function handValue(rules: Ruleset, tiles: readonly Tile[]): number {
	let sum = 0;
	for (const t of tiles) sum += tileValue(rules, t);
	return sum;
}

function valuesHighToLow(rules: Ruleset, engine: number): number[] {
	const values: number[] = [];
	for (const t of allTiles(rules.set)) {
		if (t[0] === engine && t[1] === engine) continue;
		values.push(tileValue(rules, t));
	}
	return values.sort((x, y) => y - x);
}

const memo = new Map<string, { max: number; heavy: number }>();

function limits(rules: Ruleset, engine: number): { max: number; heavy: number } {
	const key = [
		rules.set,
		rules.blankHalf,
		rules.doubleFactor,
		rules.doubleBlank,
		rules.doubleFlat,
		engine
	].join(',');
	let hit = memo.get(key);
	if (!hit) {
		const values = valuesHighToLow(rules, engine);
		let max = 0;
		for (const v of values) max += v;
		let heavy = 0;
		for (const v of values.slice(0, 15)) heavy += v;
		hit = { max, heavy };
		memo.set(key, hit);
	}
	return hit;
}

/** The variant value of every tile of the set but the engine double: no hand, nor the round's
 * hands together, can hold more. */
export function maxHandValue(rules: Ruleset, engine: number): number {
	return limits(rules, engine).max;
}

/** The value of the 15 heaviest tiles (engine aside): above it a hand is possible only after
 * many draws, so it is worth a warning. */
export function heavyHandWarning(rules: Ruleset, engine: number): number {
	return limits(rules, engine).heavy;
}

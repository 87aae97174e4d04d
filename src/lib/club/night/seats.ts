// Seats: tonight's players dealt at random to tables of the sizes the club allows, as even as
// possible. Table 1 is the top table (the one "Lowest move up" leads to); the seat order at a
// table is drawn too, so who sits first at a table is nobody's choice.

import { MAX_SEATS } from '../../rules';
import type { PlayerId } from './members';
import { refuse, type NightProblem, type NightResult } from './problems';
import { DRAW_METHOD, isSeed, seededDraw, shuffled, type SeededDraw } from './random';

/** The club's table sizes: every table seats min to max players. */
export interface TableSizes {
	min: number;
	max: number;
}

export interface SeatedTable {
	/** 1 is the top table. */
	table: number;
	/** In seat order. */
	players: PlayerId[];
}

/** A deal, with what replays it: the same seed, method and players give the same tables. */
export interface Seating {
	seed: string;
	method: number;
	tables: SeatedTable[];
}

function sizesProblem(allowed: TableSizes): NightProblem | null {
	const { min, max } = allowed;
	const whole = Number.isInteger(min) && Number.isInteger(max);
	if (whole && min >= 2 && min <= max && max <= MAX_SEATS) return null;
	return {
		code: 'bad-table-sizes',
		params: { min: String(min), max: String(max), seats: MAX_SEATS }
	};
}

/** Whether `count` players fit some number of tables of the allowed sizes. */
function fits(count: number, { min, max }: TableSizes): boolean {
	const tables = Math.ceil(count / max);
	return count >= min && tables * min <= count;
}

/**
 * The sizes of tonight's tables, largest first: the fewest tables that seat everyone (each one
 * is a set and a phone), as even as possible (sizes differ by at most one). When the count
 * cannot be dealt, the problem says why, and for `sizes-do-not-fit` the nearest counts that can
 * be (`fewer`, `more`), so the organiser knows to add a guest or ask one player to sit out.
 */
export function tableSizes(count: number, allowed: TableSizes): NightResult<number[]> {
	const bad = sizesProblem(allowed);
	if (bad) return { ok: false, problems: [bad] };
	const { min, max } = allowed;
	if (count === 0) return refuse('no-players');
	if (count < min) return refuse('too-few-players', { params: { count, min, max } });
	if (!fits(count, allowed)) {
		// A count at or below max always fits one table, so `fewer` stops at max or above.
		let fewer = count - 1;
		while (!fits(fewer, allowed)) fewer--;
		let more = count + 1;
		while (!fits(more, allowed)) more++;
		return refuse('sizes-do-not-fit', { params: { count, min, max, fewer, more } });
	}
	const tables = Math.ceil(count / max);
	const base = Math.floor(count / tables);
	const larger = count % tables;
	return { ok: true, value: Array.from({ length: tables }, (_, i) => base + (i < larger ? 1 : 0)) };
}

/** Players in a drawn order cut into tables of the given sizes, numbered from `first`. */
export function seatInOrder(order: readonly PlayerId[], sizes: readonly number[], first = 1) {
	const tables: SeatedTable[] = [];
	let at = 0;
	sizes.forEach((size, i) => {
		tables.push({ table: first + i, players: order.slice(at, at + size) });
		at += size;
	});
	return tables;
}

/** The same player twice in a list: the first repeat, as a problem, or null. */
export function repeatedPlayer(players: readonly PlayerId[]): NightProblem | null {
	const seen = new Set<PlayerId>();
	for (const p of players) {
		if (seen.has(p)) return { code: 'player-twice', player: p };
		seen.add(p);
	}
	return null;
}

/**
 * Players dealt at random to tables, from a draw already under way. Sorted first, so the deal
 * depends on who plays and the seed, not on the order the organiser ticked them in.
 */
export function dealWith(
	draw: SeededDraw,
	players: readonly PlayerId[],
	allowed: TableSizes,
	first = 1
): NightResult<SeatedTable[]> {
	const twice = repeatedPlayer(players);
	if (twice) return { ok: false, problems: [twice] };
	const sizes = tableSizes(players.length, allowed);
	if (!sizes.ok) return sizes;
	const order = shuffled([...players].sort(byCodeUnits), draw);
	return { ok: true, value: seatInOrder(order, sizes.value, first) };
}

/** Tonight's first deal: every player at random to a table of the club's sizes. */
export function dealTables(
	players: readonly PlayerId[],
	allowed: TableSizes,
	seed: string
): NightResult<Seating> {
	if (!isSeed(seed)) return refuse('bad-seed');
	const tables = dealWith(seededDraw(seed), players, allowed);
	if (!tables.ok) return tables;
	return { ok: true, value: { seed, method: DRAW_METHOD, tables: tables.value } };
}

/** An order that is the same on every machine and in every language (not localeCompare). */
export function byCodeUnits(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

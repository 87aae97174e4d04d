// After each game the organiser picks the club's rule for the next one, and Caboose says who goes
// where. Table 1 is the top table; the last table is the bottom one.
//
// - Draw again: everyone is dealt again at random, as at the start of the night.
// - Lowest move up (N): at every table but the top one, the N lowest scores move up one table;
//   the rest stay. At the top table the N lowest stay, and (so that every table keeps its size)
//   the N highest go down to the bottom table, as progressive games (Bunco, whist drives) run it.
//   A table that seats fewer than 2N keeps fewer than N of its own at the top: sizes win.
// - Final table (K): the K lowest of each table go to the final table (several final tables when
//   the finalists outnumber the club's largest table); the others sit out, or are dealt again
//   at random to the tables after the final.
//
// "Lowest" is the place the rules core gave each player at their table (lowest total first in
// penalty play, highest in plus play; eliminated players after those still in). Players who
// share a place are put in order by lot, from the move's seed, when the cut runs between them:
// the move says so (`byLot`), so the wall can show that a tie was drawn. The seats at each new
// table are drawn too. So a move is replayed, like a deal, from its seed and the game's results.

import type { PlayerId } from './members';
import { refuse, type NightProblem, type NightResult } from './problems';
import { DRAW_METHOD, isSeed, seededDraw, shuffled, type SeededDraw } from './random';
import {
	dealWith,
	repeatedPlayer,
	seatInOrder,
	tableSizes,
	type Seating,
	type SeatedTable,
	type TableSizes
} from './seats';

/** A player's result in the game just played at one table (the club's evening_player row). */
export interface SeatResult {
	player: PlayerId;
	/** The player's total in the game. */
	total: number;
	rounds: number;
	/** The rules core's place at the table: 1 is the best; tied players share it. */
	place: number;
}

export interface TableResult {
	table: number;
	results: SeatResult[];
}

export type MoveRule =
	| { kind: 'draw-again' }
	| { kind: 'lowest-move-up'; count: number }
	| { kind: 'final-table'; perTable: number; others: 'sit-out' | 'draw-again' };

export type MoveReason =
	/** Dealt again at random (Draw again, or not in the final with `others: 'draw-again'`). */
	| 'drawn'
	/** One of the lowest N of a table: one table up. */
	| 'moves-up'
	/** At the top table among the lowest, or not among the lowest N elsewhere. */
	| 'stays'
	/** One of the highest N of the top table: down to the bottom table. */
	| 'down-to-bottom'
	| 'to-final'
	| 'sits-out';

export interface Move {
	player: PlayerId;
	from: number;
	/** The table for the next game, or null: sits out. */
	to: number | null;
	why: MoveReason;
	/** The result that decided it. */
	place: number;
	total: number;
	/** A tie for the last place that moves was drawn by lot, and this player was in it. */
	byLot: boolean;
}

export interface NextGame {
	seating: Seating;
	moves: Move[];
	/** The final tables' numbers (empty unless the rule is Final table). */
	finalTables: number[];
}

/** A table's results best first, with each player's tie group (index range of their place). */
interface Ranked {
	table: number;
	order: SeatResult[];
	groupOf: Map<PlayerId, { from: number; to: number }>;
}

function checkGame(game: readonly TableResult[]): NightProblem | null {
	const sorted = [...game].sort((a, b) => a.table - b.table);
	if (sorted.length === 0 || sorted.some((t, i) => t.table !== i + 1 || t.results.length === 0)) {
		return { code: 'bad-tables' };
	}
	for (const t of sorted) {
		for (const r of t.results) {
			const sound =
				Number.isInteger(r.place) &&
				r.place >= 1 &&
				Number.isFinite(r.total) &&
				Number.isInteger(r.rounds) &&
				r.rounds >= 0;
			if (!sound) return { code: 'bad-result', player: r.player, params: { table: t.table } };
		}
	}
	return repeatedPlayer(sorted.flatMap((t) => t.results.map((r) => r.player)));
}

/** Best first; players sharing a place are put in an order drawn by lot. */
function rankTable(draw: SeededDraw, table: TableResult): Ranked {
	const byPlace = new Map<number, SeatResult[]>();
	for (const r of table.results) byPlace.set(r.place, [...(byPlace.get(r.place) ?? []), r]);
	const order: SeatResult[] = [];
	const groupOf = new Map<PlayerId, { from: number; to: number }>();
	for (const place of [...byPlace.keys()].sort((a, b) => a - b)) {
		// Sorted by id before the lot, so the input's order never changes who wins a tie.
		const group = byPlace.get(place)!.sort((a, b) => (a.player < b.player ? -1 : 1));
		const from = order.length;
		order.push(...shuffled(group, draw));
		for (const r of group) groupOf.set(r.player, { from, to: order.length });
	}
	return { table: table.table, order, groupOf };
}

/** Whether a cut after `cut` players runs through this player's tie group. */
function cutByLot(ranked: Ranked, player: PlayerId, cut: number): boolean {
	const g = ranked.groupOf.get(player)!;
	return g.from < cut && g.to > cut;
}

function moveOf(
	ranked: Ranked,
	r: SeatResult,
	to: number | null,
	why: MoveReason,
	cut: number
): Move {
	const byLot = cut >= 0 && cutByLot(ranked, r.player, cut);
	return { player: r.player, from: ranked.table, to, why, place: r.place, total: r.total, byLot };
}

/** The next seating from each player's new table: the seats at each table drawn. */
function seatTables(draw: SeededDraw, moves: Move[], tables: number): SeatedTable[] {
	const seated: SeatedTable[] = [];
	for (let t = 1; t <= tables; t++) {
		const here = moves.filter((m) => m.to === t).map((m) => m.player);
		seated.push({ table: t, players: shuffled(here, draw) });
	}
	return seated;
}

type Next = Omit<NextGame, 'seating'> & { tables: SeatedTable[] };

function lowestMoveUp(draw: SeededDraw, ranked: Ranked[], count: number): Next {
	const bottom = ranked.length;
	const moves: Move[] = [];
	for (const r of ranked) {
		if (bottom === 1) {
			for (const p of r.order) moves.push(moveOf(r, p, 1, 'stays', -1));
		} else if (r.table === 1) {
			const keep = r.order.length - count;
			r.order.forEach((p, i) => {
				if (i < keep) moves.push(moveOf(r, p, 1, 'stays', keep));
				else moves.push(moveOf(r, p, bottom, 'down-to-bottom', keep));
			});
		} else {
			r.order.forEach((p, i) => {
				if (i < count) moves.push(moveOf(r, p, r.table - 1, 'moves-up', count));
				else moves.push(moveOf(r, p, r.table, 'stays', count));
			});
		}
	}
	return { moves, tables: seatTables(draw, moves, bottom), finalTables: [] };
}

function drawAgain(draw: SeededDraw, ranked: Ranked[], allowed: TableSizes): NightResult<Next> {
	const players = ranked.flatMap((r) => r.order.map((p) => p.player));
	const dealt = dealWith(draw, players, allowed);
	if (!dealt.ok) return dealt;
	return {
		ok: true,
		value: { moves: movesTo(ranked, dealt.value, 'drawn'), tables: dealt.value, finalTables: [] }
	};
}

/** Each player of `ranked` who sits at one of `tables`, moved there for `why`. */
function movesTo(ranked: Ranked[], tables: SeatedTable[], why: MoveReason, cut = -1): Move[] {
	const at = new Map<PlayerId, number>();
	for (const t of tables) for (const p of t.players) at.set(p, t.table);
	return ranked.flatMap((r) =>
		r.order.filter((p) => at.has(p.player)).map((p) => moveOf(r, p, at.get(p.player)!, why, cut))
	);
}

/**
 * The final: the lowest `perTable` of each table, dealt at random to as few final tables as seat
 * them (at most the club's largest table each; a final may be smaller than the club's smallest
 * table, since its size is the count of tables, not a choice). Then the others.
 */
function finalTable(
	draw: SeededDraw,
	ranked: Ranked[],
	rule: Extract<MoveRule, { kind: 'final-table' }>,
	allowed: TableSizes
): NightResult<Next> {
	const cut = rule.perTable;
	const finalists = ranked.flatMap((r) => r.order.slice(0, cut).map((p) => p.player));
	if (finalists.length < 2)
		return refuse('final-too-small', { params: { count: finalists.length } });
	const sizes = tableSizes(finalists.length, { min: 2, max: allowed.max });
	if (!sizes.ok) return sizes;
	const finals = seatInOrder(shuffled(finalists, draw), sizes.value);
	const finalTables = finals.map((t) => t.table);
	const moves = movesTo(ranked, finals, 'to-final', cut);
	const others = ranked.flatMap((r) => r.order.slice(cut).map((p) => p.player));
	if (rule.others === 'sit-out') {
		const out = ranked.flatMap((r) =>
			r.order.slice(cut).map((p) => moveOf(r, p, null, 'sits-out', cut))
		);
		moves.push(...out);
		return { ok: true, value: { moves, tables: finals, finalTables } };
	}
	const dealt = dealWith(draw, others, allowed, finals.length + 1);
	if (!dealt.ok) {
		return {
			ok: false,
			problems: dealt.problems.map((p) => ({ ...p, params: { ...p.params, who: 'others' } }))
		};
	}
	moves.push(...movesTo(ranked, dealt.value, 'drawn', cut));
	return { ok: true, value: { moves, tables: [...finals, ...dealt.value], finalTables } };
}

/** How many move from each table must leave someone behind at every table. */
function checkCount(count: number, ranked: Ranked[]): NightProblem | null {
	const smallest = Math.min(...ranked.map((r) => r.order.length));
	if (Number.isInteger(count) && count >= 1 && count < smallest) return null;
	return { code: 'bad-move-count', params: { count: String(count), max: smallest - 1 } };
}

/**
 * The next game's seating after a game, by the organiser's rule, with each player's move. The
 * game's results come per table (numbered 1 … T, 1 the top); `seed` is the move's own, stored
 * with it.
 */
export function nextGame(
	game: readonly TableResult[],
	rule: MoveRule,
	allowed: TableSizes,
	seed: string
): NightResult<NextGame> {
	if (!isSeed(seed)) return refuse('bad-seed');
	const bad = checkGame(game);
	if (bad) return { ok: false, problems: [bad] };
	const draw = seededDraw(seed);
	const ranked = [...game].sort((a, b) => a.table - b.table).map((t) => rankTable(draw, t));
	let next: NightResult<Next>;
	if (rule.kind === 'draw-again') next = drawAgain(draw, ranked, allowed);
	else {
		const count = rule.kind === 'lowest-move-up' ? rule.count : rule.perTable;
		const wrong = checkCount(count, ranked);
		if (wrong) return { ok: false, problems: [wrong] };
		next =
			rule.kind === 'lowest-move-up'
				? { ok: true, value: lowestMoveUp(draw, ranked, count) }
				: finalTable(draw, ranked, rule, allowed);
	}
	if (!next.ok) return next;
	const { moves, tables, finalTables } = next.value;
	return {
		ok: true,
		value: {
			seating: { seed, method: DRAW_METHOD, tables },
			moves: inSeatOrder(moves, tables),
			finalTables
		}
	};
}

/** Moves as the wall reads them: by the table they go to (sitting out last), then by seat. */
function inSeatOrder(moves: Move[], tables: SeatedTable[]): Move[] {
	const seatOf = new Map(tables.flatMap((t) => t.players.map((p, seat) => [p, seat] as const)));
	const table = (m: Move) => m.to ?? Number.MAX_SAFE_INTEGER;
	const seat = (m: Move) => seatOf.get(m.player) ?? 0;
	return [...moves].sort(
		(a, b) => table(a) - table(b) || seat(a) - seat(b) || (a.player < b.player ? -1 : 1)
	);
}

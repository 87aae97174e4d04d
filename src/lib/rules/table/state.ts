// What is on the table now (RULES.md "The table during a round"): the state the reducer builds
// from a round's log, the problems that refuse an event, and the questions every part asks of
// the state (a train, the double to cover, who must cover it).

import type { KnockPenalty, Ruleset } from '../types';
import { MEXICAN, type TrainId } from './trains';

export interface TrainState {
	id: TrainId;
	/** The owner's key, or null for a Mexican train. */
	owner: string | null;
	/** A first tile is on it (a personal train), or it exists (a Mexican train). */
	started: boolean;
	/** Open for everyone: only personal trains carry a marker; a Mexican train is always open. */
	marker: boolean;
	/** Tiles recorded on it this round (doubles included). */
	tiles: number;
}

export interface OpenDouble {
	train: TrainId;
	value: number;
	by: string | null;
	/**
	 * Under `owner-or-anyone` (001 alternative) the player of the double may play elsewhere on the
	 * turn they played it; this is that player until someone else acts.
	 */
	exempt: string | null;
	/** It was its player's last tile (and the round did not end at once). */
	last: boolean;
}

export interface KnockPenaltyRecord {
	player: string;
	penalty: KnockPenalty;
	/** Index of the event in the log, so the screen can show the newest one. */
	at: number;
}

/**
 * What the last event did to the turn pointer by itself, so the screen can say it and offer to
 * take it back: `played` (a tile laid, a double covered, a last double: the turn is over),
 * `no-play` (could not play: a marker went down, or still could not cover), `passed` (Next
 * player, with no tile recorded for `from`).
 */
export interface TurnMove {
	from: string;
	to: string;
	why: 'played' | 'no-play' | 'passed';
	/**
	 * Passed right after a tile had already moved the pointer onto `from`: they had no turn at all
	 * (a scorekeeper who also presses Next player after Tile played, as on paper).
	 */
	skipped: boolean;
}

export interface TableState {
	engine: number;
	/** Personal trains in seat order, then the Mexican trains that exist. */
	trains: TrainState[];
	/** Open doubles in order of play; the last one is covered first (004). */
	openDoubles: OpenDouble[];
	/** A player who could not cover and must now draw one tile. */
	drawing: string | null;
	/** The last player who failed to cover after drawing, and whether a marker went down. */
	lastFailure: { player: string; marker: boolean } | null;
	/** Players who have knocked (one tile left). */
	oneTileLeft: Record<string, boolean>;
	penalties: KnockPenaltyRecord[];
	/** Turns to be skipped (the `skip-turn` knock penalty), consumed by the turn pointer. */
	skips: Record<string, number>;
	turn: string | null;
	/** How the last event moved the pointer; null when it did not (or set it by hand). */
	moved: TurnMove | null;
	/** Doubles laid this round (each exists once in a set). */
	playedDoubles: number[];
	/**
	 * The round is over on the table: `by` went out. `value` is the double when the last tile was
	 * one (RULES.md: 000, 004, or a last double once covered), null for a plain last tile.
	 */
	ended: { by: string | null; value: number | null } | null;
	/** Events of the log the reducer refused (a log written by an older or buggy version). */
	skipped: number[];
	/** Events applied. */
	applied: number;
}

/** Why an event cannot be recorded now; the screen translates the code. */
export type TableProblemCode =
	| 'unknown-player'
	| 'unknown-train'
	| 'round-over'
	| 'train-closed'
	| 'double-must-be-covered'
	| 'cover-in-reverse-order'
	| 'train-has-open-double'
	| 'double-outside-set'
	| 'double-is-engine'
	| 'double-already-played'
	| 'no-open-double'
	| 'not-drawn-yet'
	| 'voluntary-marker-not-allowed'
	| 'voluntary-marker-not-your-turn'
	| 'one-mexican-train-only'
	| 'mexican-not-started'
	| 'no-turn-pointer'
	/** The player has laid their last tile (a double still open): nothing is left to play. */
	| 'player-went-out';

export interface TableSetup {
	rules: Ruleset;
	/** Player keys in seat order (the players of this round). */
	players: readonly string[];
	/** This round's engine double. */
	engine: number;
}

export function initialTable(setup: TableSetup): TableState {
	return {
		engine: setup.engine,
		trains: [
			...setup.players.map((p) => ({ id: p, owner: p, started: false, marker: false, tiles: 0 })),
			// The Mexican train always has its place at the station; a tile starts it.
			{ id: MEXICAN, owner: null, started: false, marker: false, tiles: 0 }
		],
		openDoubles: [],
		drawing: null,
		lastFailure: null,
		oneTileLeft: {},
		penalties: [],
		skips: {},
		turn: null,
		moved: null,
		playedDoubles: [],
		ended: null,
		skipped: [],
		applied: 0
	};
}

export function trainOf(state: TableState, train: TrainId): TrainState | undefined {
	return state.trains.find((t) => t.id === train);
}

/**
 * Who has no tile left: the player who went out (the round is over), or the player of a last
 * double that is still open (the round ends when it is covered). Nobody asks them to play, cover
 * or knock; the pointer passes them.
 */
export function emptyHanded(state: TableState): string | null {
	if (state.ended) return state.ended.by;
	return state.openDoubles.find((d) => d.last)?.by ?? null;
}

/** The open double that must be covered next, or null. */
export function topDouble(state: TableState): OpenDouble | null {
	return state.openDoubles.at(-1) ?? null;
}

/**
 * The double `player` must cover before playing anywhere else, or null. `satisfy`: everyone
 * (000, 001, 003, 004); `owner-or-anyone`: everyone but the double's player on their own turn
 * (001 alternative: "muss nicht diesen decken, sondern kann … an einem anderen Train anlegen");
 * `none`: nobody (000 variant: the rule "nicht gilt").
 */
export function obligation(
	state: TableState,
	rules: Ruleset,
	player: string | null
): OpenDouble | null {
	if (rules.doubles === 'none') return null;
	const top = topDouble(state);
	if (!top) return null;
	if (rules.doubles === 'owner-or-anyone' && player !== null && top.exempt === player) return null;
	return top;
}

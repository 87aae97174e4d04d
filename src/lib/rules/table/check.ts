// Whether an event may be recorded now: the screen asks before storing, the reducer before
// applying (a log written by an older or buggy version may hold a refused event).

import type { TableEvent } from './events';
import {
	emptyHanded,
	obligation,
	topDouble,
	trainOf,
	type TableProblemCode,
	type TableSetup,
	type TableState
} from './state';
import { MEXICAN } from './trains';

function isPlayer(setup: TableSetup, p: string | null): boolean {
	return p === null || setup.players.includes(p);
}

/** Who plays, covers or draws in `event`, or null when it is not such an event (or not known). */
export function actorOf(event: TableEvent): string | null {
	switch (event.type) {
		case 'tile':
		case 'double':
		case 'covered':
			return event.by;
		case 'cannot-cover':
		case 'still-cannot-cover':
			return event.player;
		default:
			return null;
	}
}

/** Who knocks, or is caught not knocking, in `event`; null when it is not a knock. */
function knocker(event: TableEvent): string | null {
	return event.type === 'knock' || event.type === 'forgot-knock' ? event.player : null;
}

/** A double's value: of the set, not the engine, not laid before this round. */
function checkDoubleValue(
	setup: TableSetup,
	state: TableState,
	value: number
): TableProblemCode | null {
	if (!Number.isInteger(value) || value < 0 || value > setup.rules.set) {
		return 'double-outside-set';
	}
	if (value === state.engine) return 'double-is-engine';
	if (state.playedDoubles.includes(value)) return 'double-already-played';
	return null;
}

/** A tile or a double laid on a train: who may lay it there, given the doubles still open. */
function checkLay(
	setup: TableSetup,
	state: TableState,
	event: Extract<TableEvent, { type: 'tile' | 'double' }>
): TableProblemCode | null {
	const { rules } = setup;
	if (!isPlayer(setup, event.by)) return 'unknown-player';
	const train = trainOf(state, event.train);
	if (!train) return 'unknown-train';
	if (event.type === 'double') {
		const bad = checkDoubleValue(setup, state, event.value);
		if (bad) return bad;
	}
	const open = state.openDoubles.findIndex((d) => d.train === event.train);
	if (open >= 0) {
		// A tile on a train with an open double covers it; only the newest may be covered.
		if (event.type === 'double') return 'train-has-open-double';
		if (rules.doubles !== 'none' && open !== state.openDoubles.length - 1) {
			return 'cover-in-reverse-order';
		}
		return null;
	}
	if (obligation(state, rules, event.by)) {
		// Chaining doubles in one turn is allowed (002 "zwei Doppeldominosteine", 004 "rigiocare").
		const top = topDouble(state);
		const chaining = event.type === 'double' && (event.by === null || event.by === top?.by);
		if (!chaining) return 'double-must-be-covered';
	}
	// A personal train is closed to others unless its marker is on (all sheets).
	if (train.owner !== null && event.by !== null && event.by !== train.owner && !train.marker) {
		return 'train-closed';
	}
	return null;
}

/** A marker placed or taken away; a voluntary one only where the rules allow it. */
function checkMarker(
	setup: TableSetup,
	state: TableState,
	event: Extract<TableEvent, { type: 'marker' }>
): TableProblemCode | null {
	if (!isPlayer(setup, event.player)) return 'unknown-player';
	if (event.on && event.voluntary) {
		// 001: "Eine Markierung des eigenen Train kann auch freiwillig erfolgen. Aber immer nur,
		// wenn der entsprechende Spieler am Zug ist."
		if (!setup.rules.voluntaryMarker) return 'voluntary-marker-not-allowed';
		if (state.turn !== null && state.turn !== event.player) {
			return 'voluntary-marker-not-your-turn';
		}
	}
	return null;
}

/** Whether `event` may be recorded now; null when it may. Pure: the screen asks before storing. */
export function checkTableEvent(
	setup: TableSetup,
	state: TableState,
	event: TableEvent
): TableProblemCode | null {
	const { rules } = setup;
	// Someone went out: the table takes no more plays, turns, knocks or markers.
	if (state.ended) return 'round-over';
	// Whoever laid a last double (still open) has no tile: they play, cover, draw and knock no more.
	const out = emptyHanded(state);
	if (out !== null && (actorOf(event) === out || knocker(event) === out)) return 'player-went-out';
	switch (event.type) {
		case 'tile':
		case 'double':
			return checkLay(setup, state, event);
		case 'covered':
			if (!isPlayer(setup, event.by)) return 'unknown-player';
			return state.openDoubles.length === 0 ? 'no-open-double' : null;
		case 'cannot-cover':
			if (!isPlayer(setup, event.player)) return 'unknown-player';
			return state.openDoubles.length === 0 ? 'no-open-double' : null;
		case 'still-cannot-cover':
			if (!isPlayer(setup, event.player)) return 'unknown-player';
			if (state.openDoubles.length === 0) return 'no-open-double';
			return state.drawing === event.player ? null : 'not-drawn-yet';
		case 'marker':
			return checkMarker(setup, state, event);
		case 'mexican':
			// Taking back "started" is a correction; not while a double waits on that train.
			if (!event.on && state.openDoubles.some((d) => d.train === MEXICAN)) {
				return 'train-has-open-double';
			}
			return null;
		case 'mexican-add':
			// 003: "There is only one Mexican Train in a game"; 004 has coins for several.
			if (!rules.severalMexicanTrains) return 'one-mexican-train-only';
			return trainOf(state, MEXICAN)?.started ? null : 'mexican-not-started';
		case 'knock':
		case 'forgot-knock':
		case 'turn':
			return isPlayer(setup, event.player) ? null : 'unknown-player';
		case 'next-turn':
			return state.turn === null ? 'no-turn-pointer' : null;
	}
}

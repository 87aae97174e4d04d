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

/** Whether `event` may be recorded now; null when it may. Pure: the screen asks before storing. */
export function checkTableEvent(
	setup: TableSetup,
	state: TableState,
	event: TableEvent
): TableProblemCode | null {
	const { rules } = setup;
	if (state.ended && event.type !== 'turn' && event.type !== 'next-turn') return 'round-over';
	// Whoever laid a last double (still open) has no tile: they play, cover and draw no more.
	const out = emptyHanded(state);
	if (out !== null) {
		const actor =
			event.type === 'tile' || event.type === 'double' || event.type === 'covered'
				? event.by
				: event.type === 'cannot-cover' || event.type === 'still-cannot-cover'
					? event.player
					: null;
		if (actor === out) return 'player-went-out';
	}
	switch (event.type) {
		case 'tile':
		case 'double': {
			if (!isPlayer(setup, event.by)) return 'unknown-player';
			const train = trainOf(state, event.train);
			if (!train) return 'unknown-train';
			if (event.type === 'double') {
				if (!Number.isInteger(event.value) || event.value < 0 || event.value > rules.set) {
					return 'double-outside-set';
				}
				if (event.value === state.engine) return 'double-is-engine';
				if (state.playedDoubles.includes(event.value)) return 'double-already-played';
			}
			const open = state.openDoubles.findIndex((d) => d.train === event.train);
			const top = topDouble(state);
			if (open >= 0) {
				// A tile on a train with an open double covers it; only the newest may be covered.
				if (event.type === 'double') return 'train-has-open-double';
				if (rules.doubles !== 'none' && open !== state.openDoubles.length - 1) {
					return 'cover-in-reverse-order';
				}
				return null;
			}
			const owed = obligation(state, rules, event.by);
			if (owed) {
				// Chaining doubles in one turn is allowed (002 "zwei Doppeldominosteine", 004 "rigiocare").
				const chaining = event.type === 'double' && (event.by === null || event.by === top?.by);
				if (!chaining) return 'double-must-be-covered';
			}
			// A personal train is closed to others unless its marker is on (all sheets).
			if (train.owner !== null && event.by !== null && event.by !== train.owner && !train.marker) {
				return 'train-closed';
			}
			return null;
		}
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
			if (!isPlayer(setup, event.player)) return 'unknown-player';
			if (event.on && event.voluntary) {
				// 001: "Eine Markierung des eigenen Train kann auch freiwillig erfolgen. Aber immer nur,
				// wenn der entsprechende Spieler am Zug ist."
				if (!rules.voluntaryMarker) return 'voluntary-marker-not-allowed';
				if (state.turn !== null && state.turn !== event.player) {
					return 'voluntary-marker-not-your-turn';
				}
			}
			return null;
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
			return isPlayer(setup, event.player) ? null : 'unknown-player';
		case 'turn':
			return isPlayer(setup, event.player) ? null : 'unknown-player';
		case 'next-turn':
			return state.turn === null ? 'no-turn-pointer' : null;
	}
}

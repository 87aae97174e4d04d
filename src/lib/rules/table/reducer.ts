// The live table during a round: an event log per round, and a pure reducer that turns the log
// into what is on the table now. The log is what is stored; the state is always recomputed, so
// undo is "drop the last event" and a reload loses nothing.

import type { Ruleset } from '../types';
import { actorOf, checkTableEvent } from './check';
import type { TableEvent, TableEventType } from './events';
import {
	emptyHanded,
	initialTable,
	trainOf,
	type TableSetup,
	type TableState,
	type TrainState,
	type TurnMove
} from './state';
import { MEXICAN, mexicanTrainId, type TrainId } from './trains';

/**
 * The seat after `player`, skipping (and consuming) a turn owed by the knock penalty, and passing
 * over whoever has no tile left (a last double still open: they have nothing to play or cover).
 */
function nextSeat(setup: TableSetup, s: TableState, player: string): string {
	const { skips } = s;
	const out = emptyHanded(s);
	const n = setup.players.length;
	let i = setup.players.indexOf(player);
	for (let step = 0; step < n; step++) {
		i = (i + 1) % n;
		const p = setup.players[i]!;
		if (p === out) continue;
		if ((skips[p] ?? 0) > 0) {
			skips[p] = (skips[p] ?? 0) - 1;
			continue;
		}
		return p;
	}
	return setup.players[(setup.players.indexOf(player) + 1) % n]!;
}

/**
 * What a tile laid by `by` on `train` does to the markers, by the `markerRemoval` knob:
 * - `owner-plays-own` (001 "nur entfernt, wenn der Spieler … an seinem eigenen Train einen Stein
 *   anlegen konnte"; 000 "Sobald der Besitzer … an seinen Zug anlegt, wird der Marker entfernt";
 *   002, 003, 004): only the owner laying on their own train removes it.
 * - `any-player-plays` (000 variant: "sobald ein beliebiger Spieler (nicht notwendigerweise der
 *   Besitzer) an diesem Zug anlegt … genau ein Stein von einem Gegner"): the first tile anyone
 *   lays on the marked train removes it, so exactly one opponent's tile goes on it.
 * - `owner-plays-anywhere` (000 variant: "sobald Sie an einer beliebigen Stelle des Spiels
 *   anlegen"): the owner laying anywhere removes their own marker.
 * A tile by an unknown player removes a marker only where who laid it does not matter.
 */
function removeMarkers(rules: Ruleset, trains: TrainState[], train: TrainId, by: string | null) {
	for (const t of trains) {
		if (!t.marker || t.owner === null) continue;
		const onIt = t.id === train;
		const remove =
			rules.markerRemoval === 'owner-plays-own'
				? onIt && by === t.owner
				: rules.markerRemoval === 'any-player-plays'
					? onIt
					: by === t.owner;
		if (remove) t.marker = false;
	}
}

// Each event's effect below changes `s`, a copy of the table, in place.

/** The pointer moves on from `from` because of what they did (or did not do). */
function moveOn(setup: TableSetup, s: TableState, from: string, why: TurnMove['why']) {
	const to = nextSeat(setup, s, from);
	s.turn = to;
	s.moved = { from, to, why, skipped: false };
}

type EventOf<T extends TableEventType> = Extract<TableEvent, { type: T }>;

/** A tile on `train`: one more on it, the train started, and the markers that tile removes. */
function layOn(setup: TableSetup, s: TableState, train: TrainId, by: string | null) {
	const t = trainOf(s, train)!;
	t.tiles += 1;
	t.started = true;
	removeMarkers(setup.rules, s.trains, train, by);
}

/** Covers the double on `train`, or the newest one (reverse order of play, 004). */
function cover(setup: TableSetup, s: TableState, by: string | null, train?: TrainId) {
	const i =
		train === undefined
			? s.openDoubles.length - 1
			: s.openDoubles.findIndex((d) => d.train === train);
	const d = s.openDoubles[i];
	if (!d) return;
	s.openDoubles.splice(i, 1);
	s.drawing = null;
	layOn(setup, s, d.train, by);
	if (d.last && s.openDoubles.length === 0) {
		// The last double is covered: the round is over, and the pointer stays where it is.
		endRound(s, d.by, d.value);
		return;
	}
	// 003: "regular play resumes with the player to the left of the player who completed the
	// double". The pointer moves from the one who covered (or from whoever had the turn).
	const from = by ?? s.turn;
	if (s.turn !== null && from !== null) moveOn(setup, s, from, 'played');
}

/**
 * `by` went out: the round is over on the table. They hold no tile, so their knock goes; the
 * pointer moves no more (checkTableEvent refuses every further tap).
 */
function endRound(s: TableState, by: string | null, value: number | null) {
	s.ended = { by, value };
	if (by !== null) s.oneTileLeft[by] = false;
}

function layTile(setup: TableSetup, s: TableState, event: EventOf<'tile'>) {
	const turn = s.turn;
	if (s.openDoubles.some((d) => d.train === event.train)) {
		cover(setup, s, event.by, event.train);
	} else {
		layOn(setup, s, event.train, event.by);
		// The double's player used their free play elsewhere (001 alternative): from now on
		// they are bound like everyone ("muss auch der Verursacher … diesen Stein decken").
		for (const d of s.openDoubles) if (d.exempt === event.by) d.exempt = null;
		// One tile per turn (003 "Each player plays one tile per turn").
		if (s.turn !== null && event.by === s.turn) moveOn(setup, s, s.turn, 'played');
	}
	// A plain last tile: its player went out and the round is over (RULES.md "someone went
	// out"); doubles still open do not matter, nobody plays on. Only a player whose last
	// double still waits emptied their hand before: they are the one out. The pointer stays.
	if (event.last && s.ended === null) {
		const first = s.openDoubles.find((d) => d.last);
		if (first) endRound(s, first.by, first.value);
		else endRound(s, event.by, null);
		s.turn = turn;
		s.moved = null;
	}
}

function layDouble(setup: TableSetup, s: TableState, event: EventOf<'double'>) {
	const { rules } = setup;
	layOn(setup, s, event.train, event.by);
	s.playedDoubles.push(event.value);
	// 000: "Wenn Ihr letzter Dominostein ein Pasch ist: In diesem Fall ist das Spiel sofort
	// beendet"; 004: "Se giocate un doppio come ultima tessera, voi vincete la manche".
	if (event.last && rules.lastDoubleEndsRound) {
		endRound(s, event.by, event.value);
		return;
	}
	const last = event.last === true;
	// Their hand is empty: no knock stands for them any more.
	if (last && event.by !== null) s.oneTileLeft[event.by] = false;
	s.openDoubles.push({
		train: event.train,
		value: event.value,
		by: event.by,
		// A last double leaves its player nothing to play elsewhere (001 alternative).
		exempt: rules.doubles === 'owner-or-anyone' && !last ? event.by : null,
		last
	});
	// The turn stays: the player of a double lays another tile (000, 001, 003; 004 replay).
	// Not after a last double: that player has none, so the next seat must cover it.
	if (last && s.turn !== null && event.by === s.turn) moveOn(setup, s, s.turn, 'played');
}

function stillCannotCover(setup: TableSetup, s: TableState, event: EventOf<'still-cannot-cover'>) {
	s.drawing = null;
	// All sheets: still unable after drawing, the player places a marker on their own train
	// (003: "even if they had a matching tile to play on their train"), except the 000 variant
	// "keinen Marker …, wenn er nicht an seinem Zug anlegen durfte, weil er einen Pasch
	// bedienen musste".
	const marker = !setup.rules.noMarkerWhenOnlyDoubleStopped;
	if (marker) trainOf(s, event.player)!.marker = true;
	s.lastFailure = { player: event.player, marker };
	if (s.turn !== null) moveOn(setup, s, event.player, 'no-play');
}

function setMarker(setup: TableSetup, s: TableState, event: EventOf<'marker'>) {
	const t = trainOf(s, event.player)!;
	const placed = event.on && !t.marker;
	t.marker = event.on;
	// A marker placed because the owner could not play ends their turn (all sheets: "setzen
	// Sie aus und legen einen Marker"); a voluntary one does not (001).
	if (placed && !event.voluntary && s.turn === event.player) {
		moveOn(setup, s, event.player, 'no-play');
	}
}

function addMexican(s: TableState) {
	const count = s.trains.filter((t) => t.owner === null).length;
	s.trains.push({
		id: mexicanTrainId(count + 1),
		owner: null,
		started: true,
		marker: false,
		tiles: 1
	});
}

function forgotKnock(rules: Ruleset, s: TableState, event: EventOf<'forgot-knock'>, index: number) {
	s.penalties.push({ player: event.player, penalty: rules.knockPenalty, at: index });
	// Drawing tiles means the player no longer holds one tile; otherwise it is now known.
	const draws = rules.knockPenalty === 'draw-1' || rules.knockPenalty === 'draw-2';
	s.oneTileLeft[event.player] = !draws;
	if (rules.knockPenalty === 'skip-turn') {
		s.skips[event.player] = (s.skips[event.player] ?? 0) + 1;
	}
}

function startMexican(s: TableState, event: EventOf<'mexican'>) {
	const t = trainOf(s, MEXICAN)!;
	t.started = event.on;
	if (!event.on) t.tiles = 0;
}

function setTurn(s: TableState, event: EventOf<'turn'>) {
	s.turn = event.player;
	for (const d of s.openDoubles) if (d.exempt !== event.player) d.exempt = null;
}

/**
 * Next player: the turn passes with no tile recorded for `from`. `before` is how the event before
 * moved the pointer: when a tile (or a marker) had just moved it onto `from`, they are skipped.
 */
function nextTurn(setup: TableSetup, s: TableState, before: TurnMove | null) {
	const from = s.turn!;
	moveOn(setup, s, from, 'passed');
	s.moved!.skipped = before !== null && before.why !== 'passed' && before.to === from;
	for (const d of s.openDoubles) if (d.exempt === from) d.exempt = null;
}

/**
 * What `event` does to `s` (a copy, changed in place), by the event's type. `before` is how the
 * event before it moved the pointer.
 */
function applyToCopy(
	setup: TableSetup,
	s: TableState,
	event: TableEvent,
	index: number,
	before: TurnMove | null
): void {
	switch (event.type) {
		case 'tile':
			return layTile(setup, s, event);
		case 'double':
			return layDouble(setup, s, event);
		case 'covered':
			return cover(setup, s, event.by);
		case 'cannot-cover':
			// 000, 001, 003, 004: who cannot cover draws one tile first.
			s.drawing = event.player;
			return;
		case 'still-cannot-cover':
			return stillCannotCover(setup, s, event);
		case 'marker':
			return setMarker(setup, s, event);
		case 'mexican':
			return startMexican(s, event);
		case 'mexican-add':
			return addMexican(s);
		case 'knock':
			s.oneTileLeft[event.player] = event.on;
			return;
		case 'forgot-knock':
			return forgotKnock(setup.rules, s, event, index);
		case 'turn':
			return setTurn(s, event);
		case 'next-turn':
			return nextTurn(setup, s, before);
	}
}

/** Applies one event; returns a new state (the input is not changed). Refused events are skipped. */
export function applyTableEvent(
	setup: TableSetup,
	state: TableState,
	event: TableEvent,
	index = state.applied + state.skipped.length
): TableState {
	if (checkTableEvent(setup, state, event) !== null) {
		return { ...state, skipped: [...state.skipped, index] };
	}
	const s: TableState = structuredClone(state);
	s.applied += 1;
	const actor = actorOf(event);
	// The 001 alternative frees the double's player only on the turn they played it.
	if (actor !== null) {
		for (const d of s.openDoubles) if (d.exempt !== null && d.exempt !== actor) d.exempt = null;
	}
	if (event.type !== 'still-cannot-cover') s.lastFailure = null;
	// Said for the tap that made it only: the next tap has its own answer.
	s.moved = null;
	applyToCopy(setup, s, event, index, state.moved);
	return s;
}

/** The table after a round's log; a fresh round (empty log) is a clean table. */
export function replayTable(
	rules: Ruleset,
	players: readonly string[],
	engine: number,
	events: readonly TableEvent[]
): TableState {
	const setup: TableSetup = { rules, players, engine };
	let state = initialTable(setup);
	events.forEach((e, i) => {
		state = applyTableEvent(setup, state, e, i);
	});
	return state;
}

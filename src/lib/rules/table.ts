// The live table during a round (RULES.md "The table during a round"): an event log per round,
// and a pure reducer that turns the log into what is on the table now. The log is what is stored;
// the state is always recomputed, so undo is "drop the last event" and a reload loses nothing.
//
// Trains are named by a string: a player's train by the player's key (seat id), a Mexican train
// by MEXICAN ('mexican') or, where several are allowed (004), 'mexican-2', 'mexican-3'…
// Player keys are opaque ids (UUIDs in the app), so they never collide with those names.

import type { KnockPenalty, Ruleset } from './types';

export type TrainId = string;

export const MEXICAN: TrainId = 'mexican';

/** The id of the k-th Mexican train (1-based): 'mexican', 'mexican-2', … */
export function mexicanTrainId(k: number): TrainId {
	return k <= 1 ? MEXICAN : `${MEXICAN}-${k}`;
}

export function isMexicanTrain(train: TrainId): boolean {
	return train === MEXICAN || /^mexican-\d+$/.test(train);
}

/** What happened at the table, as the scorekeeper recorded it. Plain JSON: stored as is. */
export type TableEvent =
	/** A plain tile laid on a train. `by` is who laid it, when the scorekeeper knows. */
	| { type: 'tile'; train: TrainId; by: string | null }
	/** A double laid on a train; `last` when it was the player's last tile. */
	| { type: 'double'; train: TrainId; value: number; by: string | null; last?: boolean }
	/** The most recently played open double is covered (reverse order of play, 004). */
	| { type: 'covered'; by: string | null }
	/** A player cannot cover the open double: step one, they draw one tile. */
	| { type: 'cannot-cover'; player: string }
	/** …and after drawing they still cannot: the marker step (unless the 000 variant says no). */
	| { type: 'still-cannot-cover'; player: string }
	/** The scorekeeper places or removes a marker. `voluntary` = opened by choice (001). */
	| { type: 'marker'; player: string; on: boolean; voluntary?: boolean }
	/** The (first) Mexican train is started, or that was a mistake. */
	| { type: 'mexican'; on: boolean }
	/** One more Mexican train (004's coins), where the rules allow several. */
	| { type: 'mexican-add' }
	/** "‹name› has one tile left" (the knock) on or off. */
	| { type: 'knock'; player: string; on: boolean }
	/** Someone was caught not knocking: the preset's penalty applies. */
	| { type: 'forgot-knock'; player: string }
	/** The whose-turn pointer set to a player, or hidden (null). */
	| { type: 'turn'; player: string | null }
	/** The pointer moves on to the next seat. */
	| { type: 'next-turn' };

export type TableEventType = TableEvent['type'];

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
	/** Doubles laid this round (each exists once in a set). */
	playedDoubles: number[];
	/** The round is over on the table (a last double, RULES.md: 000, 004). */
	ended: { by: string | null; value: number } | null;
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
	| 'no-turn-pointer';

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
		playedDoubles: [],
		ended: null,
		skipped: [],
		applied: 0
	};
}

export function trainOf(state: TableState, train: TrainId): TrainState | undefined {
	return state.trains.find((t) => t.id === train);
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

/** The seat after `player`, skipping (and consuming) a turn owed by the knock penalty. */
function nextSeat(setup: TableSetup, skips: Record<string, number>, player: string): string {
	const n = setup.players.length;
	let i = setup.players.indexOf(player);
	for (let step = 0; step < n; step++) {
		i = (i + 1) % n;
		const p = setup.players[i]!;
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
	const { rules } = setup;
	const s: TableState = structuredClone(state);
	s.applied += 1;
	const actor =
		event.type === 'tile' || event.type === 'double' || event.type === 'covered'
			? event.by
			: event.type === 'cannot-cover' || event.type === 'still-cannot-cover'
				? event.player
				: null;
	// The 001 alternative frees the double's player only on the turn they played it.
	if (actor !== null) {
		for (const d of s.openDoubles) if (d.exempt !== null && d.exempt !== actor) d.exempt = null;
	}
	if (event.type !== 'still-cannot-cover') s.lastFailure = null;

	const layOn = (train: TrainId, by: string | null) => {
		const t = trainOf(s, train)!;
		t.tiles += 1;
		t.started = true;
		removeMarkers(rules, s.trains, train, by);
	};
	// Covers the double on `train`, or the newest one (reverse order of play, 004).
	const cover = (by: string | null, train?: TrainId) => {
		const i =
			train === undefined
				? s.openDoubles.length - 1
				: s.openDoubles.findIndex((d) => d.train === train);
		const d = s.openDoubles[i];
		if (!d) return;
		s.openDoubles.splice(i, 1);
		s.drawing = null;
		layOn(d.train, by);
		if (d.last && s.openDoubles.length === 0) s.ended = { by: d.by, value: d.value };
		// 003: "regular play resumes with the player to the left of the player who completed the
		// double". The pointer moves from the one who covered (or from whoever had the turn).
		const from = by ?? s.turn;
		if (s.turn !== null && from !== null) s.turn = nextSeat(setup, s.skips, from);
	};

	switch (event.type) {
		case 'tile': {
			if (s.openDoubles.some((d) => d.train === event.train)) {
				cover(event.by, event.train);
				break;
			}
			layOn(event.train, event.by);
			// The double's player used their free play elsewhere (001 alternative): from now on
			// they are bound like everyone ("muss auch der Verursacher … diesen Stein decken").
			for (const d of s.openDoubles) if (d.exempt === event.by) d.exempt = null;
			// One tile per turn (003 "Each player plays one tile per turn").
			if (s.turn !== null && event.by === s.turn) s.turn = nextSeat(setup, s.skips, s.turn);
			break;
		}
		case 'double': {
			layOn(event.train, event.by);
			s.playedDoubles.push(event.value);
			// 000: "Wenn Ihr letzter Dominostein ein Pasch ist: In diesem Fall ist das Spiel sofort
			// beendet"; 004: "Se giocate un doppio come ultima tessera, voi vincete la manche".
			if (event.last && rules.lastDoubleEndsRound) {
				s.ended = { by: event.by, value: event.value };
				break;
			}
			// The turn stays: the player of a double lays another tile (000, 001, 003; 004 replay).
			s.openDoubles.push({
				train: event.train,
				value: event.value,
				by: event.by,
				exempt: rules.doubles === 'owner-or-anyone' ? event.by : null,
				last: event.last === true
			});
			break;
		}
		case 'covered':
			cover(event.by);
			break;
		case 'cannot-cover':
			// 000, 001, 003, 004: who cannot cover draws one tile first.
			s.drawing = event.player;
			break;
		case 'still-cannot-cover': {
			s.drawing = null;
			// All sheets: still unable after drawing, the player places a marker on their own train
			// (003: "even if they had a matching tile to play on their train"), except the 000 variant
			// "keinen Marker …, wenn er nicht an seinem Zug anlegen durfte, weil er einen Pasch
			// bedienen musste".
			const marker = !rules.noMarkerWhenOnlyDoubleStopped;
			if (marker) trainOf(s, event.player)!.marker = true;
			s.lastFailure = { player: event.player, marker };
			if (s.turn !== null) s.turn = nextSeat(setup, s.skips, event.player);
			break;
		}
		case 'marker': {
			const t = trainOf(s, event.player)!;
			const placed = event.on && !t.marker;
			t.marker = event.on;
			// A marker placed because the owner could not play ends their turn (all sheets: "setzen
			// Sie aus und legen einen Marker"); a voluntary one does not (001).
			if (placed && !event.voluntary && s.turn === event.player) {
				s.turn = nextSeat(setup, s.skips, event.player);
			}
			break;
		}
		case 'mexican': {
			const t = trainOf(s, MEXICAN)!;
			t.started = event.on;
			if (!event.on) t.tiles = 0;
			break;
		}
		case 'mexican-add': {
			const count = s.trains.filter((t) => t.owner === null).length;
			s.trains.push({
				id: mexicanTrainId(count + 1),
				owner: null,
				started: true,
				marker: false,
				tiles: 1
			});
			break;
		}
		case 'knock':
			s.oneTileLeft[event.player] = event.on;
			break;
		case 'forgot-knock': {
			s.penalties.push({ player: event.player, penalty: rules.knockPenalty, at: index });
			// Drawing tiles means the player no longer holds one tile; otherwise it is now known.
			const draws = rules.knockPenalty === 'draw-1' || rules.knockPenalty === 'draw-2';
			s.oneTileLeft[event.player] = !draws;
			if (rules.knockPenalty === 'skip-turn') {
				s.skips[event.player] = (s.skips[event.player] ?? 0) + 1;
			}
			break;
		}
		case 'turn':
			s.turn = event.player;
			for (const d of s.openDoubles) if (d.exempt !== event.player) d.exempt = null;
			break;
		case 'next-turn': {
			const from = s.turn!;
			s.turn = nextSeat(setup, s.skips, from);
			for (const d of s.openDoubles) if (d.exempt === from) d.exempt = null;
			break;
		}
	}
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

/** Undo is dropping the last event: the state is the replay of what is left. */
export function undoTableEvent(events: readonly TableEvent[]): TableEvent[] {
	return events.slice(0, -1);
}

const EVENT_TYPES: readonly TableEventType[] = [
	'tile',
	'double',
	'covered',
	'cannot-cover',
	'still-cannot-cover',
	'marker',
	'mexican',
	'mexican-add',
	'knock',
	'forgot-knock',
	'turn',
	'next-turn'
];

const str = (x: unknown) => typeof x === 'string';
const strOrNull = (x: unknown) => x === null || typeof x === 'string';
const bool = (x: unknown) => typeof x === 'boolean';

/** A stored record read back as an event, or null when it is not one (a damaged row). */
export function parseTableEvent(x: unknown): TableEvent | null {
	if (typeof x !== 'object' || x === null) return null;
	const e = x as Record<string, unknown>;
	if (!EVENT_TYPES.includes(e.type as TableEventType)) return null;
	const ok = (() => {
		switch (e.type as TableEventType) {
			case 'tile':
				return str(e.train) && strOrNull(e.by);
			case 'double':
				return (
					str(e.train) &&
					strOrNull(e.by) &&
					Number.isInteger(e.value) &&
					(e.last === undefined || bool(e.last))
				);
			case 'covered':
				return strOrNull(e.by);
			case 'cannot-cover':
			case 'still-cannot-cover':
			case 'forgot-knock':
				return str(e.player);
			case 'marker':
				return str(e.player) && bool(e.on) && (e.voluntary === undefined || bool(e.voluntary));
			case 'mexican':
				return bool(e.on);
			case 'knock':
				return str(e.player) && bool(e.on);
			case 'turn':
				return strOrNull(e.player);
			case 'mexican-add':
			case 'next-turn':
				return true;
		}
	})();
	return ok ? (e as unknown as TableEvent) : null;
}

/** A rules card for what is on the table: the screen turns the code into words. */
export type WhatNowCode =
	/** Nobody may play elsewhere until the double is covered (satisfy). */
	| 'cover-double'
	/** The double's player may play elsewhere; the others must cover (001 alternative). */
	| 'cover-double-owner-free'
	/** An uncovered double, but no obligation (000 variant). */
	| 'double-no-obligation'
	/** Several open doubles: the newest first (004). */
	| 'cover-reverse-order'
	/** Who cannot cover draws one tile… */
	| 'draw-one-to-cover'
	/** …then, still unable, places a marker… */
	| 'then-marker'
	/** …except under the 000 variant. */
	| 'then-no-marker'
	| 'marker-placed-after-failing'
	| 'no-marker-only-double'
	/** The player of a double plays again (004). */
	| 'double-replay'
	/** The round ended on a last double. */
	| 'last-double-ended'
	/** A last double still open: the round ends when it is covered. */
	| 'last-double-open'
	| 'marker-owner-plays-own'
	| 'marker-any-player-plays'
	| 'marker-owner-plays-anywhere'
	| 'voluntary-marker'
	| 'knock-penalty'
	| 'mexican-start'
	| 'mexican-several'
	| 'first-turn-all'
	| 'play-one-tile';

export interface WhatNowCard {
	code: WhatNowCode;
	/** Parameters for the words: the double, the train, a player key, the penalty. */
	params?: Record<string, string | number>;
}

/** The rules cards for the situation, most pressing first. */
export function whatNow(state: TableState, rules: Ruleset): WhatNowCard[] {
	const cards: WhatNowCard[] = [];
	if (state.ended) {
		cards.push({
			code: 'last-double-ended',
			params: { value: state.ended.value, player: state.ended.by ?? '' }
		});
		return cards;
	}
	const top = topDouble(state);
	if (state.lastFailure) {
		cards.push({
			code: state.lastFailure.marker ? 'marker-placed-after-failing' : 'no-marker-only-double',
			params: { player: state.lastFailure.player }
		});
	}
	if (top) {
		const params = { value: top.value, train: top.train, player: top.by ?? '' };
		if (rules.doubles === 'none') cards.push({ code: 'double-no-obligation', params });
		else if (rules.doubles === 'owner-or-anyone' && top.exempt !== null) {
			cards.push({ code: 'cover-double-owner-free', params });
		} else cards.push({ code: 'cover-double', params });
		if (state.openDoubles.length > 1) {
			cards.push({ code: 'cover-reverse-order', params: { count: state.openDoubles.length } });
		}
		if (state.openDoubles.some((d) => d.last)) cards.push({ code: 'last-double-open', params });
		if (rules.doubles !== 'none') {
			if (state.drawing !== null) {
				cards.push({ code: 'draw-one-to-cover', params: { player: state.drawing } });
			}
			cards.push({ code: rules.noMarkerWhenOnlyDoubleStopped ? 'then-no-marker' : 'then-marker' });
		}
		if (rules.doubleReplay) cards.push({ code: 'double-replay' });
		return cards;
	}
	const anyStarted = state.trains.some((t) => t.started);
	if (!anyStarted && rules.firstTurnAll) cards.push({ code: 'first-turn-all' });
	const knocked = Object.entries(state.oneTileLeft).filter(([, on]) => on);
	if (knocked.length > 0 || state.penalties.length > 0) {
		cards.push({ code: 'knock-penalty', params: { penalty: rules.knockPenalty } });
	}
	if (state.trains.some((t) => t.marker)) {
		cards.push({ code: `marker-${rules.markerRemoval}` });
	}
	const mexican = trainOf(state, MEXICAN);
	if (mexican && !mexican.started) cards.push({ code: 'mexican-start' });
	else if (rules.severalMexicanTrains) cards.push({ code: 'mexican-several' });
	if (rules.voluntaryMarker) cards.push({ code: 'voluntary-marker' });
	cards.push({ code: 'play-one-tile' });
	return cards;
}

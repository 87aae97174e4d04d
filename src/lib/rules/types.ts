// The domain's vocabulary, as plain data. Everything here is JSON-serialisable, so the database
// stores exactly what was entered and every total is recomputed from it.

// Each knob is described once, in knobs.ts (and the presets in presets.ts); the types are read
// from there, so the types, resolving and the backup's schema agree.

import type {
	BLOCKED_RULES,
	DOUBLE_RULES,
	KNOCK_PENALTIES,
	MARKER_REMOVALS,
	MODES,
	START_RULES
} from './knobs';
import type { PresetId, Ruleset } from './presets';

export type { PresetId, Ruleset } from './presets';
export type { Schedule, ScheduleName, SetSize } from './knobs';
export type BlockedRule = (typeof BLOCKED_RULES)[number];
export type Mode = (typeof MODES)[number];
/** What removes the marker from a personal train. */
export type MarkerRemoval = (typeof MARKER_REMOVALS)[number];
/** What an unsatisfied double obliges. */
export type DoubleRule = (typeof DOUBLE_RULES)[number];
/** Penalty for not knocking with one tile left, when caught. */
export type KnockPenalty = (typeof KNOCK_PENALTIES)[number];
/** Who starts a round: the holder of the engine, or the seat after the last starter. */
export type StartRule = (typeof START_RULES)[number];

/** A preset id plus any knob to override: what the scorekeeper chose, as stored. */
export type RulesChoice = { preset: PresetId } & Partial<Omit<Ruleset, 'preset'>>;

/** A tile [a, b]; order does not matter for identity. */
export type Tile = readonly [number, number];

/** A hand as entered: points as the player counted them, or the tiles left. */
export type Hand = number | Tile[];

/** A round as the scorekeeper entered it. Player keys are opaque strings (ids or names). */
export interface RoundEntry {
	/** Who went out (played the last tile), or null. */
	out: string | null;
	/** True when the round was blocked (nobody could play). */
	blocked: boolean;
	/** Per player of the round: the hand as entered. The player who went out may be absent. */
	hands: Record<string, Hand>;
}

/** An evening's identity for the scoring core: the rules and the seats. */
export interface EveningSetup {
	rules: Ruleset;
	/** Player keys in seat order. */
	players: string[];
	/** Set when the scorekeeper ended the evening early (or a cyclic one). */
	ended?: boolean;
}

/** Every refusal and warning the core can return; the screens translate the code. */
export type ProblemCode =
	// setup
	| 'name-empty'
	| 'name-duplicate'
	| 'name-too-long'
	| 'player-count'
	| 'unknown-preset'
	| 'bad-knob'
	// a hand value
	| 'hand-not-whole'
	| 'hand-too-high'
	| 'round-total-too-high'
	// tiles
	| 'tile-outside-set'
	| 'tile-twice'
	| 'engine-in-hand'
	// the round's shape
	| 'no-outcome'
	| 'out-and-blocked'
	| 'two-out'
	| 'out-holds-tiles'
	| 'hand-missing'
	| 'evening-over'
	| 'unknown-player'
	| 'eliminated-player'
	/** Editing round `params.round` (0-based; `params.number` 1-based) makes that later round invalid. */
	| 'later-round-conflict'
	// warnings (possible but unusual)
	| 'hand-unusually-high';

export interface Problem {
	code: ProblemCode;
	/** The player key the problem is about, when there is one. */
	player?: string;
	tile?: Tile;
	/** Free parameters for the message: the limit, the given text, the count… */
	params?: Record<string, string | number>;
}

export interface RoundCheck {
	/** Refusals: the round must not be stored. */
	errors: Problem[];
	/** Possible but unusual: confirm before storing. */
	warnings: Problem[];
}

export interface ScoredRound {
	index: number;
	engine: number;
	/** Each round player's score for this round (plus mode: the winner's share, others 0). */
	scores: Record<string, number>;
	/** Each round player's hand value as counted (entered points, or computed from tiles). */
	handValues: Record<string, number>;
	/** Who won the round: the player out, or in a blocked round the lowest hand(s). */
	winners: string[];
	/** Players eliminated after this round. */
	eliminated: string[];
}

export interface EveningState {
	rounds: ScoredRound[];
	totals: Record<string, number>;
	roundsWon: Record<string, number>;
	/** Best first; tied players share a group. Eliminated players rank after the others. */
	ranking: string[][];
	/** Out of the evening (winners excluded). */
	eliminated: string[];
	/** Players still playing, in seat order. */
	active: string[];
	over: boolean;
	/** Only when the evening is over. */
	winner: string[] | null;
	/** The next round to play, or null when the evening is over. */
	next: { index: number; engine: number } | null;
	/** Rounds in the schedule, or null for a cyclic schedule. */
	scheduleLength: number | null;
}

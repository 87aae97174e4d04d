// The scoring core's public face: pure functions over plain data (RULES.md). No Svelte, Dexie or
// DOM here, and only relative imports so scripts can run it under tsx. Import from here
// ('$lib/rules'), not from the files behind it.
//
// Readings taken where RULES.md leaves a choice (each is also noted where it is coded):
// - a typed hand value may have leading zeros ('007' is 7); nothing else but digits and spaces;
// - `evens` and `odds` run high to low like the sheets' own schedule (12, 10 … 0; 11, 9 … 1);
//   a `rounds` count above the schedule's length leaves the schedule whole;
// - an empty tile list means that player went out, even when `out` is not set;
// - goingOutBonus is added to the player out in plus mode too; in plus mode a blocked round
//   scores as `count` under 'lowest-zero' (the lowest hands already pay nothing);
// - a `void` blocked round has no winner, scores 0 for all and needs no hands;
// - eliminated players rank after those still in, the later out the better, then by total;
// - a `number` hand is points as counted: no knob is ever applied to it.

export * from './types';
export { PRESET_IDS, PRESETS } from './presets';
export type { PresetInfo } from './presets';
export { resolveRules, validateRules } from './resolve';
export { MAX_HAND_POINTS, maxSeatTotal } from './limits';
export {
	SET_SIZES,
	MAX_SET_SIZE,
	MAX_SCHEDULE_LENGTH,
	MAX_TILE_POINTS,
	MAX_ELIMINATION,
	SCHEDULE_NAMES,
	BLOCKED_RULES,
	MODES,
	START_RULES,
	MARKER_REMOVALS,
	DOUBLE_RULES,
	KNOCK_PENALTIES,
	DOUBLE_FACTORS,
	KNOBS,
	KNOB_NAMES,
	KNOB_GROUPS,
	knobAccepts,
	knobAllowsNone,
	isSchedule
} from './knobs';
export type {
	BoolKnob,
	Knob,
	KnobGroup,
	KnobKind,
	KnobSpec,
	KnobValues,
	ListKnob,
	NumberKnob
} from './knobs';
export {
	normalizeTile,
	tileKey,
	allTiles,
	tileValue,
	handValue,
	maxHandValue,
	heavyHandWarning
} from './tiles';
export {
	engineAt,
	scheduleLength,
	scheduleEngines,
	dealSize,
	playerRange,
	starterSeat,
	starterAt
} from './schedule';
export { parseHandValue, readTypedRound } from './hands';
export type { ParsedHand, ReadRound, TypedRound } from './hands';
export {
	validateSetup,
	eveningSetup,
	playerKey,
	cleanName,
	wellFormed,
	MAX_NAME_LENGTH,
	MAX_SEATS
} from './setup';
export type { StoredEvening } from './setup';
export {
	checkRound,
	checkRoundAt,
	checkNextRound,
	checkTypedRound,
	nextRoundChecker,
	placeNext,
	placeRound
} from './round-check';
export type { RoundPlace } from './round-check';
export { scoreRound } from './score';
export type { RoundScore } from './score';
export { computeEvening, continueEvening, scoreStoredEvening } from './evening';
export { standingFits } from './progress';
export type { Standing } from './progress';
// The live table: the round's event log (one valibot schema), its reducer and the rules cards.
export * from './table';

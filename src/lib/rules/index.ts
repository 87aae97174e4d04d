// The scoring core's public face: pure functions over plain data (RULES.md). No Svelte, Dexie or
// DOM here, and only relative imports so scripts can run it under tsx.

export * from './types';
export { PRESET_IDS, PRESETS } from './presets';
export type { PresetInfo } from './presets';
export { resolveRules, validateRules } from './knobs';
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
	starterSeat
} from './schedule';
export {
	parseHandValue,
	validateSetup,
	checkRound,
	scoreRound,
	computeEvening,
	formatScore
} from './evening';
export type { ParsedHand } from './evening';

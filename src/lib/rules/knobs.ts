// A ruleset is a preset plus overrides. Resolving never throws: an override that is not a valid
// value is ignored (the preset's default stays) and validateRules names it, so a stored choice
// that a later version no longer accepts still opens.

import * as v from 'valibot';
import { PRESET_IDS, PRESETS, isPresetId } from './presets';
import { describe, isRecord } from './records';
import type { Problem, RulesChoice, Ruleset } from './types';

/** RULES.md: a double-n set, n ∈ {6, 9, 12, 15, 18}. */
export const SET_SIZES = [6, 9, 12, 15, 18] as const;
/** The largest set's top pip: no tile or engine of any set is higher. */
export const MAX_SET_SIZE = 18;
export const SCHEDULE_NAMES = ['descending', 'cyclic', 'ascending', 'evens', 'odds'] as const;
export const BLOCKED_RULES = ['count', 'void', 'lowest-zero'] as const;
export const MODES = ['penalty', 'plus'] as const;
export const START_RULES = ['engine-holder', 'rotate'] as const;
export const MARKER_REMOVALS = [
	'owner-plays-own',
	'any-player-plays',
	'owner-plays-anywhere'
] as const;
export const DOUBLE_RULES = ['satisfy', 'none', 'owner-or-anyone'] as const;
export const KNOCK_PENALTIES = ['draw-1', 'draw-2', 'skip-turn', 'none'] as const;
export const DOUBLE_FACTORS = [1, 2] as const;

/** Every knob a RulesChoice may override (all of Ruleset but the preset). */
export type Knob = Exclude<keyof Ruleset, 'preset'>;

const Whole = v.pipe(v.number(), v.safeInteger());
const WholeFrom0 = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const WholeFrom1 = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** A named schedule, or a list of engine doubles of any set (the set is checked apart). */
export const ScheduleSchema = v.union([
	v.picklist(SCHEDULE_NAMES),
	v.pipe(
		v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_SET_SIZE))),
		v.minLength(1)
	)
]);

/**
 * The knob table: each knob's allowed values, apart from the schedule, whose doubles depend on
 * the set. Resolving, validating and the backup's schema (db/backup/schema.ts) all read it.
 */
export const KNOB_SCHEMAS = {
	set: v.picklist(SET_SIZES),
	rounds: v.nullable(WholeFrom1),
	deal: v.nullable(WholeFrom1),
	blankHalf: WholeFrom0,
	doubleFactor: v.picklist(DOUBLE_FACTORS),
	doubleBlank: v.nullable(WholeFrom0),
	doubleFlat: v.nullable(WholeFrom0),
	// A bonus is usually 0, -5 or -10; any whole number is allowed (plus-mode houses give +).
	goingOutBonus: Whole,
	blocked: v.picklist(BLOCKED_RULES),
	mode: v.picklist(MODES),
	elimination: v.nullable(WholeFrom1),
	tieBreakRoundsWon: v.boolean(),
	start: v.picklist(START_RULES),
	markerRemoval: v.picklist(MARKER_REMOVALS),
	voluntaryMarker: v.boolean(),
	doubles: v.picklist(DOUBLE_RULES),
	noMarkerWhenOnlyDoubleStopped: v.boolean(),
	lastDoubleEndsRound: v.boolean(),
	knockPenalty: v.picklist(KNOCK_PENALTIES),
	severalMexicanTrains: v.boolean(),
	firstTurnAll: v.boolean(),
	doubleReplay: v.boolean()
} satisfies Record<Exclude<Knob, 'schedule'>, v.GenericSchema>;

export const PresetIdSchema = v.picklist(PRESET_IDS);

type CheckedKnob = keyof typeof KNOB_SCHEMAS;
const CHECKED_KNOBS = Object.keys(KNOB_SCHEMAS) as CheckedKnob[];
const isKnobValue = (knob: CheckedKnob, x: unknown) => v.is(KNOB_SCHEMAS[knob], x);

/** Knobs typed as a whole number (the others are picked from a list or switched on and off). */
export const NUMBER_KNOBS = [
	'rounds',
	'deal',
	'blankHalf',
	'doubleBlank',
	'doubleFlat',
	'goingOutBonus',
	'elimination'
] as const satisfies readonly CheckedKnob[];
export type NumberKnob = (typeof NUMBER_KNOBS)[number];

/** Whether the knob may be "none" (null). */
export function knobAllowsNone(knob: CheckedKnob): boolean {
	return isKnobValue(knob, null);
}

function isValidSchedule(x: unknown, set: number): boolean {
	if (!v.is(ScheduleSchema, x)) return false;
	return typeof x === 'string' || x.every((d) => d <= set);
}

/** Preset defaults with every valid override applied; never throws. */
export function resolveRules(choice: RulesChoice): Ruleset {
	const c: Record<string, unknown> = isRecord(choice) ? choice : {};
	const preset = isPresetId(c.preset) ? c.preset : 'swiss-jassshop';
	const out: Record<string, unknown> = { ...PRESETS[preset].defaults };
	for (const knob of CHECKED_KNOBS) {
		const value = c[knob];
		if (value !== undefined && isKnobValue(knob, value)) out[knob] = value;
	}
	const set = out.set as number;
	if (c.schedule !== undefined && isValidSchedule(c.schedule, set)) {
		out.schedule = Array.isArray(c.schedule) ? [...c.schedule] : c.schedule;
	}
	return out as unknown as Ruleset;
}

/** 'unknown-preset', and 'bad-knob' {params: {knob}} for every override that is not allowed. */
export function validateRules(choice: RulesChoice): Problem[] {
	const problems: Problem[] = [];
	if (!isRecord(choice)) return [{ code: 'unknown-preset', params: { preset: String(choice) } }];
	if (!isPresetId(choice.preset)) {
		problems.push({ code: 'unknown-preset', params: { preset: String(choice.preset) } });
	}
	const c = choice as Record<string, unknown>;
	for (const knob of CHECKED_KNOBS) {
		const value = c[knob];
		if (value !== undefined && !isKnobValue(knob, value)) {
			problems.push({ code: 'bad-knob', params: { knob, value: describe(value) } });
		}
	}
	if (c.schedule !== undefined) {
		const set = isKnobValue('set', c.set) ? (c.set as number) : resolveRules(choice).set;
		if (!isValidSchedule(c.schedule, set)) {
			problems.push({
				code: 'bad-knob',
				params: { knob: 'schedule', value: describe(c.schedule), max: set }
			});
		}
	}
	return problems;
}

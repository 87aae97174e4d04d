// A ruleset is a preset plus overrides. Resolving never throws: an override that is not a valid
// value is ignored (the preset's default stays) and validateRules names it, so a stored choice
// that a later version no longer accepts still opens.

import { PRESETS, isPresetId } from './presets';
import { describe, isRecord } from './records';
import type { Problem, RulesChoice, Ruleset, Schedule } from './types';

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

/** A knob's allowed values, as plain data (the backup's schema is built from it too). */
export type KnobSpec =
	| { kind: 'one-of'; values: readonly unknown[] }
	/** A whole number of at least `min` (any when null), or also null ("none") when `none`. */
	| { kind: 'whole'; min: number | null; none: boolean }
	| { kind: 'bool' };

const oneOf = <const T extends readonly unknown[]>(values: T) =>
	({ kind: 'one-of', values }) as const;
const whole = (min: number | null, none = false) => ({ kind: 'whole', min, none }) as const;
const bool = { kind: 'bool' } as const;

/**
 * The knob table: each knob's allowed values, apart from the schedule, whose doubles depend on
 * the set (isSchedule). Resolving, validating, the setup form and the backup's schema
 * (db/backup/schema.ts) all read it.
 */
export const KNOBS = {
	set: oneOf(SET_SIZES),
	rounds: whole(1, true),
	deal: whole(1, true),
	blankHalf: whole(0),
	doubleFactor: oneOf(DOUBLE_FACTORS),
	doubleBlank: whole(0, true),
	doubleFlat: whole(0, true),
	// A bonus is usually 0, -5 or -10; any whole number is allowed (plus-mode houses give +).
	goingOutBonus: whole(null),
	blocked: oneOf(BLOCKED_RULES),
	mode: oneOf(MODES),
	elimination: whole(1, true),
	tieBreakRoundsWon: bool,
	start: oneOf(START_RULES),
	markerRemoval: oneOf(MARKER_REMOVALS),
	voluntaryMarker: bool,
	doubles: oneOf(DOUBLE_RULES),
	noMarkerWhenOnlyDoubleStopped: bool,
	lastDoubleEndsRound: bool,
	knockPenalty: oneOf(KNOCK_PENALTIES),
	severalMexicanTrains: bool,
	firstTurnAll: bool,
	doubleReplay: bool
} satisfies Record<Exclude<Knob, 'schedule'>, KnobSpec>;

/** Every knob but the schedule: the ones the knob table describes. */
export type TableKnob = keyof typeof KNOBS;
const TABLE_KNOBS = Object.keys(KNOBS) as TableKnob[];

/** Knobs typed as a whole number (the others are picked from a list or switched on and off). */
export type NumberKnob = {
	[K in TableKnob]: (typeof KNOBS)[K]['kind'] extends 'whole' ? K : never;
}[TableKnob];

const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

/** Whether `x` is a value the knob allows. */
export function knobAccepts(knob: TableKnob, x: unknown): boolean {
	const spec: KnobSpec = KNOBS[knob];
	switch (spec.kind) {
		case 'one-of':
			return spec.values.includes(x);
		case 'bool':
			return typeof x === 'boolean';
		case 'whole':
			return (x === null && spec.none) || (isWhole(x) && (spec.min === null || x >= spec.min));
	}
}

/** Whether the knob may be "none" (null). */
export function knobAllowsNone(knob: TableKnob): boolean {
	return knobAccepts(knob, null);
}

/** A named schedule, or a non-empty list of engine doubles from 0 to `top` (the set's top). */
export function isSchedule(x: unknown, top: number = MAX_SET_SIZE): x is Schedule {
	if (typeof x === 'string') return (SCHEDULE_NAMES as readonly string[]).includes(x);
	return Array.isArray(x) && x.length > 0 && x.every((d) => isWhole(d) && d >= 0 && d <= top);
}

/** Preset defaults with every valid override applied; never throws. */
export function resolveRules(choice: RulesChoice): Ruleset {
	const c: Record<string, unknown> = isRecord(choice) ? choice : {};
	const preset = isPresetId(c.preset) ? c.preset : 'swiss-jassshop';
	const out: Record<string, unknown> = { ...PRESETS[preset].defaults };
	for (const knob of TABLE_KNOBS) {
		const value = c[knob];
		if (value !== undefined && knobAccepts(knob, value)) out[knob] = value;
	}
	const set = out.set as number;
	if (c.schedule !== undefined && isSchedule(c.schedule, set)) {
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
	for (const knob of TABLE_KNOBS) {
		const value = c[knob];
		if (value !== undefined && !knobAccepts(knob, value)) {
			problems.push({ code: 'bad-knob', params: { knob, value: describe(value) } });
		}
	}
	if (c.schedule !== undefined) {
		const set = knobAccepts('set', c.set) ? (c.set as number) : resolveRules(choice).set;
		if (!isSchedule(c.schedule, set)) {
			problems.push({
				code: 'bad-knob',
				params: { knob: 'schedule', value: describe(c.schedule), max: set }
			});
		}
	}
	return problems;
}

// A ruleset is a preset plus overrides. Resolving never throws: an override that is not a valid
// value is ignored (the preset's default stays) and validateRules names it, so a stored choice
// that a later version no longer accepts still opens.

import { PRESETS, isPresetId } from './presets';
import type { Problem, RulesChoice, Ruleset } from './types';

export const SET_SIZES = [6, 9, 12, 15, 18] as const;
const SCHEDULE_NAMES = ['descending', 'cyclic', 'ascending', 'evens', 'odds'];

const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const isWholeAtLeast = (min: number) => (x: unknown) => isWhole(x) && x >= min;
const oneOf =
	(...values: unknown[]) =>
	(x: unknown) =>
		values.includes(x);
const orNull = (check: (x: unknown) => boolean) => (x: unknown) => x === null || check(x);
const isBool = (x: unknown) => typeof x === 'boolean';

type Knob = Exclude<keyof Ruleset, 'preset' | 'schedule'>;

/** Each knob's check, apart from the schedule, which depends on the set. */
const KNOB_CHECKS: Record<Knob, (x: unknown) => boolean> = {
	set: oneOf(...SET_SIZES),
	rounds: orNull(isWholeAtLeast(1)),
	deal: orNull(isWholeAtLeast(1)),
	blankHalf: isWholeAtLeast(0),
	doubleFactor: oneOf(1, 2),
	doubleBlank: orNull(isWholeAtLeast(0)),
	doubleFlat: orNull(isWholeAtLeast(0)),
	// A bonus is usually 0, -5 or -10; any whole number is allowed (plus-mode houses give +).
	goingOutBonus: isWhole,
	blocked: oneOf('count', 'void', 'lowest-zero'),
	mode: oneOf('penalty', 'plus'),
	elimination: orNull(isWholeAtLeast(1)),
	tieBreakRoundsWon: isBool,
	start: oneOf('engine-holder', 'rotate'),
	markerRemoval: oneOf('owner-plays-own', 'any-player-plays', 'owner-plays-anywhere'),
	voluntaryMarker: isBool,
	doubles: oneOf('satisfy', 'none', 'owner-or-anyone'),
	noMarkerWhenOnlyDoubleStopped: isBool,
	lastDoubleEndsRound: isBool,
	knockPenalty: oneOf('draw-1', 'draw-2', 'skip-turn', 'none'),
	severalMexicanTrains: isBool,
	firstTurnAll: isBool,
	doubleReplay: isBool
};

function isValidSchedule(x: unknown, set: number): boolean {
	if (typeof x === 'string') return SCHEDULE_NAMES.includes(x);
	return Array.isArray(x) && x.length > 0 && x.every((d) => isWhole(d) && d >= 0 && d <= set);
}

function isRecord(x: unknown): x is Record<string, unknown> {
	return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Preset defaults with every valid override applied; never throws. */
export function resolveRules(choice: RulesChoice): Ruleset {
	const c: Record<string, unknown> = isRecord(choice) ? choice : {};
	const preset = isPresetId(c.preset) ? c.preset : 'swiss-jassshop';
	const out: Record<string, unknown> = { ...PRESETS[preset].defaults };
	for (const knob of Object.keys(KNOB_CHECKS) as Knob[]) {
		const v = c[knob];
		if (v !== undefined && KNOB_CHECKS[knob](v)) out[knob] = v;
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
	for (const knob of Object.keys(KNOB_CHECKS) as Knob[]) {
		const v = c[knob];
		if (v !== undefined && !KNOB_CHECKS[knob](v)) {
			problems.push({ code: 'bad-knob', params: { knob, value: describe(v) } });
		}
	}
	if (c.schedule !== undefined) {
		const set = KNOB_CHECKS.set(c.set) ? (c.set as number) : resolveRules(choice).set;
		if (!isValidSchedule(c.schedule, set)) {
			problems.push({
				code: 'bad-knob',
				params: { knob: 'schedule', value: describe(c.schedule), max: set }
			});
		}
	}
	return problems;
}

function describe(v: unknown): string {
	try {
		return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
	} catch {
		return String(v);
	}
}

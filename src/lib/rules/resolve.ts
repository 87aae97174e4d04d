// A ruleset is a preset plus overrides. Resolving never throws: an override that is not a valid
// value is ignored (the preset's default stays) and validateRules names it, so a stored choice
// that a later version no longer accepts still opens.

import { KNOB_NAMES, isSchedule, knobAccepts } from './knobs';
import { PRESETS, isPresetId, type Ruleset } from './presets';
import { describe, isRecord } from './records';
import type { Problem, RulesChoice } from './types';

/** Preset defaults with every valid override applied; never throws. */
export function resolveRules(choice: RulesChoice): Ruleset {
	const c: Record<string, unknown> = isRecord(choice) ? choice : {};
	const preset = isPresetId(c.preset) ? c.preset : 'swiss-jassshop';
	const out: Record<string, unknown> = { ...PRESETS[preset].defaults };
	for (const knob of KNOB_NAMES) {
		const value = c[knob];
		if (knob !== 'schedule' && value !== undefined && knobAccepts(knob, value)) out[knob] = value;
	}
	// A schedule's engines must be of the set in effect.
	const set = out.set as number;
	if (c.schedule !== undefined && isSchedule(c.schedule, set)) {
		out.schedule = Array.isArray(c.schedule) ? [...c.schedule] : c.schedule;
	}
	return out as unknown as Ruleset;
}

/**
 * 'unknown-preset', and 'bad-knob' {params: {knob, value}} for every override that is not
 * allowed (a schedule's also names its set's top: `max`; the other limits are the knob table's).
 */
export function validateRules(choice: RulesChoice): Problem[] {
	const problems: Problem[] = [];
	if (!isRecord(choice)) return [{ code: 'unknown-preset', params: { preset: String(choice) } }];
	if (!isPresetId(choice.preset)) {
		problems.push({ code: 'unknown-preset', params: { preset: String(choice.preset) } });
	}
	const c = choice as Record<string, unknown>;
	for (const knob of KNOB_NAMES) {
		const value = c[knob];
		if (knob === 'schedule' || value === undefined || knobAccepts(knob, value)) continue;
		problems.push({ code: 'bad-knob', params: { knob, value: describe(value) } });
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

// A knob's name, as its setup field labels it and a refusal names it. Kept apart from the rest of
// a knob's words (knobs.ts: hints, choices, summary lines), so a screen that may name a knob in a
// refusal does not carry every summary sentence in four languages.
import * as m from '$lib/paraglide/messages.js';
import type { Knob } from '$lib/rules';

export const KNOB_LABELS: { [K in Knob]: () => string } = {
	set: m.rules_knob_set,
	schedule: m.rules_knob_schedule,
	rounds: m.rules_knob_rounds,
	deal: m.rules_knob_deal,
	start: m.rules_knob_start,
	mode: m.rules_knob_mode,
	elimination: m.rules_knob_elimination,
	tieBreakRoundsWon: m.rules_knob_tie_break,
	blankHalf: m.rules_knob_blank_half,
	doubleFactor: m.rules_knob_double_factor,
	doubleBlank: m.rules_knob_double_blank,
	doubleFlat: m.rules_knob_double_flat,
	goingOutBonus: m.rules_knob_going_out_bonus,
	blocked: m.rules_knob_blocked,
	markerRemoval: m.rules_knob_marker_removal,
	doubles: m.rules_knob_doubles,
	knockPenalty: m.rules_knob_knock_penalty,
	voluntaryMarker: m.rules_knob_voluntary_marker,
	noMarkerWhenOnlyDoubleStopped: m.rules_knob_no_marker_double,
	lastDoubleEndsRound: m.rules_knob_last_double,
	severalMexicanTrains: m.rules_knob_several_mexican,
	firstTurnAll: m.rules_knob_first_turn_all,
	doubleReplay: m.rules_knob_double_replay
};

/** The knob's name as the setup form labels it; an unknown name is shown as given. */
export function knobLabel(knob: string): string {
	const label = (KNOB_LABELS as Record<string, (() => string) | undefined>)[knob];
	return label ? label() : knob;
}

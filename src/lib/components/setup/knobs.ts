// The words for the rules' knobs and their values, shared by the setup form and problemText.
import * as m from '$lib/paraglide/messages.js';
import type {
	BlockedRule,
	DoubleRule,
	KnockPenalty,
	MarkerRemoval,
	Mode,
	Knob,
	PresetId,
	ScheduleName,
	StartRule
} from '$lib/rules';

const KNOB_LABELS: Record<Knob, () => string> = {
	set: m.rules_knob_set,
	schedule: m.rules_knob_schedule,
	rounds: m.rules_knob_rounds,
	deal: m.rules_knob_deal,
	blankHalf: m.rules_knob_blank_half,
	doubleFactor: m.rules_knob_double_factor,
	doubleBlank: m.rules_knob_double_blank,
	doubleFlat: m.rules_knob_double_flat,
	goingOutBonus: m.rules_knob_going_out_bonus,
	blocked: m.rules_knob_blocked,
	mode: m.rules_knob_mode,
	elimination: m.rules_knob_elimination,
	tieBreakRoundsWon: m.rules_knob_tie_break,
	start: m.rules_knob_start,
	markerRemoval: m.rules_knob_marker_removal,
	voluntaryMarker: m.rules_knob_voluntary_marker,
	doubles: m.rules_knob_doubles,
	noMarkerWhenOnlyDoubleStopped: m.rules_knob_no_marker_double,
	lastDoubleEndsRound: m.rules_knob_last_double,
	knockPenalty: m.rules_knob_knock_penalty,
	severalMexicanTrains: m.rules_knob_several_mexican,
	firstTurnAll: m.rules_knob_first_turn_all,
	doubleReplay: m.rules_knob_double_replay
};

/** The knob's name as the setup form labels it; an unknown name is shown as given. */
export function knobLabel(knob: string): string {
	const f = (KNOB_LABELS as Record<string, (() => string) | undefined>)[knob];
	return f ? f() : knob;
}

export const PRESET_NAMES: Record<PresetId, () => string> = {
	'swiss-jassshop': m.rules_preset_swiss_jassshop,
	'swiss-station': m.rules_preset_swiss_station,
	'german-talon': m.rules_preset_german_talon,
	'cardinal-us': m.rules_preset_cardinal_us,
	'italian-elimination': m.rules_preset_italian_elimination
};

export function presetName(id: string): string {
	const f = (PRESET_NAMES as Record<string, (() => string) | undefined>)[id];
	return f ? f() : id;
}

export const SCHEDULE_NAMES: Record<ScheduleName, () => string> = {
	descending: m.rules_schedule_descending,
	cyclic: m.rules_schedule_cyclic,
	ascending: m.rules_schedule_ascending,
	evens: m.rules_schedule_evens,
	odds: m.rules_schedule_odds
};

export const BLOCKED_NAMES: Record<BlockedRule, () => string> = {
	count: m.rules_blocked_count,
	void: m.rules_blocked_void,
	'lowest-zero': m.rules_blocked_lowest_zero
};

export const MODE_NAMES: Record<Mode, () => string> = {
	penalty: m.rules_mode_penalty,
	plus: m.rules_mode_plus
};

export const START_NAMES: Record<StartRule, () => string> = {
	'engine-holder': m.rules_start_engine_holder,
	rotate: m.rules_start_rotate
};

export const MARKER_NAMES: Record<MarkerRemoval, () => string> = {
	'owner-plays-own': m.rules_marker_owner_plays_own,
	'any-player-plays': m.rules_marker_any_player_plays,
	'owner-plays-anywhere': m.rules_marker_owner_plays_anywhere
};

export const DOUBLES_NAMES: Record<DoubleRule, () => string> = {
	satisfy: m.rules_doubles_satisfy,
	none: m.rules_doubles_none,
	'owner-or-anyone': m.rules_doubles_owner_or_anyone
};

/** Also used by the live table to name the penalty ("draw 2"). */
export const KNOCK_NAMES: Record<KnockPenalty, () => string> = {
	'draw-1': m.rules_knock_draw_1,
	'draw-2': m.rules_knock_draw_2,
	'skip-turn': m.rules_knock_skip_turn,
	none: m.rules_knock_none
};

// The words for the rules' knobs: one record with an entry per knob of the rules core's knob
// table (rules/knobs.ts), which TypeScript holds complete. The setup screen draws its fields
// from the table and these words, the summary its lines, problemText a refusal's knob name.
import * as m from '$lib/paraglide/messages.js';
import {
	KNOBS,
	KNOB_NAMES,
	tileValue,
	type BlockedRule,
	type BoolKnob,
	type ListKnob,
	type NumberKnob,
	type DoubleRule,
	type Knob,
	type KnobGroup,
	type KnobKind,
	type KnockPenalty,
	type MarkerRemoval,
	type Mode,
	type Ruleset,
	type ScheduleName,
	type StartRule
} from '$lib/rules';
import type { ScheduleShape } from '$lib/state/setup.svelte';
import { doubleText, formatNumber, tileText } from '$lib/format';
import { knobLabel } from './knobLabels';

/** A summary line, or one naming a player (rendered with the name isolated). */
export type Sentence = string | { names: string[]; template: (names: string) => string };

/** What the summary says a ruleset means at this table. */
export interface SummaryContext {
	rules: Ruleset;
	players: number;
	deal: number | null;
	schedule: ScheduleShape;
	firstStarterName: string;
}

/** The value a list names: the knob's own values (a schedule: its named ones). */
type Named<K extends Knob> = K extends 'schedule' ? ScheduleName : Ruleset[K];

/**
 * A knob's words beside its label (knobLabels.ts): a number field has a `hint`; a list names each
 * `value`. `summary` is its line in the summary (null: nothing to say for this value), or
 * `summaryWith` the knob whose line says it too.
 */
export type KnobWords<K extends Knob> = (
	{ summary: (c: SummaryContext) => Sentence | null } | { summaryWith: Knob }
) &
	(KnobKind<K> extends 'whole' ? { hint: () => string } : unknown) &
	(KnobKind<K> extends 'one-of' | 'schedule' ? { value: (v: Named<K>) => string } : unknown);

export const GROUP_NAMES: Record<KnobGroup, () => string> = {
	evening: m.setup_group_evening,
	scoring: m.setup_group_scoring,
	table: m.setup_group_table
};

export const SCHEDULE_NAMES: Record<ScheduleName, () => string> = {
	descending: m.rules_schedule_descending,
	cyclic: m.rules_schedule_cyclic,
	ascending: m.rules_schedule_ascending,
	evens: m.rules_schedule_evens,
	odds: m.rules_schedule_odds
};

const BLOCKED_NAMES: Record<BlockedRule, () => string> = {
	count: m.rules_blocked_count,
	void: m.rules_blocked_void,
	'lowest-zero': m.rules_blocked_lowest_zero
};

const MODE_NAMES: Record<Mode, () => string> = {
	penalty: m.rules_mode_penalty,
	plus: m.rules_mode_plus
};

const START_NAMES: Record<StartRule, () => string> = {
	'engine-holder': m.rules_start_engine_holder,
	rotate: m.rules_start_rotate
};

const MARKER_NAMES: Record<MarkerRemoval, () => string> = {
	'owner-plays-own': m.rules_marker_owner_plays_own,
	'any-player-plays': m.rules_marker_any_player_plays,
	'owner-plays-anywhere': m.rules_marker_owner_plays_anywhere
};

const DOUBLES_NAMES: Record<DoubleRule, () => string> = {
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

const n = formatNumber;
const tilesIn = (size: number) => ((size + 1) * (size + 2)) / 2;

function scheduleSentence(s: ScheduleShape): string {
	const engine = doubleText;
	switch (s.kind) {
		case 'one':
			return m.setup_summary_engine_one({ first: engine(s.first) });
		case 'cyclic': {
			const args = { first: engine(s.first), last: engine(s.last) };
			return s.elimination
				? m.setup_summary_engines_cyclic_elimination(args)
				: m.setup_summary_engines_cyclic(args);
		}
		case 'run': {
			const args = { first: engine(s.first), last: engine(s.last), count: n(s.count) };
			if (s.step === -1) return m.setup_summary_engines_down(args);
			if (s.step === 1) return m.setup_summary_engines_up(args);
			if (s.step === -2) return m.setup_summary_engines_down_two(args);
			return m.setup_summary_engines_up_two(args);
		}
		case 'list':
			return m.setup_summary_engines_list({
				list: s.list.map(engine).join(', '),
				count: n(s.count)
			});
	}
}

/** A list's line, "label: value.", only where it differs from what every preset starts from. */
const unlessBase =
	(knob: ListKnob) =>
	({ rules }: SummaryContext): string | null => {
		if (rules[knob] === KNOBS[knob].base) return null;
		const name = KNOB_WORDS[knob].value as (v: unknown) => string;
		return m.setup_summary_knob({ knob: knobLabel(knob), value: name(rules[knob]) });
	};

/** A switch's line, its label as a sentence, when it is on. */
const whenOn =
	(knob: BoolKnob) =>
	({ rules }: SummaryContext): string | null =>
		rules[knob] ? m.setup_summary_knob_on({ knob: knobLabel(knob) }) : null;

export const KNOB_WORDS: { [K in Knob]: KnobWords<K> } = {
	set: {
		value: (size) => m.rules_set_option({ n: n(size), tiles: n(tilesIn(size)) }),
		summaryWith: 'schedule'
	},
	schedule: {
		value: (name) => SCHEDULE_NAMES[name](),
		summary: (c) => scheduleSentence(c.schedule)
	},
	rounds: { hint: m.rules_hint_rounds, summaryWith: 'schedule' },
	deal: {
		hint: m.rules_hint_deal,
		summary: ({ players, deal }) =>
			deal === null
				? m.setup_summary_deal_unknown({ players: n(players) })
				: m.setup_summary_deal({ players: n(players), count: n(deal) })
	},
	start: {
		value: (v) => START_NAMES[v](),
		summary: ({ rules, firstStarterName }) =>
			rules.start === 'rotate'
				? { names: [firstStarterName], template: (name) => m.setup_summary_start_rotate({ name }) }
				: m.setup_summary_start_engine()
	},
	mode: {
		value: (v) => MODE_NAMES[v](),
		summary: ({ rules }) =>
			rules.mode === 'plus' ? m.setup_summary_plus() : m.setup_summary_penalty()
	},
	elimination: {
		hint: m.rules_hint_elimination,
		summary: ({ rules }) =>
			rules.elimination === null
				? null
				: m.setup_summary_elimination({ limit: n(rules.elimination) })
	},
	tieBreakRoundsWon: {
		summary: ({ rules }) => (rules.tieBreakRoundsWon ? m.setup_summary_tie_break() : null)
	},
	blankHalf: {
		hint: m.rules_hint_blank_half,
		// What a hand is worth, with an example tile worked out by the rules core.
		summary: ({ rules }) => {
			const plain: [number, number] = rules.blankHalf > 0 ? [5, 0] : [12, 5];
			const args = { tile: tileText(plain[0], plain[1]), value: n(tileValue(rules, plain)) };
			return rules.blankHalf > 0
				? m.setup_summary_blank_half({ ...args, half: n(rules.blankHalf) })
				: m.setup_summary_pips(args);
		}
	},
	doubleFactor: {
		value: (v) => (v === 2 ? m.rules_double_factor_2() : m.rules_double_factor_1()),
		summary: ({ rules }) => {
			const six = n(tileValue(rules, [6, 6]));
			if (rules.doubleFlat !== null) return m.setup_summary_double_flat({ value: six });
			if (rules.doubleFactor === 2)
				return m.setup_summary_double_twice({ tile: '6|6', value: six });
			return m.setup_summary_double_pips({ tile: '6|6', value: six });
		}
	},
	doubleBlank: {
		hint: m.rules_hint_double_blank,
		summary: ({ rules }) => m.setup_summary_double_blank({ value: n(tileValue(rules, [0, 0])) })
	},
	doubleFlat: {
		hint: m.rules_hint_double_flat,
		summaryWith: 'doubleFactor'
	},
	goingOutBonus: {
		hint: m.rules_hint_going_out_bonus,
		summary: ({ rules }) =>
			rules.goingOutBonus === 0 ? null : m.setup_summary_bonus({ bonus: n(rules.goingOutBonus) })
	},
	blocked: {
		value: (v) => BLOCKED_NAMES[v](),
		// As scoreRound does: a void blocked round scores nothing; otherwise, under plus scoring
		// the lowest hand collects (whether 'count' or 'lowest-zero'), under penalty points the
		// hands count by `blocked`.
		summary: ({ rules }) => {
			if (rules.blocked === 'void') return m.setup_summary_blocked_void();
			if (rules.mode === 'plus') return m.rules_summary_blocked_plus();
			if (rules.blocked === 'count') return m.setup_summary_blocked_count();
			return m.setup_summary_blocked_lowest_zero();
		}
	},
	markerRemoval: {
		value: (v) => MARKER_NAMES[v](),
		summary: unlessBase('markerRemoval')
	},
	doubles: {
		value: (v) => DOUBLES_NAMES[v](),
		summary: unlessBase('doubles')
	},
	knockPenalty: {
		value: (v) => KNOCK_NAMES[v](),
		summary: ({ rules }) =>
			rules.knockPenalty === 'none'
				? null
				: m.setup_summary_knock({ penalty: KNOCK_NAMES[rules.knockPenalty]() })
	},
	voluntaryMarker: {
		summary: whenOn('voluntaryMarker')
	},
	noMarkerWhenOnlyDoubleStopped: {
		summary: whenOn('noMarkerWhenOnlyDoubleStopped')
	},
	lastDoubleEndsRound: {
		summary: whenOn('lastDoubleEndsRound')
	},
	severalMexicanTrains: {
		summary: whenOn('severalMexicanTrains')
	},
	firstTurnAll: {
		summary: whenOn('firstTurnAll')
	},
	doubleReplay: {
		summary: whenOn('doubleReplay')
	}
};

/** A list knob's choices, in the table's order, as the setup screen offers them. */
export function knobChoices(knob: Knob): { value: string; label: string }[] {
	const spec = KNOBS[knob];
	const words = KNOB_WORDS[knob] as { value?: (v: unknown) => string };
	if (spec.kind !== 'one-of' || !words.value) return [];
	return spec.values.map((v) => ({ value: String(v), label: words.value!(v) }));
}

/** The summary's lines, in the knob table's order (a knob said with another adds none). */
export function summaryLines(c: SummaryContext): Sentence[] {
	const out: Sentence[] = [];
	for (const knob of KNOB_NAMES) {
		const words = KNOB_WORDS[knob];
		const line = 'summary' in words ? words.summary(c) : null;
		if (line !== null) out.push(line);
	}
	return out;
}

/** A field of the setup screen: how the knob is set, by its kind in the knob table. */
export type KnobField =
	| { kind: 'whole'; knob: NumberKnob }
	| { kind: 'one-of'; knob: ListKnob }
	| { kind: 'bool'; knob: BoolKnob }
	| { kind: 'schedule'; knob: 'schedule' };

/** The fields of a group, in the knob table's order. */
export function knobFields(group: KnobGroup): KnobField[] {
	return KNOB_NAMES.filter((k) => KNOBS[k].group === group).map(
		(knob) => ({ kind: KNOBS[knob].kind, knob }) as KnobField
	);
}

/** A number field's hint. */
export function knobHint(knob: NumberKnob): string {
	return (KNOB_WORDS[knob] as { hint: () => string }).hint();
}

/** The keyboard a number field opens: digits only, unless the knob allows a number below 0. */
export function knobKeyboard(knob: NumberKnob): 'numeric' | 'text' {
	const { min } = KNOBS[knob];
	return min >= 0 ? 'numeric' : 'text';
}

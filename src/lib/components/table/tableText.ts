// The live table's codes in the reader's language: rule cards, refusals, penalties, train names.
// Each Record covers every code, so a new code without words is a type error.
// (Train names are in trainText.ts, which the read-only view takes without the rest.)
import * as m from '$lib/paraglide/messages.js';
import { doubleText } from '$lib/format';
import { elides, trainInSentence } from './trainText';
import { type TableProblemCode, type WhatNowCard, type WhatNowCode } from '$lib/rules';
import type { KnockPenalty } from '$lib/rules/types';

const PENALTY: Record<KnockPenalty, () => string> = {
	'draw-1': () => m.table_penalty_draw_1(),
	'draw-2': () => m.table_penalty_draw_2(),
	'skip-turn': () => m.table_penalty_skip_turn(),
	none: () => m.table_penalty_none()
};

export function penaltyText(penalty: KnockPenalty): string {
	return PENALTY[penalty]();
}

const PROBLEM: Record<TableProblemCode, () => string> = {
	'unknown-player': () => m.table_problem_unknown_player(),
	'unknown-train': () => m.table_problem_unknown_train(),
	'round-over': () => m.table_problem_round_over(),
	'train-closed': () => m.table_problem_train_closed(),
	'double-must-be-covered': () => m.table_problem_double_must_be_covered(),
	'cover-in-reverse-order': () => m.table_problem_cover_in_reverse_order(),
	'train-has-open-double': () => m.table_problem_train_has_open_double(),
	'double-outside-set': () => m.table_problem_double_outside_set(),
	'double-is-engine': () => m.table_problem_double_is_engine(),
	'double-already-played': () => m.table_problem_double_already_played(),
	'no-open-double': () => m.table_problem_no_open_double(),
	'not-drawn-yet': () => m.table_problem_not_drawn_yet(),
	'voluntary-marker-not-allowed': () => m.table_problem_voluntary_marker_not_allowed(),
	'voluntary-marker-not-your-turn': () => m.table_problem_voluntary_marker_not_your_turn(),
	'one-mexican-train-only': () => m.table_problem_one_mexican_train_only(),
	'mexican-not-started': () => m.table_problem_mexican_not_started(),
	'no-turn-pointer': () => m.table_problem_no_turn_pointer(),
	'player-went-out': () => m.table_problem_went_out()
};

export function tableProblemText(code: TableProblemCode): string {
	return PROBLEM[code]();
}

type Params = Record<string, string | number>;

const CARD: Record<WhatNowCode, (p: Params, name: (k: string) => string) => string> = {
	'cover-double': (p, n) =>
		m.table_card_cover_double({ double: dbl(p), train: trainInSentence(String(p.train), n) }),
	'cover-double-owner-free': (p, n) =>
		m.table_card_cover_double_owner_free({ double: dbl(p), player: who(p, n) }),
	'double-no-obligation': (p, n) =>
		m.table_card_double_no_obligation({
			double: dbl(p),
			train: trainInSentence(String(p.train), n)
		}),
	'cover-reverse-order': (p) => m.table_card_cover_reverse_order({ count: Number(p.count) }),
	'draw-one-to-cover': (p, n) => m.table_draw_one({ name: who(p, n) }),
	'then-marker': () => m.table_card_then_marker(),
	'then-no-marker': () => m.table_card_then_no_marker(),
	'marker-placed-after-failing': (p, n) =>
		m.table_card_marker_placed_after_failing({ player: who(p, n) }),
	'no-marker-only-double': (p, n) => m.table_card_no_marker_only_double({ player: who(p, n) }),
	'double-replay': () => m.table_card_double_replay(),
	'last-double-ended': (p) => m.table_card_last_double_ended({ double: dbl(p) }),
	'last-tile-ended': (p, n) => m.table_card_ended({ player: who(p, n) }),
	'last-double-open': (p) => m.table_card_last_double_open({ double: dbl(p) }),
	'marker-owner-plays-own': () => m.table_card_marker_owner_plays_own(),
	'marker-any-player-plays': () => m.table_card_marker_any_player_plays(),
	'marker-owner-plays-anywhere': () => m.table_card_marker_owner_plays_anywhere(),
	'voluntary-marker': () => m.table_card_voluntary_marker(),
	'knock-penalty': (p) =>
		m.table_card_knock_penalty({ penalty: penaltyText(p.penalty as KnockPenalty) }),
	'mexican-start': () => m.table_card_mexican_start(),
	'mexican-several': () => m.table_card_mexican_several(),
	'first-turn-all': () => m.table_card_first_turn_all(),
	'play-one-tile': () => m.table_card_play_one_tile()
};

function dbl(p: Params): string {
	return doubleText(Number(p.value));
}

function who(p: Params, name: (k: string) => string): string {
	const k = p.player;
	return typeof k === 'string' && k !== '' ? name(k) : m.table_someone();
}

export function cardText(card: WhatNowCard, name: (k: string) => string): string {
	return CARD[card.code](card.params ?? {}, name);
}

/** The accessible name of a train's marker toggle. */
export function markerToggleName(name: string): string {
	return elides(name) ? m.table_marker_toggle_vowel({ name }) : m.table_marker_toggle({ name });
}

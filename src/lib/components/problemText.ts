// One sentence per refusal or warning of the rules core, in the reader's language. Every
// ProblemCode has an entry (the Record makes a missing one a type error).
import * as m from '$lib/paraglide/messages.js';
import { KNOBS, type KnobSpec, type Problem, type ProblemCode } from '$lib/rules';
import { formatNumber } from '$lib/format';
import { knobLabel } from './setup/knobLabels';

type Params = Record<string, string | number>;

/** A parameter as text: numbers in the locale's digits, anything missing as empty. */
function text(params: Params, key: string): string {
	const v = params[key];
	if (typeof v === 'number') return formatNumber(v);
	return v ?? '';
}

/**
 * A knob's refusal, with the limits it breaks: a whole number's are the knob table's; one that
 * depends on the set (the schedule's engines, the tiles each) comes with the problem (`max`).
 */
function badKnobText(p: Params): string {
	const knob = String(p.knob ?? '');
	const args = { knob: knobLabel(knob), value: String(p.value ?? '') };
	const spec = (KNOBS as Record<string, KnobSpec | undefined>)[knob];
	const whole = spec?.kind === 'whole' ? spec : null;
	const max = p.max !== undefined ? text(p, 'max') : whole ? formatNumber(whole.max) : '';
	if (whole) return m.problem_bad_knob_range({ ...args, min: formatNumber(whole.min), max });
	return max === '' ? m.problem_bad_knob(args) : m.problem_bad_knob_max({ ...args, max });
}

const MESSAGES: Record<ProblemCode, (p: Params) => string> = {
	'name-empty': () => m.problem_name_empty(),
	'name-duplicate': (p) =>
		m.problem_name_duplicate({
			name: text(p, 'name'),
			seat: typeof p.first === 'number' ? formatNumber(p.first + 1) : text(p, 'first')
		}),
	'name-too-long': (p) =>
		m.problem_name_too_long({ max: text(p, 'max'), length: text(p, 'length') }),
	'player-count': (p) =>
		m.problem_player_count({ min: text(p, 'min'), max: text(p, 'max'), count: text(p, 'count') }),
	'unknown-preset': (p) => m.problem_unknown_preset({ preset: text(p, 'preset') }),
	'bad-knob': badKnobText,
	'hand-not-whole': (p) => m.problem_hand_not_whole({ text: String(p.text ?? '') }),
	'hand-too-high': (p) => m.problem_hand_too_high({ value: text(p, 'value'), max: text(p, 'max') }),
	'round-total-too-high': (p) =>
		m.problem_round_total_too_high({ total: text(p, 'total'), max: text(p, 'max') }),
	'tile-outside-set': (p) =>
		m.problem_tile_outside_set({ tile: String(p.tile ?? ''), set: text(p, 'set') }),
	'tile-twice': (p) => m.problem_tile_twice({ tile: String(p.tile ?? '') }),
	'engine-in-hand': (p) => m.problem_engine_in_hand({ tile: String(p.tile ?? '') }),
	'no-outcome': () => m.problem_no_outcome(),
	'out-and-blocked': () => m.problem_out_and_blocked(),
	'two-out': () => m.problem_two_out(),
	'out-holds-tiles': () => m.problem_out_holds_tiles(),
	'hand-missing': () => m.problem_hand_missing(),
	'evening-over': () => m.problem_evening_over(),
	'unknown-player': () => m.problem_unknown_player(),
	'eliminated-player': () => m.problem_eliminated_player(),
	'later-round-conflict': (p) =>
		m.problem_later_round_conflict({
			number: typeof p.number === 'number' ? formatNumber(p.number) : text(p, 'number')
		}),
	'hand-unusually-high': (p) =>
		m.problem_hand_unusually_high({ value: text(p, 'value'), limit: text(p, 'limit') })
};

/** The problem in one sentence, without naming the player (for a message next to their field). */
export function problemText(problem: Problem): string {
	const f = MESSAGES[problem.code];
	return f ? f(problem.params ?? {}) : problem.code;
}

/**
 * The sentence prefixed with the player's name ("Anna: …") when the problem is about a player,
 * for a message shown away from the player's field. `nameOf` turns a player key into a name.
 */
export function problemTextWithPlayer(
	problem: Problem,
	nameOf: (key: string) => string | undefined
): string {
	const sentence = problemText(problem);
	const name = problem.player === undefined ? undefined : nameOf(problem.player);
	return name ? m.problem_with_player({ player: name, text: sentence }) : sentence;
}

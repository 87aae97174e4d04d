// A select's options stay short enough for one line at 320 px (issue 26): Safari and Firefox draw
// no customizable select, and cut a closed select's words at its edge ("Double 12 (91 domino…",
// "Pénalité : le plus petit…"). selects.spec measures them in pixels in a browser; this holds the
// words themselves, in every language, so a longer translation is caught before any browser runs.
import { afterEach, describe, expect, it } from 'vitest';
import * as m from '$lib/paraglide/messages.js';
import { baseLocale, locales, overwriteGetLocale } from '$lib/paraglide/runtime.js';
import { KNOBS, KNOB_NAMES, type Knob } from '$lib/rules';
import { SCHEDULE_NAMES, knobChoices } from '$lib/components/setup/knobs';
import { PRESET_NAMES } from '$lib/components/setup/presetNames';

/**
 * The most characters a house rule's option may have: 25 is what fits the narrowest box (the
 * house rules' select at 320 px, about 222 px for its words at 16 px) in the widest letters the
 * app's fonts have in these languages; the rules and the other selects have more room.
 */
const MOST = 25;

afterEach(() => overwriteGetLocale(() => baseLocale));

/** Every option the app's selects offer (players' names aside), as the reader sees them. */
function options(): string[] {
	const lists = KNOB_NAMES.filter((k: Knob) => KNOBS[k].kind === 'one-of');
	return [
		...lists.flatMap((k) => knobChoices(k).map((c) => c.label)),
		...Object.values(SCHEDULE_NAMES).map((name) => name()),
		m.rules_schedule_custom(),
		...Object.values(PRESET_NAMES).map((name) => name()),
		m.round_starts_engine_holder({ n: 18 }),
		m.table_turn_hidden(),
		m.table_by_unknown(),
		m.night_move_draw_again(),
		m.night_move_lowest_move_up(),
		m.night_move_final_table(),
		m.night_others_sit_out(),
		m.night_others_draw_again()
	];
}

describe.each(locales)('the options of the selects in %s', (locale) => {
	it(`have at most ${MOST} characters each`, () => {
		overwriteGetLocale(() => locale);
		const all = options();
		// The set sizes are there: the list is the one the screens draw.
		expect(all.length).toBeGreaterThan(30);
		expect(all.filter((text) => [...text].length > MOST)).toEqual([]);
	});
});

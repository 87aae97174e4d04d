// A preset's name on its own: the read-only view and the evenings list name a preset without
// loading every knob's words (knobs.ts).
import * as m from '$lib/paraglide/messages.js';
import type { PresetId } from '$lib/rules';

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

// @vitest-environment jsdom
// The setup summary says what the knobs do: every line follows the rules, and the source of a
// preset is named in words.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import * as m from '$lib/paraglide/messages.js';
import { baseLocale, locales, overwriteGetLocale } from '$lib/paraglide/runtime.js';
import RulesSummary from '$lib/components/setup/RulesSummary.svelte';
import { PRESETS, PRESET_IDS, resolveRules } from '$lib/rules';
import type { RulesChoice } from '$lib/rules/types';
import { scheduleShape } from '$lib/state/setup.svelte';

afterEach(() => overwriteGetLocale(() => baseLocale));

function summary(choice: RulesChoice): string[] {
	const rules = resolveRules(choice);
	render(RulesSummary, {
		rules,
		players: 4,
		deal: 15,
		schedule: scheduleShape(rules),
		firstStarterName: 'Anna'
	});
	return screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
}

describe('RulesSummary', () => {
	it('under plus scoring, a blocked round: the lowest hand collects (not "everyone scores")', () => {
		const lines = summary({ preset: 'swiss-jassshop', mode: 'plus' });
		expect(lines).toContain(
			"A blocked round: the lowest hand collects everyone else's hands; equal lowest hands share them."
		);
		expect(lines.join('\n')).not.toMatch(/everyone scores the hand they hold/);
		expect(lines.join('\n')).toMatch(/highest total wins/);
	});

	it('under penalty points, a blocked round follows the blocked knob', () => {
		expect(summary({ preset: 'swiss-jassshop' })).toContain(
			'A blocked round: everyone scores the hand they hold.'
		);
	});

	it('a void blocked round scores nothing in either mode', () => {
		const lines = summary({ preset: 'italian-elimination', mode: 'plus' });
		expect(lines).toContain('A blocked round scores nothing for anyone; the next engine follows.');
	});
});

describe('the source of a preset', () => {
	it.each(locales)('is named in words in %s, never as a sheet number', (locale) => {
		overwriteGetLocale(() => locale);
		const seen = new Set<string>();
		for (const id of PRESET_IDS) {
			const text = m.setup_rules_source({ seeds: PRESETS[id].seeds });
			expect(text, id).not.toMatch(/\b00\d\b/);
			expect(text.length, id).toBeGreaterThan(30);
			seen.add(text);
		}
		expect(seen.size).toBe(PRESET_IDS.length);
	});
});

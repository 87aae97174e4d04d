// @vitest-environment jsdom
// The knob table (rules/knobs.ts) is the one description of a knob: the setup screen has a field
// for every knob, of the knob's kind, and the summary a line that follows its value.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import HouseRules from '$lib/components/setup/HouseRules.svelte';
import { summaryLines, type Sentence } from '$lib/components/setup/knobs';
import { knobLabel } from '$lib/components/setup/knobLabels';
import { createDatabase } from '$lib/db/database';
import {
	KNOBS,
	KNOB_NAMES,
	PRESETS,
	dealSize,
	knobAccepts,
	resolveRules,
	type Knob,
	type RulesChoice
} from '$lib/rules';
import { SetupForm, scheduleShape } from '$lib/state/setup.svelte';

const PRESET = 'swiss-jassshop';

/** A value of `knob` other than the preset's, drawn from the table. */
function another(knob: Knob): unknown {
	const spec = KNOBS[knob];
	const now: unknown = PRESETS[PRESET].defaults[knob];
	switch (spec.kind) {
		case 'one-of':
			return spec.values.find((v) => v !== now);
		case 'bool':
			return !now;
		case 'schedule':
			return now === 'ascending' ? 'descending' : 'ascending';
		case 'whole':
			return typeof now === 'number' ? now + 1 : (spec.min ?? 0) + 1;
	}
}

const text = (s: Sentence) => (typeof s === 'string' ? s : s.template(s.names.join(', ')));

function summary(choice: RulesChoice): string[] {
	const rules = resolveRules(choice);
	const players = 4;
	const deal = dealSize(rules, players);
	const schedule = scheduleShape(rules);
	return summaryLines({ rules, players, deal, schedule, firstStarterName: 'Anna' }).map(text);
}

// The screen loads its refusal words after it paints: let them arrive before the test ends.

describe('the knob table', () => {
	it('has a field on the setup screen for every knob, of its kind', () => {
		const form = new SetupForm(createDatabase(`knobs-${crypto.randomUUID()}`));
		render(HouseRules, { form, open: true });
		for (const knob of KNOB_NAMES) {
			const field = screen.getByLabelText(knobLabel(knob), { exact: true });
			expect(field.id, knob).toBe(`knob-${knob}`);
			const spec = KNOBS[knob];
			if (spec.kind === 'bool') expect((field as HTMLInputElement).type, knob).toBe('checkbox');
			else if (spec.kind === 'whole') expect((field as HTMLInputElement).type, knob).toBe('text');
			else expect(field.tagName, knob).toBe('SELECT');
			if (spec.kind === 'one-of') {
				const options = [...(field as HTMLSelectElement).options].map((o) => o.value);
				expect(options, knob).toEqual(spec.values.map(String));
			}
		}
	});

	it('draws its folded fields after the first paint, and at once when opened before', async () => {
		const form = new SetupForm(createDatabase(`knobs-${crypto.randomUUID()}`));
		const folded = render(HouseRules, { form });
		// Nothing of them in the first paint: a group a task once it is done.
		expect(screen.queryByLabelText(knobLabel(KNOB_NAMES[0]!), { exact: true })).toBeNull();
		await vi.waitFor(() => {
			for (const knob of KNOB_NAMES) screen.getByLabelText(knobLabel(knob), { exact: true });
		});
		folded.unmount();
		render(HouseRules, { form, open: true });
		for (const knob of KNOB_NAMES) screen.getByLabelText(knobLabel(knob), { exact: true });
	});

	it('gives every knob a summary line that follows its value', () => {
		const before = summary({ preset: PRESET });
		for (const knob of KNOB_NAMES) {
			const value = another(knob);
			expect(value, knob).toBeDefined();
			expect(resolveRules({ preset: PRESET, [knob]: value })[knob], knob).toEqual(value);
			expect(summary({ preset: PRESET, [knob]: value }), knob).not.toEqual(before);
		}
	});

	it("accepts each knob's base, and a whole number within its limits only", () => {
		for (const knob of KNOB_NAMES) {
			const spec = KNOBS[knob];
			expect(knobAccepts(knob, spec.base), knob).toBe(true);
			if (spec.kind !== 'whole') continue;
			expect(knobAccepts(knob, null), knob).toBe(spec.none);
			expect(knobAccepts(knob, 1.5), knob).toBe(false);
			if (spec.min !== null) {
				expect(knobAccepts(knob, spec.min), knob).toBe(true);
				expect(knobAccepts(knob, spec.min - 1), knob).toBe(false);
			}
			if (spec.max !== null) {
				expect(knobAccepts(knob, spec.max), knob).toBe(true);
				expect(knobAccepts(knob, spec.max + 1), knob).toBe(false);
			}
		}
	});

	it('opens a keyboard with a minus sign only where a number may be below 0', () => {
		const form = new SetupForm(createDatabase(`knobs-${crypto.randomUUID()}`));
		render(HouseRules, { form, open: true });
		expect(screen.getByLabelText(knobLabel('goingOutBonus')).getAttribute('inputmode')).toBe(
			'text'
		);
		expect(screen.getByLabelText(knobLabel('blankHalf')).getAttribute('inputmode')).toBe('numeric');
	});
});

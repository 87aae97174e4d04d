// The entry form says once which hands are still missing, not once per empty field.
import { describe, expect, it } from 'vitest';
import { makeForm } from '../unit/entry-harness.svelte';

describe('EntryForm', () => {
	it('lists the players whose hand is missing once Save was pressed, and nothing per field', () => {
		const { form } = makeForm();
		form.toggleOut('a');
		form.setText('c', '5');
		expect(form.missingHands).toEqual([]);
		expect(form.attempt()).toEqual({ kind: 'refused' });
		expect(form.missingHands).toEqual(['b', 'd']);
		expect(form.problemsFor('b')).toEqual([]);
		expect(form.roundProblems).toEqual([]);
		form.setText('b', '3');
		form.setText('d', '4');
		expect(form.missingHands).toEqual([]);
		expect(form.attempt().kind).toBe('store');
	});

	it('asks for no hand in a blocked round that scores nothing', () => {
		const { form } = makeForm({ preset: 'italian-elimination' });
		form.toggleBlocked();
		expect(form.attempt().kind).toBe('store');
		expect(form.missingHands).toEqual([]);
	});
});

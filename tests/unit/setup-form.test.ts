import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '$lib/db/database';
import { resolveRules } from '$lib/rules';
import {
	SetupForm,
	parseKnobText,
	parseScheduleText,
	scheduleShape
} from '$lib/state/setup.svelte';

const freshDb = () => createDatabase(`setup-form-${crypto.randomUUID()}`);

describe('knob text', () => {
	it('reads whole numbers, empty as none where allowed, and keeps anything else as text', () => {
		expect(parseKnobText('blankHalf', ' 25 ')).toBe(25);
		expect(parseKnobText('goingOutBonus', '-10')).toBe(-10);
		expect(parseKnobText('goingOutBonus', '−5')).toBe(-5);
		expect(parseKnobText('elimination', '')).toBeNull();
		expect(parseKnobText('blankHalf', '')).toBe('');
		expect(parseKnobText('blankHalf', '1.5')).toBe('1.5');
		expect(parseKnobText('rounds', '1e3')).toBe('1e3');
	});

	it('reads a custom schedule as a list of doubles', () => {
		expect(parseScheduleText('12, 10,8')).toEqual([12, 10, 8]);
		expect(parseScheduleText('12 11;10')).toEqual([12, 11, 10]);
		expect(parseScheduleText('')).toEqual([]);
		expect(parseScheduleText('12, x')).toBe('12, x');
	});
});

describe('scheduleShape', () => {
	it('words the common schedules', () => {
		expect(scheduleShape(resolveRules({ preset: 'swiss-jassshop' }))).toEqual({
			kind: 'run',
			first: 12,
			last: 0,
			step: -1,
			count: 13
		});
		expect(scheduleShape(resolveRules({ preset: 'german-talon' }))).toEqual({
			kind: 'cyclic',
			first: 12,
			last: 0,
			elimination: false
		});
		expect(scheduleShape(resolveRules({ preset: 'italian-elimination' }))).toMatchObject({
			kind: 'cyclic',
			elimination: true
		});
		expect(scheduleShape(resolveRules({ preset: 'cardinal-us', schedule: 'evens' }))).toEqual({
			kind: 'run',
			first: 12,
			last: 0,
			step: -2,
			count: 7
		});
		expect(scheduleShape(resolveRules({ preset: 'cardinal-us', schedule: [12, 3] }))).toEqual({
			kind: 'list',
			list: [12, 3],
			count: 2
		});
		expect(scheduleShape(resolveRules({ preset: 'cardinal-us', rounds: 1 }))).toEqual({
			kind: 'one',
			first: 12
		});
	});
});

describe('SetupForm', () => {
	it('keeps only the knobs that differ from the preset', () => {
		const form = new SetupForm(freshDb());
		form.setKnob('blankHalf', 25);
		form.setKnob('blocked', 'count');
		expect(form.choice).toEqual({ preset: 'swiss-jassshop', blankHalf: 25 });
		// Cardinal counts blanks 25 itself: the change is no longer a change.
		form.setPreset('cardinal-us');
		expect(form.choice).toEqual({ preset: 'cardinal-us' });
		form.setKnobText('elimination', '150');
		form.setKnobText('rounds', '');
		expect(form.choice).toEqual({ preset: 'cardinal-us', elimination: 150 });
		expect(form.rules.elimination).toBe(150);
		form.resetRules();
		expect(form.choice).toEqual({ preset: 'cardinal-us' });
	});

	it('names a refused knob and shows what was typed', () => {
		const form = new SetupForm(freshDb());
		form.names = ['Anna', 'Ben'];
		form.setKnobText('blankHalf', 'abc');
		expect(form.knobText('blankHalf')).toBe('abc');
		expect(form.knobProblem('blankHalf')).toMatchObject({
			code: 'bad-knob',
			params: { knob: 'blankHalf' }
		});
		// The preset's own value is used meanwhile.
		expect(form.rules.blankHalf).toBe(0);
		form.setKnobText('blankHalf', '5');
		expect(form.knobProblem('blankHalf')).toBeUndefined();
	});

	it('switches to a custom schedule starting from the engines in effect', () => {
		const form = new SetupForm(freshDb());
		form.setKnobText('rounds', '3');
		form.setScheduleMode('custom');
		expect(form.scheduleMode).toBe('custom');
		expect(form.scheduleText()).toBe('12, 11, 10');
		form.setScheduleText('9, 6');
		expect(form.choice.schedule).toEqual([9, 6]);
		form.setScheduleMode('cyclic');
		expect(form.choice.schedule).toBe('cyclic');
		expect(form.scheduleMode).toBe('cyclic');
	});

	it('moves, removes and picks seats, keeping the first starter with its player', () => {
		const form = new SetupForm(freshDb());
		form.names = ['Anna', 'Ben', 'Cleo'];
		form.firstStarter = 2;
		form.move(2, -1);
		expect(form.names).toEqual(['Anna', 'Cleo', 'Ben']);
		expect(form.firstStarter).toBe(1);
		form.removeSeat(0);
		expect(form.names).toEqual(['Cleo', 'Ben']);
		expect(form.firstStarter).toBe(0);
		form.pick({ id: 'p', name: 'Dario', key: 'dario', lastPlayedAt: 1 });
		expect(form.names).toEqual(['Cleo', 'Ben', 'Dario']);
		form.names[1] = '';
		form.pick({ id: 'q', name: 'Emil', key: 'emil', lastPlayedAt: 1 });
		expect(form.names).toEqual(['Cleo', 'Emil', 'Dario']);
		while (form.addSeat() !== null);
		expect(form.names).toHaveLength(10);
		expect(form.canAdd).toBe(false);
	});

	it('leaves out the empty seats after the last name, keeping the fewest the rules allow', async () => {
		const db = freshDb();
		const form = new SetupForm(db);
		form.names = ['Anna', ''];
		expect(await form.startEvening()).toBeNull();
		expect(form.names).toEqual(['Anna', '']);
		form.names = ['Anna', 'Ben', '', ''];
		form.setKnob('start', 'rotate');
		form.firstStarter = 3;
		const id = await form.startEvening();
		expect(id).not.toBeNull();
		expect((await db.evenings.get(id!))?.players.map((p) => p.name)).toEqual(['Anna', 'Ben']);
		expect(form.firstStarter).toBe(1);
	});

	it('stores nothing while a problem remains, then the evening with the choice', async () => {
		const db = freshDb();
		const form = new SetupForm(db);
		form.names = ['Anna', ''];
		expect(form.nameProblem(1)).toBeUndefined();
		expect(await form.startEvening()).toBeNull();
		expect(form.nameProblem(1)?.code).toBe('name-empty');
		expect(await db.evenings.count()).toBe(0);

		form.names = ['Anna', 'Ben'];
		form.setKnob('start', 'rotate');
		form.firstStarter = 1;
		const id = await form.startEvening();
		expect(id).not.toBeNull();
		const evening = await db.evenings.get(id!);
		expect(evening?.rules).toEqual({ preset: 'swiss-jassshop', start: 'rotate' });
		expect(evening?.firstStarter).toBe(1);
		// What sits below the known players shows once their read has answered.
		expect(form.knownRead).toBe(false);
		await form.loadKnown();
		expect(form.knownRead).toBe(true);
		expect(form.known.map((p) => p.name).sort()).toEqual(['Anna', 'Ben']);
		expect(form.pickable).toEqual([]);
	});
});

import { describe, expect, it } from 'vitest';
import {
	engineAt,
	resolveRules,
	scheduleEngines,
	scheduleLength,
	starterSeat,
	type RulesChoice
} from '../../src/lib/rules/index';

const r = (choice: Partial<RulesChoice> = {}) =>
	resolveRules({ preset: 'swiss-jassshop', ...choice });

describe('engine schedules', () => {
	it('descending: n down to 0, n+1 rounds (double-12: 13 rounds, every sheet)', () => {
		expect(scheduleEngines(r())).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
		expect(scheduleLength(r())).toBe(13);
		expect(engineAt(r(), 12)).toBe(0);
		expect(engineAt(r(), 13)).toBeNull();
		expect(scheduleEngines(r({ set: 6 }))).toEqual([6, 5, 4, 3, 2, 1, 0]);
		expect(scheduleLength(r({ set: 18 }))).toBe(19);
	});

	it('cyclic: starts again at n and never ends by itself (002, 004)', () => {
		const talon = resolveRules({ preset: 'german-talon' });
		expect(scheduleLength(talon)).toBeNull();
		expect(engineAt(talon, 12)).toBe(0);
		expect(engineAt(talon, 13)).toBe(12);
		expect(engineAt(talon, 10_000)).toBe(12 - (10_000 % 13));
		expect(scheduleEngines(talon)).toEqual(scheduleEngines(r()));
		expect(scheduleEngines(talon, 15)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 12, 11]);
		expect(scheduleEngines(resolveRules({ preset: 'italian-elimination' }), 2)).toEqual([12, 11]);
	});

	it('ascending, evens and odds', () => {
		expect(scheduleEngines(r({ schedule: 'ascending' }))).toEqual([
			0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
		]);
		expect(scheduleEngines(r({ schedule: 'evens' }))).toEqual([12, 10, 8, 6, 4, 2, 0]);
		expect(scheduleEngines(r({ schedule: 'odds' }))).toEqual([11, 9, 7, 5, 3, 1]);
		expect(scheduleEngines(r({ schedule: 'evens', set: 9 }))).toEqual([8, 6, 4, 2, 0]);
		expect(scheduleEngines(r({ schedule: 'odds', set: 9 }))).toEqual([9, 7, 5, 3, 1]);
	});

	it('a custom list, used up when it ends', () => {
		const rules = r({ schedule: [5, 3, 9, 3] });
		expect(scheduleEngines(rules)).toEqual([5, 3, 9, 3]);
		expect(scheduleLength(rules)).toBe(4);
		expect(engineAt(rules, 4)).toBeNull();
	});

	it('the rounds knob cuts any schedule (7 rounds: 12-12 down to 6-6)', () => {
		expect(scheduleEngines(r({ rounds: 7 }))).toEqual([12, 11, 10, 9, 8, 7, 6]);
		expect(scheduleLength(r({ rounds: 7 }))).toBe(7);
		// A longer count than the schedule leaves it whole.
		expect(scheduleLength(r({ rounds: 50 }))).toBe(13);
		// A cyclic schedule with a count ends after it.
		const cut = resolveRules({ preset: 'german-talon', rounds: 20 });
		expect(scheduleLength(cut)).toBe(20);
		expect(engineAt(cut, 19)).toBe(6);
		expect(engineAt(cut, 20)).toBeNull();
		expect(scheduleEngines(cut, 3)).toEqual([12, 11, 10]);
	});

	it('refuses nonsense indexes quietly', () => {
		expect(engineAt(r(), -1)).toBeNull();
		expect(engineAt(r(), 1.5)).toBeNull();
		expect(engineAt(r(), Number.NaN)).toBeNull();
	});
});

describe('starterSeat', () => {
	it('rotates clockwise from the first starter under "rotate"', () => {
		const rules = r({ start: 'rotate' });
		expect([0, 1, 2, 3, 4].map((k) => starterSeat(rules, 2, k, 4))).toEqual([2, 3, 0, 1, 2]);
	});

	it('is unknown (null) until the engine is drawn under "engine-holder"', () => {
		expect(starterSeat(r(), 0, 3, 4)).toBeNull();
	});

	it('is null for an empty table', () => {
		expect(starterSeat(r({ start: 'rotate' }), 0, 3, 0)).toBeNull();
	});
});

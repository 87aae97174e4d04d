import { describe, expect, it } from 'vitest';
import {
	checkTypedRound,
	placeRound,
	readTypedRound,
	resolveRules,
	type EveningSetup,
	type TypedRound
} from '$lib/rules';

const setup: EveningSetup = {
	rules: resolveRules({ preset: 'swiss-jassshop' }),
	players: ['a', 'b', 'c']
};

function typed(over: Partial<TypedRound>): TypedRound {
	return { players: ['a', 'b', 'c'], out: [], blocked: false, hands: {}, ...over };
}

describe('readTypedRound', () => {
	it('makes the first player marked out the entry, and the texts hands', () => {
		const read = readTypedRound(typed({ out: ['b'], hands: { a: ' 7 ', c: [[1, 2]] } }));
		expect(read).toEqual({
			entry: { out: 'b', blocked: false, hands: { a: 7, c: [[1, 2]] } },
			problems: []
		});
	});

	it('says once, about the round, that several players were marked out', () => {
		const read = readTypedRound(typed({ out: ['c', 'a'], hands: { b: '4' } }));
		expect(read.entry).toEqual({ out: 'c', blocked: false, hands: { a: [], b: 4 } });
		expect(read.problems).toEqual([{ code: 'two-out', params: { count: 2 } }]);
	});

	it('names a field that did not parse, and ignores players not in the round', () => {
		const read = readTypedRound(typed({ out: ['x', 'a'], hands: { b: '1.5', c: '8x' } }));
		expect(read.entry.out).toBe('a');
		expect(read.problems).toEqual([
			{ code: 'hand-not-whole', player: 'b', params: { text: '1.5' } },
			{ code: 'hand-not-whole', player: 'c', params: { text: '8x' } }
		]);
	});
});

describe('empty fields', () => {
	it('are no hand and no typing problem: the core says whether a hand is needed', () => {
		const read = readTypedRound(typed({ out: ['a'], hands: { b: '', c: '  ' } }));
		expect(read).toEqual({ entry: { out: 'a', blocked: false, hands: {} }, problems: [] });
		expect(checkTypedRound(placeRound(setup, [], 0), read).errors).toEqual([
			{ code: 'hand-missing', player: 'b' },
			{ code: 'hand-missing', player: 'c' }
		]);
	});

	it('are fine in a blocked round that scores nothing (the Italian rules)', () => {
		const italian: EveningSetup = {
			rules: resolveRules({ preset: 'italian-elimination' }),
			players: ['a', 'b', 'c']
		};
		expect(italian.rules.blocked).toBe('void');
		const read = readTypedRound(typed({ blocked: true, hands: { a: '', b: '', c: '' } }));
		expect(checkTypedRound(placeRound(italian, [], 0), read)).toEqual({ errors: [], warnings: [] });
		// Where a blocked round counts, the hands are needed.
		expect(checkTypedRound(placeRound(setup, [], 0), read).errors).toHaveLength(3);
	});
});

describe('checkTypedRound', () => {
	it('gives one two-out about the round, not the core’s about a player', () => {
		const check = checkTypedRound(
			placeRound(setup, [], 0),
			readTypedRound(typed({ out: ['a', 'b'], hands: { c: '5' } }))
		);
		expect(check.errors).toEqual([{ code: 'two-out', params: { count: 2 } }]);
	});

	it('drops the core’s hand-missing for a field that did not parse', () => {
		const check = checkTypedRound(
			placeRound(setup, [], 0),
			readTypedRound(typed({ out: ['a'], hands: { b: 'x', c: '3' } }))
		);
		expect(check.errors).toEqual([{ code: 'hand-not-whole', player: 'b', params: { text: 'x' } }]);
	});

	it('passes a sound round with the core’s warnings', () => {
		const check = checkTypedRound(
			placeRound(setup, [], 0),
			readTypedRound(typed({ out: ['a'], hands: { b: '3', c: '4' } }))
		);
		expect(check).toEqual({ errors: [], warnings: [] });
	});
});

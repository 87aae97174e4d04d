import { describe, expect, it } from 'vitest';
import {
	checkRound,
	computeEvening,
	PRESETS,
	resolveRules,
	scoreRound,
	validateRules,
	validateSetup,
	type EveningSetup,
	type RoundEntry
} from '../../src/lib/rules/index';

const jass: EveningSetup = {
	rules: resolveRules({ preset: 'swiss-jassshop' }),
	players: ['a', 'b', 'c']
};
const round = (out: string | null, hands: RoundEntry['hands'], blocked = false): RoundEntry => ({
	out,
	blocked,
	hands
});
const codes = (problems: { code: string }[]) => problems.map((p) => p.code);

describe('validateSetup', () => {
	it('accepts a plain evening', () => {
		expect(validateSetup(['Anna', 'Ben'], { preset: 'swiss-jassshop' })).toEqual([]);
	});

	it('names the seat of each bad name', () => {
		const problems = validateSetup(['Anna', '', ' ANNA ', 'x'.repeat(41)], {
			preset: 'swiss-jassshop'
		});
		expect(problems).toEqual([
			{ code: 'name-empty', player: '1' },
			{ code: 'name-duplicate', player: '2', params: { name: 'ANNA', first: 0 } },
			{ code: 'name-too-long', player: '3', params: { max: 40, length: 41 } }
		]);
	});

	it('counts characters, not UTF-16 units, and ignores surrounding spaces', () => {
		expect(validateSetup(['😀'.repeat(40), '  Ben  '], { preset: 'swiss-jassshop' })).toEqual([]);
		expect(codes(validateSetup(['é'.repeat(41), 'Ben'], { preset: 'swiss-jassshop' }))).toEqual([
			'name-too-long'
		]);
	});

	it('treats composed and decomposed accents as the same name', () => {
		expect(codes(validateSetup(['Zoë', 'Zoe\u0308'], { preset: 'swiss-jassshop' }))).toEqual([
			'name-duplicate'
		]);
	});

	it('refuses a player count outside the preset range, with the range', () => {
		expect(validateSetup(['A', 'B', 'C'], { preset: 'german-talon' })).toEqual([
			{ code: 'player-count', params: { min: 4, max: 8, count: 3 } }
		]);
	});

	it('passes on rule problems', () => {
		expect(codes(validateSetup(['A', 'B'], { preset: 'nope' as 'swiss-jassshop' }))).toEqual([
			'unknown-preset'
		]);
	});
});

describe('validateRules and resolveRules', () => {
	it('every preset is valid as it stands', () => {
		for (const p of Object.values(PRESETS)) {
			expect(validateRules({ preset: p.id })).toEqual([]);
			expect(resolveRules({ preset: p.id })).toEqual(p.defaults);
			expect(validateRules(p.defaults)).toEqual([]);
		}
	});

	it('names each bad knob and keeps the default in its place', () => {
		const choice = {
			preset: 'swiss-jassshop',
			set: 7,
			blankHalf: -1,
			doubleFactor: 3,
			blocked: 'replay',
			mode: 'bonus',
			elimination: 0,
			rounds: 1.5,
			schedule: 'sideways'
		} as unknown as Parameters<typeof validateRules>[0];
		const knobs = validateRules(choice).map((p) => p.params?.knob);
		expect(knobs.sort()).toEqual(
			[
				'set',
				'blankHalf',
				'doubleFactor',
				'blocked',
				'mode',
				'elimination',
				'rounds',
				'schedule'
			].sort()
		);
		expect(resolveRules(choice)).toEqual(PRESETS['swiss-jassshop'].defaults);
	});

	it('checks a custom schedule against the chosen set', () => {
		expect(validateRules({ preset: 'swiss-jassshop', set: 6, schedule: [6, 7] })).toEqual([
			{ code: 'bad-knob', params: { knob: 'schedule', value: '[6,7]', max: 6 } }
		]);
		expect(validateRules({ preset: 'swiss-jassshop', schedule: [] })).toHaveLength(1);
		expect(validateRules({ preset: 'swiss-jassshop', schedule: [12, 0, 12] })).toEqual([]);
	});

	it('an unknown preset resolves to swiss-jassshop and never throws', () => {
		expect(resolveRules({ preset: 'x' } as unknown as Parameters<typeof resolveRules>[0])).toEqual(
			PRESETS['swiss-jassshop'].defaults
		);
		expect(resolveRules(null as unknown as Parameters<typeof resolveRules>[0]).preset).toBe(
			'swiss-jassshop'
		);
		expect(codes(validateRules(null as unknown as Parameters<typeof validateRules>[0]))).toEqual([
			'unknown-preset'
		]);
	});

	it('a custom ruleset derived from a preset keeps the rest of the preset', () => {
		const r = resolveRules({ preset: 'cardinal-us', mode: 'plus', doubleBlank: null });
		expect(r).toEqual({ ...PRESETS['cardinal-us'].defaults, mode: 'plus', doubleBlank: null });
	});
});

describe('preset defaults (seed sheets)', () => {
	it('table knobs', () => {
		const d = (id: keyof typeof PRESETS) => PRESETS[id].defaults;
		expect(Object.values(PRESETS).map((p) => p.defaults.markerRemoval)).toEqual(
			Array(5).fill('owner-plays-own')
		);
		expect(Object.values(PRESETS).map((p) => p.defaults.voluntaryMarker)).toEqual([
			false,
			true,
			false,
			false,
			false
		]);
		expect(Object.values(PRESETS).map((p) => p.defaults.knockPenalty)).toEqual([
			'none',
			'draw-1',
			'draw-2',
			'draw-2',
			'none'
		]);
		expect(Object.values(PRESETS).map((p) => p.defaults.lastDoubleEndsRound)).toEqual([
			true,
			false,
			false,
			false,
			true
		]);
		expect(d('italian-elimination').severalMexicanTrains).toBe(true);
		expect(d('cardinal-us').severalMexicanTrains).toBe(false);
		expect(d('cardinal-us').firstTurnAll).toBe(true);
		expect(d('italian-elimination').doubleReplay).toBe(true);
		expect(Object.values(PRESETS).map((p) => p.defaults.schedule)).toEqual([
			'descending',
			'descending',
			'cyclic',
			'descending',
			'cyclic'
		]);
		expect(d('italian-elimination').elimination).toBe(100);
		expect(d('italian-elimination').blocked).toBe('void');
	});
});

describe('checkRound', () => {
	it('accepts a good round with no problems', () => {
		expect(checkRound(jass, [], 0, round('a', { b: 3, c: [[1, 2]] }))).toEqual({
			errors: [],
			warnings: []
		});
	});

	it('gives the limit with hand-too-high and round-total-too-high', () => {
		expect(checkRound(jass, [], 0, round('a', { b: 1069, c: 0 })).errors).toEqual([
			{ code: 'hand-too-high', player: 'b', params: { max: 1068, value: 1069 } }
		]);
		expect(checkRound(jass, [], 0, round('a', { b: 600, c: 469 })).errors).toEqual([
			{ code: 'round-total-too-high', params: { max: 1068, total: 1069 } }
		]);
	});

	it('warns, without refusing, above the 15 heaviest tiles', () => {
		const check = checkRound(jass, [], 0, round('a', { b: 299, c: 298 }));
		expect(check.errors).toEqual([]);
		expect(check.warnings).toEqual([
			{ code: 'hand-unusually-high', player: 'b', params: { limit: 298, value: 299 } }
		]);
	});

	it('names the player and tile of tile problems', () => {
		const errors = checkRound(
			jass,
			[],
			0,
			round('a', {
				b: [
					[12, 12],
					[13, 1],
					[4, 3]
				],
				c: [[3, 4]]
			})
		).errors;
		expect(errors).toEqual([
			{ code: 'engine-in-hand', player: 'b', tile: [12, 12], params: { tile: '12|12' } },
			{
				code: 'tile-outside-set',
				player: 'b',
				tile: [13, 1],
				params: { tile: '13|1', set: 12 }
			},
			{ code: 'tile-twice', player: 'c', tile: [3, 4], params: { tile: '4|3' } }
		]);
	});

	it('refuses malformed hands without throwing', () => {
		const bad = round('a', {
			b: 'seven' as unknown as number,
			c: [[1, 'x']] as unknown as [number, number][]
		});
		expect(codes(checkRound(jass, [], 0, bad).errors)).toEqual([
			'hand-not-whole',
			'tile-outside-set'
		]);
		expect(codes(checkRound(jass, [], 0, null as unknown as RoundEntry).errors)).toEqual([
			'no-outcome',
			'hand-missing',
			'hand-missing',
			'hand-missing'
		]);
	});

	it('player keys are opaque: "constructor" and "__proto__" are ordinary players', () => {
		const setup = { ...jass, players: ['constructor', '__proto__', 'toString'] };
		const entry = round('constructor', JSON.parse('{"__proto__": 4, "toString": 5}'));
		expect(checkRound(setup, [], 0, entry)).toEqual({ errors: [], warnings: [] });
		const s = computeEvening(setup, [entry]);
		expect(Object.entries(s.totals)).toEqual([
			['constructor', 0],
			['__proto__', 4],
			['toString', 5]
		]);
		expect(s.ranking).toEqual([['constructor'], ['__proto__'], ['toString']]);
	});

	it('evening-over after the scorekeeper ended it, but earlier rounds stay editable', () => {
		const ended = { ...jass, ended: true };
		const history = [round('a', { b: 1, c: 2 })];
		expect(codes(checkRound(ended, history, 1, round('a', { b: 1, c: 2 })).errors)).toEqual([
			'evening-over'
		]);
		expect(checkRound(ended, history, 0, round('b', { a: 5, c: 2 })).errors).toEqual([]);
	});

	it('an edit that invalidates a later round is refused with that round', () => {
		const setup: EveningSetup = {
			rules: resolveRules({ preset: 'italian-elimination' }),
			players: ['a', 'b', 'c']
		};
		const history = [
			round('a', { b: 60, c: 30 }),
			round('a', { b: 30, c: 20 }),
			round('c', { a: 5, b: 5 })
		];
		for (const [i, r] of history.entries()) {
			expect(checkRound(setup, history.slice(0, i), i, r).errors).toEqual([]);
		}
		// Raising b's first hand to 70 eliminates b after round 1, yet round 2 has a hand for b.
		expect(checkRound(setup, history, 0, round('a', { b: 70, c: 30 })).errors).toEqual([
			{
				code: 'later-round-conflict',
				params: { round: 2, number: 3, code: 'eliminated-player' }
			}
		]);
		// An edit that keeps the rest valid passes.
		expect(checkRound(setup, history, 0, round('a', { b: 61, c: 30 })).errors).toEqual([]);
		// An edit is validated against the rounds before it, not after.
		expect(checkRound(setup, history, 1, round('b', { a: 10, c: 1 })).errors).toEqual([]);
	});

	it('an index past the history counts as the next round', () => {
		const history = [round('a', { b: 1, c: 2 })];
		expect(checkRound(jass, history, 7, round('a', { b: [[11, 11]], c: 2 })).errors).toEqual([
			{ code: 'engine-in-hand', player: 'b', tile: [11, 11], params: { tile: '11|11' } }
		]);
	});
});

describe('scoreRound and the evening', () => {
	it('reports hand values and winners by player key', () => {
		const rules = resolveRules({ preset: 'cardinal-us' });
		expect(
			scoreRound(rules, round('id-2', { 'id-1': [[0, 0]], 'id-3': 4 }), ['id-1', 'id-2', 'id-3'])
		).toEqual({
			scores: { 'id-1': 50, 'id-2': 0, 'id-3': 4 },
			handValues: { 'id-1': 50, 'id-2': 0, 'id-3': 4 },
			winners: ['id-2']
		});
	});

	it('counts rounds won and offers the next engine', () => {
		const s = computeEvening(jass, [
			round('a', { b: 1, c: 2 }),
			round(null, { a: 3, b: 3, c: 4 }, true)
		]);
		expect(s.roundsWon).toEqual({ a: 2, b: 1, c: 0 });
		expect(s.next).toEqual({ index: 2, engine: 10 });
		expect(s.over).toBe(false);
		expect(s.winner).toBeNull();
		expect(s.scheduleLength).toBe(13);
		expect(s.active).toEqual(['a', 'b', 'c']);
	});

	it('an evening ended early has its winners and no next round', () => {
		const s = computeEvening({ ...jass, ended: true }, [round('a', { b: 1, c: 2 })]);
		expect(s.over).toBe(true);
		expect(s.winner).toEqual(['a']);
		expect(s.next).toBeNull();
	});

	it('eliminated players stop playing and rank after the others', () => {
		const setup: EveningSetup = {
			rules: resolveRules({ preset: 'italian-elimination', elimination: 10 }),
			players: ['a', 'b', 'c', 'd']
		};
		const s = computeEvening(setup, [
			round('a', { b: 12, c: 1, d: 2 }),
			round('c', { a: 3, d: 9 })
		]);
		expect(s.rounds.map((r) => r.eliminated)).toEqual([['b'], ['d']]);
		expect(Object.keys(s.rounds[1]?.scores ?? {})).toEqual(['a', 'c', 'd']);
		expect(s.active).toEqual(['a', 'c']);
		expect(s.ranking).toEqual([['c'], ['a'], ['d'], ['b']]);
		expect(s.over).toBe(false);
	});
});

describe('checkRound: the player out', () => {
	it('may be left out, or given 0 or []', () => {
		for (const given of [undefined, 0, []]) {
			const hands: RoundEntry['hands'] = { b: 1, c: 2 };
			if (given !== undefined) hands.a = given;
			expect(checkRound(jass, [], 0, round('a', hands)).errors).toEqual([]);
		}
	});

	it('holding anything else is refused, a malformed value as not whole', () => {
		expect(checkRound(jass, [], 0, round('a', { a: 3, b: 1, c: 2 })).errors).toEqual([
			{ code: 'out-holds-tiles', player: 'a' }
		]);
		expect(
			checkRound(jass, [], 0, round('a', { a: '0' as unknown as number, b: 1, c: 2 })).errors
		).toEqual([{ code: 'hand-not-whole', player: 'a', params: { text: '0' } }]);
	});

	it('an edit that ends the evening early makes the later rounds "evening over"', () => {
		const setup: EveningSetup = {
			rules: resolveRules({ preset: 'italian-elimination' }),
			players: ['a', 'b']
		};
		const history = [round('a', { b: 10 }), round('b', { a: 10 })];
		expect(checkRound(setup, history, 0, round('a', { b: 100 })).errors).toEqual([
			{ code: 'later-round-conflict', params: { round: 1, number: 2, code: 'evening-over' } }
		]);
	});
});

// The club night in words: every refusal the club server may answer an organiser with is a
// sentence in every language (no code, no placeholder left), and the lines the organiser and the
// wall read say what they should: the count of who is here, the season's rule, who goes where.
import { afterEach, describe, expect, it } from 'vitest';
import { baseLocale, locales, overwriteGetLocale } from '$lib/paraglide/runtime.js';
import { NIGHT_PROBLEM_CODES, type NightMove } from '$lib/club/night-protocol';
import {
	gameRuleText,
	hereText,
	moveText,
	nightFailureText,
	nightProblemText,
	seasonRuleText,
	seatTableName
} from '$lib/components/club/night/nightText';

afterEach(() => overwriteGetLocale(() => baseLocale));

const PARAMS = {
	name: 'Anna',
	member: 'Anna B.',
	max: 3,
	min: 4,
	length: 41,
	seats: 10,
	fewer: 6,
	more: 10,
	count: 7,
	night: '2026-11-26',
	division: 'Juniors',
	table: 2
};

describe.each(locales)('the club night in %s', (locale) => {
	it('words every refusal of an organiser’s action', () => {
		overwriteGetLocale(() => locale);
		for (const code of NIGHT_PROBLEM_CODES) {
			const text = nightProblemText({ code, player: 'm1', params: PARAMS }, () => 'Anna');
			expect(text.trim(), code).not.toBe('');
			expect(text, code).not.toMatch(/[{}]|undefined|NaN/);
		}
		for (const reason of ['stale', 'organiser-only', 'unreachable'] as const) {
			expect(nightFailureText({ ok: false, reason } as never)).not.toBe('');
		}
	});
});

describe('the club night’s lines', () => {
	const move = (m: Partial<NightMove>): NightMove => ({
		player: 'm1',
		name: 'Anna',
		from: 2,
		to: 1,
		why: 'moves-up',
		place: 4,
		total: 80,
		byLot: false,
		...m
	});

	it('counts who is here, in English and in German', () => {
		expect(hereText({ count: 14, sizes: [5, 5, 4] })).toBe('14 here: 3 tables of 5, 5, 4');
		expect(hereText({ count: 5, sizes: [5] })).toBe('5 here: 1 table of 5');
		expect(hereText({ count: 3, problem: { code: 'too-few-players', params: { min: 4 } } })).toBe(
			'3 here: a table needs at least 4'
		);
		overwriteGetLocale(() => 'de');
		expect(hereText({ count: 14, sizes: [5, 5, 4] })).toBe('14 da: 3 Tische mit 5, 5, 4');
		overwriteGetLocale(() => 'fr');
		expect(hereText({ count: 14, sizes: [5, 5, 4] })).toBe(
			'14 présents\u202f: 3 tables de 5, 5, 4'
		);
	});

	it('states the season’s rule in one line', () => {
		expect(
			seasonRuleText({ ranking: 'per-round', missed: { kind: 'own-average' }, ties: 'best-night' })
		).toBe(
			"Per round, lowest first · a missed night counts the player's own average · ties: better best night"
		);
		expect(
			seasonRuleText(
				{ ranking: 'total', missed: { kind: 'best-nights', count: 3 }, ties: 'shared' },
				false
			)
		).toBe('Total, lowest first · ties share the place');
		expect(
			seasonRuleText({
				ranking: 'placings',
				missed: { kind: 'best-nights', count: 3 },
				ties: 'shared'
			})
		).toContain('only the best 3 nights count');
	});

	it('says who goes where, and why', () => {
		const up = { kind: 'lowest-move-up', count: 3 } as const;
		expect(moveText(move({}), up)).toBe('Anna: Table 2 → Table 1 (one of the 3 lowest)');
		expect(moveText(move({ byLot: true }), up)).toBe(
			'Anna: Table 2 → Table 1 (one of the 3 lowest) · tie drawn by lot'
		);
		expect(moveText(move({ why: 'stays', to: 2 }), up)).toBe('Anna: stays at Table 2');
		expect(moveText(move({ why: 'down-to-bottom', from: 1, to: 3 }), up)).toBe(
			'Anna: Table 1 → Table 3 (one of the 3 highest at the top table)'
		);
		const final = { kind: 'final-table', perTable: 1, others: 'sit-out' } as const;
		expect(moveText(move({ why: 'to-final' }), final)).toBe(
			'Anna: Table 2 → final, Table 1 (the lowest)'
		);
		expect(moveText(move({ why: 'sits-out', to: null }), final)).toBe('Anna: Table 2 → sits out');
		expect(gameRuleText(up)).toBe('The lowest 3 of each table moved up one table');
		expect(seatTableName({ table: 1, final: false })).toBe('Table 1');
		expect(seatTableName({ table: 1, final: true })).toBe('Final table 1');
	});
});

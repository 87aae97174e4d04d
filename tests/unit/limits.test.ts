// One limit for every number (issue 43): the knob table gives each whole number knob both its
// limits; the rules core, the House rules screen's refusal, a backup's and a link's schema and
// the club take them from there; and a seat's total over the longest evening a club takes stays
// inside the 32-bit integer the club's database keeps it in. Text from outside is valid Unicode.
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Name } from '$lib/atoms';
import { problemText } from '$lib/components/problemText';
import { BackupSchema, EveningSchema } from '$lib/db/backup/schema';
import { MAX_CLUB_ROUNDS } from '$lib/club/protocol';
import { baseLocale, overwriteGetLocale, type Locale } from '$lib/paraglide/runtime.js';
import {
	KNOBS,
	KNOB_NAMES,
	MAX_HAND_POINTS,
	MAX_TILE_POINTS,
	allTiles,
	cleanName,
	computeEvening,
	eveningSetup,
	knobAccepts,
	maxSeatTotal,
	validateSetup,
	wellFormed,
	type KnobSpec,
	type RoundEntry,
	type RulesChoice
} from '$lib/rules';

afterEach(() => overwriteGetLocale(() => baseLocale));

/** What PostgreSQL's `integer` holds: the club keeps each seat's total in one. */
const PG_INTEGER = 2 ** 31 - 1;

describe('every number has one limit', () => {
	it('each whole number knob has a lower and an upper limit', () => {
		for (const knob of KNOB_NAMES) {
			const spec: KnobSpec = KNOBS[knob];
			if (spec.kind !== 'whole') continue;
			expect(Number.isSafeInteger(spec.min), knob).toBe(true);
			expect(Number.isSafeInteger(spec.max), knob).toBe(true);
			expect(knobAccepts(knob, spec.max! + 1), knob).toBe(false);
			expect(knobAccepts(knob, spec.min! - 1), knob).toBe(false);
		}
	});

	it('a seat’s total over the longest evening a club takes fits the club’s integer', () => {
		expect(maxSeatTotal(MAX_CLUB_ROUNDS)).toBeLessThanOrEqual(PG_INTEGER);
	});

	it.each(['penalty', 'plus'] as const)(
		'a round at the knobs’ limits (%s) scores a seat no more than the bound',
		(mode) => {
			const choice: RulesChoice = {
				preset: 'swiss-jassshop',
				set: 18,
				mode,
				blankHalf: MAX_TILE_POINTS,
				doubleFlat: MAX_TILE_POINTS,
				doubleFactor: 2,
				goingOutBonus: mode === 'plus' ? MAX_TILE_POINTS : -MAX_TILE_POINTS
			};
			const players = ['a', 'b'];
			// Everything but the engine (18|18) in one hand: the most a round can hold.
			const hand = allTiles(18).filter(([x, y]) => !(x === 18 && y === 18));
			const entry: RoundEntry = { out: 'a', blocked: false, hands: { a: [], b: hand } };
			const setup = eveningSetup({
				players: players.map((id) => ({ id, name: id })),
				rules: choice,
				endedAt: null
			});
			const state = computeEvening(setup, [entry, entry]);
			for (const id of players) {
				expect(Math.abs(state.totals[id]!)).toBeLessThanOrEqual(maxSeatTotal(2));
			}
			expect(Math.max(...players.map((id) => Math.abs(state.totals[id]!)))).toBeGreaterThan(
				MAX_HAND_POINTS / 4
			);
		}
	);

	it.each([
		[
			'en',
			'Going-out bonus: “3000000000” is not allowed here (a whole number from -10,000 to 10,000).'
		],
		['de', /^Bonus fürs Ausmachen: „3000000000“/],
		['fr', /3000000000/],
		['it', /3000000000/]
	] as const)(
		'the House rules refuse ±3,000,000,000 with its limits, in words (%s)',
		(locale, words) => {
			overwriteGetLocale(() => locale as Locale);
			for (const value of [3_000_000_000, -3_000_000_000]) {
				const problems = validateSetup(['Anna', 'Ben'], {
					preset: 'swiss-jassshop',
					goingOutBonus: value
				});
				expect(problems.map((p) => p.code)).toEqual(['bad-knob']);
				const text = problemText(problems[0]!);
				if (value > 0) expect(text).toMatch(words);
				expect(text).toMatch(/10[ .,\u202f\u00a0’']?000/);
			}
		}
	);

	it('a backup with a value beyond its knob’s limit, or a hand beyond the largest, is refused', () => {
		const evening = {
			id: 'e1',
			createdAt: 1,
			updatedAt: 1,
			players: [{ id: 'p1', name: 'Anna' }],
			rules: { preset: 'swiss-jassshop', doubleBlank: 4e9 },
			firstStarter: 0,
			endedAt: null
		};
		expect(v.safeParse(EveningSchema, evening).success).toBe(false);
		const ok = { ...evening, rules: { preset: 'swiss-jassshop', doubleBlank: MAX_TILE_POINTS } };
		expect(v.safeParse(EveningSchema, ok).success).toBe(true);
		const backup = (points: number) => ({
			format: 'caboose-backup',
			formatVersion: 1,
			exportedAt: 1,
			evenings: [
				{
					evening: ok,
					rounds: [
						{
							id: 'e1:0',
							eveningId: 'e1',
							index: 0,
							entry: { out: null, blocked: true, hands: { p1: points } },
							starter: null,
							savedAt: 1
						}
					]
				}
			],
			players: []
		});
		expect(v.safeParse(BackupSchema, backup(MAX_HAND_POINTS + 1)).success).toBe(false);
	});
});

describe('text from outside is valid Unicode', () => {
	const lone = 'Ann\uD800a';
	it('a lone surrogate becomes U+FFFD; whole characters, emoji included, stay', () => {
		expect(wellFormed(lone)).toBe('Ann\uFFFDa');
		expect(wellFormed('\uDC00x\uD83D')).toBe('\uFFFDx\uFFFD');
		expect(wellFormed('Zoë 🂡 👩‍👩‍👧')).toBe('Zoë 🂡 👩‍👩‍👧');
		expect(cleanName(` ${lone} `)).toBe('Ann\uFFFDa');
	});

	it('a name read from a backup or a link is cleaned on the way in', () => {
		const parsed = v.parse(Name, lone);
		expect(parsed).toBe('Ann\uFFFDa');
		expect(parsed.isWellFormed()).toBe(true);
	});
});

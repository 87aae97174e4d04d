import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { baseLocale, locales, overwriteGetLocale } from '$lib/paraglide/runtime.js';
import { problemText, problemTextWithPlayer } from '$lib/components/problemText';
import type { Problem, ProblemCode } from '$lib/rules';

// One example of every problem the rules core can return, with the params it gives.
const EXAMPLES: Record<ProblemCode, Problem> = {
	'name-empty': { code: 'name-empty', player: '1' },
	'name-duplicate': { code: 'name-duplicate', player: '2', params: { name: 'Anna', first: 0 } },
	'name-too-long': { code: 'name-too-long', player: '0', params: { max: 40, length: 41 } },
	'player-count': { code: 'player-count', params: { min: 4, max: 8, count: 3 } },
	'unknown-preset': { code: 'unknown-preset', params: { preset: 'klondike' } },
	'bad-knob': { code: 'bad-knob', params: { knob: 'blankHalf', value: '-3' } },
	'hand-not-whole': { code: 'hand-not-whole', player: 'p1', params: { text: '1.5' } },
	'hand-too-high': { code: 'hand-too-high', player: 'p1', params: { max: 1068, value: 2000 } },
	'round-total-too-high': { code: 'round-total-too-high', params: { max: 1068, total: 1100 } },
	'tile-outside-set': {
		code: 'tile-outside-set',
		player: 'p1',
		params: { tile: '[13,2]', set: 12 }
	},
	'tile-twice': { code: 'tile-twice', player: 'p1', tile: [5, 3], params: { tile: '5|3' } },
	'engine-in-hand': {
		code: 'engine-in-hand',
		player: 'p1',
		tile: [12, 12],
		params: { tile: '12|12' }
	},
	'no-outcome': { code: 'no-outcome' },
	'out-and-blocked': { code: 'out-and-blocked', player: 'p1' },
	'two-out': { code: 'two-out', player: 'p2', params: { count: 2 } },
	'out-holds-tiles': { code: 'out-holds-tiles', player: 'p1' },
	'hand-missing': { code: 'hand-missing', player: 'p1' },
	'evening-over': { code: 'evening-over', params: { rounds: 13 } },
	'unknown-player': { code: 'unknown-player', player: 'zed' },
	'eliminated-player': { code: 'eliminated-player', player: 'p1' },
	'later-round-conflict': {
		code: 'later-round-conflict',
		params: { round: 4, number: 5, code: 'no-outcome' }
	},
	'hand-unusually-high': {
		code: 'hand-unusually-high',
		player: 'p1',
		params: { limit: 300, value: 320 }
	}
};

afterEach(() => overwriteGetLocale(() => baseLocale));

describe('problemText', () => {
	it.each(locales)('says every problem in words in %s', (locale) => {
		overwriteGetLocale(() => locale);
		const seen = new Set<string>();
		for (const problem of Object.values(EXAMPLES)) {
			const text = problemText(problem);
			expect(text.length, problem.code).toBeGreaterThan(5);
			expect(text, problem.code).not.toMatch(/[{}]|undefined/);
			expect(text, problem.code).not.toBe(problem.code);
			seen.add(text);
		}
		// A distinct sentence per problem.
		expect(seen.size).toBe(Object.keys(EXAMPLES).length);
	});

	it('fills the parameters in, with seat numbers from 1 and knob names in words', () => {
		expect(problemText(EXAMPLES['name-duplicate'])).toBe(
			'Anna is already at the table (player 1).'
		);
		expect(problemText(EXAMPLES['bad-knob'])).toBe(
			'Each blank half counts: “-3” is not allowed here (a whole number from 0 to 10,000).'
		);
		expect(problemText({ code: 'bad-knob', params: { knob: 'deal', value: 50, max: 45 } })).toBe(
			'Tiles each: “50” is not allowed here (a whole number from 1 to 45).'
		);
		expect(problemText({ code: 'bad-knob', params: { knob: 'goingOutBonus', value: 'x' } })).toBe(
			'Going-out bonus: “x” is not allowed here (a whole number from -10,000 to 10,000).'
		);
		expect(problemText({ code: 'bad-knob', params: { knob: 'set', value: '7' } })).toBe(
			'Set: “7” is not allowed here.'
		);
		expect(problemText(EXAMPLES['later-round-conflict'])).toBe(
			'This change would make the saved round 5 impossible.'
		);
	});

	it('writes numbers the way the locale does', () => {
		overwriteGetLocale(() => 'de');
		expect(problemText(EXAMPLES['hand-too-high'])).toBe(
			'2.000 ist mehr, als alle Steine des Satzes wert sind (1.068).'
		);
	});

	it('names the player when asked to', () => {
		const names: Record<string, string> = { p1: 'Ben' };
		expect(problemTextWithPlayer(EXAMPLES['hand-missing'], (k) => names[k])).toBe(
			'Ben: The hand is missing.'
		);
		overwriteGetLocale(() => 'fr');
		expect(problemTextWithPlayer(EXAMPLES['hand-missing'], (k) => names[k])).toBe(
			'Ben\u202f: La main manque.'
		);
		expect(problemTextWithPlayer(EXAMPLES['no-outcome'], (k) => names[k])).toBe(
			'Indiquez qui a fini, ou marquez la manche comme bloquée.'
		);
	});
});

/** A message as stored: a plain string, or Paraglide variants (plural forms) in an array. */
type Stored =
	string | { declarations: string[]; selectors: string[]; match: Record<string, string> }[];

/** Every text a message can show: the string, or each of its variants. */
function texts(message: Stored): string[] {
	return typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match));
}

describe('messages', () => {
	const AREAS = readdirSync('messages').filter((a) => existsSync(`messages/${a}/en.json`));
	const read = (area: string, locale: string) =>
		JSON.parse(readFileSync(`messages/${area}/${locale}.json`, 'utf8')) as Record<string, Stored>;

	it.each(AREAS)('%s: has every key in every language, none left empty', (area) => {
		const en = read(area, 'en');
		for (const locale of locales) {
			const messages = read(area, locale);
			expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(en).sort());
			for (const [key, message] of Object.entries(messages)) {
				for (const text of texts(message)) expect(text.trim(), `${locale} ${key}`).not.toBe('');
			}
		}
	});

	it.each(AREAS)('%s: uses the same parameters in every language', (area) => {
		const en = read(area, 'en');
		const params = (m: Stored) =>
			[...new Set(texts(m).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();
		for (const locale of locales) {
			const messages = read(area, locale);
			for (const key of Object.keys(en)) {
				if (key === '$schema') continue;
				expect(params(messages[key] ?? ''), `${locale} ${key}`).toEqual(params(en[key]!));
			}
		}
	});

	it.each(AREAS)('%s: every plural has a form for any number', (area) => {
		for (const locale of locales) {
			for (const [key, message] of Object.entries(read(area, locale))) {
				if (typeof message === 'string') continue;
				for (const variant of message) {
					const keys = Object.keys(variant.match);
					// The catch-all: every selector "=*" (French and Italian also have "many").
					const all = variant.selectors.map((sel) => `${sel}=*`).join(', ');
					expect(keys, `${locale} ${key}`).toContain(all);
				}
			}
		}
	});
});

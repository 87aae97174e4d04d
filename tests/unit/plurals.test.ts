// Every message that counts something takes the plural form of its language: "1 tile, 7 points",
// never "1 tiles".
import { afterEach, describe, expect, it } from 'vitest';
import * as m from '$lib/paraglide/messages.js';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime.js';

afterEach(() => overwriteGetLocale(() => baseLocale));

const CASES = {
	en: [
		'1 tile, 7 points',
		'2 tiles, 1 point',
		'1 tile each',
		'1 player: takes 1 tile.',
		'1 round.'
	],
	de: [
		'1 Stein, 7 Punkte',
		'2 Steine, 1 Punkt',
		'1 Stein pro Spieler',
		'1 Spieler: nimmt 1 Stein.',
		'1 Runde.'
	],
	fr: [
		'1 domino, 7 points',
		'2 dominos, 1 point',
		'1 domino chacun',
		'1 joueur\u202f: prend 1 domino.',
		'1 manche.'
	],
	it: [
		'1 tessera, 7 punti',
		'2 tessere, 1 punto',
		'1 tessera a testa',
		'1 giocatore: prende 1 tessera.',
		'1 manche.'
	]
} as const;

describe('plural forms', () => {
	it.each(Object.entries(CASES))('counts in %s', (locale, expected) => {
		overwriteGetLocale(() => locale as keyof typeof CASES);
		expect(m.entry_tiles_summary({ count: 1, value: '7' })).toBe(expected[0]);
		expect(m.entry_tiles_summary({ count: 2, value: '1' })).toBe(expected[1]);
		expect(m.round_deal({ count: 1 })).toBe(expected[2]);
		expect(m.setup_summary_deal({ players: '1', count: '1' })).toBe(expected[3]);
		expect(m.setup_summary_engines_list({ list: '12|12', count: '1' }).endsWith(expected[4])).toBe(
			true
		);
	});

	it('keeps the plural for a number the locale writes with separators or a fraction', () => {
		expect(m.entry_tiles_summary({ count: 12, value: '1,092' })).toBe('12 tiles, 1,092 points');
		expect(m.entry_tiles_summary({ count: 1, value: '3.5' })).toBe('1 tile, 3.5 points');
		overwriteGetLocale(() => 'de');
		expect(m.entry_tiles_summary({ count: 1, value: '1.092' })).toBe('1 Stein, 1.092 Punkte');
	});
});

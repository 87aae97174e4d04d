// The player page's sentences: a round named mid-sentence in lower case ("0 le 26 nov. 2026,
// manche 6", never "…, Manche 6"), and the share card's file named in the reader's words.
import { afterEach, describe, expect, it } from 'vitest';
import * as m from '$lib/paraglide/messages.js';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime.js';

afterEach(() => overwriteGetLocale(() => baseLocale));

const say = (locale: 'en' | 'de' | 'fr' | 'it', words: () => string) => {
	overwriteGetLocale(() => locale);
	return words();
};

describe('player page and share words', () => {
	it('names the round of a best or worst score inside the sentence', () => {
		const mark = () => m.players_round_on({ score: '0', date: '26 nov. 2026', k: 6 });
		expect(say('fr', mark)).toBe('0 le 26 nov. 2026, manche 6');
		expect(say('en', mark)).toBe('0 on 26 nov. 2026, round 6');
		expect(say('de', mark)).toBe('0 am 26 nov. 2026, Runde 6');
		expect(say('it', mark)).toBe('0 il 26 nov. 2026, manche 6');
	});

	it('names the shared card in the reader language', () => {
		const file = () => m.share_file_name({ date: '2026-11-20' });
		expect(say('en', file)).toBe('caboose-standings-2026-11-20.png');
		expect(say('fr', file)).toBe('caboose-classement-2026-11-20.png');
		expect(say('de', file)).toBe('caboose-rangliste-2026-11-20.png');
		expect(say('it', file)).toBe('caboose-classifica-2026-11-20.png');
	});
});

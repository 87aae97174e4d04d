// The CSV's headings speak the app's words: each one in csv-words.ts is the app's message for it
// (messages/night/<language>.json), so a word changed in the app and not here fails here.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSV_WORDS, csvLanguage, type CsvLanguage } from '../src/club-night/csv-words';

type Message = string | { match: Record<string, string> }[];

function messages(language: CsvLanguage): Record<string, Message> {
	const file = new URL(`../../messages/night/${language}.json`, import.meta.url);
	return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Message>;
}

describe('the CSV headings', () => {
	for (const language of Object.keys(CSV_WORDS) as CsvLanguage[]) {
		it(`are the app's words in ${language}`, () => {
			const m = messages(language);
			const words = CSV_WORDS[language];
			const plural = m.night_rule_missed_best_nights as { match: Record<string, string> }[];
			expect(words).toEqual({
				division: (m.night_division as string).replace(' {division}', ''),
				place: m.night_column_place,
				player: m.night_column_player,
				total: m.night_column_total,
				rounds: m.night_column_rounds,
				nights: m.night_column_nights,
				missed: m.night_column_missed,
				// The club night's games, in the plural (the app says one: "Spiel 2").
				games: words.games,
				beaten: words.beaten,
				ranking: {
					total: m.night_rule_total,
					'per-round': m.night_rule_per_round,
					placings: m.night_rule_placings
				},
				missedRule: {
					'not-counted': m.night_rule_missed_not_counted,
					'own-average': m.night_rule_missed_own_average,
					fixed: m.night_rule_missed_fixed,
					'best-night': plural[0]!.match['countPlural=one'],
					'best-nights': plural[0]!.match['countPlural=*']
				},
				ties: {
					shared: m.night_rule_ties_shared,
					'more-nights': m.night_rule_ties_more_nights,
					'best-night': m.night_rule_ties_best_night
				}
			});
			// "Players beaten" are the first words of the placings rule ("… per evening").
			expect(m.night_rule_placings as string).toMatch(new RegExp(`^${words.beaten} `));
			expect((m.night_game as string).split(' ')[0]).toBe(
				{ en: 'Game', de: 'Spiel', fr: 'Partie', it: 'Partita' }[language]
			);
		});
	}

	it('are in the language asked for, English otherwise', () => {
		expect(
			['de', 'de-CH', 'FR_ch', 'it', 'en-GB', 'es', '', 'constructor'].map(csvLanguage)
		).toEqual(['de', 'de', 'fr', 'it', 'en', 'en', 'en', 'en']);
	});
});

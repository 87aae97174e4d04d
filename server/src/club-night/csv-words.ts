// The CSV's headings in the language of the spreadsheet asked for (`?lang=`): the app's own words
// for each (messages/night/<language>.json, which server/test/csv-words.test.ts holds them to),
// written here because the server never loads Paraglide.

import type { MissedNight, SeasonRanking, SeasonTies } from '../../../src/lib/club/night';

export type CsvLanguage = 'en' | 'de' | 'fr' | 'it';

export interface CsvWords {
	/** night_division without its name */
	division: string;
	/** night_column_place, _player, _total, _rounds, _nights, _missed */
	place: string;
	player: string;
	total: string;
	rounds: string;
	nights: string;
	missed: string;
	/** Evenings played: the club night's games (night_game, in the plural). */
	games: string;
	/** Placing points: the players beaten (night_rule_placings' first words). */
	beaten: string;
	/** The rule, as the wall says it (night_rule_…): `{score}` and `{count}` filled in. */
	ranking: Record<SeasonRanking, string>;
	missedRule: Record<Exclude<MissedNight['kind'], 'best-nights'>, string> & {
		'best-night': string;
		'best-nights': string;
	};
	ties: Record<SeasonTies, string>;
}

export const CSV_WORDS: Record<CsvLanguage, CsvWords> = {
	en: {
		division: 'Division',
		place: 'Place',
		player: 'Player',
		total: 'Total',
		rounds: 'Rounds',
		nights: 'Nights',
		missed: 'Missed',
		games: 'Games',
		beaten: 'Players beaten',
		ranking: {
			total: 'Total, lowest first',
			'per-round': 'Per round, lowest first',
			placings: 'Players beaten per evening, highest first'
		},
		missedRule: {
			'not-counted': 'only the nights played count',
			'own-average': "a missed night counts the player's own average",
			fixed: 'a missed night counts {score}',
			'best-night': 'only the best night counts',
			'best-nights': 'only the best {count} nights count'
		},
		ties: {
			shared: 'ties share the place',
			'more-nights': 'ties: more nights played',
			'best-night': 'ties: better best night'
		}
	},
	de: {
		division: 'Gruppe',
		place: 'Platz',
		player: 'Spieler',
		total: 'Summe',
		rounds: 'Runden',
		nights: 'Abende',
		missed: 'Verpasst',
		games: 'Spiele',
		beaten: 'Geschlagene Spieler',
		ranking: {
			total: 'Summe, die kleinste zuerst',
			'per-round': 'Pro Runde, die kleinste zuerst',
			placings: 'Geschlagene Spieler pro Abend, die meisten zuerst'
		},
		missedRule: {
			'not-counted': 'nur gespielte Abende zählen',
			'own-average': 'ein verpasster Abend zählt den eigenen Schnitt',
			fixed: 'ein verpasster Abend zählt {score}',
			'best-night': 'nur der beste Abend zählt',
			'best-nights': 'nur die besten {count} Abende zählen'
		},
		ties: {
			shared: 'Gleichstand teilt den Platz',
			'more-nights': 'bei Gleichstand: mehr gespielte Abende',
			'best-night': 'bei Gleichstand: der bessere beste Abend'
		}
	},
	fr: {
		division: 'Groupe',
		place: 'Place',
		player: 'Joueur',
		total: 'Total',
		rounds: 'Manches',
		nights: 'Soirées',
		missed: 'Manquées',
		games: 'Parties',
		beaten: 'Joueurs battus',
		ranking: {
			total: 'Total, le plus petit d’abord',
			'per-round': 'Par manche, le plus petit d’abord',
			placings: 'Joueurs battus par soirée, le plus grand nombre d’abord'
		},
		missedRule: {
			'not-counted': 'seules les soirées jouées comptent',
			'own-average': 'une soirée manquée compte la moyenne du joueur',
			fixed: 'une soirée manquée compte {score}',
			'best-night': 'seule la meilleure soirée compte',
			'best-nights': 'seules les {count} meilleures soirées comptent'
		},
		ties: {
			shared: 'les ex æquo partagent la place',
			'more-nights': 'égalité\u202f: plus de soirées jouées',
			'best-night': 'égalité\u202f: meilleure soirée'
		}
	},
	it: {
		division: 'Gruppo',
		place: 'Posto',
		player: 'Giocatore',
		total: 'Totale',
		rounds: 'Manche',
		nights: 'Serate',
		missed: 'Perse',
		games: 'Partite',
		beaten: 'Giocatori battuti',
		ranking: {
			total: 'Totale, il più basso prima',
			'per-round': 'Per manche, il più basso prima',
			placings: 'Giocatori battuti per serata, il numero più alto prima'
		},
		missedRule: {
			'not-counted': 'contano solo le serate giocate',
			'own-average': 'una serata persa conta la media del giocatore',
			fixed: 'una serata persa conta {score}',
			'best-night': 'conta solo la serata migliore',
			'best-nights': 'contano solo le {count} serate migliori'
		},
		ties: {
			shared: 'a pari merito si divide il posto',
			'more-nights': 'a pari merito: più serate giocate',
			'best-night': 'a pari merito: serata migliore'
		}
	}
};

/** The language of `?lang=` ("de-CH" is German); anything else, English. */
export function csvLanguage(lang: string): CsvLanguage {
	const base = lang.split(/[^a-z]/i)[0]!.toLowerCase();
	return Object.hasOwn(CSV_WORDS, base) ? (base as CsvLanguage) : 'en';
}

// The words messages/GLOSSARY.md rules out never come back: every message follows the glossary.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Stored = string | { match: Record<string, string> }[];

/** Every text of every message of a locale, with its key. */
function allTexts(locale: string): [string, string][] {
	const out: [string, string][] = [];
	for (const area of readdirSync('messages')) {
		const file = `messages/${area}/${locale}.json`;
		if (!existsSync(file)) continue;
		const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Stored>;
		for (const [key, m] of Object.entries(messages)) {
			if (key === '$schema') continue;
			const texts = typeof m === 'string' ? [m] : m.flatMap((v) => Object.values(v.match));
			for (const t of texts) out.push([key, t]);
		}
	}
	return out;
}

/** Words the glossary rules out, per locale, with the keys allowed to use them. */
const BANNED: Record<string, { word: RegExp; why: string; except?: string[] }[]> = {
	de: [
		{
			word: /fertig/i,
			why: '"went out" is "ausgemacht"; Fertig is only Done',
			except: ['entry_picker_done']
		},
		{ word: /wenigste gewinnt|meiste gewinnt/, why: 'ungrammatical: "die kleinste Summe gewinnt"' },
		{ word: /\d\}?er-Pasch|\{n\}er-Pasch|\{set\}er-Pasch/, why: 'a set is a "Doppel-12-Satz"' },
		{ word: /Mexican Train/, why: 'mexikanischer Zug', except: ['app_tagline'] },
		{ word: /\bTotal\b/, why: 'total is "Summe"' },
		{ word: /\bam Zug\b|diesem Zug an|ersten Zug\b/, why: 'a turn is not a "Zug" (train)' },
		{
			word: /chliess|\b[Gg]ross|[Gg]rösse|verstöss|ausserhalb|\bliess\b|\b[Ww]eiss\b|\b[Hh]eiss/,
			why: 'one spelling: "ß" after a long vowel or a diphthong (Schließen, groß)'
		}
	],
	fr: [
		{ word: /\brondes?\b/i, why: 'a round is a "manche"' },
		{ word: /\btuiles?\b/i, why: 'a tile is a "domino"' },
		{ word: /\bpig(er|é|e)\b/i, why: 'draw is "piocher"' },
		{
			word: /\bde \{(name|names|player)\}/,
			why: 'needs an elision: use a construction without "de"'
		},
		{ word: /compagnon du marqueur/i, why: '"marqueur" is the train marker' }
	],
	it: [
		{ word: /\bil \{n\}|\bil [0-9]/, why: '"l\'11|11": say "il doppio 11|11"' },
		{ word: /\beliminat[oi]\b/, why: 'gender-free "fuori gioco"' }
	]
};

describe('the glossary', () => {
	it.each(Object.keys(BANNED))('%s messages use the glossary words', (locale) => {
		const texts = allTexts(locale);
		expect(texts.length).toBeGreaterThan(300);
		for (const { word, why, except = [] } of BANNED[locale]!) {
			const hits = texts.filter(([key, t]) => !except.includes(key) && word.test(t));
			expect(hits, `${locale} ${word}: ${why}`).toEqual([]);
		}
	});

	it('puts a narrow no-break space (U+202F) before ? ! : ; and inside « » in French', () => {
		// An ordinary space lets a line break before the mark ("manches / ? C'est définitif.").
		const loose = allTexts('fr').filter(([, t]) => /[ \u00a0][?!:;»]|«[ \u00a0]/.test(t));
		expect(loose).toEqual([]);
		const tight = allTexts('fr').filter(([, t]) =>
			/[^\u202f][?!:;](\s|$)|«[^\u202f]|[^\u202f]»/.test(t)
		);
		expect(tight).toEqual([]);
	});

	it.each(['en', 'de', 'fr', 'it'])(
		'%s: rounds won (standings) and evenings won (player page) are two words',
		(locale) => {
			const words = (area: string) =>
				JSON.parse(readFileSync(`messages/${area}/${locale}.json`, 'utf8')) as Record<
					string,
					string
				>;
			const standings = words('standings');
			const players = words('players');
			// German once said "Siege" for both.
			expect(standings.standings_won).toBe(players.players_rounds_won);
			expect(standings.standings_won_short).not.toBe(players.players_wins);
			expect(standings.standings_won).not.toBe(players.players_wins);
		}
	);

	it('is a file every message follows, with every locale in it', () => {
		const glossary = readFileSync('messages/GLOSSARY.md', 'utf8');
		for (const word of ['Stein', 'domino', 'tessera', 'manche', 'ausgemacht', 'fuori gioco']) {
			expect(glossary).toContain(word);
		}
	});
});

// Every message area (messages/<area>/<locale>.json): every key in every language, none empty,
// the same parameters everywhere (plural variants included), and each key in the file its prefix
// names, so a newcomer finds a word where its screen or concept is.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const locales = ['en', 'de', 'fr', 'it'];
const areas = readdirSync('messages').filter((a) => existsSync(`messages/${a}/en.json`));
type Message = string | { match: Record<string, string> }[];
const read = (area: string, locale: string) => {
	const { $schema: _, ...messages } = JSON.parse(
		readFileSync(`messages/${area}/${locale}.json`, 'utf8')
	) as Record<string, Message>;
	return messages;
};
const texts = (m: Message): string[] =>
	typeof m === 'string' ? [m] : m.flatMap((v) => Object.values(v.match));
const params = (m: Message) =>
	[...new Set(texts(m).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();

/** The areas a key prefix belongs to: the prefix names a screen or a concept. */
const AREA_OF_PREFIX: Record<string, string> = {
	app: 'home',
	new: 'home',
	home: 'home',
	evenings: 'home',
	setup: 'setup',
	rules: 'rules',
	problem: 'rules',
	round: 'round',
	entry: 'round',
	picker: 'round',
	standings: 'standings',
	scoreboard: 'standings',
	share: 'standings',
	sheet: 'standings',
	players: 'players',
	settings: 'settings',
	language: 'settings',
	storage: 'storage',
	data: 'storage',
	pwa: 'storage',
	table: 'table',
	phones: 'phones',
	view: 'phones',
	photo: 'photo',
	club: 'club',
	night: 'night',
	correction: 'correction'
};

describe.each(areas)('messages/%s', (area) => {
	it('has every key in every language, none left empty', () => {
		const en = read(area, 'en');
		for (const locale of locales) {
			const messages = read(area, locale);
			expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(en).sort());
			for (const [key, m] of Object.entries(messages)) {
				for (const text of texts(m)) expect(text.trim(), `${locale} ${key}`).not.toBe('');
			}
		}
	});

	it('uses the same parameters in every language', () => {
		const en = read(area, 'en');
		for (const locale of locales) {
			const messages = read(area, locale);
			for (const key of Object.keys(en)) {
				expect(params(messages[key] ?? ''), `${locale} ${key}`).toEqual(params(en[key]!));
			}
		}
	});

	it('holds only keys whose prefix names this area', () => {
		for (const key of Object.keys(read(area, 'en'))) {
			expect(AREA_OF_PREFIX[key.split('_')[0]!], key).toBe(area);
		}
	});
});

// The day-and-night messages (messages/daynight): every key in every language, none empty, the
// same parameters everywhere (plural variants included).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const locales = ['en', 'de', 'fr', 'it'];
type Message = string | { match: Record<string, string> }[];
const read = (locale: string) =>
	JSON.parse(readFileSync(`messages/daynight/${locale}.json`, 'utf8')) as Record<string, Message>;
const texts = (m: Message): string[] =>
	typeof m === 'string' ? [m] : m.flatMap((v) => Object.values(v.match));
const params = (m: Message) =>
	[...new Set(texts(m).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1])))].sort();

describe('daynight messages', () => {
	it('has every key in every language, none left empty', () => {
		const en = read('en');
		for (const locale of locales) {
			const messages = read(locale);
			expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(en).sort());
			for (const [key, m] of Object.entries(messages)) {
				for (const text of texts(m)) expect(text.trim(), `${locale} ${key}`).not.toBe('');
			}
		}
	});

	it('uses the same parameters in every language', () => {
		const en = read('en');
		for (const locale of locales) {
			const messages = read(locale);
			for (const key of Object.keys(en)) {
				if (key === '$schema') continue;
				expect(params(messages[key] ?? ''), `${locale} ${key}`).toEqual(params(en[key]!));
			}
		}
	});
});

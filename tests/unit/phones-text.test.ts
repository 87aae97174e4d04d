// The words of "Every phone at the table": every key and parameter in every language, and every
// refused link said in words (never a code) in each of them.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { baseLocale, locales, overwriteGetLocale } from '$lib/paraglide/runtime.js';
import { linkErrorText } from '$lib/components/linkText';
import type { LinkErrorKind } from '$lib/link';

const read = (locale: string) =>
	JSON.parse(readFileSync(`messages/phones/${locale}.json`, 'utf8')) as Record<string, string>;

afterEach(() => overwriteGetLocale(() => baseLocale));

describe('phones messages', () => {
	it('has every key in every language, none left empty, the same parameters', () => {
		const en = read('en');
		const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
		for (const locale of locales) {
			const messages = read(locale);
			expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(en).sort());
			for (const [key, text] of Object.entries(messages)) {
				expect(text.trim(), `${locale} ${key}`).not.toBe('');
				expect(params(text), `${locale} ${key}`).toEqual(params(en[key]!));
			}
		}
	});

	it.each(locales)('says every refused link in words in %s', (locale) => {
		overwriteGetLocale(() => locale);
		const kinds: LinkErrorKind[] = [
			'not-caboose',
			'damaged',
			'truncated',
			'too-large',
			'encode',
			'refused-round'
		];
		const texts = kinds.map((kind) => linkErrorText({ kind, round: 7 }));
		texts.push(linkErrorText({ kind: 'refused-round', round: 0 }));
		const newerFormat = linkErrorText({ kind: 'newer-version', newer: { found: 2, reads: 1 } });
		const newerKnob = linkErrorText({ kind: 'newer-version', newer: { unknown: 'knob fooBar' } });
		texts.push(newerFormat, newerKnob);
		expect(new Set(texts).size).toBe(texts.length);
		for (const text of texts) expect(text).toMatch(/\s/);
		expect(texts[5]).toContain('7');
		// A newer link names the format found and the one this version reads, or what it lacks.
		expect(newerFormat).toMatch(/2.*1/);
		expect(newerKnob).toContain('knob fooBar');
	});
});

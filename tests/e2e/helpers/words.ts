// The app's own words in a language, read from its message files: a test in French finds the
// French button whatever the wording becomes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

export type Locale = 'en' | 'de' | 'fr' | 'it';

/** The text of message `key` in `locale`, with `{name}`-style parameters filled in. */
export function word(locale: Locale, key: string, params: Record<string, string> = {}): string {
	for (const area of readdirSync('messages').filter((a) => existsSync(`messages/${a}/en.json`))) {
		const table = JSON.parse(readFileSync(`messages/${area}/${locale}.json`, 'utf8'));
		const text = table[key];
		if (typeof text === 'string')
			return text.replace(/\{(\w+)\}/g, (whole, p: string) => params[p] ?? whole);
	}
	throw new Error(`no message ${key}`);
}

/** Switches the app to `locale` (kept, as the Language setting keeps it) and reloads. */
export async function useLocale(page: Page, locale: Locale): Promise<void> {
	await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
	await page.reload();
}

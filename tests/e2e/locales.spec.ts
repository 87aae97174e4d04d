// German, French and Italian readers see their language from the first render: Paraglide's
// messages carry every language, and the locale is known before the first component renders.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The app's text for `key` in `locale`, from its message files. */
function word(locale: string, key: string): string {
	for (const area of readdirSync('messages').filter((a) => existsSync(`messages/${a}/en.json`))) {
		const table = JSON.parse(readFileSync(`messages/${area}/${locale}.json`, 'utf8'));
		if (typeof table[key] === 'string') return table[key];
	}
	throw new Error(`no message ${key}`);
}

for (const locale of ['de', 'fr', 'it']) {
	test(`in ${locale}, home, setup and settings speak ${locale} from their first render`, async ({
		page
	}) => {
		await page.goto('/');
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		await page.goto('/');
		await expect(page.getByText(word(locale, 'app_tagline'))).toBeVisible();
		await expect(page.getByRole('link', { name: word(locale, 'new_evening') })).toBeVisible();

		await page.getByRole('link', { name: word(locale, 'new_evening') }).click();
		await expect(page.getByRole('button', { name: word(locale, 'setup_start') })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Start evening' })).toHaveCount(0);

		// A screen opened directly shows nothing in English on its way to the reader's language.
		await page.goto('/settings');
		await expect(page.getByLabel(word(locale, 'language'))).toBeVisible();
		await expect(page.getByText('Language', { exact: true })).toHaveCount(0);
	});
}

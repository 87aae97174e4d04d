// Each screen ships English; German, French and Italian load only for their readers, before the
// first render (scripts/locale-split.js). Proven on the real build: no English shows through, and
// an English reader fetches no other language.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/** The app's text for `key` in `locale`, from its message files. */
function word(locale: string, key: string): string {
	for (const area of readdirSync('messages').filter((a) => existsSync(`messages/${a}/en.json`))) {
		const table = JSON.parse(readFileSync(`messages/${area}/${locale}.json`, 'utf8'));
		if (typeof table[key] === 'string') return table[key];
	}
	throw new Error(`no message ${key}`);
}

/** The text of every script the page fetches (service worker blocked: all come from the network). */
function scriptsOf(page: Page): string[] {
	const scripts: string[] = [];
	page.on('response', async (res) => {
		if (!res.url().endsWith('.js')) return;
		scripts.push(await res.text().catch(() => ''));
	});
	return scripts;
}

test.use({ serviceWorkers: 'block' });

for (const locale of ['de', 'fr', 'it']) {
	test(`in ${locale}, home, setup and settings speak ${locale} from their first render`, async ({
		page
	}) => {
		await page.goto('/');
		await page.evaluate((l) => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
		// The rest of the language (beyond the home screen's part) is held back until home shows.
		let release = () => {};
		const held = new Promise<void>((resolve) => (release = resolve));
		let heldBack = false;
		const chunks = '**/_app/immutable/chunks/*.js';
		await page.route(chunks, async (route) => {
			const response = await route.fetch();
			const body = await response.text();
			if (body.includes(word(locale, 'setup_start'))) {
				heldBack = true;
				await held;
			}
			await route.fulfill({ response, body });
		});
		await page.goto('/');
		await expect(page.getByText(word(locale, 'app_tagline'))).toBeVisible();
		await expect(page.getByRole('link', { name: word(locale, 'new_evening') })).toBeVisible();
		expect(heldBack).toBe(true);
		release();
		await page.unrouteAll({ behavior: 'wait' });

		// The setup screen, reached in the app, has the rest.
		await page.getByRole('link', { name: word(locale, 'new_evening') }).click();
		await expect(page.getByRole('button', { name: word(locale, 'setup_start') })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Start evening' })).toHaveCount(0);

		// A screen opened directly waits for the whole language before it shows anything.
		await page.goto('/settings');
		await expect(page.getByLabel(word(locale, 'language'))).toBeVisible();
		await expect(page.getByText('Language', { exact: true })).toHaveCount(0);
	});
}

test('an English reader fetches no other language', async ({ page }) => {
	const scripts = scriptsOf(page);
	await page.goto('/new', { waitUntil: 'networkidle' });
	await expect(page.getByRole('button', { name: 'Start evening' })).toBeVisible();
	expect(scripts.length).toBeGreaterThan(0);
	for (const locale of ['de', 'fr', 'it'])
		expect(
			scripts.some((s) => s.includes(word(locale, 'setup_start'))),
			`${locale} was fetched`
		).toBe(false);
});

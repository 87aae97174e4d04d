// Moving between screens as a tap on a link does: the app's router shows the next screen in the
// page already loaded (no new document, no scripts parsed again, the database kept open). A sweep
// that walks every screen loads the page once per language instead of once per screen.
import { expect, type Page } from '@playwright/test';

/** Opens `path` (a path within the app) by a link tapped on the current screen; resolves once
 * the screen before it has gone and the address is `path`. */
export async function openInApp(page: Page, path: string): Promise<void> {
	const before = await page.locator('main').elementHandle();
	await page.evaluate((href) => {
		// Inside the screen's <main>: within the app's root, where its router takes link taps.
		const a = document.createElement('a');
		a.href = href;
		(document.querySelector('main') ?? document.body).append(a);
		a.click();
		a.remove();
	}, path);
	const target = new URL(path, 'http://x');
	await page.waitForURL((u) => u.pathname === target.pathname && u.hash === target.hash);
	if (before)
		await expect.poll(() => before.evaluate((el) => el.isConnected).catch(() => false)).toBe(false);
}

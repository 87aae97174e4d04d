// Moving between screens as a tap on a link does: the app's router shows the next screen in the
// page already loaded (no new document, no scripts parsed again, the database kept open). A sweep
// that walks every screen loads the page once per language instead of once per screen.
import type { Page } from '@playwright/test';

/**
 * Opens `path` (a path within the app) by a link tapped on the current screen; resolves once the
 * address is `path` and the screen before it has gone. The same screen for another evening or
 * player keeps its page, with the last one's content until the new is read: that one is loaded
 * afresh instead, so nothing of the screen before is taken for this one's.
 */
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
	if (before && (await before.evaluate((el) => el.isConnected).catch(() => false)))
		await page.goto(path);
}

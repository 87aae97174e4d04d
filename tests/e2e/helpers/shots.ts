// Screenshots for a person to look at (every screen at 320 and 390 px, in four languages, before
// an issue is called done): taken only when asked, `E2E_SHOTS=1 npx playwright test`. A full-page
// shot of a phone-sized page costs about half a CPU-second; a whole run took a few hundred.
import type { Locator, Page } from '@playwright/test';

type ShotOptions = Parameters<Page['screenshot']>[0] & { path: string };

/** Saves `target` at `options.path` when E2E_SHOTS is set; otherwise does nothing. */
export async function lookAt(target: Page | Locator, options: ShotOptions): Promise<void> {
	if (!process.env.E2E_SHOTS) return;
	await (target as Page).screenshot(options);
}

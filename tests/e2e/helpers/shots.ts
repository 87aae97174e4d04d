// Screenshots for a person to look at (every screen at 320 and 390 px, in four languages, before
// an issue is called done): taken only when asked, `E2E_SHOTS=1 npx playwright test`. A full-page
// shot of a phone-sized page costs about half a CPU-second; a whole run took a few hundred.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Locator, Page } from '@playwright/test';

type ShotOptions = Parameters<Page['screenshot']>[0] & { path: string };

/** Saves `target` at `options.path` when E2E_SHOTS is set; otherwise does nothing. */
export async function lookAt(target: Page | Locator, options: ShotOptions): Promise<void> {
	if (!process.env.E2E_SHOTS) return;
	await (target as Page).screenshot(options);
}

/**
 * Saves a file a test makes (a PDF, a shared PNG) at `path` when E2E_SHOTS is set; `made` runs
 * only then, so a file made only to be looked at costs nothing otherwise.
 */
export async function keepFile(path: string, made: () => Buffer | Promise<Buffer>): Promise<void> {
	if (!process.env.E2E_SHOTS) return;
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, await made());
}

/**
 * For a sweep that reads sizes and colours, never pixels (`test.use(SIZES_ONLY)`): one device
 * pixel per CSS pixel, where the Pixel 7's 2.625 has Chromium paint 6.9 times as many on every
 * load and every width, unless screenshots are asked for. Layout is in CSS pixels either way.
 */
export const SIZES_ONLY = process.env.E2E_SHOTS ? {} : { deviceScaleFactor: 1 };

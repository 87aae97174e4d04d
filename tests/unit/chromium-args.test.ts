// The browser tests' Chromium flags replace Playwright's own --disable-features (Chromium keeps
// the last one given), so they repeat Playwright's list: an upgrade of Playwright must compare it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
	PLAYWRIGHT_DISABLED_FEATURES,
	PLAYWRIGHT_FEATURES_OF,
	TEST_CHROMIUM_ARGS
} from '../../scripts/chromium.js';

const require = createRequire(import.meta.url);

describe("the browser tests' Chromium flags", () => {
	it("were written for the installed Playwright (else: compare its chromiumSwitches.ts' list)", () => {
		const { version } = JSON.parse(
			readFileSync(require.resolve('playwright-core/package.json'), 'utf8')
		) as { version: string };
		expect(version).toBe(PLAYWRIGHT_FEATURES_OF);
	});

	it('turn off what Playwright turns off, and the address bar popup, in one --disable-features', () => {
		const flags = TEST_CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
		expect(flags).toHaveLength(1);
		const features = flags[0]!.slice('--disable-features='.length).split(',');
		expect(features).toEqual(
			expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup'])
		);
	});
});

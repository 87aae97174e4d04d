// Axe in the page itself: axe-core's minified build put in once per page load, then run as often
// as the test asks (light and dark on one load). @axe-core/playwright put its 1.3 MB unminified
// source in again on every run, and finished each run in a new blank page: twice the script and
// a page per run. The app has no frames, so axe's one-document run checks all there is.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeRun {
	/** Only these rules (default: axe's own default set). */
	rules?: string[];
	/** Only what this selector matches (default: the whole document). */
	include?: string;
}

/** Every violation of the run on the screen shown. */
export async function axeViolations(
	page: Page,
	{ rules, include }: AxeRun = {}
): Promise<AxeResults['violations']> {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
	const options: RunOptions = rules ? { runOnly: { type: 'rule', values: rules } } : {};
	return page.evaluate(
		async ({ include, options }) => {
			const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
			const results = await axe.run(include ?? document, options);
			return results.violations;
		},
		{ include, options }
	);
}

/** The serious and critical violations, each with up to five of its nodes, to compare with []. */
export async function axeProblems(page: Page, run: AxeRun = {}): Promise<string[]> {
	return (await axeViolations(page, run))
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map(
			(v) =>
				`${v.id} (${v.impact}): ${v.nodes
					.slice(0, 5)
					.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
					.join('; ')}`
		);
}

// Every tests/rules/cases/*.json, found when the tests run: dropping in a file adds a test.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playCase, type RulesCase } from './case-runner';

const dir = join(import.meta.dirname, 'cases');
const files = readdirSync(dir)
	.filter((f) => f.endsWith('.json'))
	.sort();
const TOLERANCE = 1e-9;

function expectScores(
	actual: Record<string, number>,
	expected: Record<string, number>,
	what: string
) {
	expect(Object.keys(actual).sort(), `${what}: players`).toEqual(Object.keys(expected).sort());
	for (const [k, v] of Object.entries(expected)) {
		expect(
			Math.abs((actual[k] ?? NaN) - v),
			`${what}: ${k} is ${actual[k]}, expected ${v}`
		).toBeLessThan(TOLERANCE);
	}
}

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('rules cases', () => {
	it('finds the case files', () => {
		expect(files.length).toBeGreaterThanOrEqual(50);
	});

	for (const file of files) {
		it(file, () => {
			const c = JSON.parse(readFileSync(join(dir, file), 'utf8')) as RulesCase;
			expect(typeof c.source, 'every case names its source').toBe('string');
			const e = c.expect;
			const r = playCase(c);

			if (e.error?.setup) {
				expect(r.setupProblems.length, 'the setup is refused').toBeGreaterThan(0);
				if (e.error.code) expect(r.setupProblems.map((p) => p.code)).toContain(e.error.code);
				return;
			}
			expect(r.setupProblems, 'the setup is accepted').toEqual([]);
			if (e.error && 'round' in e.error) {
				expect(r.refused?.round, `round ${e.error.round} is the first refused`).toBe(e.error.round);
				expect(r.refused?.problems.length).toBeGreaterThan(0);
				if (e.error.code) expect(r.refused?.problems.map((p) => p.code)).toContain(e.error.code);
			} else {
				expect(r.refused, 'every round is accepted').toBeNull();
			}
			const s = r.state;
			if (!s) throw new Error('no evening state');

			if ('deal' in e) expect(r.deal).toBe(e.deal);
			if (e.engines) expect(s.rounds.map((x) => x.engine)).toEqual(e.engines);
			if (e.rounds) {
				expect(s.rounds.length, 'accepted rounds').toBe(e.rounds.length);
				e.rounds.forEach((want, i) => expectScores(s.rounds[i]?.scores ?? {}, want, `round ${i}`));
			}
			if (e.totals) expectScores(s.totals, e.totals, 'totals');
			if (e.ranking) expect(s.ranking.map(sorted)).toEqual(e.ranking.map(sorted));
			if (e.eliminated) expect(sorted(s.eliminated)).toEqual(sorted(e.eliminated));
			if (e.starters) expect(e.starters.map((_, i) => r.starter(i))).toEqual(e.starters);
			if ('winner' in e) {
				if (e.winner === null || e.winner === undefined) {
					expect(s.over, 'the evening goes on').toBe(false);
				} else {
					expect(s.over, 'the evening is over').toBe(true);
					expect(sorted(s.winner ?? [])).toEqual(sorted(e.winner));
				}
			}
		});
	}
});

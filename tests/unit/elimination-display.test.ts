// @vitest-environment jsdom
// Elimination shown, not understated: each player's distance to the threshold, the round an
// eliminated player went out in (instead of a gap that jumps about), and chart lines that end
// at the elimination with the threshold drawn.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/svelte';
import StandingsTable from '$lib/components/round/StandingsTable.svelte';
import { lineData, thresholdData } from '$lib/components/round/chartData';
import { computeEvening, resolveRules } from '$lib/rules';

// jsdom has no matchMedia (the table asks for the narrowest phones): a 390 px phone's answer.
window.matchMedia ??= (query: string) =>
	({
		matches: false,
		media: query,
		onchange: null,
		addEventListener: () => {},
		removeEventListener: () => {},
		addListener: () => {},
		removeListener: () => {},
		dispatchEvent: () => false
	}) as MediaQueryList;

const NAMES = { a: 'Anna', b: 'Ben', c: 'Cleo', d: 'Dora' };

function evening() {
	const rules = resolveRules({ preset: 'italian-elimination' });
	return computeEvening({ rules, players: ['a', 'b', 'c', 'd'] }, [
		// Ben passes 100 in round 1; Dora in round 2.
		{ out: 'a', blocked: false, hands: { b: 120, c: 10, d: 60 } },
		{ out: 'c', blocked: false, hands: { a: 30, d: 50 } }
	]);
}

describe('StandingsTable with elimination', () => {
	it('shows the distance to the threshold and when each eliminated player went out', () => {
		const state = evening();
		expect(state.eliminated.sort()).toEqual(['b', 'd']);
		render(StandingsTable, { state, names: NAMES, mode: 'penalty', elimination: 100 });
		const table = screen.getByRole('table', { name: 'Standings' });
		expect(within(table).getByRole('columnheader', { name: 'To 100' })).toBeTruthy();
		const row = (name: string) =>
			[
				...within(table).getByRole('rowheader', { name: new RegExp(name) }).parentElement!.children
			].map((c) => c.textContent?.replace(/\s+/g, ' ').trim());
		// Rank, player, total, gap, to 100, won.
		expect(row('Cleo')).toEqual(['1', 'Cleo', '10', '–', '90', '1']);
		expect(row('Anna')).toEqual(['2', 'Anna', '30', '20', '70', '1']);
		// Eliminated: later out ranks better; no gap, no distance, the round they went out in.
		expect(row('Dora')).toEqual(['3', 'Dora (eliminated in round 2)', '110', '–', '–', '0']);
		expect(row('Ben')[1]).toMatch(/eliminated in round 1/);
		expect(row('Ben')[3]).toBe('–');
	});

	it('has no distance column without a threshold', () => {
		render(StandingsTable, { state: evening(), names: NAMES, mode: 'penalty' });
		expect(screen.queryByRole('columnheader', { name: /To / })).toBeNull();
	});
});

describe('the chart lines', () => {
	it('end at the round that reached the threshold', () => {
		expect(lineData([120, 120, 120], 100)).toEqual([0, 120, null, null]);
		expect(lineData([60, 110, 110], 100)).toEqual([0, 60, 110, null]);
		expect(lineData([30, 60], 100)).toEqual([0, 30, 60]);
		expect(lineData([30, 160], null)).toEqual([0, 30, 160]);
	});

	it('draw the threshold across every round', () => {
		expect(thresholdData(2, 100)).toEqual([100, 100, 100]);
	});
});

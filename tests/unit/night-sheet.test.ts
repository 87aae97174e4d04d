// @vitest-environment jsdom
// The printed night sheet: a column of averages (per round) writes every figure with one decimal
// in the page's language ("6.0" over "8.5"; "6,0" in German), a total as it is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/svelte';
import type { Night, Season } from '$lib/club/night-protocol';
import type { SeasonRule } from '$lib/club/night';
import { overwriteGetLocale, type Locale } from '$lib/paraglide/runtime.js';
import NightSheet from '$lib/components/club/night/NightSheet.svelte';
import { seasonRow } from '../state/fake-night-club';

let locale: Locale = 'en';
overwriteGetLocale(() => locale);

// The sheet is in the page while it prints: here the page is paper from the start.
vi.stubGlobal('matchMedia', (query: string) => ({
	matches: query === 'print',
	addEventListener() {},
	removeEventListener() {}
}));

afterEach(() => {
	locale = 'en';
	document.body.replaceChildren();
});

const rule = (ranking: SeasonRule['ranking']): SeasonRule => ({
	ranking,
	missed: { kind: 'not-counted' },
	ties: 'shared'
});
const rows = [
	seasonRow('Anna', 1, { score: 6, total: 24 }),
	seasonRow('Bo', 2, { score: 8.5, total: 17 })
];

function night(ranking: SeasonRule['ranking']): Night {
	return {
		club: 'Domino club',
		night: '2026-11-28',
		revision: 1,
		tableSizes: { min: 4, max: 6 },
		checkIn: null,
		games: [],
		standings: { rule: rule(ranking), divisions: [{ division: null, rows, count: 2 }] }
	};
}
function season(ranking: SeasonRule['ranking']): Season {
	return {
		club: 'Domino club',
		season: '2026',
		rule: rule(ranking),
		nights: ['2026-11-28'],
		divisions: [{ division: null, rows, count: 2 }]
	};
}

/** Each table's score column (the third), top to bottom. */
function scores(): string[][] {
	return [...document.querySelectorAll('.night-sheet table')].map((table) =>
		[...table.querySelectorAll('tbody tr')].map((tr) => tr.children[2]!.textContent ?? '')
	);
}

describe('NightSheet', () => {
	it('writes every per-round figure with one decimal, in the language of the page', () => {
		render(NightSheet, { night: night('per-round'), season: season('per-round') });
		expect(scores()).toEqual([
			['6.0', '8.5'],
			['6.0', '8.5']
		]);
	});

	it('uses the decimal comma in German', () => {
		locale = 'de';
		render(NightSheet, { night: night('per-round'), season: season('per-round') });
		expect(scores()).toEqual([
			['6,0', '8,5'],
			['6,0', '8,5']
		]);
	});

	it('writes a total as it is', () => {
		render(NightSheet, { night: night('total'), season: null });
		expect(scores()).toEqual([['6', '8.5']]);
	});
});

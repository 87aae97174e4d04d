// The live table's words: every code has a sentence, train names read right in each language.
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale, baseLocale } from '$lib/paraglide/runtime.js';
import {
	cardText,
	markerToggleName,
	penaltyText,
	tableProblemText
} from '$lib/components/table/tableText';
import { trainInSentence, trainLabel } from '$lib/components/table/trainText';
import type { TableProblemCode, WhatNowCode } from '$lib/rules/table';

const name = (p: string) => ({ a: 'Anne', b: 'Ben' })[p] ?? p;

afterEach(() => overwriteGetLocale(() => baseLocale));

describe('table words', () => {
	it('names trains in English as the contract says', () => {
		expect(trainInSentence('b', name)).toBe("Ben's train");
		expect(trainInSentence('mexican', name)).toBe('the Mexican train');
		expect(trainLabel('mexican', name)).toBe('Mexican train');
		expect(trainLabel('mexican-2', name)).toBe('Mexican train 2');
		expect(markerToggleName('Anne')).toBe("Marker on Anne's train");
		expect(penaltyText('draw-2')).toBe('draw 2');
	});

	it('needs no elision in French (no "de Anne" and no guessed "d\'"), and contracts in Italian', () => {
		overwriteGetLocale(() => 'fr');
		// "appartenant à" reads right before any name: a vowel, a mute or aspirated h, a Y.
		expect(trainInSentence('a', name)).toBe('le train appartenant à Anne');
		expect(trainInSentence('b', name)).toBe('le train appartenant à Ben');
		expect(markerToggleName('Anne')).toBe('Marqueur sur le train appartenant à Anne');
		expect(markerToggleName('Yannick')).toBe('Marqueur sur le train appartenant à Yannick');
		for (const n of ['Anne', 'Hugo', 'Yves', 'Ben']) {
			expect(markerToggleName(n)).not.toMatch(/\bde [AEIOUYH]/);
		}
		overwriteGetLocale(() => 'it');
		expect(
			cardText({ code: 'cover-double', params: { value: 9, train: 'b', player: 'b' } }, name)
		).toContain('il doppio 9|9 sul treno di Ben');
		overwriteGetLocale(() => 'de');
		expect(trainInSentence('b', name)).toBe('dem Zug von Ben');
		expect(penaltyText('draw-2')).toBe('2 Steine ziehen');
	});

	it('has a sentence for every card and every refusal in every language', () => {
		const cards: WhatNowCode[] = [
			'cover-double',
			'cover-double-owner-free',
			'double-no-obligation',
			'cover-reverse-order',
			'draw-one-to-cover',
			'then-marker',
			'then-no-marker',
			'marker-placed-after-failing',
			'no-marker-only-double',
			'double-replay',
			'last-double-ended',
			'last-double-open',
			'marker-owner-plays-own',
			'marker-any-player-plays',
			'marker-owner-plays-anywhere',
			'voluntary-marker',
			'knock-penalty',
			'mexican-start',
			'mexican-several',
			'first-turn-all',
			'play-one-tile'
		];
		const problems: TableProblemCode[] = [
			'unknown-player',
			'unknown-train',
			'round-over',
			'train-closed',
			'double-must-be-covered',
			'cover-in-reverse-order',
			'train-has-open-double',
			'double-outside-set',
			'double-is-engine',
			'double-already-played',
			'no-open-double',
			'not-drawn-yet',
			'voluntary-marker-not-allowed',
			'voluntary-marker-not-your-turn',
			'one-mexican-train-only',
			'mexican-not-started',
			'no-turn-pointer'
		];
		for (const locale of ['en', 'de', 'fr', 'it'] as const) {
			overwriteGetLocale(() => locale);
			for (const code of cards) {
				const text = cardText(
					{ code, params: { value: 4, train: 'a', player: 'a', count: 2, penalty: 'draw-1' } },
					name
				);
				expect(text.length, `${locale} ${code}`).toBeGreaterThan(10);
				expect(text, `${locale} ${code}`).not.toMatch(/[{}]|undefined/);
			}
			for (const code of problems) {
				expect(tableProblemText(code).length, `${locale} ${code}`).toBeGreaterThan(10);
			}
		}
	});
});

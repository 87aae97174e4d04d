// A table of names over numbers that fits (issue 46: the printed sheet, the chart's totals): each
// column as wide as what it holds, a name broken only between its words, upright headers as wide
// as their numbers. Measured here with a plain font: every character 0.6 em at any weight.
import { describe, expect, it } from 'vitest';
import { breakPieces, tableFit, UPRIGHT_LINE, type FitColumn } from '$lib/components/tableFit';

const measure = (text: string) => [...text].length * 0.6;
const cells = (...texts: string[]) => texts.map((text) => ({ text, weight: 400 }));
/** The printed sheet: headers in the cells' type, a padding of 1 em. */
const SHEET = { pad: 1, headerWeight: 700, headerSize: 1 };

describe('tableFit', () => {
	it('breaks a header only at its spaces and after a hyphen', () => {
		expect(breakPieces('Jean-Baptiste Dupont-Lefèvre')).toEqual([
			'Jean-',
			'Baptiste',
			'Dupont-',
			'Lefèvre'
		]);
		expect(breakPieces('  Oma ')).toEqual(['Oma']);
	});

	it('a column across is as wide as its longest word or its widest number, and a little more', () => {
		const columns: FitColumn[] = [
			{ header: 'Runde', cells: cells('1', '13') },
			{ header: 'Anfangspasch', cells: cells('12|12') },
			{ header: 'Jean-Baptiste Dupont-Lefèvre', cells: cells('7', '114') },
			{ header: 'Oma', cells: [{ text: '1250', weight: 800, size: 1.2 }] }
		];
		const fit = tableFit(columns, measure, SHEET, 'Summe');
		// "Runde" 3, "Anfangspasch" 7.2, "Baptiste" 4.8, "1250" at 1.2 em 2.88: each plus 1.
		expect(fit.wide).toEqual([4, 8.2, 5.8, 3.88]);
		expect(fit.needWide).toBe(21.88);
		// Upright, a header is a line thick (1.3 em), two for a name longer than a line (16.8 em);
		// otherwise the numbers decide.
		expect(fit.tight).toEqual([2.3, 4, 3.6, 3.88]);
		expect(fit.needTight).toBe(13.78);
	});

	it('a name too long for one upright line takes two; the total row’s label fits its two columns', () => {
		const long = 'x'.repeat(Math.ceil(UPRIGHT_LINE / 0.6) + 1);
		const fit = tableFit(
			[
				{ header: '#', cells: cells('1') },
				{ header: 'E', cells: cells('9|9') },
				{ header: long, cells: cells('5') }
			],
			measure,
			SHEET,
			'Totale complessivo'
		);
		expect(fit.tight[2]).toBe(2 * 1.3 + 1);
		// "Totale complessivo" (10.8 + 1) needs more than # and E (1.6 + 2.8): E widens.
		expect(fit.tight[0]! + fit.tight[1]!).toBeCloseTo(11.8, 5);
		expect(fit.wide[0]! + fit.wide[1]!).toBeCloseTo(11.8, 5);
	});

	it('headers in smaller type than the cells; a header kept across stays so when upright', () => {
		// The chart's totals: numbers in 0.9 rem, headers in 0.8 rem (0.89 em of the table's).
		const fit = tableFit(
			[
				{ header: 'Round', cells: cells('13'), across: true },
				{ header: 'Hansruedi', cells: cells('105') }
			],
			measure,
			{ pad: 0.6, headerWeight: 600, headerSize: 0.8 / 0.9 }
		);
		expect(fit.wide[0]).toBeCloseTo(3 * (0.8 / 0.9) + 0.6, 1);
		expect(fit.tight[0]).toBe(fit.wide[0]);
		expect(fit.wide[1]).toBeCloseTo(5.4 * (0.8 / 0.9) + 0.6, 1);
		// Upright: one line (1.3 em of 0.8 rem) against "105" (1.8 em): the number decides.
		expect(fit.tight[1]).toBe(2.4);
	});
});

// The printed sheet's columns (issue 46): as wide as what they hold, a name broken only between
// its words, upright headers as wide as their numbers. Measured here with a plain font: every
// character 0.6 em at any weight.
import { describe, expect, it } from 'vitest';
import {
	breakPieces,
	sheetFit,
	UPRIGHT_LINE,
	type SheetColumn
} from '$lib/components/share/sheetFit';

const measure = (text: string) => [...text].length * 0.6;
const cells = (...texts: string[]) => texts.map((text) => ({ text, weight: 400 }));

describe('sheetFit', () => {
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
		const columns: SheetColumn[] = [
			{ header: 'Runde', cells: cells('1', '13') },
			{ header: 'Anfangspasch', cells: cells('12|12') },
			{ header: 'Jean-Baptiste Dupont-Lefèvre', cells: cells('7', '114') },
			{ header: 'Oma', cells: [{ text: '1250', weight: 800, size: 1.2 }] }
		];
		const fit = sheetFit(columns, 'Summe', measure);
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
		const fit = sheetFit(
			[
				{ header: '#', cells: cells('1') },
				{ header: 'E', cells: cells('9|9') },
				{ header: long, cells: cells('5') }
			],
			'Totale complessivo',
			measure
		);
		expect(fit.tight[2]).toBe(2 * 1.3 + 1);
		// "Totale complessivo" (10.8 + 1) needs more than # and E (1.6 + 2.8): E widens.
		expect(fit.tight[0]! + fit.tight[1]!).toBeCloseTo(11.8, 5);
		expect(fit.wide[0]! + fit.wide[1]!).toBeCloseTo(11.8, 5);
	});
});

import { describe, expect, it } from 'vitest';
import {
	COMMA_CSV,
	SEMICOLON_CSV,
	csvFormatFor,
	csvNumber,
	csvText,
	eveningCsv,
	eveningCsvFileName,
	type CsvFormat
} from '$lib/db/csv';
import type { EveningRow, RoundRow } from '$lib/db/database';
import { computeEvening, eveningSetup } from '$lib/rules';
import type { RoundEntry, RulesChoice } from '$lib/rules/types';

/** A strict RFC 4180 reader, to check the file as a spreadsheet would split it. */
function readCsv(text: string, separator = ','): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let i = 0;
	let quoted = false;
	while (i < text.length) {
		const c = text[i]!;
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				cell += '"';
				i += 2;
				continue;
			}
			if (c === '"') quoted = false;
			else cell += c;
			i++;
			continue;
		}
		if (c === '"') {
			if (cell !== '') throw new Error(`quote inside an unquoted cell at ${i}`);
			quoted = true;
		} else if (c === separator) {
			row.push(cell);
			cell = '';
		} else if (c === '\r' && text[i + 1] === '\n') {
			row.push(cell);
			rows.push(row);
			row = [];
			cell = '';
			i++;
		} else if (c === '\r' || c === '\n') throw new Error(`bare line break at ${i}`);
		else cell += c;
		i++;
	}
	if (quoted) throw new Error('unterminated quote');
	if (cell !== '' || row.length > 0) throw new Error('last line without CRLF');
	return rows;
}

/** What a spreadsheet would run as a formula: a cell starting (after spaces) with = + - @ TAB CR. */
function looksLikeFormula(cell: string): boolean {
	return /^[\t\r]/.test(cell) || /^\s*[=+\-@]/.test(cell);
}

function evening(names: string[], rules: RulesChoice): EveningRow {
	return {
		id: 'ev1',
		createdAt: new Date(2026, 10, 21, 20, 0).getTime(),
		updatedAt: 0,
		players: names.map((name, i) => ({ id: `p${i}`, name })),
		rules,
		firstStarter: 0,
		endedAt: null
	};
}

function csvOf(
	names: string[],
	entries: RoundEntry[],
	rules: RulesChoice = { preset: 'swiss-jassshop' },
	format: CsvFormat = COMMA_CSV
) {
	const e = evening(names, rules);
	const rounds: RoundRow[] = entries.map((entry, index) => ({
		id: `ev1:${index}`,
		eveningId: 'ev1',
		index,
		entry,
		starter: null,
		savedAt: 0
	}));
	const computed = computeEvening(eveningSetup(e), entries);
	return { text: eveningCsv(e, rounds, computed, undefined, format), computed };
}

const HOSTILE = [
	"=cmd|' /C calc'!A0",
	'+1+1',
	'-2+3',
	'@SUM(A1:A9)',
	'\t=1',
	'  =HYPERLINK("http://x")',
	'"; DROP TABLE x; --',
	'a,b',
	'<img src=x onerror=alert(1)>',
	'\u202Eevil',
	'🁢 Ömer'
];

describe('csvText', () => {
	it.each(HOSTILE)('defuses and quotes %j', (name) => {
		const cell = csvText(name);
		const [[back]] = readCsv(cell + '\r\n') as [[string]];
		expect(looksLikeFormula(back)).toBe(false);
		// Only the single quote is added; the name is otherwise kept as typed.
		expect(back === name || back === `'${name}`).toBe(true);
	});

	it('leaves ordinary text alone apart from the quotes', () => {
		expect(csvText('Anna')).toBe('"Anna"');
		expect(csvText('say "hi"')).toBe('"say ""hi"""');
		expect(csvText('x=1')).toBe('"x=1"');
	});

	it('defuses full-width formula signs and line breaks at the start', () => {
		expect(csvText('＝1+1')).toBe(`"'＝1+1"`);
		expect(csvText('\r=1')).toBe(`"'\r=1"`);
	});
});

describe('csvNumber', () => {
	it('keeps negative scores as numbers, rounded for display, and drops non-finite ones', () => {
		expect(csvNumber(-10)).toBe('-10');
		expect(csvNumber(12.345)).toBe('12.3');
		expect(csvNumber(Number.NaN)).toBe('');
		expect(csvNumber(Infinity)).toBe('');
	});
});

describe('the format follows the language', () => {
	it('splits on "," in English and on ";" with a decimal comma in German, French, Italian', () => {
		expect(csvFormatFor('en')).toEqual({ separator: ',', decimal: '.' });
		for (const locale of ['de', 'fr', 'it']) {
			expect(csvFormatFor(locale)).toEqual({ separator: ';', decimal: ',' });
		}
		expect(csvNumber(12.5, ',')).toBe('12,5');
		expect(csvNumber(-10, ',')).toBe('-10');
	});

	it('writes a German file a spreadsheet splits on ";", with decimal commas and defused names', () => {
		// Plus mode, a blocked round won by two players sharing the hands: a half point.
		const { text } = csvOf(
			['Anna', '=Ben', 'Cleo; Dora'],
			[{ out: null, blocked: true, hands: { p0: 3, p1: 3, p2: 7 } }],
			{ preset: 'swiss-jassshop', mode: 'plus' },
			SEMICOLON_CSV
		);
		expect(text).not.toContain(',5,'); // no comma-split cell anywhere
		const rows = readCsv(text, ';');
		expect(rows[0]).toEqual(['Round', 'Engine', 'Anna', "'=Ben", 'Cleo; Dora', 'Won by']);
		expect(rows[1]).toEqual(['1', '12|12', '3,5', '3,5', '0', 'Anna, =Ben']);
		for (const row of rows) for (const cell of row) expect(looksLikeFormula(cell)).toBe(false);
	});
});

describe('eveningCsv', () => {
	it('has a header, a row per round with engine and scores, and a totals row', () => {
		const entries: RoundEntry[] = [
			{ out: 'p0', blocked: false, hands: { p1: 10, p2: 25 } },
			{ out: 'p1', blocked: false, hands: { p0: 7, p2: 3 } }
		];
		const { text, computed } = csvOf(['Anna', 'Ben', 'Cleo'], entries);
		const rows = readCsv(text);
		expect(rows[0]).toEqual(['Round', 'Engine', 'Anna', 'Ben', 'Cleo', 'Won by']);
		expect(rows[1]).toEqual(['1', '12|12', '0', '10', '25', 'Anna']);
		expect(rows[2]).toEqual(['2', '11|11', '7', '0', '3', 'Ben']);
		expect(rows[3]).toEqual([
			'Total',
			'',
			String(computed.totals.p0),
			String(computed.totals.p1),
			String(computed.totals.p2),
			''
		]);
		expect(rows).toHaveLength(4);
	});

	it('defuses every hostile name in the header and in the winner column', () => {
		const names = HOSTILE.slice(0, 8);
		const entries: RoundEntry[] = [
			{
				out: 'p0',
				blocked: false,
				hands: Object.fromEntries(names.slice(1).map((_, i) => [`p${i + 1}`, i + 1]))
			}
		];
		const { text } = csvOf(names, entries, { preset: 'swiss-jassshop' });
		const rows = readCsv(text);
		for (const row of rows) {
			for (const cell of row) {
				// A score may be a negative number; every other cell is inert text.
				if (/^-?\d+(\.\d+)?$/.test(cell)) continue;
				expect(looksLikeFormula(cell), JSON.stringify(cell)).toBe(false);
			}
		}
		expect(rows[0]!.slice(2, -1)).toEqual(names.map((n) => (looksLikeFormula(n) ? `'${n}` : n)));
		expect(rows[1]!.at(-1)).toBe(`'${names[0]}`);
	});

	it('writes a negative score (a going-out bonus) as a number', () => {
		const { text } = csvOf(['Anna', 'Ben'], [{ out: 'p0', blocked: false, hands: { p1: 10 } }], {
			preset: 'swiss-jassshop',
			goingOutBonus: -10
		});
		expect(readCsv(text)[1]).toEqual(['1', '12|12', '-10', '10', 'Anna']);
	});

	it('names the file by date and players, in plain letters', () => {
		const e = evening(['Änna', '=evil', '🁢'], { preset: 'swiss-jassshop' });
		expect(eveningCsvFileName(e)).toBe('caboose-2026-11-21-anna-evil.csv');
	});
});

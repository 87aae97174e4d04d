// CSV cells (RFC 4180) for a spreadsheet, pure, so the app's evening export (db/csv.ts) and the
// club server's standings write them alike. Names are text typed by anyone; a spreadsheet would
// run a cell starting with "=" as a formula, so every text cell is defused. Numbers are ours
// (scores) and stay numbers. English spreadsheets split on "," and read "12.5"; German, French
// and Italian ones (Excel, LibreOffice in those languages) split on ";" and read "12,5".

/**
 * A score at most one decimal long (plus-mode shares can be fractional), rounded half away from
 * zero as Intl rounds: −0.25 is −0.3 on screen, in the CSV and in the charts alike.
 */
export function formatScore(n: number): number {
	const r = (Math.sign(n) * Math.round(Math.abs(n) * 10)) / 10;
	return Object.is(r, -0) ? 0 : r;
}

/** How the cells are separated and how a fraction is written. */
export interface CsvFormat {
	separator: ',' | ';';
	decimal: '.' | ',';
}

export const COMMA_CSV: CsvFormat = { separator: ',', decimal: '.' };
export const SEMICOLON_CSV: CsvFormat = { separator: ';', decimal: ',' };

/** The format a spreadsheet in this language opens with a double-click. */
export function csvFormatFor(locale: string): CsvFormat {
	return /^(de|fr|it)\b/i.test(locale) ? SEMICOLON_CSV : COMMA_CSV;
}

/** UTF-8's byte-order mark: spreadsheet programs then read the names as UTF-8. */
export const CSV_BOM = '\ufeff';

/** Characters that make a spreadsheet read a cell as a formula (and the full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\n\uff1d\uff0b\uff0d\uff20]/;

/**
 * A text cell, safe for a spreadsheet: a cell whose first character — or first character after
 * leading spaces — could start a formula gets a leading `'`; then it is quoted, `"` doubled.
 */
export function csvText(value: string): string {
	const text = String(value);
	const defused =
		FORMULA_START.test(text) || FORMULA_START.test(text.trimStart()) ? `'${text}` : text;
	return `"${defused.replaceAll('"', '""')}"`;
}

/** A number cell; anything not finite is left empty rather than written as text. */
export function csvNumber(value: number, decimal: CsvFormat['decimal'] = '.'): string {
	if (!Number.isFinite(value)) return '';
	const text = String(formatScore(value));
	return decimal === '.' ? text : text.replace('.', decimal);
}

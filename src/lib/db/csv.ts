// An evening as CSV (RFC 4180) for a spreadsheet: a row per round, a column per player, totals.
// Player names are text typed by anyone; a spreadsheet would run a cell starting with "=" as a
// formula, so every text cell is defused. Numbers are ours (scores) and stay numbers.
// English spreadsheets split on "," and read "12.5"; German, French and Italian ones (Excel,
// LibreOffice in those languages) split on ";" and read "12,5": the format follows the language.

import { doubleText, fileDate, formatScore, joinNames, playerName, seatNames } from '$lib/format';
import type { EveningState } from '$lib/rules/types';
import type { EveningRow, RoundRow } from './database';

export interface CsvLabels {
	round: string;
	engine: string;
	total: string;
	/** Column of who won each round (went out, or lowest in a blocked round). */
	winner: string;
}

export const ENGLISH_CSV_LABELS: CsvLabels = {
	round: 'Round',
	engine: 'Engine',
	total: 'Total',
	winner: 'Won by'
};

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

/**
 * The evening's rounds as scored by `computed` (computeEvening of the same rounds): the header,
 * a row per round (an empty cell for a player not in that round), and the totals. CRLF lines,
 * cells split by the format's separator (text cells are always quoted, so a ";" or "," in a name
 * stays inside its cell).
 */
export function eveningCsv(
	evening: EveningRow,
	rounds: RoundRow[],
	computed: EveningState,
	labels: CsvLabels = ENGLISH_CSV_LABELS,
	format: CsvFormat = COMMA_CSV
): string {
	const num = (n: number) => csvNumber(n, format.decimal);
	const seats = evening.players;
	const names = seatNames(seats);
	const lines: string[][] = [];
	lines.push([
		csvText(labels.round),
		csvText(labels.engine),
		...seats.map((p) => csvText(p.name)),
		csvText(labels.winner)
	]);
	const played = new Set(rounds.map((r) => r.index));
	for (const scored of computed.rounds) {
		if (!played.has(scored.index)) continue;
		lines.push([
			num(scored.index + 1),
			csvText(doubleText(scored.engine)),
			...seats.map((p) => {
				const s = scored.scores[p.id];
				return s === undefined ? '' : num(s);
			}),
			csvText(joinNames(scored.winners.map((id) => playerName(names, id))))
		]);
	}
	lines.push([
		csvText(labels.total),
		'',
		...seats.map((p) => num(computed.totals[p.id] ?? 0)),
		csvText(joinNames((computed.winner ?? []).map((id) => playerName(names, id))))
	]);
	return lines.map((cells) => cells.join(format.separator)).join('\r\n') + '\r\n';
}

/** `caboose-2026-11-21-anna-ben-cleo.csv`: the evening's date and players, file-name safe. */
export function eveningCsvFileName(evening: EveningRow): string {
	const date = fileDate(new Date(evening.createdAt));
	const who = evening.players
		.map((p) =>
			p.name
				.normalize('NFKD')
				.replace(/[^A-Za-z0-9]+/g, '')
				.toLowerCase()
		)
		.filter((s) => s !== '')
		.join('-')
		.slice(0, 60);
	return who === '' ? `caboose-${date}.csv` : `caboose-${date}-${who}.csv`;
}

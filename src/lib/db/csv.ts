// An evening as CSV (RFC 4180) for a spreadsheet: a row per round, a column per player, totals.
// The cells (defused text, numbers, the format that follows the language) are $lib/csv's.

import { doubleText, fileDate, joinNames, playerName, seatNames } from '$lib/format';
import { COMMA_CSV, csvNumber, csvText, type CsvFormat } from '$lib/csv';
export { COMMA_CSV, CSV_BOM, csvFormatFor, csvNumber, csvText, SEMICOLON_CSV } from '$lib/csv';
export type { CsvFormat } from '$lib/csv';
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

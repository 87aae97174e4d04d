// The standings as CSV for the club's newsletter (RFC 4180, text cells defused: $lib/csv): one
// row a player, a division's players together, every figure the ranking uses, and the rule the
// score is ranked by named in its column's header, so the sheet says why one row is above another.

import type { Night } from '../../../src/lib/club/night-protocol';
import type { SeasonRule } from '../../../src/lib/club/night';
import { csvNumber, csvText, type CsvFormat } from '../../../src/lib/csv';

const SCORE_HEADER: Record<SeasonRule['ranking'], string> = {
	total: 'Total (lowest first)',
	'per-round': 'Per round (lowest first)',
	placings: 'Placing points per evening (highest first)'
};

const MISSED: Record<SeasonRule['missed']['kind'], string> = {
	'not-counted': 'a missed night is not counted',
	'own-average': "a missed night counts the player's own average",
	fixed: 'a missed night counts a fixed score',
	'best-nights': 'only the best nights count'
};

/** The header's words: the columns, the score's named by the ranking. */
function header(rule: SeasonRule): string[] {
	return [
		'Division',
		'Place',
		'Name',
		`${SCORE_HEADER[rule.ranking]}; ${MISSED[rule.missed.kind]}; ties: ${rule.ties}`,
		'Total',
		'Rounds',
		'Evenings',
		'Placing points',
		'Nights played',
		'Nights missed'
	];
}

/** CRLF lines (RFC 4180), the header first. */
export function standingsCsv(
	rule: SeasonRule,
	divisions: Night['standings']['divisions'],
	format: CsvFormat
): string {
	const num = (n: number | null) => (n === null ? '' : csvNumber(n, format.decimal));
	const lines = [header(rule).map(csvText)];
	for (const d of divisions) {
		for (const r of d.rows) {
			lines.push([
				csvText(d.division ?? ''),
				num(r.place),
				csvText(r.name),
				num(r.score),
				num(r.total),
				num(r.rounds),
				num(r.evenings),
				num(r.points),
				num(r.nightsPlayed),
				num(r.nightsMissed)
			]);
		}
	}
	return lines.map((cells) => cells.join(format.separator) + '\r\n').join('');
}

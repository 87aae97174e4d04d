// The standings as CSV for the club's newsletter (RFC 4180, text cells defused: $lib/csv): one
// row a player, a division's players together, every figure the ranking uses, and the rule the
// score is ranked by named in its column's header, so the sheet says why one row is above another;
// the headings in the spreadsheet's language (csv-words.ts).

import type { Night } from '../../../src/lib/club/night-protocol';
import type { SeasonRule } from '../../../src/lib/club/night';
import { csvNumber, csvText, type CsvFormat } from '../../../src/lib/csv';
import type { CsvWords } from './csv-words';

/** The rule in one line, as the wall says it: tonight's without what a missed night counts. */
function ruleText(rule: SeasonRule, words: CsvWords, format: CsvFormat, season: boolean): string {
	const missed = rule.missed;
	const missedText =
		missed.kind === 'fixed'
			? words.missedRule.fixed.replace('{score}', csvNumber(missed.score, format.decimal))
			: missed.kind === 'best-nights'
				? missed.count === 1
					? words.missedRule['best-night']
					: words.missedRule['best-nights'].replace('{count}', String(missed.count))
				: words.missedRule[missed.kind];
	return [words.ranking[rule.ranking], season ? missedText : '', words.ties[rule.ties]]
		.filter((part) => part !== '')
		.join(' · ');
}

/** The header's words: the columns, the score's named by the rule it is ranked by. */
function header(rule: SeasonRule, words: CsvWords, format: CsvFormat, season: boolean): string[] {
	return [
		words.division,
		words.place,
		words.player,
		ruleText(rule, words, format, season),
		words.total,
		words.rounds,
		words.games,
		words.beaten,
		words.nights,
		words.missed
	];
}

/** CRLF lines (RFC 4180), the header first. */
export function standingsCsv(
	rule: SeasonRule,
	divisions: Night['standings']['divisions'],
	format: CsvFormat,
	words: CsvWords,
	season: boolean
): string {
	const num = (n: number | null) => (n === null ? '' : csvNumber(n, format.decimal));
	const lines = [header(rule, words, format, season).map(csvText)];
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

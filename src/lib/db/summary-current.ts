// Whether a stored summary still holds, apart from the scoring core that derives one: the home
// page's peek (db/peek.ts) checks the summaries it reads before its paint, and loads the scoring
// core only for one that no longer holds.
import type { EveningRow, SummaryRow } from './rows';

export interface ListedEvening {
	evening: EveningRow;
	summary: SummaryRow;
}

/** True when `summary` was derived from the evening as stored now, with `roundCount` rounds. */
export function summaryIsCurrent(
	summary: SummaryRow | undefined | null,
	evening: EveningRow,
	roundCount: number
): summary is SummaryRow {
	return (
		!!summary &&
		summary.eveningId === evening.id &&
		summary.updatedAt === evening.updatedAt &&
		summary.endedAt === evening.endedAt &&
		summary.roundCount === roundCount
	);
}

import type { CabooseDb, EveningRow, RoundRow } from '$lib/db/database';
import { computeEvening, eveningSetup } from '$lib/rules';
import { anyEveningFinished } from '$lib/db/summaries';

// "The first finished evening" is when Caboose asks the browser to protect its storage.

/** Whether an evening is finished: ended by the scorekeeper or played to its last round. */
export function eveningFinished(evening: EveningRow, rounds: RoundRow[]): boolean {
	if (evening.endedAt !== null) return true;
	try {
		const ordered = [...rounds].sort((a, b) => a.index - b.index).map((r) => r.entry);
		return computeEvening(eveningSetup(evening), ordered).over;
	} catch {
		// Rules this build cannot read: not a reason to ask the browser for anything.
		return false;
	}
}

/** Reads each evening's stored summary; only an evening without a current one has its rounds read. */
export async function anyFinished(db: CabooseDb): Promise<boolean> {
	return anyEveningFinished(db);
}

import type { CabooseDb, EveningRow, RoundRow } from '$lib/db/database';
import { withRounds } from '$lib/db/group';
import { computeEvening, eveningSetup } from '$lib/rules';

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

export async function anyFinished(db: CabooseDb): Promise<boolean> {
	const evenings = await db.evenings.toArray();
	if (evenings.some((e) => e.endedAt !== null)) return true;
	const items = withRounds(evenings, await db.rounds.toArray());
	return items.some(({ evening, rounds }) => eveningFinished(evening, rounds));
}

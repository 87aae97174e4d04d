// What the round screens say when a round was not stored: the same words for a new round and for
// a corrected one.
import * as m from '$lib/paraglide/messages.js';
import { iso } from '../bidi';
import type { Refusal } from '$lib/db/rounds';
import { problemTextWithPlayer } from '../problemText';
import { saveFailureText } from '../saveFailure';

/**
 * The rules' refusals, each naming its player, or what changed meanwhile. `conflict` words the
 * screen's own conflict (the round was taken, or is gone).
 */
export function refusalText(
	result: Refusal,
	name: (player: string) => string,
	conflict: () => string
): string {
	if ('problems' in result)
		// Names isolated for <Isolated>: a right-to-left name keeps its place in the sentence.
		return result.problems.map((p) => problemTextWithPlayer(p, (id) => iso(name(id)))).join(' ');
	return result.conflict === 'missing-evening' ? m.round_conflict_missing() : conflict();
}

/** A write that threw: a known database failure in words, else the error's own message. */
export function saveErrorText(error: unknown): string {
	return (
		saveFailureText(error) ??
		m.round_save_failed({ reason: error instanceof Error ? error.message : String(error) })
	);
}

// A correction by the club's organiser in words: who corrected a round and when (on the round,
// on the table's phone and on the organiser's screen), why the club refused one (the rules core's
// problems with the round as an edit), and why a table's phone kept its own round instead.
import * as m from '$lib/paraglide/messages.js';
import type { Problem } from '$lib/rules';
import type { CorrectionProblem } from '$lib/club/night-client';
import { formatMoment } from '$lib/format';
import { problemTextWithPlayer } from '$lib/components/problemText';

/** "21:40" today, else the day and the time. */
export const correctionMoment = (at: number): string => formatMoment(at);

/** "Corrected by Ruth at 21:40". */
export function correctedByText(by: { name: string; at: number }, when = correctionMoment): string {
	return m.correction_by({ name: by.name, time: when(by.at) });
}

/** The club refused a correction: each of the rules core's problems (or the club's) in words. */
export function correctionProblemsText(
	problems: readonly CorrectionProblem[],
	nameOf: (player: string) => string | undefined
): string {
	return problems
		.map((p) => {
			if (p.code === 'no-such-evening') return m.correction_no_such_evening();
			if (p.code === 'no-such-round') return m.correction_no_such_round();
			return problemTextWithPlayer(p as Problem, nameOf);
		})
		.join(' ');
}

/** "Ruth corrected round 1 on the club (21:40); this phone kept its own round: …". */
export function refusedCorrectionText(
	r: { round: number; by: string; at: number; problems: readonly Problem[] },
	when = correctionMoment,
	nameOf: (player: string) => string | undefined = () => undefined
): string {
	const reason = r.problems.length
		? r.problems.map((p) => problemTextWithPlayer(p, nameOf)).join(' ')
		: m.correction_round_gone();
	return m.correction_refused({ name: r.by, k: r.round + 1, time: when(r.at), reason });
}

// A summary's stored standing is read back before the next round is checked against it: a row
// from an older build, or one written past this app, must never let in a round the rules refuse.
// Anything it does not describe exactly sends the save back to replaying the rounds.

import * as v from 'valibot';
import { standingFits, type EveningSetup, type Standing } from '$lib/rules';

const Count = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const Seats = v.array(Count);
const standingSchema = v.strictObject({
	index: Count,
	totals: v.array(v.pipe(v.number(), v.finite())),
	roundsWon: v.array(Count),
	active: Seats,
	eliminated: Seats,
	eliminatedAt: v.array(Count),
	eliminationWinners: v.nullable(Seats),
	done: v.boolean()
}) satisfies v.GenericSchema<Standing>;

/** The stored standing if it is one and belongs to `setup` with `roundCount` rounds; else null. */
export function readStanding(
	raw: unknown,
	setup: EveningSetup,
	roundCount: number
): Standing | null {
	const parsed = v.safeParse(standingSchema, raw);
	if (!parsed.success) return null;
	const standing = parsed.output;
	return standing.index === roundCount && standingFits(setup, standing) ? standing : null;
}

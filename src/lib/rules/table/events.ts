// What happened at the table, as the scorekeeper recorded it: one valibot schema, the only
// definition of a table event. The type is inferred from it; the stored log is read back through
// it (parseTableEvent) and a backup's events are checked by it (db/backup/schema.ts).

import * as v from 'valibot';
import { MAX_SET_SIZE } from '../knobs';

/** A pip count of any set: 0 to the largest set's top. */
const Pip = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_SET_SIZE));

/**
 * Every event of the live table's log, each strict (no unknown field). `key` is the schema of a
 * player key (and of a train id): any string for the app's own log, a backup's id pattern for a
 * file. Plain JSON: an event is stored as is.
 */
/* @__NO_SIDE_EFFECTS__ */
export function tableEventSchema<K extends v.GenericSchema<string, string>>(key: K) {
	const who = v.nullable(key);
	return v.variant('type', [
		/**
		 * A plain tile laid on a train. `by` is who laid it, when the scorekeeper knows; `last` when
		 * it was that player's last tile (they went out: the round is over).
		 */
		v.strictObject({
			type: v.literal('tile'),
			train: key,
			by: who,
			last: v.optional(v.boolean())
		}),
		/** A double laid on a train; `last` when it was the player's last tile. */
		v.strictObject({
			type: v.literal('double'),
			train: key,
			value: Pip,
			by: who,
			last: v.optional(v.boolean())
		}),
		/** The most recently played open double is covered (reverse order of play, 004). */
		v.strictObject({ type: v.literal('covered'), by: who }),
		/** A player cannot cover the open double: step one, they draw one tile. */
		v.strictObject({ type: v.literal('cannot-cover'), player: key }),
		/** …and after drawing they still cannot: the marker step (unless the 000 variant says no). */
		v.strictObject({ type: v.literal('still-cannot-cover'), player: key }),
		/** The scorekeeper places or removes a marker. `voluntary` = opened by choice (001). */
		v.strictObject({
			type: v.literal('marker'),
			player: key,
			on: v.boolean(),
			voluntary: v.optional(v.boolean())
		}),
		/** The (first) Mexican train is started, or that was a mistake. */
		v.strictObject({ type: v.literal('mexican'), on: v.boolean() }),
		/** One more Mexican train (004's coins), where the rules allow several. */
		v.strictObject({ type: v.literal('mexican-add') }),
		/** "‹name› has one tile left" (the knock) on or off. */
		v.strictObject({ type: v.literal('knock'), player: key, on: v.boolean() }),
		/** Someone was caught not knocking: the preset's penalty applies. */
		v.strictObject({ type: v.literal('forgot-knock'), player: key }),
		/** The whose-turn pointer set to a player, or hidden (null). */
		v.strictObject({ type: v.literal('turn'), player: who }),
		/** The pointer moves on to the next seat. */
		v.strictObject({ type: v.literal('next-turn') })
	]);
}

export const TableEventSchema = tableEventSchema(v.string());

export type TableEvent = v.InferOutput<typeof TableEventSchema>;
export type TableEventType = TableEvent['type'];

/** A stored record read back as an event, or null when it is not one (a damaged row). */
export function parseTableEvent(x: unknown): TableEvent | null {
	const parsed = v.safeParse(TableEventSchema, x);
	return parsed.success ? parsed.output : null;
}

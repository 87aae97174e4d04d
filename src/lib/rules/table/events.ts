// What happened at the table, as the scorekeeper recorded it. One table, TABLE_EVENT_FIELDS, says
// every event's fields and their kinds; the type, the valibot schema (the stored log is read back
// through it, a backup's events are checked by it), the renaming of players and the link's wire
// form (link/wire.ts) are all drawn from it, so a new event or field is said here once.

import * as v from 'valibot';
import { MAX_SET_SIZE } from '../knobs';
import { isMexicanTrain } from './trains';

/**
 * The kind of a field, which says its value and how a link spells it:
 * - `train`: a train (a player's key, or a Mexican train's id); `player`: a player's key;
 *   `who`: a player's key or null (not known, or hidden); `pip`: a pip count of any set;
 *   `bool`: true or false (a link writes 1 or 0).
 * - Optional in the event: `flag` (absent reads as false; a link always writes 1 or 0),
 *   `flag?` (absent reads as false; a link writes a trailing 1 only when set, so links made
 *   before it existed still read), `bool?` (true, false or not said; a link writes a trailing
 *   1 or 0 only when said). A `?` kind is the last field of its event.
 */
export type FieldKind = 'train' | 'player' | 'who' | 'pip' | 'bool' | 'flag' | 'flag?' | 'bool?';

/** The fields of every event of the live table's log, in the order a link writes them. */
export const TABLE_EVENT_FIELDS = {
	/**
	 * A plain tile laid on a train. `by` is who laid it, when the scorekeeper knows; `last` when
	 * it was that player's last tile (they went out: the round is over).
	 */
	tile: { train: 'train', by: 'who', last: 'flag?' },
	/** A double laid on a train; `last` when it was the player's last tile. */
	double: { train: 'train', value: 'pip', by: 'who', last: 'flag' },
	/** The most recently played open double is covered (reverse order of play, 004). */
	covered: { by: 'who' },
	/** A player cannot cover the open double: step one, they draw one tile. */
	'cannot-cover': { player: 'player' },
	/** …and after drawing they still cannot: the marker step (unless the 000 variant says no). */
	'still-cannot-cover': { player: 'player' },
	/** The scorekeeper places or removes a marker. `voluntary` = opened by choice (001). */
	marker: { player: 'player', on: 'bool', voluntary: 'bool?' },
	/** The (first) Mexican train is started, or that was a mistake. */
	mexican: { on: 'bool' },
	/** One more Mexican train (004's coins), where the rules allow several. */
	'mexican-add': {},
	/** "‹name› has one tile left" (the knock) on or off. */
	knock: { player: 'player', on: 'bool' },
	/** Someone was caught not knocking: the preset's penalty applies. */
	'forgot-knock': { player: 'player' },
	/** The whose-turn pointer set to a player, or hidden (null). */
	turn: { player: 'who' },
	/** The pointer moves on to the next seat. */
	'next-turn': {}
} as const satisfies Record<string, Record<string, FieldKind>>;

type Fields = typeof TABLE_EVENT_FIELDS;
export type TableEventType = keyof Fields;
type OptionalKind = 'flag' | 'flag?' | 'bool?';
type ValueOf<K> = K extends 'train' | 'player'
	? string
	: K extends 'who'
		? string | null
		: K extends 'pip'
			? number
			: boolean;
type EventOf<T extends TableEventType, F extends Fields[T] = Fields[T]> = {
	type: T;
} & { -readonly [N in keyof F as F[N] extends OptionalKind ? never : N]: ValueOf<F[N]> } & {
	-readonly [N in keyof F as F[N] extends OptionalKind ? N : never]?: boolean;
};
type Plain<X> = { [K in keyof X]: X[K] };

/** One event of the live table's log: plain JSON, stored as is. */
export type TableEvent = { [T in TableEventType]: Plain<EventOf<T>> }[TableEventType];

export const TABLE_EVENT_TYPES = Object.keys(TABLE_EVENT_FIELDS) as TableEventType[];

/** The fields of an event type with their kinds, in order. */
export function eventFields(type: TableEventType): [name: string, kind: FieldKind][] {
	return Object.entries(TABLE_EVENT_FIELDS[type]);
}

/** A pip count of any set: 0 to the largest set's top. */
const Pip = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_SET_SIZE));

function fieldSchema(kind: FieldKind, key: v.GenericSchema<string, string>) {
	switch (kind) {
		case 'train':
		case 'player':
			return key;
		case 'who':
			return v.nullable(key);
		case 'pip':
			return Pip;
		case 'bool':
			return v.boolean();
		default:
			return v.optional(v.boolean());
	}
}

/**
 * Every event of the live table's log, each strict (no unknown field). `key` is the schema of a
 * player key (and of a train id): any string for the app's own log, a backup's id pattern for a
 * file.
 */
/* @__NO_SIDE_EFFECTS__ */
export function tableEventSchema(
	key: v.GenericSchema<string, string>
): v.GenericSchema<unknown, TableEvent> {
	const options = TABLE_EVENT_TYPES.map((type) =>
		v.strictObject({
			type: v.literal(type),
			...Object.fromEntries(eventFields(type).map(([name, kind]) => [name, fieldSchema(kind, key)]))
		})
	);
	return v.variant('type', options) as unknown as v.GenericSchema<unknown, TableEvent>;
}

export const TableEventSchema = tableEventSchema(v.string());

/** A stored record read back as an event, or null when it is not one (a damaged row). */
export function parseTableEvent(x: unknown): TableEvent | null {
	const parsed = v.safeParse(TableEventSchema, x);
	return parsed.success ? parsed.output : null;
}

/** A player key or a player's train that an event names: its field and its key. */
export interface NamedKey {
	field: string;
	key: string;
}

/** The player keys an event names, and its train when that is a player's (not a Mexican train). */
export function namedKeys(e: TableEvent): NamedKey[] {
	const out: NamedKey[] = [];
	const fields = e as unknown as Record<string, unknown>;
	for (const [field, kind] of eventFields(e.type)) {
		const key = fields[field];
		if (typeof key !== 'string') continue;
		if (kind === 'player' || kind === 'who' || (kind === 'train' && !isMexicanTrain(key))) {
			out.push({ field, key });
		}
	}
	return out;
}

/**
 * The event with every player (and player's train) renamed through `rename`; null when it names
 * someone `rename` does not know. Mexican trains keep their ids.
 */
export function renameEvent(
	e: TableEvent,
	rename: (key: string) => string | null
): TableEvent | null {
	const out: Record<string, unknown> = { ...e };
	for (const { field, key } of namedKeys(e)) {
		const to = rename(key);
		if (to === null) return null;
		out[field] = to;
	}
	return out as unknown as TableEvent;
}

// The schema of a link's compact array (wire.ts), strict: no extra element, no other type. The
// table events' tuples are drawn from the rules core's one table of event fields.

import * as v from 'valibot';
import { Id, Name, Time, Whole } from '../atoms';
import {
	MAX_HAND_POINTS,
	MAX_SCHEDULE_LENGTH,
	MAX_SEATS,
	MAX_SET_SIZE as MAX_SET,
	PRESET_IDS,
	KNOB_NAMES,
	TABLE_EVENT_TYPES,
	eventFields,
	type FieldKind,
	type TableEventType
} from '../rules';
import { MAX_TILE_INDEX } from './tiles';

/** A cyclic evening can run long, but not this long. */
export const MAX_ROUNDS = 400;
/** Events of the live table's current round. */
export const MAX_TABLE_EVENTS = 2000;

const Seat = v.pipe(Whole, v.maxValue(MAX_SEATS - 1));
const Bit = v.picklist([0, 1]);

const WireHandSchema = v.union([
	v.null(),
	v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_HAND_POINTS)),
	v.pipe(v.string(), v.maxLength(MAX_TILE_INDEX + 1))
]);

const WireRoundSchema = v.pipe(
	v.tupleWithRest(
		[
			v.pipe(v.number(), v.safeInteger(), v.minValue(-2), v.maxValue(MAX_SEATS - 1)),
			v.nullable(Seat)
		],
		WireHandSchema
	),
	v.maxLength(2 + MAX_SEATS)
);

const WIRE_FIELD: Record<FieldKind, v.GenericSchema> = {
	// A player's train by seat, a Mexican train k as -k.
	train: v.pipe(v.number(), v.safeInteger(), v.minValue(-20), v.maxValue(MAX_SEATS - 1)),
	player: Seat,
	who: v.nullable(Seat),
	pip: v.pipe(Whole, v.maxValue(MAX_SET)),
	bool: Bit,
	flag: Bit,
	'bool?': Bit,
	// Written only when set: a 0 here is no link Caboose made.
	'flag?': v.literal(1)
};

/** An event's tuples: with and without its trailing `?` field (a link may leave it out). */
function eventTuples(type: TableEventType) {
	const fields = eventFields(type);
	const items = [v.literal(type), ...fields.map(([, kind]) => WIRE_FIELD[kind])];
	const required = 1 + fields.filter(([, kind]) => !kind.endsWith('?')).length;
	const out = [];
	for (let n = required; n <= items.length; n++) out.push(v.strictTuple(items.slice(0, n)));
	return out;
}

const WireEventSchema = v.union(TABLE_EVENT_TYPES.flatMap(eventTuples));

const KnobValue = v.union([
	v.null(),
	v.boolean(),
	v.pipe(v.number(), v.safeInteger()),
	v.pipe(v.string(), v.maxLength(40)),
	v.pipe(
		v.array(v.pipe(Whole, v.maxValue(MAX_SET))),
		v.minLength(1),
		v.maxLength(MAX_SCHEDULE_LENGTH)
	)
]);

export const WireSchema = v.strictTuple([
	Id,
	Time,
	Time,
	v.pipe(v.array(Name), v.minLength(1), v.maxLength(MAX_SEATS)),
	v.picklist(PRESET_IDS),
	v.record(v.picklist(KNOB_NAMES), KnobValue),
	Seat,
	Bit,
	v.pipe(v.array(WireRoundSchema), v.maxLength(MAX_ROUNDS)),
	v.union([v.literal(0), v.pipe(v.array(WireEventSchema), v.maxLength(MAX_TABLE_EVENTS))])
]);

/**
 * What a newer Caboose may write and this one does not know: a preset, a knob or a table event
 * (`preset …`, `knob …`, `event …`), or null. Asked before the schema, so such a link is
 * refused as a newer one, not as a damaged one.
 */
export function unknownToThisVersion(raw: unknown): string | null {
	// Only what has the shape of a link is taken for a newer one; anything else is damaged.
	if (!Array.isArray(raw) || raw.length !== 10 || typeof raw[0] !== 'string') return null;
	if (!Array.isArray(raw[3])) return null;
	const [, , , , preset, knobs, , , , table] = raw as unknown[];
	if (typeof preset === 'string' && !(PRESET_IDS as readonly string[]).includes(preset)) {
		return `preset ${preset}`;
	}
	if (typeof knobs === 'object' && knobs !== null && !Array.isArray(knobs)) {
		const knob = Object.keys(knobs).find((k) => !(KNOB_NAMES as string[]).includes(k));
		if (knob !== undefined) return `knob ${knob}`;
	}
	if (Array.isArray(table)) {
		for (const e of table as unknown[]) {
			const type = Array.isArray(e) ? (e as unknown[])[0] : undefined;
			if (typeof type === 'string' && !(TABLE_EVENT_TYPES as string[]).includes(type)) {
				return `event ${type}`;
			}
		}
	}
	return null;
}

// The backup's schema: every value of the file, each strict (no unknown field). What the rules
// core defines (presets, knobs, set sizes, name length, seats, table events) is built from the
// rules core's own definitions; ids, names and times are the atoms a link reads too
// ($lib/atoms); what is only the file's (size caps) is here.

import * as v from 'valibot';
import { Id, Name, Text, Time, Whole } from '$lib/atoms';
import {
	KNOB_NAMES,
	MAX_HAND_POINTS,
	MAX_SCHEDULE_LENGTH,
	MAX_SEATS,
	MAX_SET_SIZE,
	PRESET_IDS,
	isSchedule,
	knobAccepts,
	tableEventSchema,
	type Knob
} from '$lib/rules';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from './types';

const Pip = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_SET_SIZE));
const Tile = v.strictTuple([Pip, Pip]);
const Hand = v.union([
	v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(MAX_HAND_POINTS)),
	v.pipe(v.array(Tile), v.maxLength(190))
]);

const Seat = v.strictObject({ id: Id, name: Name });

/** A knob of the rules core's knob table, optional: the rules core's own check decides. */
const knob = (k: Knob) =>
	v.optional(v.custom<unknown>((x) => knobAccepts(k, x), `not a value of the knob ${k}`));

/**
 * Every knob of RulesChoice, from the rules core's knob table; the combined checks (the schedule
 * within the set, the deal within the set) are validateSetup's, in parse.ts.
 */
export const RulesChoiceSchema = v.strictObject({
	preset: v.picklist(PRESET_IDS),
	schedule: v.optional(
		v.custom<unknown>(isSchedule, `not a schedule of at most ${MAX_SCHEDULE_LENGTH} engines`)
	),
	...Object.fromEntries(KNOB_NAMES.map((k) => [k, knob(k)]))
});

export const EveningSchema = v.strictObject({
	id: Id,
	createdAt: Time,
	updatedAt: Time,
	players: v.pipe(v.array(Seat), v.minLength(1), v.maxLength(MAX_SEATS)),
	rules: RulesChoiceSchema,
	firstStarter: Whole,
	endedAt: v.nullable(Time),
	keptFrom: v.optional(Id),
	clubCorrection: v.optional(v.pipe(Whole, v.minValue(1)))
});

const RoundEntrySchema = v.strictObject({
	out: v.nullable(Id),
	blocked: v.boolean(),
	hands: v.record(Id, Hand)
});

export const RoundSchema = v.strictObject({
	id: v.pipe(v.string(), v.maxLength(120)),
	eveningId: Id,
	index: v.pipe(Whole, v.maxValue(10_000)),
	entry: RoundEntrySchema,
	starter: v.nullable(Whole),
	savedAt: Time,
	correctedBy: v.optional(v.strictObject({ name: Name, at: Time }))
});

/**
 * A row of the live table's log. The event is the rules core's one table event schema, with a
 * backup's ids for players and trains (a Mexican train's id looks like an id too); that each one
 * names a seat of its evening or a Mexican train is checked in parse.ts.
 */
const TableEventSchema = v.strictObject({
	eveningId: Id,
	roundIndex: v.pipe(Whole, v.maxValue(10_000)),
	seq: v.pipe(Whole, v.maxValue(1_000_000)),
	event: tableEventSchema(Id),
	at: Time
});

const PlayerSchema = v.strictObject({
	id: Id,
	name: Name,
	key: v.pipe(Text, v.maxLength(200)),
	lastPlayedAt: Time
});

export const BackupSchema = v.strictObject({
	format: v.literal(BACKUP_FORMAT),
	formatVersion: v.literal(BACKUP_FORMAT_VERSION),
	exportedAt: Time,
	evenings: v.pipe(
		v.array(
			v.strictObject({
				evening: EveningSchema,
				rounds: v.pipe(v.array(RoundSchema), v.maxLength(10_000)),
				tableEvents: v.optional(v.pipe(v.array(TableEventSchema), v.maxLength(100_000)))
			})
		),
		v.maxLength(100_000)
	),
	players: v.pipe(v.array(PlayerSchema), v.maxLength(100_000))
});

// The wire mapping: a snapshot as the compact array a link carries, and back. Seats are numbers,
// the rules are a preset and its changed knobs, a hand of tiles is a string (tiles.ts), and a
// table event is its type and its fields in the order of the rules core's table of event fields.

import {
	KNOB_NAMES,
	PRESETS,
	computeEvening,
	eventFields,
	mexicanTrainId,
	mexicanTrainNumber,
	nextRoundChecker,
	parseTableEvent,
	resolveRules,
	validateSetup
} from '../rules';
import type {
	EveningSetup,
	FieldKind,
	Hand,
	PresetId,
	RoundEntry,
	RulesChoice,
	Ruleset,
	TableEvent
} from '../rules';
import { tilesFromText, tilesToText } from './tiles';
import {
	refuse,
	seatKey,
	type DecodeResult,
	type EveningSnapshot,
	type SnapshotRound
} from './types';

/** The knobs of `choice` whose value differs from its preset's default (a fresh plain copy). */
export function changedKnobs(choice: RulesChoice): Record<string, unknown> {
	const defaults = PRESETS[choice.preset].defaults as unknown as Record<string, unknown>;
	const out: Record<string, unknown> = {};
	for (const k of KNOB_NAMES) {
		const value = (choice as Record<string, unknown>)[k];
		if (value === undefined) continue;
		if (JSON.stringify(value) !== JSON.stringify(defaults[k])) {
			out[k] = JSON.parse(JSON.stringify(value)) as unknown;
		}
	}
	return out;
}

type WireHand = number | string | null;
/** [outcome, starter, hand of seat 0, …]: outcome = the seat out, -1 blocked, -2 neither. */
export type WireRound = [number, number | null, ...WireHand[]];
/** [type, each field in the table's order]; a trailing `?` field may be left out. */
export type WireEvent = [string, ...(number | null)[]];
export type Wire = [
	id: string,
	createdAt: number,
	updatedAt: number,
	names: string[],
	preset: string,
	knobs: Record<string, unknown>,
	firstStarter: number,
	ended: 0 | 1,
	rounds: WireRound[],
	table: WireEvent[] | 0
];

type SeatOf = (key: string) => number;

/** A player's train by seat (≥ 0), a Mexican train k as -k. */
function wireTrain(train: string, seatOf: SeatOf): number {
	const k = mexicanTrainNumber(train);
	return k === null ? seatOf(train) : -k;
}

/** A field's value on the wire; undefined leaves it (a trailing `?` field) out. */
function wireField(kind: FieldKind, x: unknown, seatOf: SeatOf): number | null | undefined {
	switch (kind) {
		case 'train':
			return wireTrain(x as string, seatOf);
		case 'player':
			return seatOf(x as string);
		case 'who':
			return x === null ? null : seatOf(x as string);
		case 'pip':
			return x as number;
		case 'bool':
		case 'flag':
			return x ? 1 : 0;
		case 'flag?':
			return x ? 1 : undefined;
		case 'bool?':
			return x === undefined ? undefined : x ? 1 : 0;
	}
}

function wireEvent(e: TableEvent, seatOf: SeatOf): WireEvent {
	const out: WireEvent = [e.type];
	const fields = e as unknown as Record<string, unknown>;
	for (const [name, kind] of eventFields(e.type)) {
		const x = wireField(kind, fields[name], seatOf);
		if (x === undefined) break;
		out.push(x);
	}
	return out;
}

function wireRound({ entry, starter }: SnapshotRound, n: number, seatOf: SeatOf): WireRound {
	const outcome = entry.out !== null ? seatOf(entry.out) : entry.blocked ? -1 : -2;
	const hands: WireHand[] = [];
	for (let i = 0; i < n; i++) {
		const h = Object.hasOwn(entry.hands, seatKey(i)) ? entry.hands[seatKey(i)] : undefined;
		hands.push(h === undefined ? null : typeof h === 'number' ? h : tilesToText(h));
	}
	while (hands.length > 0 && hands[hands.length - 1] === null) hands.pop();
	return [outcome, starter, ...hands];
}

export function toWire(s: EveningSnapshot): Wire {
	const n = s.names.length;
	const seatOf = (k: string) => {
		const i = Number(k);
		if (!(Number.isInteger(i) && i >= 0 && i < n && seatKey(i) === k)) {
			throw new Error(`Not a seat of this snapshot: ${k}`);
		}
		return i;
	};
	return [
		s.id,
		s.createdAt,
		s.updatedAt,
		s.names,
		s.rules.preset,
		changedKnobs(s.rules),
		s.firstStarter,
		s.ended ? 1 : 0,
		s.rounds.map((r) => wireRound(r, n, seatOf)),
		s.table ? s.table.map((e) => wireEvent(e, seatOf)) : 0
	];
}

/** The rounds of a link, each checked by the rules core as played; a refusal otherwise. */
function roundsFromWire(
	wireRounds: WireRound[],
	setup: EveningSetup
): { rounds: SnapshotRound[]; entries: RoundEntry[] } | DecodeResult {
	const n = setup.players.length;
	const rounds: SnapshotRound[] = [];
	const entries: RoundEntry[] = [];
	// Each round as the next one after those before it, the evening replayed once.
	const checkNext = nextRoundChecker(setup);
	for (const [i, wr] of wireRounds.entries()) {
		const [outcome, starter, ...hands] = wr;
		if (outcome >= n || (starter !== null && starter >= n) || hands.length > n) {
			return refuse('damaged', `round ${i + 1} seat`);
		}
		const entry: RoundEntry = {
			out: outcome >= 0 ? seatKey(outcome) : null,
			blocked: outcome === -1,
			hands: {}
		};
		for (const [seat, h] of hands.entries()) {
			if (h === null || h === undefined) continue;
			const hand: Hand | null = typeof h === 'number' ? h : tilesFromText(h);
			if (hand === null) return refuse('damaged', `round ${i + 1} tiles`);
			entry.hands[seatKey(seat)] = hand;
		}
		const check = checkNext(entry);
		if (check.errors.length > 0) return refuse('refused-round', check.errors[0]!.code, i + 1);
		entries.push(entry);
		rounds.push({ entry, starter });
	}
	return { rounds, entries };
}

/** A snapshot from its compact array (already through the schema), recomputed by the rules core. */
export function fromWire(w: Wire): DecodeResult {
	const [id, createdAt, updatedAt, names, preset, knobs, firstStarter, ended, wireRounds, table] =
		w;
	if (updatedAt < createdAt) return refuse('damaged', 'updatedAt');
	const rules = { preset: preset as PresetId, ...knobs } as RulesChoice;
	const setupProblems = validateSetup(names, rules);
	if (setupProblems.length > 0) return refuse('damaged', `setup ${setupProblems[0]!.code}`);
	const n = names.length;
	if (firstStarter >= n) return refuse('damaged', 'firstStarter');

	const players = names.map((_, i) => seatKey(i));
	const setup: EveningSetup = { rules: resolveRules(rules), players, ended: false };
	const read = roundsFromWire(wireRounds, setup);
	if ('ok' in read) return read;
	const endedSetup: EveningSetup = { ...setup, ended: ended === 1 };
	const state = computeEvening(endedSetup, read.entries);

	let events: TableEvent[] | null = null;
	if (table !== 0) {
		// A live table belongs to a round being played: an evening that is over has none.
		if (state.over || !state.next) return refuse('damaged', 'table after the end');
		events = [];
		for (const we of table) {
			const e = eventFromWire(we, n, setup.rules);
			if (!e) return refuse('refused-round', 'table-event', 0);
			events.push(e);
		}
	}
	const snapshot: EveningSnapshot = {
		id,
		createdAt,
		updatedAt,
		names,
		rules: { preset: rules.preset, ...changedKnobs(rules) } as RulesChoice,
		firstStarter,
		ended: ended === 1,
		rounds: read.rounds,
		table: events
	};
	return { ok: true, evening: { snapshot, setup: endedSetup, state } };
}

/** A field's value from the wire; undefined leaves it out of the event. Throws on a bad seat. */
function fieldFromWire(kind: FieldKind, x: number | null | undefined, n: number, rules: Ruleset) {
	const seat = (s: number | null | undefined): string => {
		if (typeof s !== 'number' || s < 0 || s >= n) throw new RangeError('seat');
		return seatKey(s);
	};
	switch (kind) {
		case 'train':
			if (typeof x === 'number' && x < 0) {
				if (-x > 1 && !rules.severalMexicanTrains) throw new RangeError('train');
				return mexicanTrainId(-x);
			}
			return seat(x);
		case 'player':
			return seat(x);
		case 'who':
			return x === null || x === undefined ? null : seat(x);
		case 'pip':
			return x;
		case 'bool':
			return x === 1;
		case 'flag':
		case 'flag?':
			// `last: false` is spelled as absent.
			return x === 1 ? true : undefined;
		case 'bool?':
			return x === undefined ? undefined : x === 1;
	}
}

function eventFromWire(we: WireEvent, n: number, rules: Ruleset): TableEvent | null {
	const [type, ...args] = we;
	const e: Record<string, unknown> = { type };
	try {
		for (const [i, [name, kind]] of eventFields(type as TableEvent['type']).entries()) {
			const x = fieldFromWire(kind, args[i], n, rules);
			if (x !== undefined) e[name] = x;
		}
	} catch {
		return null;
	}
	return parseTableEvent(e);
}

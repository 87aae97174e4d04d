// An evening in a link's fragment (`…/view#c1.…`), for the other phones at the table: what was
// entered and nothing derived (names, the rules as a preset and its changed knobs, each round's
// entry with seat numbers for players, the starters, optionally the live table's log). Totals
// are never in a link: the view recomputes them with the rules core, so it cannot disagree.
//
// Wire format, version 1: `c1.` + base64url( varint n · CRC-32 of the JSON (4 bytes, big-endian)
// · n bytes of deflate-raw of the JSON ), the JSON being the compact array of `toWire`.
// Decoding refuses, in this order: anything not starting `c<digits>.` (not-caboose), another
// version, a fragment over MAX_LINK_CHARS (too-large), bad base64url or a short or long body
// (damaged, truncated), output past MAX_JSON_BYTES while inflating (too-large: a bomb stops
// there), a CRC mismatch, JSON with a __proto__/constructor/prototype key, the strict schema,
// setup problems, and any round or table event the rules core refuses (refused-round).

import * as v from 'valibot';
import {
	MAX_NAME_LENGTH,
	MAX_SEATS,
	MAX_SET_SIZE as MAX_SET,
	PRESETS,
	PRESET_IDS,
	checkRound,
	computeEvening,
	mexicanTrainId,
	mexicanTrainNumber,
	normalizeTile,
	parseTableEvent,
	resolveRules,
	validateSetup
} from '../rules';
import type {
	EveningSetup,
	EveningState,
	Hand,
	PresetId,
	RoundEntry,
	RulesChoice,
	Ruleset,
	TableEvent,
	Tile
} from '../rules';
import {
	crc32,
	deflateRaw,
	fromBase64Url,
	inflateRaw,
	readVarint,
	toBase64Url,
	writeVarint
} from './bytes';

export const LINK_FORMAT_VERSION = 1;
/** A QR code holds at most 2,953 bytes; a fragment far longer is no Caboose link. */
export const MAX_LINK_CHARS = 6000;
/** The JSON of an honest 13-round, 10-player evening with tiles is under 6 KB. */
export const MAX_JSON_BYTES = 128 * 1024;
/** A cyclic evening can run long, but not this long. */
export const MAX_ROUNDS = 400;
/** Events of the live table's current round. */
export const MAX_TABLE_EVENTS = 2000;
/** The path of the read-only view. */
export const VIEW_PATH = '/view';

/** A seat's key in a snapshot: its seat number as a string ('0', '1' …). */
export const seatKey = (seat: number): string => String(seat);

/** One saved round as a link carries it: player keys are seat keys. */
export interface SnapshotRound {
	entry: RoundEntry;
	/** The seat that started the round, when the scorekeeper chose it. */
	starter: number | null;
}

/** What a link carries: an evening as entered, players named by seat. */
export interface EveningSnapshot {
	/** The scorekeeper's evening id: a kept copy merges with an earlier copy of the same evening. */
	id: string;
	createdAt: number;
	updatedAt: number;
	/** Seat order; the player key of seat i is seatKey(i). */
	names: string[];
	/** The preset and the knobs that differ from it. */
	rules: RulesChoice;
	firstStarter: number;
	ended: boolean;
	rounds: SnapshotRound[];
	/** The live table's log of the round being played (round `rounds.length`), when shared. */
	table: TableEvent[] | null;
}

export type LinkErrorKind =
	'not-caboose' | 'damaged' | 'truncated' | 'too-large' | 'unsupported-version' | 'refused-round';

export interface LinkError {
	kind: LinkErrorKind;
	/** For refused-round: the round, 1-based (0 = the live table's round). */
	round?: number;
	/** A technical detail for tests: the rules code, the version found, the schema path. */
	detail?: string;
}

export interface DecodedEvening {
	snapshot: EveningSnapshot;
	setup: EveningSetup;
	/** Recomputed by the rules core from the entries. */
	state: EveningState;
}

export type DecodeResult = { ok: true; evening: DecodedEvening } | { ok: false; error: LinkError };

// ---------------------------------------------------------------------------------------------
// The rules vocabulary

/** Every knob of a ruleset, as the presets spell them. */
export const KNOB_NAMES = Object.keys(PRESETS[PRESET_IDS[0]!].defaults).filter(
	(k) => k !== 'preset'
) as (keyof Omit<Ruleset, 'preset'>)[];
/** Tiles of the largest set, numbered 0 … (the triangular index of `tileIndex`). */
const MAX_TILE_INDEX = ((MAX_SET + 1) * (MAX_SET + 2)) / 2 - 1;

/** A tile a|b (a ≥ b) as one number: a·(a+1)/2 + b. */
export function tileIndex(tile: Tile): number {
	const [a, b] = normalizeTile(tile);
	return (a * (a + 1)) / 2 + b;
}

export function tileFromIndex(i: number): Tile {
	let a = 0;
	while (((a + 1) * (a + 2)) / 2 <= i) a++;
	return [a, i - (a * (a + 1)) / 2];
}

/**
 * A hand of tiles as a string, one character per tile (its index): deflate codes a character of
 * a small alphabet in about 6.5 bits, where a decimal number and its comma cost twice that.
 * Indices 0 … 91 are printable ASCII without '"' and '\\' (nothing to escape in JSON); the
 * larger sets' tiles continue at U+00C0.
 */
const TILE_CHARS: string = (() => {
	let out = '';
	for (let c = 0x21; c <= 0x7e; c++) if (c !== 0x22 && c !== 0x5c) out += String.fromCharCode(c);
	for (let c = 0xc0; out.length <= MAX_TILE_INDEX; c++) out += String.fromCharCode(c);
	return out;
})();

export function tilesToText(tiles: readonly Tile[]): string {
	return tiles.map((t) => TILE_CHARS[tileIndex(t)]!).join('');
}

/** The tiles of a hand's text; null when a character is no tile. */
export function tilesFromText(text: string): Tile[] | null {
	const out: Tile[] = [];
	for (const ch of text) {
		const i = TILE_CHARS.indexOf(ch);
		if (i < 0 || ch.length !== 1) return null;
		out.push(tileFromIndex(i));
	}
	return out;
}

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

// ---------------------------------------------------------------------------------------------
// The compact array form

type WireHand = number | string | null;
/** [outcome, starter, hand of seat 0, …]: outcome = the seat out, -1 blocked, -2 neither. */
type WireRound = [number, number | null, ...WireHand[]];
type WireEvent = [string, ...(number | null)[]];
type Wire = [
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

/** A player's train by seat (≥ 0), a Mexican train k as -k. */
function wireTrain(train: string, seatOf: (k: string) => number): number {
	const k = mexicanTrainNumber(train);
	return k === null ? seatOf(train) : -k;
}

function wireEvent(e: TableEvent, seatOf: (k: string) => number): WireEvent {
	const who = (k: string | null) => (k === null ? null : seatOf(k));
	switch (e.type) {
		case 'tile':
			// A fourth element only for a last tile: the links of older versions (three) still read.
			return e.last
				? [e.type, wireTrain(e.train, seatOf), who(e.by), 1]
				: [e.type, wireTrain(e.train, seatOf), who(e.by)];
		case 'double':
			return [e.type, wireTrain(e.train, seatOf), e.value, who(e.by), e.last ? 1 : 0];
		case 'covered':
			return [e.type, who(e.by)];
		case 'cannot-cover':
		case 'still-cannot-cover':
		case 'forgot-knock':
			return [e.type, seatOf(e.player)];
		case 'marker':
			return e.voluntary === undefined
				? [e.type, seatOf(e.player), e.on ? 1 : 0]
				: [e.type, seatOf(e.player), e.on ? 1 : 0, e.voluntary ? 1 : 0];
		case 'mexican':
			return [e.type, e.on ? 1 : 0];
		case 'knock':
			return [e.type, seatOf(e.player), e.on ? 1 : 0];
		case 'turn':
			return [e.type, who(e.player)];
		case 'mexican-add':
		case 'next-turn':
			return [e.type];
	}
}

function toWire(s: EveningSnapshot): Wire {
	const n = s.names.length;
	const seatOf = (k: string) => {
		const i = Number(k);
		if (!(Number.isInteger(i) && i >= 0 && i < n && seatKey(i) === k)) {
			throw new Error(`Not a seat of this snapshot: ${k}`);
		}
		return i;
	};
	const rounds = s.rounds.map(({ entry, starter }): WireRound => {
		const outcome = entry.out !== null ? seatOf(entry.out) : entry.blocked ? -1 : -2;
		const hands: WireHand[] = [];
		for (let i = 0; i < n; i++) {
			const h = Object.hasOwn(entry.hands, seatKey(i)) ? entry.hands[seatKey(i)] : undefined;
			hands.push(h === undefined ? null : typeof h === 'number' ? h : tilesToText(h));
		}
		while (hands.length > 0 && hands[hands.length - 1] === null) hands.pop();
		return [outcome, starter, ...hands];
	});
	return [
		s.id,
		s.createdAt,
		s.updatedAt,
		s.names,
		s.rules.preset,
		changedKnobs(s.rules),
		s.firstStarter,
		s.ended ? 1 : 0,
		rounds,
		s.table ? s.table.map((e) => wireEvent(e, seatOf)) : 0
	];
}

/** The link's fragment, without '#': `c1.` and the body. */
export async function encodeSnapshot(snapshot: EveningSnapshot): Promise<string> {
	const json = new TextEncoder().encode(JSON.stringify(toWire(snapshot)));
	const deflated = await deflateRaw(json);
	const crc = crc32(json);
	const head = [
		...writeVarint(deflated.length),
		(crc >>> 24) & 0xff,
		(crc >>> 16) & 0xff,
		(crc >>> 8) & 0xff,
		crc & 0xff
	];
	const body = new Uint8Array(head.length + deflated.length);
	body.set(head, 0);
	body.set(deflated, head.length);
	return `c${LINK_FORMAT_VERSION}.${toBase64Url(body)}`;
}

/** The whole link for a page at `origin` (e.g. 'https://example.org'). */
export async function snapshotLink(origin: string, snapshot: EveningSnapshot): Promise<string> {
	return `${origin}${VIEW_PATH}#${await encodeSnapshot(snapshot)}`;
}

/** Sizes for the bench: the JSON, its deflated bytes, and the fragment. */
export async function measureSnapshot(
	snapshot: EveningSnapshot
): Promise<{ json: number; deflated: number; fragment: number }> {
	const json = new TextEncoder().encode(JSON.stringify(toWire(snapshot)));
	const deflated = await deflateRaw(json);
	return {
		json: json.length,
		deflated: deflated.length,
		fragment: (await encodeSnapshot(snapshot)).length
	};
}

// ---------------------------------------------------------------------------------------------
// The schema of the compact form (strict: no extra element, no other type)

const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const Time = v.pipe(Whole, v.maxValue(8.64e15));
const Seat = v.pipe(Whole, v.maxValue(MAX_SEATS - 1));
const Id = v.pipe(
	v.string(),
	v.regex(/^[A-Za-z0-9_.-]{1,64}$/),
	v.check((id) => !(id in Object.prototype), 'an id must not name an object property')
);
/** Control characters cannot be typed into a name field; in a link they are a forgery. */
const Name = v.pipe(
	v.string(),
	v.minLength(1),
	v.maxLength(MAX_NAME_LENGTH * 2),
	// eslint-disable-next-line no-control-regex
	v.regex(/^[^\u0000-\u001f\u007f]*$/),
	v.check((s) => s === s.trim(), 'a name is stored trimmed'),
	v.check((s) => [...s].length <= MAX_NAME_LENGTH, 'a name is too long')
);
const WireHandSchema = v.union([
	v.null(),
	v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(1_000_000)),
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
const Bit = v.picklist([0, 1]);
const Train = v.pipe(v.number(), v.safeInteger(), v.minValue(-20), v.maxValue(MAX_SEATS - 1));
const Who = v.nullable(Seat);
const WireEventSchema = v.union([
	v.strictTuple([v.literal('tile'), Train, Who]),
	// A plain last tile (the player went out); links without it keep the three-element form.
	v.strictTuple([v.literal('tile'), Train, Who, v.literal(1)]),
	v.strictTuple([v.literal('double'), Train, v.pipe(Whole, v.maxValue(MAX_SET)), Who, Bit]),
	v.strictTuple([v.literal('covered'), Who]),
	v.strictTuple([v.picklist(['cannot-cover', 'still-cannot-cover', 'forgot-knock']), Seat]),
	v.strictTuple([v.literal('marker'), Seat, Bit]),
	v.strictTuple([v.literal('marker'), Seat, Bit, Bit]),
	v.strictTuple([v.literal('mexican'), Bit]),
	v.strictTuple([v.literal('knock'), Seat, Bit]),
	v.strictTuple([v.literal('turn'), Who]),
	v.strictTuple([v.picklist(['mexican-add', 'next-turn'])])
]);
const KnobValue = v.union([
	v.null(),
	v.boolean(),
	v.pipe(v.number(), v.safeInteger()),
	v.pipe(v.string(), v.maxLength(40)),
	v.pipe(v.array(v.pipe(Whole, v.maxValue(MAX_SET))), v.minLength(1), v.maxLength(1000))
]);
const WireSchema = v.strictTuple([
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

// ---------------------------------------------------------------------------------------------
// Decode

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
class ForbiddenKey extends Error {}

const fail = (kind: LinkErrorKind, detail?: string, round?: number): DecodeResult => ({
	ok: false,
	error: {
		kind,
		...(round !== undefined ? { round } : {}),
		...(detail !== undefined ? { detail } : {})
	}
});

/** The fragment of a link: everything after the first '#', or the text itself when none. */
export function fragmentOf(link: string): string {
	const at = link.indexOf('#');
	return at === -1 ? link : link.slice(at + 1);
}

/**
 * A link (or just its fragment) back to an evening, recomputed by the rules core. Never throws
 * and never runs long: every refusal is a `LinkError`.
 */
export async function decodeLink(link: string): Promise<DecodeResult> {
	try {
		return await decode(typeof link === 'string' ? fragmentOf(link) : '');
	} catch (e) {
		// Nothing above should throw; if something does, the link is still only refused.
		return fail('damaged', e instanceof Error ? e.message : String(e));
	}
}

async function decode(fragment: string): Promise<DecodeResult> {
	const head = /^c([0-9]{1,6})\./.exec(fragment);
	if (!head) return fail('not-caboose');
	if (Number(head[1]) !== LINK_FORMAT_VERSION) return fail('unsupported-version', head[1]);
	if (fragment.length > MAX_LINK_CHARS) return fail('too-large', String(fragment.length));

	const text = fragment.slice(head[0].length);
	const body = fromBase64Url(text);
	if (!body) {
		// Only base64url characters, but cut at an odd place: a link that was cut short, if what
		// is there says more was to come.
		if (!/^[A-Za-z0-9_-]*$/.test(text)) return fail('damaged', 'base64url');
		const whole = fromBase64Url(text.slice(0, text.length - (text.length % 4)));
		const declared = whole ? readVarint(whole, 0) : null;
		const cut = whole && (!declared || whole.length < declared.next + 4 + declared.value);
		return fail(cut ? 'truncated' : 'damaged', 'base64url');
	}
	const length = readVarint(body, 0);
	if (!length) return fail(body.length < 4 ? 'truncated' : 'damaged', 'length');
	const start = length.next + 4;
	if (body.length < start + length.value) return fail('truncated', 'short');
	if (body.length > start + length.value) return fail('damaged', 'long');
	const crc =
		((body[length.next]! << 24) |
			(body[length.next + 1]! << 16) |
			(body[length.next + 2]! << 8) |
			body[length.next + 3]!) >>>
		0;

	const inflated = await inflateRaw(body.subarray(start), MAX_JSON_BYTES);
	if (!inflated.ok) return fail(inflated.reason, 'inflate');
	if (crc32(inflated.bytes) !== crc) return fail('damaged', 'crc');

	let raw: unknown;
	try {
		const text = new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
		raw = JSON.parse(text, (key, value: unknown) => {
			if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey(key);
			return value;
		});
	} catch (e) {
		return fail('damaged', e instanceof ForbiddenKey ? `forbidden-key ${e.message}` : 'json');
	}

	const parsed = v.safeParse(WireSchema, raw, { abortEarly: true });
	if (!parsed.success) {
		const issue = parsed.issues[0];
		const path = (issue?.path ?? []).map((p) => String((p as { key?: unknown }).key)).join('.');
		return fail('damaged', `schema ${path}: ${issue?.message ?? ''}`);
	}
	return fromWire(parsed.output as unknown as Wire);
}

function fromWire(w: Wire): DecodeResult {
	const [id, createdAt, updatedAt, names, preset, knobs, firstStarter, ended, wireRounds, table] =
		w;
	if (updatedAt < createdAt) return fail('damaged', 'updatedAt');
	const rules = { preset: preset as PresetId, ...knobs } as RulesChoice;
	const setupProblems = validateSetup(names, rules);
	if (setupProblems.length > 0) return fail('damaged', `setup ${setupProblems[0]!.code}`);
	const n = names.length;
	if (firstStarter >= n) return fail('damaged', 'firstStarter');

	const players = names.map((_, i) => seatKey(i));
	const setup: EveningSetup = { rules: resolveRules(rules), players, ended: false };
	const ruleset = setup.rules;
	const rounds: SnapshotRound[] = [];
	const entries: RoundEntry[] = [];
	for (const [i, wr] of wireRounds.entries()) {
		const [outcome, starter, ...hands] = wr;
		if (outcome >= n || (starter !== null && starter >= n) || hands.length > n) {
			return fail('damaged', `round ${i + 1} seat`);
		}
		const entry: RoundEntry = {
			out: outcome >= 0 ? seatKey(outcome) : null,
			blocked: outcome === -1,
			hands: {}
		};
		for (const [seat, h] of hands.entries()) {
			if (h === null || h === undefined) continue;
			const hand: Hand | null = typeof h === 'number' ? h : tilesFromText(h);
			if (hand === null) return fail('damaged', `round ${i + 1} tiles`);
			entry.hands[seatKey(seat)] = hand;
		}
		const check = checkRound(setup, entries, i, entry);
		if (check.errors.length > 0) return fail('refused-round', check.errors[0]!.code, i + 1);
		entries.push(entry);
		rounds.push({ entry, starter });
	}
	const endedSetup: EveningSetup = { ...setup, ended: ended === 1 };
	const state = computeEvening(endedSetup, entries);

	let events: TableEvent[] | null = null;
	if (table !== 0) {
		// A live table belongs to a round being played: an evening that is over has none.
		if (state.over || !state.next) return fail('damaged', 'table after the end');
		events = [];
		for (const we of table) {
			const e = eventFromWire(we, n, ruleset);
			if (!e) return fail('refused-round', 'table-event', 0);
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
		rounds,
		table: events
	};
	return { ok: true, evening: { snapshot, setup: endedSetup, state } };
}

function eventFromWire(we: WireEvent, n: number, rules: Ruleset): TableEvent | null {
	const [type, ...args] = we;
	const seat = (x: number | null | undefined): string | null => {
		if (x === null || x === undefined) return null;
		if (x < 0 || x >= n) throw new RangeError('seat');
		return seatKey(x);
	};
	const train = (x: number | null | undefined): string => {
		if (typeof x !== 'number') throw new RangeError('train');
		if (x >= 0) return seat(x) as string;
		if (-x > 1 && !rules.severalMexicanTrains) throw new RangeError('train');
		return mexicanTrainId(-x);
	};
	const bit = (x: number | null | undefined) => x === 1;
	let e: unknown;
	try {
		switch (type) {
			case 'tile':
				e = { type, train: train(args[0]), by: seat(args[1]) };
				if (args[2] === 1) (e as { last?: boolean }).last = true;
				break;
			case 'double':
				e = { type, train: train(args[0]), value: args[1], by: seat(args[2]) };
				if (args[3] === 1) (e as { last?: boolean }).last = true;
				break;
			case 'covered':
				e = { type, by: seat(args[0]) };
				break;
			case 'cannot-cover':
			case 'still-cannot-cover':
			case 'forgot-knock':
				e = { type, player: seat(args[0]) };
				break;
			case 'marker':
				e = { type, player: seat(args[0]), on: bit(args[1]) };
				if (args.length > 2) (e as { voluntary?: boolean }).voluntary = bit(args[2]);
				break;
			case 'mexican':
				e = { type, on: bit(args[0]) };
				break;
			case 'knock':
				e = { type, player: seat(args[0]), on: bit(args[1]) };
				break;
			case 'turn':
				e = { type, player: seat(args[0]) };
				break;
			default:
				e = { type };
		}
	} catch {
		return null;
	}
	return parseTableEvent(e);
}

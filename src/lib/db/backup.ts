// Backups: every evening in one JSON file, and the way back in. An import is refused as a whole
// unless every part of the file is sound (shape, ids, names, rules, every round as the scoring
// core sees it), and then written in one transaction, so a bad file never changes anything.

import * as v from 'valibot';
import { checkRound, computeEvening, resolveRules, validateSetup } from '$lib/rules';
import type { EveningSetup, RoundEntry, RulesChoice } from '$lib/rules/types';
import type { CabooseDb, EveningRow, PlayerRow, RoundRow, TableEventRow } from './database';
import { playerKey } from './evenings';
import { MAX_BACKUP_BYTES } from './backup-limits';
import { writeSummary } from './summaries';

export const BACKUP_FORMAT = 'caboose-backup';
export const BACKUP_FORMAT_VERSION = 1;
export { MAX_BACKUP_BYTES };
/** A backup nests 9 levels deep; a file nesting far deeper is refused before it is parsed. */
export const MAX_BACKUP_DEPTH = 24;

/** Keys that could reach an object's prototype if some code ever merged the parsed data. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MEXICAN_TRAIN = /^mexican(-[1-9][0-9]?)?$/;

/** A table event as exported: the auto-increment `id` is local to one database and left out. */
export type BackupTableEvent = Omit<TableEventRow, 'id'>;

export interface BackupEvening {
	evening: EveningRow;
	/** In order of play: index 0 … n-1. */
	rounds: RoundRow[];
	tableEvents?: BackupTableEvent[];
}

export interface Backup {
	format: typeof BACKUP_FORMAT;
	formatVersion: typeof BACKUP_FORMAT_VERSION;
	exportedAt: number;
	evenings: BackupEvening[];
	players: PlayerRow[];
}

export type BackupProblemCode =
	/** The file is over the size cap. */
	| 'too-large'
	/** Not JSON at all (truncated, binary, empty). */
	| 'not-json'
	/** Nested far deeper than any backup. */
	| 'too-deep'
	/** A `__proto__`, `constructor` or `prototype` key somewhere. */
	| 'forbidden-key'
	/** JSON, but not a Caboose backup. */
	| 'not-a-backup'
	/** A Caboose backup of a format version this build does not know. */
	| 'format-version'
	/** A value of the wrong type or out of range, a missing or an unknown field. */
	| 'invalid'
	/** Parts that do not belong together (a round of another evening, a gap in the rounds…). */
	| 'inconsistent'
	/** A round that the scoring core refuses under its evening's rules. */
	| 'round-refused';

export interface BackupProblem {
	code: BackupProblemCode;
	/** Where in the file, e.g. `evenings[2].rounds[0].entry.hands`; for the message and tests. */
	path?: string;
	/** A short technical detail (the rules code, the version found). */
	detail?: string;
}

export type ParsedBackup = { ok: true; backup: Backup } | { ok: false; problem: BackupProblem };

// ---------------------------------------------------------------------------------------------
// Export

/** Every evening with its rounds and table events, and every known player, as one value. */
export async function exportBackup(db: CabooseDb): Promise<Backup> {
	return db.transaction('r', [db.evenings, db.rounds, db.tableEvents, db.players], async () => {
		const [evenings, rounds, events, players] = await Promise.all([
			db.evenings.orderBy('createdAt').toArray(),
			db.rounds.toArray(),
			db.tableEvents.toArray(),
			db.players.toArray()
		]);
		const roundsOf = groupBy(rounds, (r) => r.eveningId);
		const eventsOf = groupBy(events, (e) => e.eveningId);
		return {
			format: BACKUP_FORMAT,
			formatVersion: BACKUP_FORMAT_VERSION,
			exportedAt: Date.now(),
			evenings: evenings.map((evening) => {
				const own = (eventsOf.get(evening.id) ?? [])
					.sort((a, b) => a.roundIndex - b.roundIndex || a.seq - b.seq)
					.map(({ eveningId, roundIndex, seq, event, at }) => ({
						eveningId,
						roundIndex,
						seq,
						event,
						at
					}));
				const bundle: BackupEvening = {
					evening,
					rounds: (roundsOf.get(evening.id) ?? []).sort((a, b) => a.index - b.index)
				};
				if (own.length > 0) bundle.tableEvents = own;
				return bundle;
			}),
			players: players.sort((a, b) => a.key.localeCompare(b.key))
		};
	});
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
	const map = new Map<string, T[]>();
	for (const item of items) {
		const k = key(item);
		const list = map.get(k);
		if (list) list.push(item);
		else map.set(k, [item]);
	}
	return map;
}

/** The file's text. Compact: the size cap must hold for the biggest honest history. */
export function backupJson(backup: Backup): string {
	return JSON.stringify(backup);
}

/** `caboose-backup-2026-11-21.json`, in the local calendar. */
export function backupFileName(date = new Date()): string {
	const pad = (n: number) => String(n).padStart(2, '0');
	return `caboose-backup-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

// ---------------------------------------------------------------------------------------------
// The schema

/**
 * Ids are made by `crypto.randomUUID()`; a backup's ids must look like ids, and never like a
 * property every object has (`toString`, `valueOf`), since ids key the totals and the hands.
 */
const Id = v.pipe(
	v.string(),
	v.regex(/^[A-Za-z0-9_.-]{1,100}$/),
	v.check((id) => !(id in Object.prototype), 'an id must not name an object property')
);
/** Milliseconds since 1970, within the range a Date can hold. */
const Time = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(8.64e15));
const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
/** Control characters cannot be typed into a name field; in a file they are a forgery. */
const Name = v.pipe(
	v.string(),
	v.minLength(1),
	v.maxLength(200),
	// eslint-disable-next-line no-control-regex
	v.regex(/^[^\u0000-\u001f\u007f]*$/),
	v.check((s) => s === s.trim() && s.length > 0, 'a name is stored trimmed'),
	v.check((s) => [...s].length <= 40, 'a name has at most 40 characters')
);
const Pip = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(18));
const Tile = v.strictTuple([Pip, Pip]);
const Hand = v.union([
	v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(1_000_000)),
	v.pipe(v.array(Tile), v.maxLength(190))
]);

const Seat = v.strictObject({ id: Id, name: Name });

const nullable = <T extends v.GenericSchema>(s: T) => v.nullable(s);
const WholeFrom1 = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** Every knob of RulesChoice; the combined checks (schedule within the set) follow below. */
const RulesChoiceSchema = v.strictObject({
	preset: v.picklist([
		'swiss-jassshop',
		'swiss-station',
		'german-talon',
		'cardinal-us',
		'italian-elimination'
	]),
	set: v.optional(v.picklist([6, 9, 12, 15, 18])),
	schedule: v.optional(
		v.union([
			v.picklist(['descending', 'cyclic', 'ascending', 'evens', 'odds']),
			v.pipe(v.array(Pip), v.minLength(1), v.maxLength(1000))
		])
	),
	rounds: v.optional(nullable(WholeFrom1)),
	deal: v.optional(nullable(WholeFrom1)),
	blankHalf: v.optional(Whole),
	doubleFactor: v.optional(v.picklist([1, 2])),
	doubleBlank: v.optional(nullable(Whole)),
	doubleFlat: v.optional(nullable(Whole)),
	goingOutBonus: v.optional(v.pipe(v.number(), v.safeInteger())),
	blocked: v.optional(v.picklist(['count', 'void', 'lowest-zero'])),
	mode: v.optional(v.picklist(['penalty', 'plus'])),
	elimination: v.optional(nullable(WholeFrom1)),
	tieBreakRoundsWon: v.optional(v.boolean()),
	start: v.optional(v.picklist(['engine-holder', 'rotate'])),
	markerRemoval: v.optional(
		v.picklist(['owner-plays-own', 'any-player-plays', 'owner-plays-anywhere'])
	),
	voluntaryMarker: v.optional(v.boolean()),
	doubles: v.optional(v.picklist(['satisfy', 'none', 'owner-or-anyone'])),
	noMarkerWhenOnlyDoubleStopped: v.optional(v.boolean()),
	lastDoubleEndsRound: v.optional(v.boolean()),
	knockPenalty: v.optional(v.picklist(['draw-1', 'draw-2', 'skip-turn', 'none'])),
	severalMexicanTrains: v.optional(v.boolean()),
	firstTurnAll: v.optional(v.boolean()),
	doubleReplay: v.optional(v.boolean())
});

const EveningSchema = v.strictObject({
	id: Id,
	createdAt: Time,
	updatedAt: Time,
	players: v.pipe(v.array(Seat), v.minLength(1), v.maxLength(10)),
	rules: RulesChoiceSchema,
	firstStarter: Whole,
	endedAt: v.nullable(Time)
});

const RoundEntrySchema = v.strictObject({
	out: v.nullable(Id),
	blocked: v.boolean(),
	hands: v.record(Id, Hand)
});

const RoundSchema = v.strictObject({
	id: v.pipe(v.string(), v.maxLength(120)),
	eveningId: Id,
	index: v.pipe(Whole, v.maxValue(10_000)),
	entry: RoundEntrySchema,
	starter: v.nullable(Whole),
	savedAt: Time
});

const Who = v.nullable(Id);
/** A player's train is named by the seat id; a Mexican train 'mexican', 'mexican-2'… */
const Train = Id;

/** Every event of the live table's log (src/lib/rules/table.ts TableEvent), each strict. */
const TableEventValue = v.variant('type', [
	v.strictObject({ type: v.literal('tile'), train: Train, by: Who }),
	v.strictObject({
		type: v.literal('double'),
		train: Train,
		value: Pip,
		by: Who,
		last: v.optional(v.boolean())
	}),
	v.strictObject({ type: v.literal('covered'), by: Who }),
	v.strictObject({ type: v.literal('cannot-cover'), player: Id }),
	v.strictObject({ type: v.literal('still-cannot-cover'), player: Id }),
	v.strictObject({
		type: v.literal('marker'),
		player: Id,
		on: v.boolean(),
		voluntary: v.optional(v.boolean())
	}),
	v.strictObject({ type: v.literal('mexican'), on: v.boolean() }),
	v.strictObject({ type: v.literal('mexican-add') }),
	v.strictObject({ type: v.literal('knock'), player: Id, on: v.boolean() }),
	v.strictObject({ type: v.literal('forgot-knock'), player: Id }),
	v.strictObject({ type: v.literal('turn'), player: Who }),
	v.strictObject({ type: v.literal('next-turn') })
]);

const TableEventSchema = v.strictObject({
	eveningId: Id,
	roundIndex: v.pipe(Whole, v.maxValue(10_000)),
	seq: v.pipe(Whole, v.maxValue(1_000_000)),
	event: TableEventValue,
	at: Time
});

const PlayerSchema = v.strictObject({
	id: Id,
	name: Name,
	key: v.pipe(v.string(), v.maxLength(200)),
	lastPlayedAt: Time
});

const BackupSchema = v.strictObject({
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

// ---------------------------------------------------------------------------------------------
// Parse

class ForbiddenKey extends Error {}

function refuse(code: BackupProblemCode, path?: string, detail?: string): ParsedBackup {
	const problem: BackupProblem = { code };
	if (path !== undefined) problem.path = path;
	if (detail !== undefined) problem.detail = detail;
	return { ok: false, problem };
}

function utf8Length(text: string): number {
	let n = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x80) n += 1;
		else if (c < 0x800) n += 2;
		else if (c >= 0xd800 && c <= 0xdbff) {
			n += 4;
			i++;
		} else n += 3;
	}
	return n;
}

/** The deepest nesting of brackets outside strings: a cheap look before JSON.parse. */
function nestingDepth(text: string, limit: number): number {
	let depth = 0;
	let max = 0;
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (inString) {
			if (c === 0x5c)
				i++; // backslash: skip the escaped character
			else if (c === 0x22) inString = false;
		} else if (c === 0x22) inString = true;
		else if (c === 0x7b || c === 0x5b) {
			depth++;
			if (depth > max) {
				max = depth;
				if (max > limit) return max;
			}
		} else if (c === 0x7d || c === 0x5d) depth--;
	}
	return max;
}

function isRecord(x: unknown): x is Record<string, unknown> {
	return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function issuePath(issue: v.BaseIssue<unknown>): string {
	let out = '';
	for (const item of issue.path ?? []) {
		const key = (item as { key?: unknown }).key;
		if (typeof key === 'number') out += `[${key}]`;
		else out += out === '' ? String(key) : `.${String(key)}`;
	}
	return out;
}

/**
 * Reads a backup file's text. Refuses, in this order: a file over `maxBytes`, nesting far deeper
 * than a backup, text that is not JSON, a `__proto__`/`constructor`/`prototype` key anywhere,
 * another format or version, any field of the wrong type or range or not in the schema, parts
 * that do not belong together, and any round the scoring core would refuse.
 */
export function parseBackup(text: string, maxBytes = MAX_BACKUP_BYTES): ParsedBackup {
	if (typeof text !== 'string') return refuse('not-json');
	// Every UTF-16 unit is at least one byte, so a long text is refused before it is measured.
	if (text.length > maxBytes || utf8Length(text) > maxBytes) {
		return refuse('too-large', undefined, String(maxBytes));
	}
	if (nestingDepth(text, MAX_BACKUP_DEPTH) > MAX_BACKUP_DEPTH) return refuse('too-deep');

	let raw: unknown;
	try {
		raw = JSON.parse(text, (key, value: unknown) => {
			if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey(key);
			return value;
		});
	} catch (e) {
		return e instanceof ForbiddenKey
			? refuse('forbidden-key', undefined, e.message)
			: refuse('not-json');
	}

	if (!isRecord(raw) || raw.format !== BACKUP_FORMAT) return refuse('not-a-backup');
	if (raw.formatVersion !== BACKUP_FORMAT_VERSION) {
		return refuse('format-version', 'formatVersion', String(raw.formatVersion));
	}

	const parsed = v.safeParse(BackupSchema, raw, { abortEarly: true });
	if (!parsed.success) {
		const issue = parsed.issues[0];
		return refuse('invalid', issue ? issuePath(issue) : undefined, issue?.message);
	}
	const backup = parsed.output as Backup;
	return checkConsistency(backup) ?? { ok: true, backup };
}

/** The checks across fields that a schema of single values cannot express. */
function checkConsistency(backup: Backup): ParsedBackup | null {
	const eveningIds = new Set<string>();
	for (const [e, bundle] of backup.evenings.entries()) {
		const at = `evenings[${e}]`;
		const { evening, rounds } = bundle;
		if (eveningIds.has(evening.id)) return refuse('inconsistent', `${at}.evening.id`, 'duplicate');
		eveningIds.add(evening.id);

		const seatIds = evening.players.map((p) => p.id);
		if (new Set(seatIds).size !== seatIds.length) {
			return refuse('inconsistent', `${at}.evening.players`, 'duplicate seat id');
		}
		// Names, player count and every knob, exactly as the setup screen checks them.
		const setupProblems = validateSetup(
			evening.players.map((p) => p.name),
			evening.rules
		);
		if (setupProblems.length > 0) {
			return refuse('inconsistent', `${at}.evening`, setupProblems[0]!.code);
		}
		if (evening.firstStarter >= seatIds.length) {
			return refuse('inconsistent', `${at}.evening.firstStarter`);
		}
		if (evening.updatedAt < evening.createdAt) {
			return refuse('inconsistent', `${at}.evening.updatedAt`);
		}

		const setup: EveningSetup = {
			rules: resolveRules(evening.rules as RulesChoice),
			players: seatIds,
			ended: false
		};
		const entries: RoundEntry[] = [];
		for (const [i, round] of rounds.entries()) {
			const rat = `${at}.rounds[${i}]`;
			if (round.index !== i) return refuse('inconsistent', `${rat}.index`);
			if (round.eveningId !== evening.id) return refuse('inconsistent', `${rat}.eveningId`);
			if (round.id !== `${evening.id}:${i}`) return refuse('inconsistent', `${rat}.id`);
			if (round.starter !== null && round.starter >= seatIds.length) {
				return refuse('inconsistent', `${rat}.starter`);
			}
			for (const key of Object.keys(round.entry.hands)) {
				if (!seatIds.includes(key)) return refuse('inconsistent', `${rat}.entry.hands`);
			}
			if (round.entry.out !== null && !seatIds.includes(round.entry.out)) {
				return refuse('inconsistent', `${rat}.entry.out`);
			}
			const check = checkRound(setup, entries, i, round.entry);
			if (check.errors.length > 0) {
				return refuse('round-refused', rat, check.errors[0]!.code);
			}
			entries.push(round.entry);
		}
		try {
			computeEvening({ ...setup, ended: evening.endedAt !== null }, entries);
		} catch {
			return refuse('round-refused', `${at}.rounds`);
		}

		const seen = new Set<string>();
		for (const [j, ev] of (bundle.tableEvents ?? []).entries()) {
			const eat = `${at}.tableEvents[${j}]`;
			if (ev.eveningId !== evening.id) return refuse('inconsistent', `${eat}.eveningId`);
			// Events belong to a saved round or to the round being played.
			if (ev.roundIndex > rounds.length) return refuse('inconsistent', `${eat}.roundIndex`);
			// Whoever an event names must sit at this evening's table.
			const named = ev.event as Record<string, unknown>;
			for (const field of ['player', 'by'] as const) {
				const who = named[field];
				if (typeof who === 'string' && !seatIds.includes(who)) {
					return refuse('inconsistent', `${eat}.event.${field}`);
				}
			}
			const train = named.train;
			if (typeof train === 'string' && !seatIds.includes(train) && !MEXICAN_TRAIN.test(train)) {
				return refuse('inconsistent', `${eat}.event.train`);
			}
			const k = `${ev.roundIndex}:${ev.seq}`;
			if (seen.has(k)) return refuse('inconsistent', `${eat}.seq`, 'duplicate');
			seen.add(k);
		}
	}

	const playerIds = new Set<string>();
	const playerKeys = new Set<string>();
	for (const [i, player] of backup.players.entries()) {
		const at = `players[${i}]`;
		if (player.key !== playerKey(player.name)) return refuse('inconsistent', `${at}.key`);
		if (playerIds.has(player.id)) return refuse('inconsistent', `${at}.id`, 'duplicate');
		if (playerKeys.has(player.key)) return refuse('inconsistent', `${at}.key`, 'duplicate');
		playerIds.add(player.id);
		playerKeys.add(player.key);
	}
	return null;
}

// ---------------------------------------------------------------------------------------------
// Import

export interface ImportResult {
	/** Evenings that were not stored before. */
	added: number;
	/** Stored evenings replaced by the file's copy (it had more rounds, or was edited later). */
	replaced: number;
	/** Stored evenings kept because the file's copy had nothing they lacked. */
	kept: number;
	/** Rounds written (of added and replaced evenings). */
	rounds: number;
	/** Players added to the known players. */
	players: number;
}

/**
 * Merges a parsed backup into the database, all or nothing, in one transaction over every table.
 *
 * Evenings are merged by id, each one whole (never a mix of two copies' rounds):
 * - an evening not stored yet is added with its rounds and table events;
 * - a stored evening is replaced by the file's copy only if the copy has MORE rounds, or as many
 *   rounds and a LATER `updatedAt` (a round corrected after the stored copy was made);
 * - otherwise the stored evening stays as it is. So an import never removes a saved round.
 * Known players are merged by id and by name: a player whose id or name is already known keeps
 * the stored row (its last-played time moves forward); seats of evenings carry their own names,
 * so nothing is lost when two phones gave one person two ids.
 */
export async function importBackup(db: CabooseDb, backup: Backup): Promise<ImportResult> {
	const result: ImportResult = { added: 0, replaced: 0, kept: 0, rounds: 0, players: 0 };
	await db.transaction(
		'rw',
		[db.players, db.evenings, db.rounds, db.drafts, db.tableEvents, db.meta, db.summaries],
		async () => {
			for (const bundle of backup.evenings) {
				const { evening, rounds } = bundle;
				const stored = await db.evenings.get(evening.id);
				if (stored) {
					const storedRounds = await db.rounds.where('eveningId').equals(evening.id).count();
					const newer =
						rounds.length > storedRounds ||
						(rounds.length === storedRounds && evening.updatedAt > stored.updatedAt);
					if (!newer) {
						result.kept++;
						continue;
					}
					// A draft of a round that the file now holds would be typed into a taken slot.
					const draft = await db.drafts.get(evening.id);
					if (draft && draft.index < rounds.length) await db.drafts.delete(evening.id);
					result.replaced++;
				} else result.added++;
				// Also clears rows left without their evening, so the adds below cannot collide.
				await db.rounds.where('eveningId').equals(evening.id).delete();
				await db.tableEvents
					.where('[eveningId+roundIndex]')
					.between([evening.id, -Infinity], [evening.id, Infinity])
					.delete();
				await db.evenings.put(evening);
				await db.rounds.bulkAdd(rounds);
				if (bundle.tableEvents?.length) await db.tableEvents.bulkAdd(bundle.tableEvents);
				await writeSummary(db, evening, rounds);
				result.rounds += rounds.length;
			}

			for (const player of backup.players) {
				const byId = await db.players.get(player.id);
				const byKey = await db.players.where('key').equals(player.key).first();
				const known = byId ?? byKey;
				if (known) {
					if (player.lastPlayedAt > known.lastPlayedAt) {
						await db.players.update(known.id, { lastPlayedAt: player.lastPlayedAt });
					}
					continue;
				}
				await db.players.add(player);
				result.players++;
			}
		}
	);
	return result;
}

export type ImportOutcome =
	{ ok: true; result: ImportResult } | { ok: false; problem: BackupProblem };

/**
 * A backup file's text, checked and merged: what the Import backup control does. A refused file
 * changes nothing; a database failure while writing (a full disk) rejects, and changes nothing.
 */
export async function importBackupText(
	db: CabooseDb,
	text: string,
	maxBytes = MAX_BACKUP_BYTES
): Promise<ImportOutcome> {
	const parsed = parseBackup(text, maxBytes);
	if (!parsed.ok) return parsed;
	return { ok: true, result: await importBackup(db, parsed.backup) };
}

// Reading a backup file's text: size, depth and JSON first, then the schema, then the checks
// across fields and every round as the scoring core sees it.

import * as v from 'valibot';
import { issuePath, readJson, type Newer } from '$lib/atoms';
import {
	PRESET_IDS,
	TABLE_EVENT_TYPES,
	computeEvening,
	eveningSetup,
	namedKeys,
	nextRoundChecker,
	playerKey,
	validateSetup
} from '$lib/rules';
import type { RoundEntry } from '$lib/rules/types';
import type { TableEvent } from '$lib/rules';
import { BackupSchema, RulesChoiceSchema } from './schema';
import {
	BACKUP_FORMAT,
	BACKUP_FORMAT_VERSION,
	MAX_BACKUP_BYTES,
	MAX_BACKUP_DEPTH,
	type Backup,
	type BackupEvening,
	type BackupProblem,
	type BackupProblemCode,
	type ParsedBackup
} from './types';

function refuse(
	code: BackupProblemCode,
	path?: string,
	detail?: string,
	newer?: Newer
): ParsedBackup {
	const problem: BackupProblem = { code };
	if (path !== undefined) problem.path = path;
	if (detail !== undefined) problem.detail = detail;
	if (newer !== undefined) problem.newer = newer;
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

/**
 * What a newer Caboose may write into a file that this one does not know: a preset, a knob or
 * a table event (asked before the schema, so such a file is refused as a newer one, not as a
 * damaged one).
 */
function unknownToThisVersion(raw: Record<string, unknown>): ParsedBackup | null {
	const knobs = Object.keys(RulesChoiceSchema.entries);
	const evenings = Array.isArray(raw.evenings) ? (raw.evenings as unknown[]) : [];
	for (const [e, bundle] of evenings.entries()) {
		if (!isRecord(bundle)) continue;
		const at = `evenings[${e}]`;
		const rules = isRecord(bundle.evening) ? bundle.evening.rules : undefined;
		if (isRecord(rules)) {
			const unknown = Object.keys(rules).find((k) => !knobs.includes(k));
			if (unknown !== undefined) return newer(`${at}.evening.rules`, `knob ${unknown}`);
			const preset = rules.preset;
			if (typeof preset === 'string' && !(PRESET_IDS as readonly string[]).includes(preset)) {
				return newer(`${at}.evening.rules.preset`, `preset ${preset}`);
			}
		}
		const events = Array.isArray(bundle.tableEvents) ? (bundle.tableEvents as unknown[]) : [];
		for (const [j, row] of events.entries()) {
			const type = isRecord(row) && isRecord(row.event) ? row.event.type : undefined;
			if (typeof type === 'string' && !(TABLE_EVENT_TYPES as string[]).includes(type)) {
				return newer(`${at}.tableEvents[${j}].event.type`, `event ${type}`);
			}
		}
	}
	return null;
}

const newer = (path: string, unknown: string) =>
	refuse('format-version', path, unknown, { unknown });

export { issuePath };

/** Strict JSON text, as a backup or a club's sync batch is read: the value, or why not. */
export type StrictJson = { ok: true; value: unknown } | { ok: false; problem: BackupProblem };

/**
 * Reads JSON text from outside. Refuses, in this order: text over `maxBytes`, nesting deeper than
 * `maxDepth`, text that is not JSON, and a `__proto__`/`constructor`/`prototype` key anywhere.
 */
export function parseStrictJson(text: string, maxBytes: number, maxDepth: number): StrictJson {
	const fail = (code: BackupProblemCode, detail?: string): StrictJson =>
		refuse(code, undefined, detail) as StrictJson;
	if (typeof text !== 'string') return fail('not-json');
	// Every UTF-16 unit is at least one byte, so a long text is refused before it is measured.
	if (text.length > maxBytes || utf8Length(text) > maxBytes) {
		return fail('too-large', String(maxBytes));
	}
	if (nestingDepth(text, maxDepth) > maxDepth) return fail('too-deep');
	const json = readJson(text);
	if (json.ok) return { ok: true, value: json.value };
	return json.forbiddenKey !== null ? fail('forbidden-key', json.forbiddenKey) : fail('not-json');
}

/**
 * Reads a backup file's text. Refuses, in this order: a file over `maxBytes`, nesting far deeper
 * than a backup, text that is not JSON, a `__proto__`/`constructor`/`prototype` key anywhere,
 * another format or version, a preset, knob or table event this version does not know (the
 * last three as `format-version`, with `newer` saying what is newer), any field of the wrong type or range or not in the schema, parts
 * that do not belong together, and any round the scoring core would refuse.
 */
export function parseBackup(text: string, maxBytes = MAX_BACKUP_BYTES): ParsedBackup {
	const json = parseStrictJson(text, maxBytes, MAX_BACKUP_DEPTH);
	if (!json.ok) return json;
	const raw = json.value;

	if (!isRecord(raw) || raw.format !== BACKUP_FORMAT) return refuse('not-a-backup');
	const version = raw.formatVersion;
	if (version !== BACKUP_FORMAT_VERSION) {
		const later = typeof version === 'number' && Number.isSafeInteger(version) && version > 1;
		return refuse(
			'format-version',
			'formatVersion',
			String(version),
			later ? { found: version, reads: BACKUP_FORMAT_VERSION } : undefined
		);
	}
	const unknown = unknownToThisVersion(raw);
	if (unknown) return unknown;

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
		const id = bundle.evening.id;
		if (eveningIds.has(id)) return refuse('inconsistent', `${at}.evening.id`, 'duplicate');
		eveningIds.add(id);
		const problem = checkEvening(bundle, at);
		if (problem) return { ok: false, problem };
	}
	return checkPeople(backup) ?? checkPlayers(backup.players);
}

/**
 * One id is one person: two names (compared as setup compares them) under one id, at the seats
 * or in the list of players, would make one of them vanish into the other.
 */
function checkPeople(backup: Backup): ParsedBackup | null {
	const personOf = new Map<string, string>();
	const samePerson = (id: string, name: string) => {
		const key = playerKey(name);
		if ((personOf.get(id) ?? key) !== key) return false;
		personOf.set(id, key);
		return true;
	};
	for (const [e, { evening }] of backup.evenings.entries()) {
		for (const [s, seat] of evening.players.entries()) {
			if (!samePerson(seat.id, seat.name)) {
				return refuse('inconsistent', `evenings[${e}].evening.players[${s}].id`, 'two names');
			}
		}
	}
	for (const [i, player] of backup.players.entries()) {
		if (!samePerson(player.id, player.name))
			return refuse('inconsistent', `players[${i}].id`, 'two names');
	}
	return null;
}

type Bundle = Backup['evenings'][number];

/**
 * The checks across the fields of one evening that its schema cannot express: seats, names and
 * rules as the setup screen checks them, every round in order as the scoring core sees it, and its
 * live table. Also what a club server checks of each evening a table sends. `at` prefixes the
 * problem's path.
 */
export function checkEvening(bundle: BackupEvening, at: string): BackupProblem | null {
	const refusal =
		checkEveningRow(bundle.evening, at) ?? checkRounds(bundle, at) ?? checkTableEvents(bundle, at);
	return refusal && !refusal.ok ? refusal.problem : null;
}

/** The seats, names, rules, first starter and times of one evening. */
function checkEveningRow(evening: Bundle['evening'], at: string): ParsedBackup | null {
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
	// No order of times is checked: they come from the phone's clock, which can be set back
	// during an evening (then changed before created), and what the app wrote must restore.
	return null;
}

/** Every round in its place, naming only seats, and as the scoring core sees it. */
function checkRounds({ evening, rounds }: Bundle, at: string): ParsedBackup | null {
	const seatIds = evening.players.map((p) => p.id);
	// Every round is checked as played before the evening was ended (if it was).
	const checkNext = nextRoundChecker({ ...eveningSetup(evening), ended: false });
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
		const check = checkNext(round.entry);
		if (check.errors.length > 0) {
			return refuse('round-refused', rat, check.errors[0]!.code);
		}
		entries.push(round.entry);
	}
	try {
		computeEvening(eveningSetup(evening), entries);
	} catch {
		return refuse('round-refused', `${at}.rounds`);
	}
	return null;
}

/** The live table's events: of this evening, of a round it has, naming only its seats, once. */
function checkTableEvents(
	{ evening, rounds, tableEvents }: Bundle,
	at: string
): ParsedBackup | null {
	const seatIds = evening.players.map((p) => p.id);
	const seen = new Set<string>();
	for (const [j, ev] of (tableEvents ?? []).entries()) {
		const eat = `${at}.tableEvents[${j}]`;
		if (ev.eveningId !== evening.id) return refuse('inconsistent', `${eat}.eveningId`);
		// Events belong to a saved round or to the round being played.
		if (ev.roundIndex > rounds.length) return refuse('inconsistent', `${eat}.roundIndex`);
		// Whoever an event names (and every train but a Mexican one) must sit at this table; the
		// schema has checked that it is an event.
		const stranger = namedKeys(ev.event as unknown as TableEvent).find(
			({ key }) => !seatIds.includes(key)
		);
		if (stranger) return refuse('inconsistent', `${eat}.event.${stranger.field}`);
		const k = `${ev.roundIndex}:${ev.seq}`;
		if (seen.has(k)) return refuse('inconsistent', `${eat}.seq`, 'duplicate');
		seen.add(k);
	}
	return null;
}

/** The list of known players: each key is its name's, no id or key twice. */
function checkPlayers(players: Backup['players']): ParsedBackup | null {
	const playerIds = new Set<string>();
	const playerKeys = new Set<string>();
	for (const [i, player] of players.entries()) {
		const at = `players[${i}]`;
		if (player.key !== playerKey(player.name)) return refuse('inconsistent', `${at}.key`);
		if (playerIds.has(player.id)) return refuse('inconsistent', `${at}.id`, 'duplicate');
		if (playerKeys.has(player.key)) return refuse('inconsistent', `${at}.key`, 'duplicate');
		playerIds.add(player.id);
		playerKeys.add(player.key);
	}
	return null;
}

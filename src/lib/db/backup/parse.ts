// Reading a backup file's text: size, depth and JSON first, then the schema, then the checks
// across fields and every round as the scoring core sees it.

import * as v from 'valibot';
import {
	checkRound,
	computeEvening,
	eveningSetup,
	isMexicanTrain,
	playerKey,
	validateSetup
} from '$lib/rules';
import type { RoundEntry } from '$lib/rules/types';
import { BackupSchema } from './schema';
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

/** Keys that could reach an object's prototype if some code ever merged the parsed data. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class ForbiddenKey extends Error {}

function problemOf(code: BackupProblemCode, path?: string, detail?: string): BackupProblem {
	const problem: BackupProblem = { code };
	if (path !== undefined) problem.path = path;
	if (detail !== undefined) problem.detail = detail;
	return problem;
}

function refuse(code: BackupProblemCode, path?: string, detail?: string): ParsedBackup {
	return { ok: false, problem: problemOf(code, path, detail) };
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

/** Where a schema issue is, e.g. `evenings[2].rounds[0].entry.hands`. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
	let out = '';
	for (const item of issue.path ?? []) {
		const key = (item as { key?: unknown }).key;
		if (typeof key === 'number') out += `[${key}]`;
		else out += out === '' ? String(key) : `.${String(key)}`;
	}
	return out;
}

/** Strict JSON text, as a backup or a club's sync batch is read: the value, or why not. */
export type StrictJson = { ok: true; value: unknown } | { ok: false; problem: BackupProblem };

/**
 * Reads JSON text from outside. Refuses, in this order: text over `maxBytes`, nesting deeper than
 * `maxDepth`, text that is not JSON, and a `__proto__`/`constructor`/`prototype` key anywhere.
 */
export function parseStrictJson(text: string, maxBytes: number, maxDepth: number): StrictJson {
	if (typeof text !== 'string') return { ok: false, problem: { code: 'not-json' } };
	// Every UTF-16 unit is at least one byte, so a long text is refused before it is measured.
	if (text.length > maxBytes || utf8Length(text) > maxBytes) {
		return { ok: false, problem: { code: 'too-large', detail: String(maxBytes) } };
	}
	if (nestingDepth(text, maxDepth) > maxDepth) return { ok: false, problem: { code: 'too-deep' } };
	try {
		const value: unknown = JSON.parse(text, (key, value: unknown) => {
			if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey(key);
			return value;
		});
		return { ok: true, value };
	} catch (e) {
		return e instanceof ForbiddenKey
			? { ok: false, problem: { code: 'forbidden-key', detail: e.message } }
			: { ok: false, problem: { code: 'not-json' } };
	}
}

/**
 * Reads a backup file's text. Refuses, in this order: a file over `maxBytes`, nesting far deeper
 * than a backup, text that is not JSON, a `__proto__`/`constructor`/`prototype` key anywhere,
 * another format or version, any field of the wrong type or range or not in the schema, parts
 * that do not belong together, and any round the scoring core would refuse.
 */
export function parseBackup(text: string, maxBytes = MAX_BACKUP_BYTES): ParsedBackup {
	const json = parseStrictJson(text, maxBytes, MAX_BACKUP_DEPTH);
	if (!json.ok) return json;
	const raw = json.value;

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

/**
 * The checks across the fields of one evening that its schema cannot express: seats, names and
 * rules as the setup screen checks them, and every round in order as the scoring core sees it.
 * Also what a club server checks of each evening a table sends. `at` prefixes the problem's path.
 */
export function checkEvening(bundle: BackupEvening, at: string): BackupProblem | null {
	const { evening, rounds } = bundle;
	const seatIds = evening.players.map((p) => p.id);
	if (new Set(seatIds).size !== seatIds.length) {
		return problemOf('inconsistent', `${at}.evening.players`, 'duplicate seat id');
	}
	// Names, player count and every knob, exactly as the setup screen checks them.
	const setupProblems = validateSetup(
		evening.players.map((p) => p.name),
		evening.rules
	);
	if (setupProblems.length > 0) {
		return problemOf('inconsistent', `${at}.evening`, setupProblems[0]!.code);
	}
	if (evening.firstStarter >= seatIds.length) {
		return problemOf('inconsistent', `${at}.evening.firstStarter`);
	}
	if (evening.updatedAt < evening.createdAt) {
		return problemOf('inconsistent', `${at}.evening.updatedAt`);
	}

	// Every round is checked as played before the evening was ended (if it was).
	const setup = { ...eveningSetup(evening), ended: false };
	const entries: RoundEntry[] = [];
	for (const [i, round] of rounds.entries()) {
		const rat = `${at}.rounds[${i}]`;
		if (round.index !== i) return problemOf('inconsistent', `${rat}.index`);
		if (round.eveningId !== evening.id) return problemOf('inconsistent', `${rat}.eveningId`);
		if (round.id !== `${evening.id}:${i}`) return problemOf('inconsistent', `${rat}.id`);
		if (round.starter !== null && round.starter >= seatIds.length) {
			return problemOf('inconsistent', `${rat}.starter`);
		}
		for (const key of Object.keys(round.entry.hands)) {
			if (!seatIds.includes(key)) return problemOf('inconsistent', `${rat}.entry.hands`);
		}
		if (round.entry.out !== null && !seatIds.includes(round.entry.out)) {
			return problemOf('inconsistent', `${rat}.entry.out`);
		}
		const check = checkRound(setup, entries, i, round.entry);
		if (check.errors.length > 0) {
			return problemOf('round-refused', rat, check.errors[0]!.code);
		}
		entries.push(round.entry);
	}
	try {
		computeEvening(eveningSetup(evening), entries);
	} catch {
		return problemOf('round-refused', `${at}.rounds`);
	}

	const seen = new Set<string>();
	for (const [j, ev] of (bundle.tableEvents ?? []).entries()) {
		const eat = `${at}.tableEvents[${j}]`;
		if (ev.eveningId !== evening.id) return problemOf('inconsistent', `${eat}.eveningId`);
		// Events belong to a saved round or to the round being played.
		if (ev.roundIndex > rounds.length) return problemOf('inconsistent', `${eat}.roundIndex`);
		// Whoever an event names must sit at this evening's table.
		const named = ev.event as Record<string, unknown>;
		for (const field of ['player', 'by'] as const) {
			const who = named[field];
			if (typeof who === 'string' && !seatIds.includes(who)) {
				return problemOf('inconsistent', `${eat}.event.${field}`);
			}
		}
		const train = named.train;
		if (typeof train === 'string' && !seatIds.includes(train) && !isMexicanTrain(train)) {
			return problemOf('inconsistent', `${eat}.event.train`);
		}
		const k = `${ev.roundIndex}:${ev.seq}`;
		if (seen.has(k)) return problemOf('inconsistent', `${eat}.seq`, 'duplicate');
		seen.add(k);
	}
	return null;
}

/** The checks across fields that a schema of single values cannot express. */
function checkConsistency(backup: Backup): ParsedBackup | null {
	const eveningIds = new Set<string>();
	for (const [e, bundle] of backup.evenings.entries()) {
		const at = `evenings[${e}]`;
		if (eveningIds.has(bundle.evening.id)) {
			return refuse('inconsistent', `${at}.evening.id`, 'duplicate');
		}
		eveningIds.add(bundle.evening.id);
		const problem = checkEvening(bundle, at);
		if (problem) return { ok: false, problem };
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

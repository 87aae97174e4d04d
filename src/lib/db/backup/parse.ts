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
	type BackupProblem,
	type BackupProblemCode,
	type ParsedBackup
} from './types';

/** Keys that could reach an object's prototype if some code ever merged the parsed data. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

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
		// No order of times is checked: they come from the phone's clock, which can be set back
		// during an evening (then changed before created), and what the app wrote must restore.

		// Every round is checked as played before the evening was ended (if it was).
		const setup = { ...eveningSetup(evening), ended: false };
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
			computeEvening(eveningSetup(evening), entries);
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
			if (typeof train === 'string' && !seatIds.includes(train) && !isMexicanTrain(train)) {
				return refuse('inconsistent', `${eat}.event.train`);
			}
			const k = `${ev.roundIndex}:${ev.seq}`;
			if (seen.has(k)) return refuse('inconsistent', `${eat}.seq`, 'duplicate');
			seen.add(k);
		}
	}

	// One id is one person: two names (compared as setup compares them) under one id would make
	// one of them vanish into the other.
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
	const playerIds = new Set<string>();
	const playerKeys = new Set<string>();
	for (const [i, player] of backup.players.entries()) {
		const at = `players[${i}]`;
		if (player.key !== playerKey(player.name)) return refuse('inconsistent', `${at}.key`);
		if (!samePerson(player.id, player.name)) return refuse('inconsistent', `${at}.id`, 'two names');
		if (playerIds.has(player.id)) return refuse('inconsistent', `${at}.id`, 'duplicate');
		if (playerKeys.has(player.key)) return refuse('inconsistent', `${at}.key`, 'duplicate');
		playerIds.add(player.id);
		playerKeys.add(player.key);
	}
	return null;
}

// Backups: every evening in one JSON file, and the way back in. An import is refused as a whole
// unless every part of the file is sound (shape, ids, names, rules, every round as the scoring
// core sees it), and then written in one transaction, so a bad file never changes anything.
// This file holds the format's constants and types; export.ts writes a backup, schema.ts and
// parse.ts read one, import.ts merges it into the database.

import type { Newer } from '$lib/atoms';
import { MAX_BACKUP_BYTES } from '../backup-limits';
import type { EveningRow, PlayerRow, RoundRow, TableEventRow } from '../database';

export const BACKUP_FORMAT = 'caboose-backup';
export const BACKUP_FORMAT_VERSION = 1;
// Apart (backup-limits.ts), so the Settings screen can know the limit without loading the checks.
export { MAX_BACKUP_BYTES };
/** A backup nests 9 levels deep; a file nesting far deeper is refused before it is parsed. */
export const MAX_BACKUP_DEPTH = 24;

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
	/**
	 * A Caboose backup of a format version this build does not know, or written by a newer
	 * Caboose with a preset, knob or table event this one does not know (`newer` says which).
	 */
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
	/** From a newer Caboose: the format found, or what this version does not know. */
	newer?: Newer;
}

export type ParsedBackup = { ok: true; backup: Backup } | { ok: false; problem: BackupProblem };

// The embedded database's folder (CLUB_DATA): private to its owner, told apart from a folder with
// no club in it, and named in words (with the database behind DATABASE_URL) wherever the server
// and the CLI say which database they use.

import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from './config';

/**
 * The folder and everything in it for its owner alone: folders 0700, files 0600. PGlite writes
 * its first files world-readable (0666) whatever the process's umask, and rewrites a few later:
 * called after each step that writes files. Links are left alone (never followed).
 */
export function makePrivate(dir: string): void {
	chmodSync(dir, 0o700);
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) makePrivate(path);
		else if (!entry.isSymbolicLink() && (lstatSync(path).mode & 0o077) !== 0)
			chmodSync(path, 0o600);
	}
}

/** Whether the folder holds a database (PostgreSQL's PG_VERSION marks a data folder). */
export function hasDatabase(dir: string): boolean {
	return existsSync(join(dir, 'PG_VERSION'));
}

/** The database in words, without a password: "PostgreSQL db.example:5432/club (DATABASE_URL)". */
export function databaseInWords(config: Config): string {
	if (!config.databaseUrl) return `the embedded PostgreSQL (PGlite) in ${resolve(config.dataDir)}`;
	try {
		const url = new URL(config.databaseUrl);
		return `PostgreSQL ${url.hostname || 'local'}:${url.port || '5432'}${url.pathname} (DATABASE_URL)`;
	} catch {
		return 'the PostgreSQL of DATABASE_URL';
	}
}

/** Why the embedded database did not open, and what to do. */
export function openFailureWords(dir: string, error: unknown): string[] {
	const why = error instanceof Error ? error.message : String(error);
	return [
		`The club's data in ${resolve(dir)} could not be opened (${why}).`,
		'Nothing was changed. This happens to a folder that was damaged (a disk fault, or files',
		'written by two servers at once before this version), not to one whose server was killed.',
		'To recover: keep this folder aside, and start from your latest copy of it or from a dump',
		'(docs/club.md, "When the club\'s data does not open"). Every phone still holds its own',
		'evenings: a phone that joins a new club sends them all again.'
	];
}

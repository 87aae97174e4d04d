// `npm run club -- <command>`: the admin's commands from a shell on the server machine. It says
// which database it uses, never opens a folder a running server holds (it asks that server
// through its admin socket instead, or says why it cannot), and never makes a club where there
// is none unless told to (--create): a command run in the wrong folder, or without the
// DATABASE_URL of a server on PostgreSQL, is refused before anything is written.

import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { generate } from 'lean-qr';
import { adminSocketPath, askAdmin, parseAdmin, runAdmin, USAGE, type AdminResult } from './admin';
import { ensureClub, type Club } from './club';
import type { Config } from './config';
import { databaseInWords, hasDatabase, makePrivate, openFailureWords } from './data-folder';
import { openPglite, openPostgres, type Db } from './db';
import { heldBy, lockFolder } from './folder-lock';
import { migrate } from './migrate';

function show(result: AdminResult): void {
	for (const line of result.lines) (result.ok ? console.log : console.error)(line);
	if (result.link) {
		// Two modules per character cell, so the code stays square in a terminal.
		console.log(
			generate(result.link).toString({
				on: '\u001b[40m  \u001b[0m',
				off: '\u001b[47m  \u001b[0m',
				pad: 2
			})
		);
	}
	if (!result.ok) process.exitCode = 1;
}

const refuse = (...lines: string[]) => show({ ok: false, lines });

/** The club of this database, or null when it has none (nothing is created). */
async function existingClub(db: Db): Promise<Club | null> {
	const [found] = await db.query<{ t: string | null }>(`SELECT to_regclass('club')::text AS t`);
	if (!found?.t) return null;
	const [club] = await db.query<Club>(`SELECT id, name, ranking FROM club LIMIT 1`);
	return club ?? null;
}

function noClub(config: Config, why: string): string[] {
	const said = `No club in ${databaseInWords(config)}: ${why}.`;
	if (config.databaseUrl)
		return [
			said,
			'Start the club server on it first (npm run club with this DATABASE_URL), or pass --create to make a new club in it.'
		];
	return [
		said,
		'Run this where the club server runs, with its settings (its CLUB_DATA, or the DATABASE_URL of a server on PostgreSQL),',
		'or start the server first (npm run club), or pass --create to make a new club here.'
	];
}

/**
 * Opens the database (or says in `failure`'s words why it did not open), then runs the command
 * on its club, found or (with --create) made.
 */
async function onDatabase(
	open: () => Promise<Db>,
	failure: (e: unknown) => string[],
	config: Config,
	args: string[],
	create: boolean
): Promise<void> {
	let db: Db;
	try {
		db = await open();
	} catch (e) {
		return refuse(...failure(e));
	}
	try {
		await runOn(db, config, args, create);
	} finally {
		await db.close();
	}
}

async function runOn(db: Db, config: Config, args: string[], create: boolean): Promise<void> {
	let club = await existingClub(db);
	if (!club && !create) return refuse(...noClub(config, 'it holds none yet'));
	await migrate(db);
	club ??= await ensureClub(db, config.clubName);
	show(await runAdmin(db, club, config, args));
}

/** The embedded database: asked of the server that holds the folder, or opened here. */
async function onFolder(config: Config, args: string[], create: boolean): Promise<void> {
	const dir = resolve(config.dataDir);
	if (!existsSync(dir)) {
		if (!create) return refuse(...noClub(config, 'the folder does not exist'));
		mkdirSync(dir, { recursive: true, mode: 0o700 });
	}
	const outcome = await lockFolder(dir, 'cli');
	if (!outcome.held) {
		const { holder } = outcome;
		if (holder?.role !== 'server') return refuse(heldBy(dir, holder));
		const answer = await askAdmin(adminSocketPath(config), args);
		if (!answer)
			return refuse(
				heldBy(dir, holder),
				`It does not answer on its admin socket (${adminSocketPath(config)}) ${holder.url ? 'now' : 'while it starts'}: try again once it says "serving on".`
			);
		console.log(`Asked the club server (pid ${holder.pid}) that serves it.`);
		return show(answer);
	}
	try {
		if (!hasDatabase(dir) && !create)
			return refuse(...noClub(config, 'the folder holds no database'));
		const failure = (e: unknown) => openFailureWords(dir, e);
		await onDatabase(() => openPglite(dir), failure, config, args, create);
	} finally {
		if (hasDatabase(dir)) makePrivate(dir);
		await outcome.lock.release();
	}
}

export async function runCli(config: Config, args: string[]): Promise<void> {
	const cmd = parseAdmin(args);
	if ('error' in cmd) return refuse(cmd.error, ...USAGE);
	console.log(`Club data: ${databaseInWords(config)}.`);
	const create = cmd.options.has('--create');
	if (!config.databaseUrl) return onFolder(config, args, create);
	const url = config.databaseUrl;
	const failure = (e: unknown) => [`${databaseInWords(config)} does not answer (${String(e)}).`];
	await onDatabase(() => openPostgres(url), failure, config, args, create);
}

// `npm run club` (serve): the club server's process. In this order, so that a second server on the
// same folder, or on a port in use, changes nothing of the first's: the folder's lock first (the
// embedded database), then the database, then the port, then the admin socket, and only then
// "serving on". A step that fails undoes those before it and says why in words.

import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { adminSocketPath, listenAdmin, runAdmin } from './admin';
import { createApp } from './app';
import { ChangeHub } from './changes';
import { ensureClub } from './club';
import type { Config } from './config';
import { databaseInWords, makePrivate, openFailureWords } from './data-folder';
import { openDb } from './db';
import { heldBy, lockFolder, type FolderLock } from './folder-lock';
import { migrate } from './migrate';
import { keepStatistics } from './planner-stats';

/** A refusal to start, in words (no stack trace: nothing is wrong with the program). */
class NotStarted extends Error {
	constructor(readonly lines: string[]) {
		super(lines.join('\n'));
	}
}

type Undo = () => Promise<void> | void;
type Fetch = (req: Request, env: HttpBindings | Http2Bindings) => unknown;

/** The folder, made private and held by this process for its life. */
async function holdFolder(dir: string, undo: Undo[]): Promise<FolderLock> {
	// A folder made here is removed again when this start fails before writing in it.
	if (!existsSync(dir)) {
		mkdirSync(dir, { recursive: true, mode: 0o700 });
		undo.push(() => rmdirSync(dir));
	}
	const outcome = await lockFolder(dir, 'server');
	if (!outcome.held)
		throw new NotStarted([
			`Not started: ${heldBy(resolve(dir), outcome.holder)}`,
			'A folder is served by one server at a time. Stop that one first, or give this one a folder of its own (CLUB_DATA).'
		]);
	makePrivate(dir);
	undo.push(() => outcome.lock.release());
	return outcome.lock;
}

/** Listens on the port; refuses in words when it is taken. */
function listenHttp(fetch: Fetch, config: Config): Promise<ReturnType<typeof createAdaptorServer>> {
	const server = createAdaptorServer({ fetch });
	return new Promise((done, fail) => {
		server.once('error', (e: NodeJS.ErrnoException) =>
			fail(
				e.code === 'EADDRINUSE' || e.code === 'EACCES'
					? new NotStarted([
							`Not started: port ${config.port} on ${config.host} is ${e.code === 'EADDRINUSE' ? 'in use (another club server, or another program)' : 'not open to this user'}.`,
							'Stop what uses it, or set PORT to another port.'
						])
					: e
			)
		);
		server.listen(config.port, config.host, () => done(server));
	});
}

async function start(config: Config, undo: Undo[]): Promise<void> {
	const lock = config.databaseUrl ? null : await holdFolder(config.dataDir, undo);
	// The port before the database: a port in use refuses at once, having written nothing.
	// Until the database is open, requests are told to come back (503, as when it is away).
	let serve: Fetch = () => Response.json({ error: 'unavailable' }, { status: 503 });
	// Node's own request goes on to the app (it reads a body from it).
	const server = await listenHttp((req, env) => serve(req, env), config);
	const closeHttp = () => {
		server.close();
		if ('closeAllConnections' in server) server.closeAllConnections();
	};
	undo.push(closeHttp);
	// Longer than a proxy's or a phone's idle keep-alive, so neither reuses a socket closed here.
	if ('keepAliveTimeout' in server) {
		server.keepAliveTimeout = 65_000;
		server.headersTimeout = 66_000;
	}
	const db = await openDb(config.databaseUrl, config.dataDir).catch((e: unknown) => {
		throw new NotStarted(
			config.databaseUrl
				? [`Not started: ${databaseInWords(config)} does not answer (${String(e)}).`]
				: openFailureWords(config.dataDir, e)
		);
	});
	// On the way out, no request is taken any more once the database closes.
	undo.push(() => db.close(), closeHttp);
	await migrate(db);
	// No autovacuum in the embedded database: the server keeps the planner's statistics itself.
	if (db.engine === 'pglite') undo.push(keepStatistics(db));
	const club = await ensureClub(db, config.clubName);
	if (lock) makePrivate(config.dataDir);
	const hub = new ChangeHub();
	await hub.start(db);
	undo.push(() => hub.close());
	serve = createApp({ db, club, hub, appOrigin: config.appOrigin }).fetch;
	if (lock) {
		const admin = await listenAdmin(adminSocketPath(config), (args) =>
			runAdmin(db, club, config, args)
		);
		undo.push(() => void admin.close());
	}
	const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${(server.address() as AddressInfo).port}`;
	lock?.update({ url });
	console.log(`Club "${club.name}" serving on ${url}, data in ${databaseInWords(config)}.`);
	console.log(`Phones reach it as ${config.publicUrl}; join links open ${config.appOrigin}.`);
	console.log('Invite a table:  npm run club -- invite "Table 1"');
	console.log('A wall screen:   npm run club -- invite --viewer "Bar TV"');
}

async function undoAll(undo: Undo[]): Promise<void> {
	for (const step of undo.reverse()) {
		try {
			await step();
		} catch {
			// the next step still runs: a socket already closed, a folder no longer empty
		}
	}
	undo.length = 0;
}

/** Serves until SIGINT or SIGTERM; on a refusal to start, says why and exits 1. */
export async function serveClub(config: Config): Promise<void> {
	const undo: Undo[] = [];
	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		await undoAll(undo);
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
	try {
		await start(config, undo);
	} catch (e) {
		await undoAll(undo);
		if (!(e instanceof NotStarted)) throw e;
		for (const line of e.lines) console.error(line);
		process.exit(1);
	}
}

// `npm run club -- <command>`: serve (the default) or one of the admin's commands (admin.ts).

import { serve } from '@hono/node-server';
import { mkdirSync } from 'node:fs';
import { generate } from 'lean-qr';
import { adminSocketPath, askAdmin, listenAdmin, runAdmin, type AdminResult } from './admin';
import { createApp } from './app';
import { ChangeHub } from './changes';
import { ensureClub } from './club';
import { readConfig, type Config } from './config';
import { openDb, type Db } from './db';
import { migrate } from './migrate';

async function open(
	config: Config
): Promise<{ db: Db; club: Awaited<ReturnType<typeof ensureClub>> }> {
	if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
	const db = await openDb(config.databaseUrl, config.dataDir);
	await migrate(db);
	return { db, club: await ensureClub(db, config.clubName) };
}

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

async function admin(config: Config, args: string[]): Promise<void> {
	if (!config.databaseUrl) {
		const answer = await askAdmin(adminSocketPath(config), args);
		if (answer) return show(answer);
	}
	const { db, club } = await open(config);
	try {
		show(await runAdmin(db, club, config, args));
	} finally {
		await db.close();
	}
}

async function serveClub(config: Config): Promise<void> {
	const { db, club } = await open(config);
	const hub = new ChangeHub();
	await hub.start(db);
	const app = createApp({ db, club, hub, appOrigin: config.appOrigin });
	const adminServer = config.databaseUrl
		? null
		: listenAdmin(adminSocketPath(config), (args) => runAdmin(db, club, config, args));
	const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
		const where = config.databaseUrl
			? 'PostgreSQL (DATABASE_URL)'
			: `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
		console.log(
			`Club "${club.name}" serving on http://${config.host}:${info.port}, data in ${where}.`
		);
		console.log(`Phones reach it as ${config.publicUrl}; join links open ${config.appOrigin}.`);
		console.log('Invite a table:  npm run club -- invite "Table 1"');
		console.log('A wall screen:   npm run club -- invite --viewer "Bar TV"');
	});
	// Longer than a proxy's or a phone's idle keep-alive, so neither reuses a socket closed here.
	if ('keepAliveTimeout' in server) {
		server.keepAliveTimeout = 65_000;
		server.headersTimeout = 66_000;
	}
	let closing = false;
	const stop = async () => {
		if (closing) return;
		closing = true;
		adminServer?.close();
		await hub.close();
		server.close();
		if ('closeAllConnections' in server) server.closeAllConnections();
		await db.close();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
}

const args = process.argv.slice(2);
const config = readConfig();
if (args.length === 0 || args[0] === 'serve') await serveClub(config);
else await admin(config, args);

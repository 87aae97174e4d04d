// The admin's commands (invite, revoke, tables, ranking), run by the CLI on the server machine.
// With the embedded database, a running server holds its folder; the CLI then asks that server
// through a Unix socket in the folder (only the folder's owner can reach it), never the network.

import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { CLUB_RANKINGS, joinLink, type ClubRanking } from '../../src/lib/club/protocol';
import {
	invite,
	listTables,
	revoke,
	setRanking,
	TableNameTaken,
	TableNotFound,
	type Club
} from './club';
import type { Config } from './config';
import type { Db } from './db';

export interface AdminResult {
	ok: boolean;
	lines: string[];
	/** A join link to show as a QR code too. */
	link?: string;
}

const USAGE = [
	'Usage: npm run club -- [serve]',
	'       npm run club -- invite [--viewer] "<table name>"',
	'       npm run club -- revoke "<table name>"',
	'       npm run club -- tables',
	`       npm run club -- ranking ${CLUB_RANKINGS.join('|')}`
];

const when = (ms: number | null) => (ms === null ? 'never' : new Date(ms).toISOString());

export async function runAdmin(
	db: Db,
	club: Club,
	config: Config,
	args: string[]
): Promise<AdminResult> {
	const [command, ...rest] = args;
	const viewer = rest.includes('--viewer');
	const name = rest
		.filter((a) => a !== '--viewer')
		.join(' ')
		.trim();
	try {
		switch (command) {
			case 'invite': {
				if (!name || name.length > 60)
					return { ok: false, lines: ['A table needs a name (up to 60 characters).', ...USAGE] };
				const token = await invite(db, club, name, viewer ? 'viewer' : 'table');
				const link = joinLink(config.appOrigin, config.publicUrl, token, viewer);
				return {
					ok: true,
					link,
					lines: [
						`${viewer ? 'Viewer' : 'Table'} "${name}" of ${club.name}: open this link on its ${viewer ? 'screen' : 'phone'}.`,
						`Join link: ${link}`
					]
				};
			}
			case 'revoke':
				if (!name) return { ok: false, lines: USAGE };
				await revoke(db, club, name);
				return {
					ok: true,
					lines: [`"${name}" can no longer reach ${club.name}. Its evenings stay stored.`]
				};
			case 'tables': {
				const rows = await listTables(db, club);
				if (rows.length === 0)
					return {
						ok: true,
						lines: ['No tables yet. Invite one: npm run club -- invite "Table 1"']
					};
				return {
					ok: true,
					lines: rows.map(
						(t) =>
							`${t.name}\t${t.role}\t${t.revokedAt === null ? 'active' : `revoked ${when(t.revokedAt)}`}\tlast heard ${when(t.lastHeardAt)}`
					)
				};
			}
			case 'ranking': {
				const rule = rest[0] as ClubRanking;
				if (!CLUB_RANKINGS.includes(rule)) return { ok: false, lines: USAGE };
				await setRanking(db, club, rule);
				return { ok: true, lines: [`${club.name} now ranks by ${rule}.`] };
			}
			default:
				return { ok: false, lines: USAGE };
		}
	} catch (e) {
		if (e instanceof TableNameTaken)
			return {
				ok: false,
				lines: [`"${name}" is already a table of ${club.name}; revoke it first to invite it again.`]
			};
		if (e instanceof TableNotFound)
			return { ok: false, lines: [`No active table "${name}" in ${club.name}.`] };
		throw e;
	}
}

export function adminSocketPath(config: Config): string {
	return join(config.dataDir, 'admin.sock');
}

/** The running server's end of the admin socket (embedded database only). */
export function listenAdmin(
	path: string,
	handle: (args: string[]) => Promise<AdminResult>
): Server {
	if (existsSync(path)) rmSync(path);
	const server = createServer((socket) => {
		let text = '';
		socket.setEncoding('utf8');
		socket.on('data', (chunk: string) => {
			text += chunk;
			if (!text.includes('\n') || text.length > 10_000) return;
			let args: unknown;
			try {
				args = JSON.parse(text.slice(0, text.indexOf('\n')));
			} catch {
				socket.end();
				return;
			}
			if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
				return void socket.end();
			handle(args).then(
				(r) => socket.end(JSON.stringify(r) + '\n'),
				(e) => socket.end(JSON.stringify({ ok: false, lines: [String(e)] }) + '\n')
			);
		});
		socket.on('error', () => {});
	});
	server.listen(path, () => chmodSync(path, 0o600));
	return server;
}

/** Asks the running server; null when none answers on the socket. */
export function askAdmin(path: string, args: string[]): Promise<AdminResult | null> {
	if (!existsSync(path)) return Promise.resolve(null);
	return new Promise((resolve) => {
		const socket = createConnection(path);
		let text = '';
		socket.setEncoding('utf8');
		socket.on('connect', () => socket.write(JSON.stringify(args) + '\n'));
		socket.on('data', (chunk: string) => (text += chunk));
		socket.on('error', () => resolve(null));
		socket.on('end', () => {
			try {
				resolve(JSON.parse(text) as AdminResult);
			} catch {
				resolve(null);
			}
		});
	});
}

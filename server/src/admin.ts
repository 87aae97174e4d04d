// The admin's commands (invite, revoke, tables, ranking, evenings, remove-evening), run by the CLI
// on the server machine. With the embedded database, a running server holds its folder; the CLI
// then asks that server through a Unix socket in the folder (only the folder's owner can reach
// it), never the network.

import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import {
	CLUB_RANKINGS,
	joinLink,
	type ClubRanking,
	type ClubRole
} from '../../src/lib/club/protocol';
import {
	invite,
	listTables,
	revoke,
	setRanking,
	TableNameTaken,
	TableNotFound,
	type Club
} from './club';
import {
	eveningsById,
	eveningsOfTable,
	removeEvening,
	tableExists,
	type StoredEvening
} from './club-evenings';
import type { Config } from './config';
import type { Db } from './db';

export interface AdminResult {
	ok: boolean;
	lines: string[];
	/** A join link to show as a QR code too. */
	link?: string;
}

export const USAGE = [
	'Usage: npm run club -- [serve]',
	'       npm run club -- invite [--viewer] "<table name>"',
	'       npm run club -- invite --organiser "<organiser\'s name>"',
	'       npm run club -- revoke "<table name>"',
	'       npm run club -- tables',
	`       npm run club -- ranking ${CLUB_RANKINGS.join('|')}`,
	'       npm run club -- evenings "<table name>"',
	'       npm run club -- remove-evening <evening id> [--yes]',
	'Any of these but serve also takes --create: make a new club where there is none.'
];

/** Each command's own options; `--create` is the CLI's, taken by every command. */
const COMMANDS: Record<string, readonly string[]> = {
	invite: ['--viewer', '--organiser'],
	revoke: [],
	tables: [],
	ranking: [],
	evenings: [],
	'remove-evening': ['--yes']
};

export interface AdminCommand {
	command: string;
	/** The words after the command that are not options, joined by a space. */
	operand: string;
	options: Set<string>;
}

/** A command line read strictly: an unknown command or option is refused (never part of a name). */
export function parseAdmin(args: string[]): AdminCommand | { error: string } {
	const [command = '', ...rest] = args;
	const allowed = COMMANDS[command];
	if (!allowed) return { error: command ? `Unknown command "${command}".` : 'No command.' };
	const options = new Set<string>();
	const words: string[] = [];
	let onlyWords = false;
	for (const arg of rest) {
		if (onlyWords || !arg.startsWith('-') || arg === '-') words.push(arg);
		else if (arg === '--') onlyWords = true;
		else if (allowed.includes(arg) || arg === '--create') options.add(arg);
		else return { error: `Unknown option "${arg}" for ${command}.` };
	}
	return { command, operand: words.join(' ').trim(), options };
}

const refusal = (...lines: string[]): AdminResult => ({ ok: false, lines });

/** A time in the server's zone, to the minute: 2026-11-27 20:15. */
function when(ms: number | null): string {
	if (ms === null) return 'never';
	const d = new Date(ms);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

const rounds = (n: number) => `${n} round${n === 1 ? '' : 's'}`;
const described = (e: StoredEvening) =>
	`started ${when(e.createdAt)} (${e.players.join(', ')}; ${rounds(e.rounds)}${e.over ? ', over' : ''})`;

/** What each role's link opens, in the CLI's words. */
const INVITED = {
	table: { who: 'Table', where: 'its phone' },
	viewer: { who: 'Viewer', where: 'its screen' },
	organiser: { who: 'Organiser', where: "the organiser's phone" }
} as const;

async function inviteTable(db: Db, club: Club, config: Config, cmd: AdminCommand) {
	const name = cmd.operand;
	if (!name || name.length > 60)
		return refusal('A table needs a name (up to 60 characters).', ...USAGE);
	if (cmd.options.has('--viewer') && cmd.options.has('--organiser'))
		return refusal("A link is a viewer's or an organiser's, not both.", ...USAGE);
	const role: ClubRole = cmd.options.has('--viewer')
		? 'viewer'
		: cmd.options.has('--organiser')
			? 'organiser'
			: 'table';
	const token = await invite(db, club, name, role);
	const link = joinLink(config.appOrigin, config.publicUrl, token, role === 'viewer');
	const { who, where } = INVITED[role];
	return {
		ok: true,
		link,
		lines: [`${who} "${name}" of ${club.name}: open this link on ${where}.`, `Join link: ${link}`]
	};
}

async function listTablesOf(db: Db, club: Club): Promise<AdminResult> {
	const rows = await listTables(db, club);
	if (rows.length === 0)
		return { ok: true, lines: ['No tables yet. Invite one: npm run club -- invite "Table 1"'] };
	return {
		ok: true,
		lines: rows.map(
			(t) =>
				`${t.name}\t${t.role}\t${t.revokedAt === null ? 'active' : `revoked ${when(t.revokedAt)}`}\tlast heard ${when(t.lastHeardAt)}`
		)
	};
}

async function listEvenings(db: Db, club: Club, table: string): Promise<AdminResult> {
	if (!table) return refusal('Which table? npm run club -- evenings "<table name>"');
	if (!(await tableExists(db, club, table))) return refusal(`No table "${table}" in ${club.name}.`);
	const evenings = await eveningsOfTable(db, club, table);
	if (evenings.length === 0)
		return { ok: true, lines: [`${club.name} holds no evening of "${table}".`] };
	return {
		ok: true,
		lines: [
			`${club.name} holds ${evenings.length === 1 ? '1 evening' : `${evenings.length} evenings`} of "${table}", newest first:`,
			...evenings.map((e) => `${e.id}  ${described(e)}`),
			'To take one out of the club: npm run club -- remove-evening <evening id>'
		]
	};
}

async function removeOne(db: Db, club: Club, cmd: AdminCommand): Promise<AdminResult> {
	const prefix = cmd.operand;
	if (prefix.length < 8)
		return refusal(
			'Which evening? Give its id (at least its first 8 characters), as `evenings "<table name>"` lists it.'
		);
	const found = await eveningsById(db, club, prefix);
	if (found.length === 0) return refusal(`${club.name} holds no evening ${prefix}.`);
	if (found.length > 1)
		return refusal(`More than one evening starts with ${prefix}: give more of its id.`);
	const e = found[0]!;
	if (!cmd.options.has('--yes'))
		return {
			ok: true,
			lines: [
				`The evening of "${e.table}" ${described(e)}.`,
				"Removing it takes it out of the club's standings for good; phones keep their own copy.",
				`To remove it: npm run club -- remove-evening ${e.id} --yes`
			]
		};
	if (!(await removeEvening(db, club, e.id)))
		return refusal(`${club.name} holds no evening ${prefix}.`);
	return {
		ok: true,
		lines: [
			`Removed from ${club.name}: the evening of "${e.table}" ${described(e)}.`,
			'A phone that still holds it and sends it again brings it back.'
		]
	};
}

export async function runAdmin(
	db: Db,
	club: Club,
	config: Config,
	args: string[]
): Promise<AdminResult> {
	const cmd = parseAdmin(args);
	if ('error' in cmd) return refusal(cmd.error, ...USAGE);
	const name = cmd.operand;
	try {
		switch (cmd.command) {
			case 'invite':
				return await inviteTable(db, club, config, cmd);
			case 'revoke':
				if (!name) return refusal('Which table?', ...USAGE);
				await revoke(db, club, name);
				return {
					ok: true,
					lines: [`"${name}" can no longer reach ${club.name}. Its evenings stay stored.`]
				};
			case 'tables':
				return await listTablesOf(db, club);
			case 'ranking': {
				const rule = name as ClubRanking;
				if (!CLUB_RANKINGS.includes(rule))
					return refusal(`Rank by ${CLUB_RANKINGS.join(' or ')}.`, ...USAGE);
				await setRanking(db, club, rule);
				return { ok: true, lines: [`${club.name} now ranks by ${rule}.`] };
			}
			case 'evenings':
				return await listEvenings(db, club, name);
			default:
				return await removeOne(db, club, cmd);
		}
	} catch (e) {
		if (e instanceof TableNameTaken)
			return refusal(
				`"${name}" is already a table of ${club.name}; revoke it first to invite it again.`
			);
		if (e instanceof TableNotFound) return refusal(`No active table "${name}" in ${club.name}.`);
		throw e;
	}
}

export function adminSocketPath(config: Config): string {
	return join(config.dataDir, 'admin.sock');
}

/**
 * The running server's end of the admin socket (embedded database only). Only the holder of the
 * folder's lock calls it, so a socket file found there is a dead process's, and is replaced.
 */
export function listenAdmin(
	path: string,
	handle: (args: string[]) => Promise<AdminResult>
): Promise<Server> {
	rmSync(path, { force: true });
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
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(path, () => {
			chmodSync(path, 0o600);
			resolve(server);
		});
	});
}

/** Asks the running server; null when none answers on the socket. */
export function askAdmin(path: string, args: string[]): Promise<AdminResult | null> {
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

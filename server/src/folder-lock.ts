// One folder, one process. The embedded database's folder is held for the life of the process
// that opens it (the server, or the CLI when no server runs), by a listening Unix socket: on
// Linux in the abstract namespace, under a name made of the folder's device and inode, so every
// path to the folder (a symlink, a bind mount) names the same lock. The kernel frees the name when
// the process ends, however it ends (a SIGKILL too), and of two processes binding it at the same
// instant exactly one succeeds: nothing is left behind to clean up, and nothing is ever unlinked.
// Elsewhere (no abstract namespace) the socket is a file in the folder; a file left by a dead
// process is found by a failed connect and replaced, which two processes starting at the same
// instant after a crash could both do (docs/club.md says so).
// The socket answers who holds the folder, so a process refused can name it.

import { statSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export interface Holder {
	pid: number;
	/** What holds it: the club server, or one of the CLI's commands. */
	role: 'server' | 'cli';
	/** When it took the folder (ms). */
	since: number;
	/** The server's address, once it listens. */
	url?: string;
}

export type LockOutcome =
	{ held: true; lock: FolderLock } | { held: false; holder: Holder | null; address: string };

/** The folder's lock: its address (abstract, or a file in it on other systems). */
export function lockAddress(dir: string, abstract = process.platform === 'linux'): string {
	if (!abstract) return join(dir, 'lock.sock');
	const { dev, ino } = statSync(dir);
	return `\0caboose-club-data:${dev}:${ino}`;
}

export class FolderLock {
	constructor(
		private readonly server: Server,
		private holder: Holder
	) {}

	/** Tells later askers more (the server's address once it listens). */
	update(more: Partial<Holder>): void {
		this.holder = { ...this.holder, ...more };
	}

	get info(): Holder {
		return this.holder;
	}

	release(): Promise<void> {
		return new Promise((resolve) => this.server.close(() => resolve()));
	}
}

function listen(address: string, answer: () => Holder): Promise<Server | 'in-use'> {
	return new Promise((resolve, reject) => {
		const server = createServer((socket) => {
			socket.on('error', () => {});
			socket.end(JSON.stringify(answer()) + '\n');
		});
		server.once('error', (e: NodeJS.ErrnoException) =>
			e.code === 'EADDRINUSE' ? resolve('in-use') : reject(e)
		);
		server.listen(address, () => {
			// The lock never keeps a process alive by itself.
			server.unref();
			resolve(server);
		});
	});
}

/**
 * Who holds the lock at `address`: what it says, `null` when it says nothing (or nothing
 * sensible) within `waitMs`, and `'nobody'` when nothing listens there.
 */
export function askHolder(address: string, waitMs = 5000): Promise<Holder | null | 'nobody'> {
	return new Promise((resolve) => {
		const socket = createConnection(address);
		let text = '';
		const timer = setTimeout(() => {
			socket.destroy();
			resolve(null);
		}, waitMs);
		const done = (value: Holder | null | 'nobody') => {
			clearTimeout(timer);
			resolve(value);
		};
		socket.setEncoding('utf8');
		socket.on('data', (chunk: string) => {
			text += chunk;
			if (text.length > 4096) socket.destroy();
		});
		socket.on('error', (e: NodeJS.ErrnoException) =>
			done(e.code === 'ECONNREFUSED' || e.code === 'ENOENT' ? 'nobody' : null)
		);
		socket.on('close', () => done(readHolder(text)));
	});
}

function readHolder(text: string): Holder | null {
	try {
		const h = JSON.parse(text) as Partial<Holder>;
		if (typeof h.pid !== 'number' || typeof h.since !== 'number') return null;
		if (h.role !== 'server' && h.role !== 'cli') return null;
		return {
			pid: h.pid,
			role: h.role,
			since: h.since,
			url: typeof h.url === 'string' ? h.url : undefined
		};
	} catch {
		return null;
	}
}

/**
 * Takes `dir` (which must exist) for this process as `role`, or says who holds it. Held until
 * released, or until the process ends.
 */
export async function lockFolder(
	dir: string,
	role: Holder['role'],
	address = lockAddress(dir)
): Promise<LockOutcome> {
	let holder: Holder = { pid: process.pid, role, since: Date.now() };
	let lock: FolderLock | null = null;
	const answer = () => lock?.info ?? holder;
	let server = await listen(address, answer);
	if (server === 'in-use' && !address.startsWith('\0')) {
		// A socket file: a live holder answers; a dead one's file is replaced.
		const other = await askHolder(address);
		if (other !== 'nobody') return { held: false, holder: other, address };
		unlinkSync(address);
		holder = { ...holder, since: Date.now() };
		server = await listen(address, answer);
	}
	if (server === 'in-use') {
		const other = await askHolder(address);
		return { held: false, holder: other === 'nobody' ? null : other, address };
	}
	lock = new FolderLock(server, holder);
	return { held: true, lock };
}

/** A refusal in words: who holds the folder, since when, where it serves. */
export function heldBy(dir: string, holder: Holder | null): string {
	if (!holder) return `${dir} is in use by another process (it did not say which).`;
	const since = new Date(holder.since).toISOString();
	if (holder.role === 'cli')
		return `${dir} is in use by a club command (pid ${holder.pid}, since ${since}); try again when it has finished.`;
	const where = holder.url ? `serving on ${holder.url}` : 'starting';
	return `${dir} is held by the club server (pid ${holder.pid}, ${where}, since ${since}).`;
}

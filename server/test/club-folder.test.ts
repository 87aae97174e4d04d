// One folder, one server (the embedded database, real processes): a second server on the same
// folder, or on the same port, refuses and changes nothing of the first's (its admin socket
// included); the CLI asks the running server, or says why it cannot; the folder and its files
// are private; a server killed mid-write starts again with every evening it confirmed; a folder
// that does not open is said in words, with the way to recover.

import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	rmSync,
	statSync,
	writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJoinFragment } from '../../src/lib/club/protocol';
import { runClub } from './cli-process';
import { APP_ORIGIN, call, ENGINE, evening, push, put } from './helpers';
import { startServer, type ServerProcess } from './processes';

/** Every folder and file under `dir` with its mode, where it is not its owner's alone. */
function notPrivate(dir: string): string[] {
	const open: string[] = [];
	const walk = (path: string) => {
		const stat = statSync(path);
		if ((stat.mode & 0o077) !== 0) open.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
		if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
	};
	walk(dir);
	return open;
}

const tokenOf = (stdout: string) =>
	readJoinFragment(new URL(/^Join link: (\S+)$/m.exec(stdout)![1]!).hash)!.token;

describe.skipIf(ENGINE === 'postgres')('one folder, one server', () => {
	// Made in beforeAll: a suite skipped (on PostgreSQL) is still collected, and its afterAll never
	// runs, so a folder made here was left in /tmp by every PostgreSQL run.
	let root = '';
	let dir = '';
	let env: Record<string, string> = {};
	let first: ServerProcess | null = null;
	// Every server started, stopped at the end even when a test fails midway.
	const servers: ServerProcess[] = [];
	const serve = async () => {
		first = await startServer({ CLUB_DATA: dir });
		servers.push(first);
	};
	let token = '';

	beforeAll(async () => {
		root = mkdtempSync(join(tmpdir(), 'club-folder-'));
		dir = join(root, 'club-data');
		env = { CLUB_DATA: dir, HOST: '127.0.0.1', APP_ORIGIN };
		// A folder made by hand, open to all, as an organiser's umask leaves it.
		mkdirSync(dir, { mode: 0o755 });
		chmodSync(dir, 0o755);
		await serve();
	}, 120_000);
	afterAll(async () => {
		for (const server of servers) await server.kill('SIGTERM');
		if (root) rmSync(root, { recursive: true, force: true });
	});

	it('a second server on the folder or on the port refuses, naming the first; the first keeps its admin socket', async () => {
		const port = new URL(first!.url).port;
		const pid = first!.child.pid;
		// `npm run club` twice: the same folder, the same port.
		const twice = await runClub([], { ...env, PORT: port });
		expect(twice.code).toBe(1);
		expect(twice.stderr).toContain(
			`is held by the club server (pid ${pid}, serving on ${first!.url}, since 20`
		);
		// Another folder on the same port: refused before its folder holds anything.
		const elsewhere = join(root, 'elsewhere');
		const port2 = await runClub([], { ...env, CLUB_DATA: elsewhere, PORT: port });
		expect(port2.code).toBe(1);
		expect(port2.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
		expect(existsSync(elsewhere)).toBe(false);
		// The CLI asks the running server, whose socket is still its own.
		const invited = await runClub(['invite', 'Table 1'], env);
		expect(invited.stderr).toBe('');
		expect(invited.stdout).toContain(`Asked the club server (pid ${pid})`);
		token = tokenOf(invited.stdout);
		expect((await call(first!.url, '/v1/me', token)).status).toBe(200);
	}, 120_000);

	it('the folder and every file in it are private to their owner', () => {
		expect(notPrivate(dir)).toEqual([]);
	});

	it('killed mid-write, it starts again with every evening it confirmed; the folder made private again', async () => {
		const confirmed: string[] = [];
		let killing: Promise<void> | null = null;
		// Three phones' worth of evenings at once, until the server is killed under them.
		const phone = async () => {
			while (!killing) {
				const ev = evening(['Ann', 'Bo', 'Cy'], 3);
				const reply = await push(first!.url, token, [put(ev, 4)]).catch(() => null);
				if (reply?.status !== 200) return;
				confirmed.push(ev.evening.id);
				if (confirmed.length === 15) killing = first!.kill('SIGKILL');
			}
		};
		await Promise.all([phone(), phone(), phone()]);
		await killing;
		// Opened to all meanwhile (a copy, a restore): made private again at start.
		chmodSync(dir, 0o755);
		chmodSync(join(dir, 'PG_VERSION'), 0o644);
		await serve();
		expect(notPrivate(dir)).toEqual([]);
		const listed = await runClub(['evenings', 'Table 1'], env);
		for (const id of confirmed) expect(listed.stdout).toContain(id);
	}, 180_000);

	it('the CLI never opens a folder its server holds: without the admin socket it says why', async () => {
		rmSync(join(dir, 'admin.sock'));
		const asked = await runClub(['tables'], env);
		expect(asked.code).toBe(1);
		expect(asked.stderr).toContain(`is held by the club server (pid ${first!.child.pid}`);
		expect(asked.stderr).toContain('does not answer on its admin socket');
		expect(existsSync(join(dir, 'admin.sock'))).toBe(false);
		expect((await call(first!.url, '/v1/me', token)).status).toBe(200);
	}, 60_000);

	it('a folder that does not open: it says what happened and how to recover, and holds nothing', async () => {
		const broken = join(root, 'broken');
		mkdirSync(broken);
		writeFileSync(join(broken, 'PG_VERSION'), '18\n');
		const ran = await runClub([], { ...env, CLUB_DATA: broken, PORT: '0' });
		expect(ran.code).toBe(1);
		expect(ran.stderr).toContain(`The club's data in ${broken} could not be opened`);
		expect(ran.stderr).toContain('docs/club.md');
		expect(ran.stderr).not.toMatch(/^\s+at /m);
		expect(existsSync(join(broken, 'admin.sock'))).toBe(false);
	}, 60_000);
});

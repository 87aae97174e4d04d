// The README's commands together, as a newcomer runs them on a fresh clone with no setting:
// `npm start` (the app at http://127.0.0.1:4173), `npm run club` and
// `npm run club -- invite "Table 1"`; the printed link joins a phone, which the club hears from.
//
// The fresh clone is a new folder of links to this checkout's files (no club-data, none of the
// developer's settings in the environment), and the commands are run there through npm, as typed.
// Its package.json is this one's but for `build`, which stands for the build this end-to-end run
// has just made (linked as build/): `npm start` still runs `npm run build && …serve…` as written,
// without a second production build of about a minute. Every process is started in a process
// group of its own and the whole group is stopped at the end, pass or fail.
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import {
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APP = 'http://127.0.0.1:4173';
const CLUB = 'http://127.0.0.1:8787';
const REPO = process.cwd();
const SETTINGS = [
	'PORT',
	'HOST',
	'APP_ORIGIN',
	'CLUB_DATA',
	'DATABASE_URL',
	'CLUB_NAME',
	'PUBLIC_URL'
];

test.describe.configure({ mode: 'serial' });

let clone = '';
const started: ChildProcess[] = [];

/** A folder that looks like a fresh clone of this checkout, with the e2e run's build in it. */
function freshClone(): string {
	const dir = mkdtempSync(join(tmpdir(), 'caboose-readme-'));
	for (const name of readdirSync(REPO)) {
		if (['club-data', 'package.json', '.git', 'test-results'].includes(name)) continue;
		symlinkSync(join(REPO, name), join(dir, name));
	}
	const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
	pkg.scripts.build = 'echo "(the build this end-to-end run made)"';
	writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, '\t'));
	return dir;
}

function environment(): NodeJS.ProcessEnv {
	const env = { ...process.env };
	for (const key of SETTINGS) delete env[key];
	return env;
}

/** `npm <args>` in the clone, in a process group of its own (stopped at the end). */
function npm(args: string[]): { child: ChildProcess; output: () => string } {
	const child = spawn('npm', args, {
		cwd: clone,
		env: environment(),
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe']
	});
	started.push(child);
	let text = '';
	child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
	child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
	return { child, output: () => text };
}

/** Starts a command that serves; resolves once `ready` is in its output. */
async function serving(args: string[], ready: RegExp): Promise<() => string> {
	const { child, output } = npm(args);
	const ended = new Promise<never>((_, reject) =>
		child.once('exit', (code) =>
			reject(new Error(`npm ${args.join(' ')} ended (${code}):\n${output()}`))
		)
	);
	await Promise.race([
		expect.poll(() => ready.test(output()), { timeout: 150_000 }).toBe(true),
		ended
	]);
	return output;
}

/** Runs a command to its end; its output. */
async function ran(args: string[]): Promise<string> {
	const { child, output } = npm(args);
	await new Promise((resolve) => child.once('close', resolve));
	return output();
}

function portFree(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const probe = createServer();
		probe.once('error', () => resolve(false));
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
	});
}

/** Stops a process group: SIGTERM, then SIGKILL if it is still there once its leader has gone. */
async function stopGroup(child: ChildProcess): Promise<void> {
	if (child.pid === undefined) return;
	const alive = () => {
		try {
			process.kill(-child.pid!, 0);
			return true;
		} catch {
			return false;
		}
	};
	if (!alive()) return;
	const gone =
		child.exitCode === null && child.signalCode === null
			? new Promise((r) => child.once('exit', r))
			: null;
	process.kill(-child.pid, 'SIGTERM');
	await gone;
	await expect
		.poll(alive, { timeout: 15_000 })
		.toBe(false)
		.catch(() => process.kill(-child.pid!, 'SIGKILL'));
}

test.beforeAll(async () => {
	for (const port of [4173, 8787])
		if (!(await portFree(port)))
			throw new Error(
				`Port ${port} is in use: this test runs the README's commands, which use it. Stop what listens there.`
			);
	clone = freshClone();
});

test.afterAll(async () => {
	for (const child of started.reverse()) await stopGroup(child);
	if (clone) rmSync(clone, { recursive: true, force: true });
});

test('npm start, npm run club and its invite: the printed link joins a phone', async ({
	browser
}) => {
	// A new club's database is made at its first start (PGlite: over 90 s here at a load of 30).
	test.setTimeout(240_000);
	await serving(['start'], /Caboose is served at http:\/\/127\.0\.0\.1:4173\//);
	const club = await serving(['run', 'club'], /serving on http:\/\/127\.0\.0\.1:8787/);
	expect(club()).toContain(`join links open ${APP}`);

	const invited = await ran(['run', 'club', '--', 'invite', 'Table 1']);
	const link = /^Join link: (\S+)$/m.exec(invited)?.[1];
	expect(link, invited).toBeDefined();
	expect(link!.startsWith(`${APP}/club#server=${encodeURIComponent(CLUB)}&token=`)).toBe(true);

	const context = await browser.newContext({ baseURL: APP });
	const page = await context.newPage();
	await page.goto(link!);
	await expect(page.getByText('Join Domino club as Table 1?', { exact: true })).toBeVisible();
	await page.getByRole('button', { name: 'Join club', exact: true }).click();
	await expect(page.getByRole('link', { name: 'Club standings', exact: true })).toBeVisible();
	await context.close();

	// The club heard from the phone, as its CLI says; and the server refused no origin.
	const tables = await ran(['run', 'club', '--', 'tables']);
	expect(tables).toMatch(/^Table 1\ttable\tactive\tlast heard \d{4}-\d\d-\d\d \d\d:\d\d$/m);
	expect(club()).not.toContain('Refused a request');
});

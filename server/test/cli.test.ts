// The CLI as an organiser runs it (a real process): it says which database it uses, refuses a
// place with no club in it unless told --create (a command run in the wrong folder, or without
// the DATABASE_URL of a server on PostgreSQL, writes nothing), and refuses an unknown option with
// the usage.

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runClub } from './cli-process';
import { ENGINE, freshDb } from './helpers';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
	for (const c of cleanups.reverse()) await c();
});

function emptyFolder(): string {
	const dir = mkdtempSync(join(tmpdir(), 'club-cli-'));
	cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
	return dir;
}

describe.skipIf(ENGINE === 'postgres')('the CLI on the embedded database', () => {
	it('without DATABASE_URL and no ./club-data: says so, and makes nothing', async () => {
		const cwd = emptyFolder();
		const ran = await runClub(['invite', 'Table 1'], {}, cwd);
		expect(ran.code).toBe(1);
		expect(ran.stdout).toBe(`Club data: the embedded PostgreSQL (PGlite) in ${cwd}/club-data.\n`);
		expect(ran.stderr).toContain(
			`No club in the embedded PostgreSQL (PGlite) in ${cwd}/club-data: the folder does not exist.`
		);
		expect(ran.stderr).toContain('the DATABASE_URL of a server on PostgreSQL');
		expect(ran.stderr).toContain('--create');
		expect(existsSync(join(cwd, 'club-data'))).toBe(false);
	});

	it('a folder with no database in it is refused too', async () => {
		const dir = join(emptyFolder(), 'club-data');
		mkdirSync(dir);
		const ran = await runClub(['tables'], { CLUB_DATA: dir });
		expect(ran.code).toBe(1);
		expect(ran.stderr).toContain(`${dir}: the folder holds no database.`);
	});

	it('an unknown option is refused with the usage, before anything is opened', async () => {
		const cwd = emptyFolder();
		const ran = await runClub(['invite', '--admin', 'Org'], {}, cwd);
		expect(ran.code).toBe(1);
		expect(ran.stdout).toBe('');
		expect(ran.stderr).toMatch(/^Unknown option "--admin" for invite\.\nUsage: npm run club/);
		expect(existsSync(join(cwd, 'club-data'))).toBe(false);
	});
});

describe.skipIf(ENGINE !== 'postgres')('the CLI on PostgreSQL', () => {
	it('names the database; refuses one with no club unless --create', async () => {
		const fresh = await freshDb();
		cleanups.push(fresh.drop);
		const url = new URL(fresh.url!);
		const env = { DATABASE_URL: fresh.url!, APP_ORIGIN: 'http://app.test' };
		const said = `Club data: PostgreSQL ${url.hostname}:${url.port}${url.pathname} (DATABASE_URL).`;

		const refused = await runClub(['invite', 'Table 1'], env);
		expect(refused.code).toBe(1);
		expect(refused.stdout).toBe(`${said}\n`);
		expect(refused.stderr).toContain('it holds none yet');
		const [made] = await fresh.db.query<{ t: string | null }>(
			`SELECT to_regclass('club')::text AS t`
		);
		expect(made!.t).toBeNull();

		const created = await runClub(['invite', '--create', 'Table 1'], env);
		expect(created.code).toBe(0);
		expect(created.stdout).toContain(said);
		expect(created.stdout).toMatch(/^Join link: http:\/\/app\.test\/club#server=/m);
		const listed = await runClub(['tables'], env);
		expect(listed.stdout).toMatch(/^Table 1\ttable\tactive/m);
	});
});

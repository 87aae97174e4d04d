// A real club server for the club's end-to-end tests (`npm run club` as built once for the run,
// helpers/club-build: embedded PGlite in a temporary folder, a copy of a club made once, on a
// free port, serving the app's origin), its admin CLI, and a phone that joins it.
// `useClubServer()` starts one before a spec file's tests (in each worker that runs them) and
// stops it (and removes its folder) after them.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { execFile, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
	clubEnv,
	clubServerFiles,
	SERVER_DIR,
	SERVER_MAIN,
	startServer,
	stopServer
} from './club-build';
import { TEST_NODE_ARGS } from '../../../server/test/server-build';

export interface ClubServer {
	/** The server's address. */
	url: string;
	/** Runs an admin command (`invite`, `revoke`, `evenings` …); its standard output. */
	club(...args: string[]): Promise<string>;
	/** Invites a table (or a viewer); its join link. */
	invite(name: string, viewer?: boolean): Promise<string>;
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as { port: number };
			probe.close(() => resolve(port));
		});
	});
}

/** For a spec file: a club server (named "Domino club") for its tests, serving the app's origin. */
export function useClubServer(): ClubServer {
	let server: ChildProcess | null = null;
	let main = '';
	let dataDir = '';
	let env: NodeJS.ProcessEnv = {};
	const handle: ClubServer = {
		url: '',
		async club(...args) {
			const run = promisify(execFile);
			const { stdout } = await run(process.execPath, [...TEST_NODE_ARGS, main, ...args], {
				cwd: SERVER_DIR,
				env
			});
			return stdout;
		},
		async invite(name, viewer = false) {
			const out = await handle.club('invite', ...(viewer ? ['--viewer'] : []), name);
			const link = /^Join link: (\S+)$/m.exec(out)?.[1];
			if (!link) throw new Error(`No join link in: ${out}`);
			return link;
		}
	};

	test.skip(!existsSync(SERVER_MAIN), `no club server at ${SERVER_MAIN}`);

	test.beforeAll(async ({ baseURL }) => {
		// The first start of a run also builds the server and makes the club (club-build), which
		// took over the 60 s a test may take on the shared 2-core machine.
		test.setTimeout(150_000);
		const appOrigin = new URL(baseURL!).origin;
		const built = await clubServerFiles(appOrigin);
		main = built.main;
		const port = await freePort();
		dataDir = mkdtempSync(join(tmpdir(), 'caboose-club-e2e-'));
		// A new club, as made by the server's first start (its folder is the server's alone).
		cpSync(built.club, dataDir, { recursive: true });
		env = clubEnv(dataDir, port, appOrigin);
		handle.url = `http://127.0.0.1:${port}`;
		server = await startServer(main, env);
	});

	test.afterAll(async () => {
		await stopServer(server);
		if (dataDir) rmSync(dataDir, { recursive: true, force: true });
	});

	return handle;
}

/** Opens `link` on `page` and joins; resolves on the screen the phone lands on. */
export async function openAndJoin(
	page: Page,
	link: string,
	club: string,
	table: string
): Promise<void> {
	await page.goto(link);
	await expect(page.getByText(`Join ${club} as ${table}?`, { exact: true })).toBeVisible();
	await page.getByRole('button', { name: 'Join club', exact: true }).click();
}

/** A new phone that opens `link` and joins as a table; resolves on its home screen. */
export async function joinedPhone(
	browser: Browser,
	link: string,
	club: string,
	table: string
): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext();
	const page = await context.newPage();
	await openAndJoin(page, link, club, table);
	await expect(page).toHaveURL(/\/$/);
	await expect(page.getByRole('link', { name: 'Club standings', exact: true })).toBeVisible();
	return { context, page };
}

/** Serious or critical accessibility problems on the screen shown (axe). */
export { axeProblems } from './axe';

/** The row of `name` in the table captioned `caption`, as its cells' texts. */
export function row(page: Page, caption: string, name: string) {
	return page
		.getByRole('table', { name: caption, exact: true })
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** Table `name` of "Tonight's tables": the row group of its name's row and its figures' row. */
export function tableProgress(page: Page, name: string) {
	return page
		.getByRole('table', { name: "Tonight's tables", exact: true })
		.getByRole('rowgroup')
		.filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

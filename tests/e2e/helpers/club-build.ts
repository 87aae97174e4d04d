// The club server the club's end-to-end tests start, built once per Playwright run: its code
// bundled by esbuild (the compiler tsx runs on each file, so the same code; tsx compiling it again
// in every server and every admin command cost about 5 and 1.5 CPU-s), and a club made once whose
// folder each test server starts from as a copy (PGlite creating a new database, initdb in WASM
// and the migrations, cost about 8 CPU-s of the 17 a start took). A copy is the club exactly as
// `npm run club` makes it; readme-club.spec.ts runs `npm run club` itself, from nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleServer, TEST_NODE_ARGS } from '../../../server/test/server-build';
import { markOutcome, untilReady } from './run-outcome';

// The club server lives in this repository's server/ (CLUB_SERVER_DIR: another checkout of it).
export const SERVER_DIR = process.env.CLUB_SERVER_DIR ?? process.cwd();
export const SERVER_MAIN = join(SERVER_DIR, 'server/src/main.ts');
/** Set by the global setup: the run's folder for the built server and the club made once. */
const RUN_DIR = 'CABOOSE_CLUB_E2E_DIR';

/** Playwright's global setup: a folder for this run (its teardown removes it). */
export function clubRunFolder(): () => void {
	mkdirSync(join(SERVER_DIR, 'test-results'), { recursive: true });
	const dir = mkdtempSync(join(SERVER_DIR, 'test-results', 'club-server-'));
	process.env[RUN_DIR] = dir;
	return () => rmSync(dir, { recursive: true, force: true });
}

/** Starts `node main [args]` with `env`; resolves once it says it is serving. */
export function startServer(main: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
	const server = spawn(process.execPath, [...TEST_NODE_ARGS, main, 'serve'], {
		cwd: SERVER_DIR,
		env,
		stdio: ['ignore', 'pipe', 'inherit']
	});
	return new Promise((resolve, reject) => {
		let out = '';
		server.stdout!.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			if (out.includes('serving on')) resolve(server);
		});
		server.once('exit', (code) => reject(new Error(`club server exited (${code}): ${out}`)));
	});
}

/** Stops a server (SIGTERM: it closes its database) and resolves when it has exited. */
export async function stopServer(server: ChildProcess | null): Promise<void> {
	if (!server || server.exitCode !== null || server.signalCode !== null) return;
	const exited = new Promise((resolve) => server.once('exit', resolve));
	server.kill('SIGTERM');
	await exited;
}

/** The environment of a club server (or its admin command) on `dataDir`, named "Domino club". */
export function clubEnv(dataDir: string, port: number, appOrigin: string): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		PORT: String(port),
		HOST: '127.0.0.1',
		CLUB_DATA: dataDir,
		CLUB_NAME: 'Domino club',
		APP_ORIGIN: appOrigin
	};
	delete env.DATABASE_URL;
	delete env.PUBLIC_URL;
	return env;
}

/** The club server's bundle (as the club server's own suite runs it) and the club made once. */
async function buildOnce(dir: string, appOrigin: string): Promise<void> {
	const { main } = await bundleServer(join(dir, 'server'), SERVER_DIR);
	const template = join(dir, 'club');
	mkdirSync(template);
	await stopServer(await startServer(main, clubEnv(template, 0, appOrigin)));
}

/**
 * The built server and the club's folder to copy. The first worker to ask builds them (its
 * folder lock taken by mkdir, which one process wins); the others wait for its "ready" or its
 * failure, both files it writes.
 */
export async function clubServerFiles(appOrigin: string): Promise<{ main: string; club: string }> {
	const dir = process.env[RUN_DIR];
	if (!dir) throw new Error(`${RUN_DIR} is unset: playwright.config.ts's globalSetup makes it`);
	let builder = false;
	try {
		mkdirSync(join(dir, 'lock'));
		builder = true;
	} catch {
		// Another worker builds them.
	}
	if (builder) {
		try {
			await buildOnce(dir, appOrigin);
			markOutcome(dir, true, '');
		} catch (e) {
			markOutcome(dir, false, String(e instanceof Error ? e.stack : e));
			throw e;
		}
	}
	await untilReady(dir, (words) => `building the club server failed: ${words}`);
	return { main: join(dir, 'server/src/main.mjs'), club: join(dir, 'club') };
}

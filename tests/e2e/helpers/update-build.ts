// Build B of the update journey (pwa.spec.ts): the same source built again, so it has a version
// of its own (SvelteKit's build time). The global setup starts it at the lowest priority, so it
// is made from the CPU the browser tests leave idle (7 to 11 % of a run), and the journey waits
// for it. Built in the journey's own beforeAll, it kept one of the two workers idle for about a
// minute and took 45 CPU-s from the tests around it.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markOutcome, untilReady } from './run-outcome';

/** Set by the global setup: the folder build B is written to, with its log and its outcome. */
const UPDATE_DIR = 'CABOOSE_UPDATE_BUILD_DIR';

/** Playwright's global setup: starts build B; the teardown stops it if unfinished, and removes it. */
export function startUpdateBuild(): () => void {
	const dir = mkdtempSync(join(tmpdir(), 'caboose-build-b-'));
	const kitOut = `.svelte-kit-update-b-${process.pid}`;
	const log = openSync(join(dir, 'log'), 'w');
	// Its own process group, so that the teardown stops npx, Vite and esbuild together.
	const build = spawn('nice', ['-n', '19', 'npx', 'vite', 'build'], {
		env: { ...process.env, BUILD_DIR: join(dir, 'build'), KIT_OUT: kitOut },
		stdio: ['ignore', log, log],
		detached: true
	});
	// The build has its own copy of the log's descriptor; the runner's is not needed.
	closeSync(log);
	build.once('exit', (code, signal) => markOutcome(dir, code === 0, `exit ${code ?? signal}`));
	process.env[UPDATE_DIR] = dir;
	return () => {
		build.removeAllListeners('exit');
		if (build.exitCode === null && build.signalCode === null) process.kill(-build.pid!, 'SIGKILL');
		rmSync(dir, { recursive: true, force: true });
		rmSync(kitOut, { recursive: true, force: true });
	};
}

/** Build B's folder, once it is built (or its log, if the build failed). */
export async function updateBuild(): Promise<string> {
	const dir = process.env[UPDATE_DIR];
	if (!dir) throw new Error(`${UPDATE_DIR} is unset: playwright.config.ts's globalSetup sets it`);
	await untilReady(dir, () => `build B failed:\n${readFileSync(join(dir, 'log'), 'utf8')}`);
	return join(dir, 'build');
}

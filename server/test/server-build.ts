// The club server's processes in the tests run from one bundle of server/src, built once per run
// by esbuild (as tsx compiles it, with the same tsconfig), so that each start does not compile the
// server again: tsx's transform was about 2 CPU-seconds of each start. `npm run club` itself runs
// under tsx in the browser test of the README's commands (tests/e2e/readme-club.spec.ts).

import { build } from 'esbuild';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Node's arguments for the tests' club processes (servers, admin commands). Each lives for one
 * file's tests at most, and V8's optimising compiler for PGlite's WebAssembly costs such a process
 * more than it gains: opening a club took 2.0 CPU-s, 1.3 with Liftoff alone; the 21 club processes
 * of club-trust's and club-night's browser tests 35 → 23 CPU-s; the server suite on PGlite 83 and
 * 97 → 73 and 75. Only how fast PGlite runs differs, not what it does (PostgreSQL runs no
 * WebAssembly).
 */
export const TEST_NODE_ARGS = ['--liftoff-only'];

export interface ServerBuild {
	/** The CLI and server (server/src/main.ts), as a file path. */
	main: string;
	/** server/src/folder-lock.ts, as a file: URL to import. */
	folderLock: string;
	/** The folder to remove at the end of the run. */
	root: string;
}

/**
 * Bundles server/src's entries of `source` (this checkout, or another one) into `root`, with a copy of the migrations beside them where
 * migrate.ts finds them (`../migrations/` from its module). `root` must lie inside the project, so
 * that the packages the bundle leaves out resolve from its node_modules. The browser tests' club
 * servers run the same bundle (tests/e2e/helpers/club-build.ts).
 */
export async function bundleServer(root: string, source = ROOT): Promise<ServerBuild> {
	await build({
		entryPoints: [join(source, 'server/src/main.ts'), join(source, 'server/src/folder-lock.ts')],
		outdir: join(root, 'src'),
		outExtension: { '.js': '.mjs' },
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		packages: 'external',
		tsconfig: join(source, 'server/tsconfig.json'),
		logLevel: 'warning'
	});
	cpSync(join(source, 'server/migrations'), join(root, 'migrations'), { recursive: true });
	return {
		main: join(root, 'src/main.mjs'),
		folderLock: pathToFileURL(join(root, 'src/folder-lock.mjs')).href,
		root
	};
}

/** The bundle in a folder of its own in node_modules/.cache, for one run of the suite. */
export async function buildServer(): Promise<ServerBuild> {
	const cache = join(ROOT, 'node_modules/.cache/club-server-test');
	mkdirSync(cache, { recursive: true });
	return bundleServer(mkdtempSync(join(cache, 'run-')));
}

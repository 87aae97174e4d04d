// Once per run, before the club server's test files: an empty PGlite cluster, as a tarball for
// the tests' in-memory databases and as a folder for the server processes they start. PGlite's
// first start in a place runs initdb in WebAssembly (10 to 25 s on this machine); loading the
// tarball or copying the folder takes a few seconds, and gives the same empty cluster. And the
// club server's bundle that the tests' server processes run (server-build.ts).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, type ServerBuild } from './server-build';

declare module 'vitest' {
	export interface ProvidedContext {
		/** An empty PGlite cluster: a tarball (PGlite's dumpDataDir) and a closed data folder. */
		pgliteCluster: { tarball: string; folder: string } | null;
		/** The club server built once for the run's server processes. */
		clubServer: ServerBuild;
	}
}

export default async function setup(project: TestProject) {
	const server = await buildServer();
	project.provide('clubServer', server);
	const removeServer = () => rmSync(server.root, { recursive: true, force: true });
	if (process.env.CLUB_TEST_DATABASE_URL) {
		project.provide('pgliteCluster', null);
		return removeServer;
	}
	const { PGlite } = await import('@electric-sql/pglite');
	const root = mkdtempSync(join(tmpdir(), 'club-test-cluster-'));
	const folder = join(root, 'club-data');
	const db = await PGlite.create(folder);
	const tarball = join(root, 'cluster.tar');
	writeFileSync(tarball, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
	await db.close();
	project.provide('pgliteCluster', { tarball, folder });
	return () => {
		removeServer();
		rmSync(root, { recursive: true, force: true });
	};
}

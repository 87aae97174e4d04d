// Once per run, before the club server's test files: an empty PGlite cluster, as a tarball for
// the tests' in-memory databases and as a folder for the server processes they start. PGlite's
// first start in a place runs initdb in WebAssembly (10 to 25 s on this machine); loading the
// tarball or copying the folder takes a few seconds, and gives the same empty cluster.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
	export interface ProvidedContext {
		/** An empty PGlite cluster: a tarball (PGlite's dumpDataDir) and a closed data folder. */
		pgliteCluster: { tarball: string; folder: string } | null;
	}
}

export default async function setup(project: TestProject) {
	if (process.env.CLUB_TEST_DATABASE_URL) {
		project.provide('pgliteCluster', null);
		return;
	}
	const { PGlite } = await import('@electric-sql/pglite');
	const root = mkdtempSync(join(tmpdir(), 'club-test-cluster-'));
	const folder = join(root, 'club-data');
	const db = await PGlite.create(folder);
	const tarball = join(root, 'cluster.tar');
	writeFileSync(tarball, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
	await db.close();
	project.provide('pgliteCluster', { tarball, folder });
	return () => rmSync(root, { recursive: true, force: true });
}

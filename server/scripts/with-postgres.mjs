// Runs a command against a throwaway PostgreSQL cluster: initdb in a temporary folder, pg_ctl
// start on a free loopback port, the command with CLUB_TEST_DATABASE_URL (and CLUB_TEST_PG_CTL,
// a JSON argv that runs pg_ctl on the cluster, for tests that stop and start it), then stop and
// delete.
// initdb refuses root: as root, the cluster runs as the `postgres` user, in a folder it owns.
// Without PostgreSQL it prints one "skipped" line and exits 0.
//   node server/scripts/with-postgres.mjs <command> [args…]

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SKIPPED =
	'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): the club server suite on a real PostgreSQL is skipped';

function findBin() {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return null;
	const versions = readdirSync(root)
		.filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions[0] ? join(root, versions[0], 'bin') : null;
}

function freePort() {
	return new Promise((resolve, reject) => {
		const s = createServer();
		s.on('error', reject);
		s.listen(0, '127.0.0.1', () => {
			const { port } = s.address();
			s.close(() => resolve(port));
		});
	});
}

const command = process.argv.slice(2);
if (command.length === 0) {
	console.error('Usage: node server/scripts/with-postgres.mjs <command> [args…]');
	process.exit(2);
}
const bin = findBin();
if (!bin) {
	console.log(SKIPPED);
	process.exit(0);
}

const root = process.getuid?.() === 0;
const as = root ? ['runuser', '-u', 'postgres', '--'] : [];
const dir = mkdtempSync(join(tmpdir(), 'club-pg-'));
if (root) {
	const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
	const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
	chownSync(dir, uid, gid);
}
const data = join(dir, 'data');
const port = await freePort();
const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
// With the server's options, so that every start (here, or a test's) listens in the same place.
const pgCtl = [...as, join(bin, 'pg_ctl'), '-D', data, '-l', join(dir, 'log'), '-o', options];

function runQuiet(argv) {
	const [cmd, ...args] = argv;
	const r = spawnSync(cmd, args, { encoding: 'utf8' });
	if (r.status !== 0) throw new Error(`${argv.join(' ')} failed:\n${r.stdout}${r.stderr}`);
}

let status = 1;
try {
	runQuiet([
		...as,
		join(bin, 'initdb'),
		'-D',
		data,
		'-U',
		'postgres',
		'--auth=trust',
		'-E',
		'UTF8',
		'--no-sync'
	]);
	runQuiet([...pgCtl, '-w', 'start']);
	console.log(`PostgreSQL (${bin}) on 127.0.0.1:${port}, cluster in ${dir}`);
	const child = spawn(command[0], command.slice(1), {
		stdio: 'inherit',
		env: {
			...process.env,
			CLUB_TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
			CLUB_TEST_PG_CTL: JSON.stringify(pgCtl)
		}
	});
	// Stopped from outside (Ctrl-C, a timeout): stop the command, then still remove the cluster.
	for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
	status = await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
} catch (e) {
	console.error(String(e instanceof Error ? e.message : e));
} finally {
	spawnSync(pgCtl[0], [...pgCtl.slice(1), '-m', 'immediate', '-w', 'stop'], { stdio: 'ignore' });
	rmSync(dir, { recursive: true, force: true });
}
process.exit(status);

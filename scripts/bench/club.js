// The club server's figures (server/bench.ts): on the embedded PGlite, then on a throwaway
// PostgreSQL where one is installed (server/scripts/with-postgres.mjs). Part of `npm run bench`;
// alone, with every line the server bench prints (BENCH_PLANS=1: each read's plan), as
// `npm run bench:club` (CLUB_BENCH=night: only the club night's figures).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const clubBench = ['--import', 'tsx', 'server/bench.ts'];
const clubEnv = { ...process.env, TSX_TSCONFIG_PATH: 'server/tsconfig.json' };

/** Both runs' output, each with the reason where it failed. @returns {string} */
export function clubBenchOutput() {
	return [
		spawnSync('node', clubBench, { encoding: 'utf8', env: clubEnv }),
		spawnSync('node', ['server/scripts/with-postgres.mjs', 'node', ...clubBench], {
			encoding: 'utf8',
			env: clubEnv
		})
	]
		.map((r) => (r.stdout ?? '') + (r.status === 0 ? '' : `club bench failed: ${r.stderr}`))
		.join('');
}

/** The figures' lines only, for the bench's table. @returns {string} */
export function clubFigures() {
	return clubBenchOutput()
		.split('\n')
		.filter((l) => l.startsWith('Club') || l.includes('skipped') || l.includes('failed'))
		.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(clubBenchOutput());

// The one test command: svelte-check, lint, unit and rules-case tests (Vitest), then the browser
// end-to-end tests (Playwright on Debian's Chromium against a fresh build). It ends with one
// line "N passed, N failed" summed over every runner and exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
mkdirSync('test-results', { recursive: true });

let passed = 0;
let failed = 0;

function run(label, cmd, args, env = {}) {
	console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
	const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
	return r.status ?? 1;
}

function readJson(path) {
	try {
		return JSON.parse(readFileSync(path, 'utf8'));
	} catch {
		return null;
	}
}

// 1. Types and Svelte diagnostics: one "test" that passes or fails.
if (run('svelte-check', 'npm', ['run', '--silent', 'check']) === 0) passed++;
else failed++;

// 2. Lint: Prettier and ESLint (which also keeps the screens out of src/lib/db): one "test".
if (run('lint', 'npm', ['run', '--silent', 'lint']) === 0) passed++;
else failed++;

/** Runs Vitest with a JSON report and adds its counts; `wrap` runs it inside another command. */
function vitestStep(label, report, args, wrap = []) {
	rmSync(report, { force: true });
	const vitestArgs = [
		'vitest',
		'run',
		...args,
		'--reporter=default',
		'--reporter=json',
		`--outputFile.json=${report}`
	];
	const [cmd, ...rest] = wrap.length > 0 ? [...wrap, 'npx', ...vitestArgs] : ['npx', ...vitestArgs];
	const status = run(label, cmd, rest);
	const result = readJson(report);
	if (result) {
		passed += result.numPassedTests;
		failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
		if (status !== 0 && result.numFailedTests === 0) failed++;
	} else if (status !== 0 || wrap.length === 0) failed++;
	// else: the wrapper skipped the run (no PostgreSQL here) and said so.
}

// 3. Vitest: unit tests, the rules case files, property tests, the data layer.
vitestStep('vitest', 'test-results/vitest.json', []);

// 3b. The club server's suite on the embedded PGlite, then again on a real PostgreSQL (a
// throwaway cluster; skipped with a line saying so where PostgreSQL is not installed).
const club = ['--config', 'server/vitest.config.ts'];
vitestStep('club server (PGlite)', 'test-results/club-pglite.json', club);
vitestStep('club server (PostgreSQL)', 'test-results/club-postgres.json', club, [
	'node',
	'server/scripts/with-postgres.mjs'
]);

// 4. Playwright against the real build.
const buildStatus = run('build', 'npm', ['run', '--silent', 'build']);
if (buildStatus !== 0) failed++;
else {
	rmSync('test-results/e2e.json', { force: true });
	const e2eStatus = run('playwright', 'npx', ['playwright', 'test'], { CI: '1' });
	const e2e = readJson('test-results/e2e.json');
	if (e2e?.stats) {
		passed += e2e.stats.expected;
		failed += e2e.stats.unexpected + (e2e.stats.flaky ?? 0);
		if (e2eStatus !== 0 && e2e.stats.unexpected === 0) failed++;
	} else failed++;
}

if (!existsSync('test-results')) mkdirSync('test-results');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

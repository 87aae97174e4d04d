// The one test command: svelte-check, lint, Vitest (unit, rules case files, properties, data
// layer, state), the club server's suite on PGlite and again on a throwaway PostgreSQL, a
// production build, and the browser end-to-end tests (Playwright on Debian's Chromium against
// that build). Two steps run at a time (TEST_STEPS, 2: the machine has two cores and most steps
// keep one busy), in the order below as each one's inputs are ready, except the browser tests:
// they run last and alone, on both cores with their two workers. Beside another step the machine
// had more to run than cores, and the whole run took 810–860 s and 1,550–1,650 CPU-s; with the
// browser tests alone, 750–795 s and 1,370–1,450 CPU-s (three runs each). Each step's output is
// shown whole when it ends. It ends with each step's time and one line "N passed, N failed"
// summed over every runner, and exits non-zero if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
mkdirSync('test-results', { recursive: true });
const AT_ONCE = Math.max(1, Number(process.env.TEST_STEPS ?? 2));

let passed = 0;
let failed = 0;

function readJson(path) {
	try {
		return JSON.parse(readFileSync(path, 'utf8'));
	} catch {
		return null;
	}
}

/** Adds a Vitest JSON report's counts; `wrapped`: a wrapper may skip the run and say so. */
function countVitest(report, status, wrapped) {
	const result = readJson(report);
	if (result) {
		passed += result.numPassedTests;
		failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
		if (status !== 0 && result.numFailedTests === 0) failed++;
	} else if (status !== 0 || !wrapped) failed++;
	// else: the wrapper skipped the run (no PostgreSQL here) and said so.
}

/** A Vitest step: its command, with a JSON report counted when it ends. */
function vitest(report, args, wrap = []) {
	rmSync(report, { force: true });
	const run = ['vitest', 'run', ...args, '--reporter=default', '--reporter=json'];
	return {
		cmd: [...wrap, 'npx', ...run, `--outputFile.json=${report}`],
		count: (status) => countVitest(report, status, wrap.length > 0)
	};
}

/** A step that is one "test": it passes or fails. */
const oneTest = (status) => (status === 0 ? passed++ : failed++);

const club = ['--config', 'server/vitest.config.ts'];
/**
 * The steps, in the order they are started. `after`: the steps whose output it needs; `alone`:
 * started once every other step has ended, and nothing beside it.
 */
const STEPS = [
	{ name: 'build', cmd: ['npm', 'run', '--silent', 'build'], count: (s) => s === 0 || failed++ },
	{ name: 'svelte-check', cmd: ['npm', 'run', '--silent', 'check:types'], count: oneTest },
	// Prettier, ESLint and dependency-cruiser (which hold the layers of ARCHITECTURE.md).
	{ name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'], count: oneTest },
	// After the build: Vitest's SvelteKit plugin writes the generated files in .svelte-kit/ that a
	// build reads, and a build made beside it started no screen (a page error on every load).
	{ name: 'vitest', after: ['build'], ...vitest('test-results/vitest.json', []) },
	{ name: 'club server (PGlite)', ...vitest('test-results/club-pglite.json', club) },
	{
		name: 'club server (PostgreSQL)',
		...vitest('test-results/club-postgres.json', club, ['node', 'server/scripts/with-postgres.mjs'])
	},
	{
		name: 'playwright',
		after: ['build'],
		alone: true,
		cmd: ['npx', 'playwright', 'test'],
		env: { CI: '1' },
		count: (status) => {
			const e2e = readJson('test-results/e2e.json');
			if (e2e?.stats) {
				passed += e2e.stats.expected;
				failed += e2e.stats.unexpected + (e2e.stats.flaky ?? 0);
				if (status !== 0 && e2e.stats.unexpected === 0) failed++;
			} else failed++;
		}
	}
];
rmSync('test-results/e2e.json', { force: true });

/** Runs one step with its output held back, then shows it whole; resolves with its seconds. */
function runStep(step) {
	const [cmd, ...args] = step.cmd;
	const started = Date.now();
	console.log(`=== ${step.name} started: ${step.cmd.join(' ')}`);
	return new Promise((resolve) => {
		const child = spawn(cmd, args, { env: { ...process.env, ...step.env } });
		const out = [];
		child.stdout.on('data', (d) => out.push(d));
		child.stderr.on('data', (d) => out.push(d));
		child.on('close', (code) => {
			const seconds = (Date.now() - started) / 1000;
			console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
			process.stdout.write(Buffer.concat(out));
			console.log(`=== ${step.name} ended (exit ${code}) after ${seconds.toFixed(0)} s`);
			step.count(code ?? 1);
			resolve({ status: code ?? 1, seconds });
		});
	});
}

// Before any step: the messages compiled and SvelteKit's generated types written once, so the
// steps that run side by side never write them at the same time.
const prepare = spawnSync('sh', ['-c', 'npm run --silent i18n && npx svelte-kit sync'], {
	stdio: 'inherit'
});
if (prepare.status !== 0) failed++;

const started = Date.now();
/** @type {Map<string, { status: number, seconds: number }>} */
const done = new Map();
const running = new Set();
await new Promise((allDone) => {
	const next = () => {
		for (const step of STEPS) {
			if (running.size >= AT_ONCE) break;
			if (done.has(step.name) || running.has(step)) continue;
			if (!(step.after ?? []).every((name) => done.has(name))) continue;
			if (step.alone && STEPS.some((s) => s !== step && !done.has(s.name))) continue;
			// A step whose input failed is not run: it counts as one failure.
			if ((step.after ?? []).some((name) => done.get(name)?.status !== 0)) {
				done.set(step.name, { status: 1, seconds: 0 });
				failed++;
				continue;
			}
			running.add(step);
			void runStep(step).then((result) => {
				running.delete(step);
				done.set(step.name, result);
				next();
			});
		}
		if (running.size === 0 && done.size === STEPS.length) allDone(undefined);
	};
	next();
});

console.log('\nEach step, in seconds:');
for (const step of STEPS) console.log(`  ${step.name}: ${done.get(step.name)?.seconds.toFixed(0)}`);
console.log(`  all, side by side: ${((Date.now() - started) / 1000).toFixed(0)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

// `npm run bench`: prints performance figures; asserts nothing (no timing threshold anywhere).
import { spawnSync } from 'node:child_process';

function run(label, cmd, args) {
	console.log(`\n=== ${label}`);
	const r = spawnSync(cmd, args, { stdio: 'inherit' });
	if (r.status !== 0) process.exitCode = r.status ?? 1;
}

// 1. The scoring core (src/lib/rules), run as TypeScript by tsx.
run('rules: validate and score', 'npx', ['tsx', 'scripts/bench-rules.ts']);

// 1b. The "Show to the table" link: its length and the QR code it needs.
run('link: snapshot size and QR version', 'npx', ['tsx', 'scripts/bench-link.ts']);

// 2. Bundle size and what each screen loads, measured in Chromium against a fresh build.
const buildDir = process.env.BUILD_DIR ?? 'build';
run('build', 'npx', ['vite', 'build', '--logLevel', 'error']);
run('size: JS per screen (gzip), home page budget, Chart.js laziness', 'node', [
	'scripts/bench-size.js',
	buildDir
]);

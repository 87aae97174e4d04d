// `npm run bench`: prints performance figures; asserts nothing (no timing threshold anywhere).
import { spawnSync } from 'node:child_process';

function run(label, cmd, args) {
	console.log(`\n=== ${label}`);
	const r = spawnSync(cmd, args, { stdio: 'inherit' });
	if (r.status !== 0) process.exitCode = r.status ?? 1;
}

// 1. The scoring core (src/lib/rules), run as TypeScript by tsx.
run('rules: validate and score', 'npx', ['tsx', 'scripts/bench-rules.ts']);

// 1b. The pip counter (src/lib/vision) on held-out synthetic photos.
run('vision: count pips from a photo', 'npx', ['tsx', 'scripts/bench-vision.ts']);

// 2. Bundle size and what each screen loads, measured in Chromium against a fresh build.
const buildDir = process.env.BUILD_DIR ?? 'build';
run('build', 'npx', ['vite', 'build', '--logLevel', 'error']);
run('size: JS per screen (gzip), home page budget, Chart.js laziness', 'node', [
	'scripts/bench-size.js',
	buildDir
]);

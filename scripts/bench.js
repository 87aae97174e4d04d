// `npm run bench`: prints performance figures; asserts nothing (no timing threshold anywhere).
import { spawnSync } from 'node:child_process';

function run(label, cmd, args) {
	console.log(`\n=== ${label}`);
	const r = spawnSync(cmd, args, { stdio: 'inherit' });
	if (r.status !== 0) process.exitCode = r.status ?? 1;
}

// 1. The scoring core (src/lib/rules), run as TypeScript by tsx.
run('rules: validate and score', 'npx', ['tsx', 'scripts/bench-rules.ts']);

// 2. ===== BUNDLE SIZE: the lead adds the size part here (not measured by the rules helper). =====

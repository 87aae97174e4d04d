// Once per Vitest run: the messages compiled (src/lib/paraglide) if any message file or the
// project's settings changed since they last were. Vitest runs without Paraglide's Vite plugin
// (vite.config.ts): that plugin compiled them at every start (8 CPU-s) and then held the run's
// close for its 10 s timeout (the inlang SDK leaves 30-second timers behind).
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUTPUT = 'src/lib/paraglide/messages.js';
const INPUTS = ['project.inlang/settings.json', 'paraglide.options.js'];

/** The newest modification time under `dir` (a folder of message files), in ms. */
function newest(dir: string): number {
	return Math.max(
		0,
		...readdirSync(dir, { withFileTypes: true }).map((e) =>
			e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs
		)
	);
}

export default function setup(): void {
	// 0: never compiled in this checkout.
	const compiled = statSync(OUTPUT, { throwIfNoEntry: false })?.mtimeMs ?? 0;
	const changed = Math.max(newest('messages'), ...INPUTS.map((f) => statSync(f).mtimeMs));
	if (changed >= compiled) execFileSync('node', ['scripts/i18n.js'], { stdio: 'inherit' });
}

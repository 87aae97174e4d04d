// Work one process does for the whole Playwright run while others wait for it (the club server
// one worker builds, build B the global setup starts): it writes `ready` or `failed` in its folder.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Resolves once `dir` holds `ready`; throws `failure()`'s words once it holds `failed`. */
export async function untilReady(dir: string, failure: () => string): Promise<void> {
	while (!existsSync(join(dir, 'ready'))) {
		if (existsSync(join(dir, 'failed'))) throw new Error(failure());
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** Writes the work's outcome in `dir` for `untilReady`: `ready`, or `failed` with `words`. */
export function markOutcome(dir: string, ok: boolean, words: string): void {
	writeFileSync(join(dir, ok ? 'ready' : 'failed'), words);
}

// Work one process does for the whole Playwright run while others wait for it (the club server
// one worker builds, build B the global setup starts): it writes `ready` or `failed` in its folder.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Resolves once `dir` holds `ready`; once it holds `failed`, throws what `failure` says of the
 * words written there.
 */
export async function untilReady(dir: string, failure: (words: string) => string): Promise<void> {
	const [ready, failed] = [join(dir, 'ready'), join(dir, 'failed')];
	while (!existsSync(ready)) {
		if (existsSync(failed)) throw new Error(failure(readFileSync(failed, 'utf8')));
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** Writes the work's outcome in `dir` for `untilReady`: `ready`, or `failed` with `words`. */
export function markOutcome(dir: string, ok: boolean, words: string): void {
	writeFileSync(join(dir, ok ? 'ready' : 'failed'), words);
}

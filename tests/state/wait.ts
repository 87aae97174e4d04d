import { vi } from 'vitest';

/**
 * Waits until `check` passes: a state, never a time. Vitest's own wait gives up after 1 s, which
 * a live query's first answer can take on a machine two test runners share; 15 s as Playwright's.
 */
export const untilState = <T>(check: () => T | Promise<T>) =>
	vi.waitFor(check, { timeout: 15_000, interval: 20 });

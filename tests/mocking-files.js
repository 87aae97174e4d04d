// The unit test files that replace a module with vi.mock. Vitest runs them each with its own
// modules (vite.config.ts): the others share a worker's modules, where a module another file
// imported first would stay the real one. ESLint refuses vi.mock in any file not listed here.

/** @type {string[]} */
export const MOCKING = ['tests/unit/backup-panel.test.ts', 'tests/state/table-link.svelte.test.ts'];

import { sveltekit } from '@sveltejs/kit/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';
import { svelteTesting } from '@testing-library/svelte/vite';
import { pwaIcons } from './scripts/pwa-icons.js';
import { paraglideOptions } from './paraglide.options.js';
import { chunkGroup, chunkGroupsCheck } from './scripts/chunk-groups.js';

// One ordinary build: SvelteKit's and Vite's own chunking (grouped by Vite's manualChunks option),
// Paraglide as it ships.
export default defineConfig({
	plugins: [
		// First: renders the app icons into static/icons/ before SvelteKit lists static/.
		pwaIcons(),
		paraglideVitePlugin(paraglideOptions),
		sveltekit(),
		// Stops the build if SvelteKit renamed an entry chunkGroup names (scripts/chunk-groups.js).
		chunkGroupsCheck(),
		// Only under Vitest: Svelte's browser build for component tests (files that opt into
		// `// @vitest-environment jsdom`); their DOM is cleaned up by tests/setup-dom.ts.
		svelteTesting({ autoCleanup: false })
	],
	build: {
		rollupOptions: {
			output: {
				// A few files per screen instead of dozens (scripts/chunk-groups.js says which).
				// Only the modules named go into a group: without this Rollup adds each one's imports
				// too, and home and the read-only view then loaded Dexie. (experimentalMinChunkSize
				// is not used: it merged small modules into chunks that import Dexie.)
				manualChunks: chunkGroup,
				onlyExplicitManualChunks: true
			}
		}
	},
	test: {
		include: [
			'tests/unit/**/*.test.ts',
			'tests/rules/**/*.test.ts',
			'tests/db/**/*.test.ts',
			'tests/state/**/*.test.ts',
			'tests/vision/**/*.test.ts'
		],
		environment: 'node',
		// Worker threads start a test file sooner than child processes (the whole run: 242 CPU-s
		// in forks, 146 in threads).
		pool: 'threads',
		setupFiles: ['tests/setup-dom.ts'],
		// How long a test may take before it fails. No test measures time (npm run bench does): on
		// a machine shared by several people, or beside npm test's browser tests, a property test
		// of a few seconds took more than the default 5 s.
		testTimeout: 60_000
	}
});

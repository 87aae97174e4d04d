import { sveltekit } from '@sveltejs/kit/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';
import { svelteTesting } from '@testing-library/svelte/vite';
import { pwaIcons } from './scripts/pwa-icons.js';
import { paraglideOptions } from './paraglide.options.js';
import { chunkGroup, chunkGroupsCheck, FRAMEWORK_GROUP } from './scripts/chunk-groups.js';
import { workersPrecached } from './scripts/workers-precached.js';
import { eagerCompile } from './scripts/eager-compile.js';
import { MOCKING } from './tests/mocking-files.js';

const TESTS = ['unit', 'rules', 'db', 'state', 'vision'].map((dir) => `tests/${dir}/**/*.test.ts`);

// One ordinary build: SvelteKit's and Vite's own chunking (grouped by Vite's manualChunks option),
// Paraglide as it ships.
export default defineConfig({
	plugins: [
		// First: renders the app icons into static/icons/ before SvelteKit lists static/.
		pwaIcons(),
		// Not under Vitest, whose run compiles the messages only when they changed
		// (tests/messages-compiled.ts).
		...(process.env.VITEST ? [] : [paraglideVitePlugin(paraglideOptions)]),
		sveltekit(),
		// Stops the build if SvelteKit renamed an entry chunkGroup names (scripts/chunk-groups.js).
		chunkGroupsCheck(),
		// The runtime every screen runs, compiled whole as it loads (scripts/eager-compile.js).
		eagerCompile([FRAMEWORK_GROUP]),
		// Gives Web Workers' files a place in the service worker's precache (the script says why).
		workersPrecached(),
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
		// A worker keeps the modules it imported from one test file to the next (the whole run:
		// 186 CPU-s each file on its own, 85 sharing), so each file puts back what it changed (its
		// stubbed globals, fake timers, database rows). The files that mock a module keep their own.
		projects: [
			{ extends: true, test: { name: 'shared', include: TESTS, exclude: MOCKING, isolate: false } },
			{ extends: true, test: { name: 'own modules', include: MOCKING } }
		],
		globalSetup: ['tests/messages-compiled.ts'],
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

import { sveltekit } from '@sveltejs/kit/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';
import { svelteTesting } from '@testing-library/svelte/vite';
import { pwaIcons } from './scripts/pwa-icons.js';
import { paraglideOptions } from './paraglide.options.js';

// One ordinary build: SvelteKit's and Vite's own chunking, Paraglide as it ships.
const FRAMEWORK = /node_modules\/(svelte|esm-env|clsx|devalue|@sveltejs\/kit)\//;
export default defineConfig({
	plugins: [
		// First: renders the app icons into static/icons/ before SvelteKit lists static/.
		pwaIcons(),
		paraglideVitePlugin(paraglideOptions),
		sveltekit(),
		// Only under Vitest: Svelte's browser build for component tests (files that opt into
		// `// @vitest-environment jsdom`), and the DOM cleaned up after each test.
		svelteTesting()
	],
	build: {
		rollupOptions: {
			output: {
				// Svelte's and SvelteKit's runtime is one file that every screen shares (it changes
				// only with them), instead of a dozen small ones per screen. (Rollup's
				// experimentalMinChunkSize cut more files, but merged small modules into chunks that
				// import Dexie: the read-only view then loaded Dexie behind its rounds list.)
				manualChunks: (id) => (FRAMEWORK.test(id) ? 'framework' : undefined)
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
		environment: 'node'
	}
});

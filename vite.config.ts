import { sveltekit } from '@sveltejs/kit/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { svelteTesting } from '@testing-library/svelte/vite';
import { pwaIcons } from './scripts/pwa-icons.js';
import { paraglideOptions } from './paraglide.options.js';
import { localeSplit } from './scripts/locale-split.js';

/**
 * Fewer requests before the first paint: each costs a round trip, and a browser opens at most six
 * connections to a host over HTTP/1.1. Svelte's client runtime and SvelteKit's, which every screen
 * loads, become two chunks rather than a dozen small ones (two, not one: a single large file would
 * arrive last, on one connection still in TCP slow start). Svelte's own modules stay together:
 * they import each other in cycles that only one chunk keeps in order. Chunks Rollup would make
 * under 4 kB (a message or two, one small module) are merged into others (Rollup's
 * experimentalMinChunkSize: a screen may load a little code it does not run, never code with side
 * effects; measured: 35 → 22 files for the round screen, about 1 KiB gzip more). Each other
 * language's message tables stay chunks of their own, and Paraglide's runtime and registry, which
 * those tables import, sit with every screen's code, so that merging never puts German, French or
 * Italian text into an English screen. The browser build only.
 */
function frameworkChunks(): Plugin {
	const chunks: [string, RegExp][] = [
		['svelte', /\/node_modules\/(svelte|esm-env|clsx)\//],
		['kit', /\/node_modules\/(@sveltejs\/kit|devalue)\//]
	];
	const manualChunks = (id: string) => {
		const locale = /^\0virtual:caboose-locale-table\/(\w+)\/(\w+)/.exec(id);
		if (locale) return `locale-${locale[1]}-${locale[2]}`;
		if (/\/paraglide\/(runtime|registry)\.js$|^\0virtual:caboose-locales$/.test(id)) return 'i18n';
		return chunks.find(([, test]) => test.test(id))?.[0];
	};
	return {
		name: 'caboose-framework-chunks',
		config: (_, env) =>
			env.command === 'build' && !env.isSsrBuild
				? {
						build: {
							rollupOptions: {
								output: { manualChunks, experimentalMinChunkSize: 4000 }
							}
						}
					}
				: undefined
	};
}

export default defineConfig({
	plugins: [
		// First: renders the app icons into static/icons/ before SvelteKit lists static/.
		pwaIcons(),
		paraglideVitePlugin(paraglideOptions),
		// Build only: each screen ships English; other languages load for those who read them.
		localeSplit(),
		sveltekit(),
		frameworkChunks(),
		// Only under Vitest: Svelte's browser build for component tests (files that opt into
		// `// @vitest-environment jsdom`), and the DOM cleaned up after each test.
		svelteTesting()
	],
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

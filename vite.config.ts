import { sveltekit } from '@sveltejs/kit/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { svelteTesting } from '@testing-library/svelte/vite';
import { pwaIcons } from './scripts/pwa-icons.js';
import { paraglideOptions } from './paraglide.options.js';
import { localeSplit } from './scripts/locale-split.js';
import { firstBuild, paintChunks, paintFile, recordPaintModules } from './scripts/paint-chunks.js';

/**
 * Fewer requests before the first paint: each costs a round trip, and a browser opens at most six
 * connections to a host over HTTP/1.1. Svelte's client runtime and SvelteKit's, which every screen
 * loads, become two chunks rather than a dozen small ones (two, not one: a single large file would
 * arrive last, on one connection still in TCP slow start). Svelte's own modules stay together:
 * they import each other in cycles that only one chunk keeps in order. Each other language's
 * message tables stay chunks of their own, and Paraglide's runtime and registry, which those
 * tables import, a chunk every screen loads, so that no grouping puts German, French or Italian
 * text into an English screen. The app's own modules: one chunk for each set of screens whose
 * first paint needs them, learnt from a first build (scripts/paint-chunks.js; round screen 21 →
 * 13 files, no screen loading another's code). The browser build only.
 */
function frameworkChunks(): Plugin[] {
	const chunks: [string, RegExp][] = [
		['svelte', /\/node_modules\/(svelte|esm-env|clsx)\//],
		['kit', /\/node_modules\/(@sveltejs\/kit|devalue)\//]
	];
	const kitOut = process.env.KIT_OUT ?? '.svelte-kit';
	// Set in the first build, which records what each screen needs.
	const recording = process.env.PAINT_RECORD;
	let paint: ((id: string) => string | undefined) | undefined;
	let ssr = false;
	const manualChunks = (id: string) => {
		const locale = /^\0virtual:caboose-locale-table\/(\w+)\/(\w+)/.exec(id);
		if (locale) return `locale-${locale[1]}-${locale[2]}`;
		if (/\/paraglide\/(runtime|registry)\.js$|^\0virtual:caboose-locales$/.test(id)) return 'i18n';
		const framework = chunks.find(([, test]) => test.test(id))?.[0];
		// SvelteKit's server build gets this config too: it has no first paint.
		if (framework || ssr || recording) return framework;
		paint ??= paintChunks(paintFile(kitOut), kitOut);
		return paint(id);
	};
	return [
		...(recording ? [recordPaintModules({ kitOut, file: recording })] : []),
		{
			name: 'caboose-framework-chunks',
			apply: 'build',
			configResolved: (config) => {
				ssr = !!config.build.ssr;
			},
			// Only once a build starts: tools also resolve this config for a build (svelte-check).
			buildStart: () => {
				if (!recording) firstBuild(kitOut);
			},
			config: (_, env) => {
				if (env.command !== 'build' || env.isSsrBuild) return undefined;
				return {
					build: {
						rollupOptions: {
							// Rollup may merge a chunk under 4 kB that no name above covers, as before
							// (experimentalMinChunkSize: never code with side effects). The first build
							// keeps Rollup's own chunks, a set of entries each, to read them.
							output: { manualChunks, experimentalMinChunkSize: recording ? 0 : 4000 }
						}
					}
				};
			}
		}
	];
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

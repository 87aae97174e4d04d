import { sveltekit } from '@sveltejs/kit/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	plugins: [
		paraglideVitePlugin({
			project: './project.inlang',
			outdir: './src/lib/paraglide',
			// No locale in the URL: the choice is remembered in localStorage, else the browser's.
			strategy: ['localStorage', 'preferredLanguage', 'baseLocale']
		}),
		sveltekit()
	],
	test: {
		include: ['tests/unit/**/*.test.ts', 'tests/rules/**/*.test.ts', 'tests/db/**/*.test.ts'],
		environment: 'node'
	}
});

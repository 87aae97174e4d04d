import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { withFallbackPreload } from './scripts/fallback-preload.js';

const pages = process.env.BUILD_DIR ?? 'build';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	// Each component's CSS travels in its JS module: a screen asks for one stylesheet (app.css), not
	// one per component chunk (over HTTP/1.1 every request waits its turn for one of six
	// connections). The CSP allows inline styles for the prerendered pages already.
	compilerOptions: { css: 'injected' },
	kit: {
		// A static SPA: prerendered shells plus a fallback page for deep links (evening ids).
		// '200.html', not 'index.html', so the fallback never overwrites the prerendered home page.
		// The fallback also preloads its route's modules from its first bytes (see the script).
		adapter: withFallbackPreload(
			adapter({ pages, assets: pages, fallback: '200.html', strict: true }),
			{ pages, fallback: '200.html' }
		),
		// Separate output dirs let parallel builds (BUILD_DIR, KIT_OUT) run side by side.
		outDir: process.env.KIT_OUT ?? '.svelte-kit',
		// workbox-window registers the worker, so an update can wait for the user's Reload.
		serviceWorker: { register: false },
		// The CSS of a screen goes into its HTML, so no stylesheet request holds up the first paint
		// (the whole app's CSS is a few KiB).
		inlineStyleThreshold: 20_000,
		// Hash mode: the inline boot script is allowed by its hash; nothing from any other origin.
		csp: {
			mode: 'hash',
			directives: {
				'default-src': ['self'],
				'script-src': ['self'],
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:', 'blob:'],
				'font-src': ['self'],
				'connect-src': ['self'],
				'manifest-src': ['self'],
				'worker-src': ['self'],
				'object-src': ['none'],
				'base-uri': ['self'],
				'form-action': ['self']
			}
		}
	}
};

export default config;

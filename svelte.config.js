import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

// The one inline script of app.html (the kept theme, before the first paint): SvelteKit hashes
// only its own, so its hash is added to script-src here, from the file itself.
const themeScript = /<script>([\s\S]*?)<\/script>/.exec(readFileSync('src/app.html', 'utf8'))?.[1];
if (themeScript === undefined) throw new Error('src/app.html: the theme script is missing');
/** @type {`sha256-${string}`} */
const themeHash = `sha256-${createHash('sha256').update(themeScript).digest('base64')}`;

const pages = process.env.BUILD_DIR ?? 'build';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// A static SPA: prerendered shells plus a fallback page for deep links (evening ids).
		// '200.html', not 'index.html', so the fallback never overwrites the prerendered home page.
		adapter: adapter({ pages, assets: pages, fallback: '200.html', strict: true }),
		// Separate output dirs let parallel builds (BUILD_DIR, KIT_OUT) run side by side.
		outDir: process.env.KIT_OUT ?? '.svelte-kit',
		// workbox-window registers the worker, so an update can wait for the user's Reload.
		serviceWorker: { register: false },
		// The CSS of a screen goes into its HTML, so no stylesheet request holds up the first paint
		// (the whole app's CSS is a few KiB).
		inlineStyleThreshold: 20_000,
		// Hash mode: the inline boot script and the theme script are allowed by their hashes;
		// nothing from any other origin.
		csp: {
			mode: 'hash',
			directives: {
				'default-src': ['self'],
				'script-src': ['self', themeHash],
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:', 'blob:'],
				'font-src': ['self'],
				// A club's server (issue 28) is wherever the club runs it: any address over TLS, or
				// this machine's loopback (a club tried out locally, and the tests). Only data moves
				// there (fetch, EventSource); no script or style is taken from it.
				'connect-src': ['self', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
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

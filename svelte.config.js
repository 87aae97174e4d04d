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

/** @typedef {NonNullable<NonNullable<NonNullable<import('@sveltejs/kit').KitConfig['csp']>['directives']>['connect-src']>} ConnectSources */

/**
 * Where the app may connect beside itself: a club's server (issue 28, docs/club.md "The app's
 * Content-Security-Policy"). A club's server is wherever the club runs it, and a join link names
 * it only at run time, while this policy is fixed in the built pages: so by default any address
 * over TLS, and this machine's loopback (a club tried out locally, and the tests). A build for one
 * club's own copy of the app names its servers (CLUB_SERVER_ORIGINS="https://club.example.org")
 * and connects to those alone. Only data moves there (fetch, EventSource); no script or style is
 * taken from it.
 * @param {string | undefined} pinned space-separated origins
 * @returns {ConnectSources}
 */
export function clubConnectSources(pinned) {
	const origins = (pinned ?? '')
		.split(/\s+/)
		.filter(Boolean)
		.map((o) => {
			const url = new URL(o);
			if (url.protocol !== 'https:' && url.hostname !== 'localhost' && url.hostname !== '127.0.0.1')
				throw new Error(`CLUB_SERVER_ORIGINS: ${o} is not https (phones reach a club over TLS)`);
			return url.origin;
		});
	return /** @type {ConnectSources} */ (
		origins.length > 0 ? origins : ['https:', 'http://localhost:*', 'http://127.0.0.1:*']
	);
}

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	// Each component's styles travel in its JS module (Svelte's own option): an evening screen asks
	// for one stylesheet, app.css, not eight more beside its 40 scripts. The policy below allows
	// inline styles already.
	compilerOptions: { css: 'injected' },
	kit: {
		// A static SPA: prerendered shells plus a fallback page for deep links (evening ids).
		// '200.html', not 'index.html', so the fallback never overwrites the prerendered home page.
		// precompress: a .gz and a .br beside every file, as a static host serves them (our own
		// server, scripts/serve.js, does too): a phone's first visit fetches a third of the bytes.
		adapter: adapter({
			pages,
			assets: pages,
			fallback: '200.html',
			strict: true,
			precompress: true
		}),
		// Separate output dirs let parallel builds (BUILD_DIR, KIT_OUT) run side by side.
		outDir: process.env.KIT_OUT ?? '.svelte-kit',
		// workbox-window registers the worker, so an update can wait for the user's Reload.
		serviceWorker: { register: false },
		// The CSS of a screen goes into its HTML, so no stylesheet request holds up the first paint
		// (the whole app's CSS is a few KiB).
		inlineStyleThreshold: 20_000,
		// A page names the files of its screen with <link rel="preload"> and the `.mjs` ending
		// (SvelteKit's option), not with modulepreload, which in Chromium compiles each file as it
		// arrives, in tasks between those that parse the page. Warm loads at 4× CPU slowdown painted
		// 4–19 % sooner. A static host must send `.mjs` as JavaScript (most do).
		output: { preloadStrategy: 'preload-mjs' },
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
				'connect-src': ['self', ...clubConnectSources(process.env.CLUB_SERVER_ORIGINS)],
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

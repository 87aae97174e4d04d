/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
// Offline first: the whole app is precached into one cache per build, and every request for it is
// answered from that cache, so a table without signal behaves like one with. A new build waits
// until the scorekeeper presses Reload (the page posts SKIP_WAITING); it never takes over alone.
import { base, build, files, prerendered, version } from '$service-worker';

const sw = self as unknown as ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'caboose-';
const CACHE = `${CACHE_PREFIX}${version}`;
/** Deep links such as /evening/<id> are not prerendered: the SPA fallback page serves them. */
const FALLBACK = '/200.html';
const ASSETS = [...new Set([...build, ...files, ...prerendered, FALLBACK])];
const PRECACHED = new Set(ASSETS);

/** The build's own files: named by their content, so the copy in this build's cache is final. */
const IMMUTABLE = `${base}/_app/immutable/*`;

/** Chromium's static routing (InstallEvent.addRoutes): not in TypeScript's worker types yet. */
interface RouterInstallEvent extends ExtendableEvent {
	addRoutes?(rules: {
		condition: { urlPattern: string };
		source: { cacheName: string };
	}): Promise<void>;
}

sw.addEventListener('install', (event) => {
	// The browser answers the build's files from this build's cache itself, without starting or
	// waking this worker for each one (a screen asks for about twenty). A file missing from the
	// cache goes to the network. Browsers without static routing ask the fetch handler below.
	(event as RouterInstallEvent)
		.addRoutes?.({ condition: { urlPattern: IMMUTABLE }, source: { cacheName: CACHE } })
		// Refused (an older rule syntax): the fetch handler answers, as it always could.
		.catch(() => {});
	event.waitUntil(
		// `cache: 'reload'` skips the HTTP cache, so the new cache never holds the old build's files.
		caches
			.open(CACHE)
			.then((cache) => cache.addAll(ASSETS.map((url) => new Request(url, { cache: 'reload' }))))
	);
});

sw.addEventListener('activate', (event) => {
	event.waitUntil(
		(async () => {
			for (const key of await caches.keys()) {
				if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
			}
			// The first install takes the open page at once, so it works offline after one visit.
			await sw.clients.claim();
		})()
	);
});

sw.addEventListener('message', (event) => {
	const data: unknown = event.data;
	if (typeof data === 'object' && data !== null && 'type' in data) {
		if (data.type === 'SKIP_WAITING') void sw.skipWaiting();
		// Lets a page ask which build it is talking to (workbox-window's messageSW).
		if (data.type === 'GET_VERSION') event.ports[0]?.postMessage({ version });
	}
});

async function fromCache(pathname: string): Promise<Response | undefined> {
	const cache = await caches.open(CACHE);
	return cache.match(pathname);
}

async function navigation(request: Request, url: URL): Promise<Response> {
	// A prerendered screen (/, /new, /evenings, /settings) is stored under its own path;
	// anything else is a client-side route and gets the fallback shell.
	const page = PRECACHED.has(url.pathname) ? await fromCache(url.pathname) : undefined;
	const response = page ?? (await fromCache(FALLBACK));
	if (response) return response;
	// Only if the cache was lost (e.g. the browser evicted it): try the network.
	return fetch(request);
}

sw.addEventListener('fetch', (event) => {
	const { request } = event;
	if (request.method !== 'GET') return;
	const url = new URL(request.url);
	if (url.origin !== sw.location.origin) return;

	if (request.mode === 'navigate') {
		event.respondWith(navigation(request, url));
		return;
	}
	if (PRECACHED.has(url.pathname)) {
		event.respondWith(fromCache(url.pathname).then((cached) => cached ?? fetch(request)));
	}
	// Anything else (e.g. /_app/version.json) goes to the network untouched.
});

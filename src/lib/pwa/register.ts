import type { Workbox } from 'workbox-window';
import { dev } from '$app/environment';
import { whenSettled } from './settled';

// The service worker is registered here (svelte.config.js: register: false) so an update waits
// in the background until the scorekeeper presses Reload: mid-round, nothing reloads by itself.

let wb: Workbox | null = null;
let registering: Promise<void> | null = null;
let reloading = false;

export interface UpdateHooks {
	/** A new build is installed and waiting, or took over from another tab: offer Reload. */
	onUpdateReady(): void;
}

export function registerServiceWorker(hooks: UpdateHooks): void {
	void whenSettled().then(linkManifest);
	// In dev the app is served by Vite; a worker there would only cache stale modules.
	if (dev || !('serviceWorker' in navigator) || registering) return;
	// Another tab pressed Reload: the new build takes over this page too, which still runs the old
	// build, whose files are gone from the cache. Offer the reload here too rather than break on
	// the next lazy screen. Heard from the start, not through workbox-window, which registers a
	// second or more after load; a change from no worker (the first visit's) is no update.
	// A change to no worker is no update either: the browser removed it with the site's data.
	let controlled = !!navigator.serviceWorker.controller;
	navigator.serviceWorker.addEventListener('controllerchange', () => {
		const now = !!navigator.serviceWorker.controller;
		if (controlled && now && !reloading) hooks.onUpdateReady();
		controlled = now;
	});
	// Neither workbox-window nor the worker's precaching is needed for the first paint: both wait
	// until the page has loaded and the browser is idle (what Workbox advises, too).
	registering = whenSettled()
		.then(() => import('workbox-window'))
		.then(
			({ Workbox }) => watch(new Workbox('/service-worker.js'), hooks),
			(err: unknown) => console.warn('Caboose: the service worker could not be registered', err)
		);
}

/**
 * The web app manifest is read only to install the app. Linked in the page's HTML, the browser
 * fetches it, and then its icon, while the first paint's modules are still on their way: two of
 * the six connections a phone opens to the host (with the favicon, now inline, home's Lighthouse
 * LCP went 2169 -> 2028 ms).
 */
export function linkManifest(): void {
	if (document.querySelector('link[rel="manifest"]')) return;
	const link = document.createElement('link');
	link.rel = 'manifest';
	link.href = '/manifest.webmanifest';
	document.head.append(link);
}

function watch(workbox: Workbox, hooks: UpdateHooks): void {
	wb = workbox;
	workbox.addEventListener('waiting', () => hooks.onUpdateReady());
	// This page's Reload let the waiting build take over: load it. (Another tab's: see above.)
	workbox.addEventListener('controlling', () => {
		if (reloading) location.reload();
	});
	void workbox.register().catch((err: unknown) => {
		console.warn('Caboose: the service worker could not be registered', err);
	});
	// Phones keep a tab for days: look for a new build whenever the app comes back to the front.
	document.addEventListener('visibilitychange', () => {
		if (document.visibilityState === 'visible') void workbox.update().catch(() => undefined);
	});
}

/** The Reload button: let the waiting build take over, then load it. */
export function applyUpdate(): void {
	reloading = true;
	const waiting = wb && navigator.serviceWorker.controller ? wb : null;
	if (!waiting) {
		location.reload();
		return;
	}
	void navigator.serviceWorker.getRegistration().then((reg) => {
		// Nothing waiting (the new build already took over from another tab): a plain reload.
		if (reg?.waiting) waiting.messageSkipWaiting();
		else location.reload();
	});
}

/**
 * Reload for a tab whose data is newer than its code: look for the newer build first, and let it
 * take over if one is waiting, so the reload does not come back to the same old build.
 */
export async function updateThenReload(): Promise<void> {
	const reg = dev ? undefined : await navigator.serviceWorker?.getRegistration();
	if (reg) {
		await reg.update().catch(() => undefined);
		const next = reg.installing;
		if (next) {
			await new Promise<void>((resolve) => {
				const settled = () => next.state !== 'installing';
				if (settled()) resolve();
				else next.addEventListener('statechange', () => settled() && resolve());
			});
		}
		const waiting = reg.waiting;
		if (waiting && navigator.serviceWorker.controller) {
			reloading = true;
			navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
				once: true
			});
			waiting.postMessage({ type: 'SKIP_WAITING' });
			return;
		}
	}
	location.reload();
}

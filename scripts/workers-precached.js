// Web Workers' files into the service worker's precache (sveltejs/kit#12438). Vite emits each
// worker's file without a name, so Vite's manifest has no entry for it, and SvelteKit's `build`
// list (what the service worker stores on install) is read from that manifest. Offline, the
// photo count then had no worker to count with. Named here, each worker file gets an entry of
// its own and is stored with the rest of the build. Only file names are read, never code; the
// offline journey in tests/e2e/pwa.spec.ts fails when a worker is missing from the precache.

/** Where SvelteKit has Vite write workers and their chunks. */
const WORKER_FILE = /\/immutable\/workers\//;

/** @returns {import('vite').Plugin} */
export function workersPrecached() {
	return {
		name: 'caboose:workers-precached',
		apply: 'build',
		// After Vite's worker plugin has added the workers' files to the bundle, before its
		// manifest plugin lists the bundle.
		generateBundle(_, bundle) {
			for (const file of Object.values(bundle)) {
				if (file.type !== 'asset' || !WORKER_FILE.test(file.fileName)) continue;
				if (file.names.length === 0) file.names.push(file.fileName.split('/').pop() ?? '');
			}
		}
	};
}

import { appDb } from '$lib/state/app-db';

// An evening's id is only known in the browser (IndexedDB): these pages come from the SPA fallback.
export const prerender = false;

// Every evening screen shows stored data: the database starts loading with the screen's code
// rather than after its first render (its content, the largest paint, waits for both).
export const load = () => {
	void appDb();
};

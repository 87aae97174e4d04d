import { appDb } from '$lib/state/app-db';

// An evening's id is only known in the browser (IndexedDB): these pages come from the SPA fallback.
export const prerender = false;

// Every evening screen shows stored data and takes taps that must be stored at once: the database
// starts loading with the screen's code. (Painting the evening before Dexie, from a plain
// IndexedDB read, let a tap wait for Dexie and be lost to a reload: tried and taken back.)
export const load = () => {
	void appDb({ now: true });
};

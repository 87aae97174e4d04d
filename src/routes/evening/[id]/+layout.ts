// An evening's id is only known in the browser (IndexedDB): these pages come from the SPA fallback.
import { openEarly } from '$lib/state/app-db';

export const prerender = false;

// Every screen of an evening reads it through Dexie: the database opens while the screen's code
// loads, not after its first render.
export function load(): void {
	openEarly();
}

import { openEarly } from '$lib/state/app-db';

// The list is read through Dexie: the database opens (and checks its data version) while the
// screen renders, not after its first render.
export function load(): void {
	openEarly();
}

// An evening's id is only known in the browser (IndexedDB): these pages come from the SPA fallback.
// (The evening is read without Dexie for the first paint: state/app-db.ts `follow`'s peek.)
export const prerender = false;

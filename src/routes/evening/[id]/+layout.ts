// An evening's id is only known in the browser (IndexedDB): these pages come from the SPA fallback.
// (The evening is read without Dexie for the first paint, and taps wait for Dexie: state/app-db.ts
// `follow`, and the screens' inert gate.)
export const prerender = false;

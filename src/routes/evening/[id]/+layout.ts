// An evening's id is only known in the browser (IndexedDB): these pages come from the SPA fallback.
export const prerender = false;

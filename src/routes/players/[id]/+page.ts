// A player's id is only known in the browser (IndexedDB): this page comes from the SPA fallback.
export const prerender = false;

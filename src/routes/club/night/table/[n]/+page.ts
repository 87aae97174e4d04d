// A table's number is only known in the browser: this page comes from the SPA fallback.
export const prerender = false;

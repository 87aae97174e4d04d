// A client-only app: pages are prerendered as shells and everything runs in the browser.
export const prerender = true;
export const ssr = false;
export const trailingSlash = 'never';

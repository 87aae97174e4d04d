import { loadLocaleMessages } from 'virtual:caboose-locales';
import { getLocale } from '$lib/paraglide/runtime';

// A client-only app: pages are prerendered as shells and everything runs in the browser.
export const prerender = true;
export const ssr = false;
export const trailingSlash = 'never';

// The reader's language is in place before the first render (English ships with every screen);
// the home screen waits only for its own messages, and the rest arrive meanwhile.
export const load = ({ route }) => loadLocaleMessages(getLocale(), route.id === '/');

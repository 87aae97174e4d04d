// The table's own settings, kept on this device: the colour theme and whether the screen stays
// awake while an evening is open. The theme is applied as soon as this module loads (the root
// layout imports it, before any screen renders): `auto` leaves the choice to the CSS media query
// `prefers-color-scheme`, `light` and `dark` set `data-theme` on <html> (app.html sets it from the
// kept choice even sooner, before the first paint).
import { rememberGet, rememberSet } from '$lib/pwa/storage';

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_KEY = 'caboose:theme';
export const KEEP_AWAKE_KEY = 'caboose:keepAwake';

function isTheme(value: unknown): value is Theme {
	return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

const inBrowser = typeof document !== 'undefined';
const darkQuery: MediaQueryList | null =
	inBrowser && typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/** Sets the attribute the stylesheet reads, and the browser bar's colour, for `theme`. */
function apply(theme: Theme): void {
	if (!inBrowser) return;
	const root = document.documentElement;
	if (theme === 'auto') delete root.dataset.theme;
	else root.dataset.theme = theme;
	const bg = getComputedStyle(root).getPropertyValue('--bg').trim();
	const meta = document.querySelector('meta[name="theme-color"]');
	if (bg && meta) meta.setAttribute('content', bg);
}

export class Settings {
	theme = $state<Theme>('auto');
	keepAwake = $state(true);
	/** What the device asks for, followed while the app is open (for `auto`). */
	devicePrefersDark = $state(darkQuery?.matches ?? true);
	/** The palette on screen now: the chart and the share card draw in it. */
	readonly scheme: 'light' | 'dark' = $derived(
		this.theme === 'auto' ? (this.devicePrefersDark ? 'dark' : 'light') : this.theme
	);

	constructor() {
		const stored = rememberGet(THEME_KEY);
		this.theme = isTheme(stored) ? stored : 'auto';
		this.keepAwake = rememberGet(KEEP_AWAKE_KEY) !== 'off';
		apply(this.theme);
		darkQuery?.addEventListener('change', (e) => {
			this.devicePrefersDark = e.matches;
			apply(this.theme);
		});
	}

	setTheme(value: string): void {
		if (!isTheme(value)) return;
		this.theme = value;
		rememberSet(THEME_KEY, value);
		apply(value);
	}

	setKeepAwake(on: boolean): void {
		this.keepAwake = on;
		rememberSet(KEEP_AWAKE_KEY, on ? 'on' : 'off');
	}
}

/** The app's one settings object. */
export const settings = new Settings();

/** A colour of the palette on screen now (a CSS custom property such as `--text`). */
export function themeColor(name: string, fallback: string): string {
	if (!inBrowser) return fallback;
	return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

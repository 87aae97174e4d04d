import { getLocale } from '$lib/paraglide/runtime.js';

// Numbers and dates in the reader's locale (1'092 / 1.092 / 1 092), one formatter per locale.
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(n: number): string {
	const locale = getLocale();
	let f = numberFormats.get(locale);
	if (!f) {
		f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
		numberFormats.set(locale, f);
	}
	return f.format(n);
}

export function formatDate(ms: number): string {
	return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
		ms
	);
}

/** A list of names joined the way acceptance tests read it ("Anna, Ben"). */
export function joinNames(names: readonly string[]): string {
	return names.join(', ');
}

/** A score at most one decimal long, for display (plus-mode shares can be fractional). */
export function formatScore(n: number): number {
	const r = Math.round(n * 10) / 10;
	return Object.is(r, -0) ? 0 : r;
}

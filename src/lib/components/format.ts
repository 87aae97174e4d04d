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

const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(ms: number): string {
	const locale = getLocale();
	let f = dateFormats.get(locale);
	if (!f) {
		f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
		dateFormats.set(locale, f);
	}
	return f.format(ms);
}

/** A list of names joined the way acceptance tests read it ("Anna, Ben"). */
export function joinNames(names: readonly string[]): string {
	return names.join(', ');
}

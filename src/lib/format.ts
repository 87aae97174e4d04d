// Every way Caboose writes a number, a date, a tile or a list of names as text: said once here.
// Numbers and dates follow the reader's locale (1'092 / 1.092 / 1 092); tiles are written the
// game's way, larger number first ("12|5"); file names carry a sortable local date.
import { getLocale } from '$lib/paraglide/runtime.js';
import { tileKey } from '$lib/rules';

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

/** A moment as the reader's locale writes a date and a time. */
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

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A day without the time, as the reader's locale writes it ("24 Nov 2026", or "24 November 2026"). */
export function formatDay(ms: number, style: 'medium' | 'long' = 'medium'): string {
	const key = `${getLocale()} ${style}`;
	let f = dayFormats.get(key);
	if (!f) {
		f = new Intl.DateTimeFormat(getLocale(), { dateStyle: style });
		dayFormats.set(key, f);
	}
	return f.format(ms);
}

/** A local date for a file name: "2026-11-23" (sorts by date, the same in every language). */
export function fileDate(date: Date = new Date()): string {
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A tile as the game writes it, larger number first: "12|5" (the rules core's tile key). */
export function tileText(a: number, b: number): string {
	return tileKey([a, b]);
}

/** A double: "9|9". */
export function doubleText(value: number): string {
	return tileText(value, value);
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

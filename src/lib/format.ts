// Every way Caboose writes a number, a date, a tile or a list of names as text: said once here.
// Numbers and dates follow the reader's locale (1'092 / 1.092 / 1 092); tiles are written the
// game's way, larger number first ("12|5"); file names carry a sortable local date.
import { getLocale } from '$lib/paraglide/runtime.js';
import { tileKey } from '$lib/rules';
// formatScore is the CSV cells' too, so it lives with them in the pure layer.
import { formatScore } from './csv';

export { formatScore };

/** Intl formatters are costly to build: one of each kind per locale, built when first used. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
	kind: string,
	make: (locale: string) => T
): T {
	const locale = getLocale();
	const key = `${kind} ${locale}`;
	let f = formatters.get(key) as T | undefined;
	if (!f) formatters.set(key, (f = make(locale)));
	return f;
}

/**
 * A whole number below 1,000 is written by every locale Caboose speaks as its digits, with a
 * plain minus (a unit test holds this against Intl for each of them). Writing it so skips
 * building the Intl formatter, which costs a phone a frame (about 25 ms on the bench's
 * machine, once per page load), for the scores that most screens open with.
 */
export function formatNumber(n: number, { fractionDigits }: { fractionDigits?: 1 } = {}): string {
	const fixed = fractionDigits ?? 0;
	if (!fixed && Number.isInteger(n) && Math.abs(n) < 1000 && !Object.is(n, -0)) return String(n);
	// Rounded here, as the CSV rounds it (formatScore), not left to Intl's own rounding. With
	// `fractionDigits: 1`, a column of averages: every figure with its decimal ("6.0" by "8.5").
	return formatter(
		`n${fixed}`,
		(l) => new Intl.NumberFormat(l, { minimumFractionDigits: fixed, maximumFractionDigits: 1 })
	).format(Number.isInteger(n) ? n : formatScore(n));
}

/** A moment as the reader's locale writes a date and a time. */
export function formatDate(ms: number): string {
	return formatter(
		't',
		(l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' })
	).format(ms);
}

/**
 * A moment of today as its time only ("19:55"), of another day as a date and a time: what a
 * narrow column of tonight's tables needs (the date split a 320 px column mid-number).
 */
export function formatMoment(ms: number, now: number = Date.now()): string {
	const day = (t: number) => new Date(t).toDateString();
	if (day(ms) !== day(now)) return formatDate(ms);
	return formatter('hm', (l) => new Intl.DateTimeFormat(l, { timeStyle: 'short' })).format(ms);
}

/** A day without the time, as the reader's locale writes it ("24 Nov 2026", or "24 November 2026"). */
export function formatDay(ms: number, style: 'medium' | 'long' = 'medium'): string {
	return formatter(style, (l) => new Intl.DateTimeFormat(l, { dateStyle: style })).format(ms);
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

/** A player's name by key; the key itself when the evening does not know it. */
export function playerName(names: Readonly<Record<string, string>>, key: string): string {
	return Object.hasOwn(names, key) ? names[key]! : key;
}

/** The names of an evening's seats, by key. */
export function seatNames(
	players: readonly { id: string; name: string }[]
): Record<string, string> {
	return Object.fromEntries(players.map((p) => [p.id, p.name]));
}

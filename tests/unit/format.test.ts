import { afterEach, describe, expect, it } from 'vitest';
import {
	fileDate,
	formatDate,
	formatMoment,
	formatNumber,
	formatScore,
	playerName,
	seatNames
} from '$lib/format';
import { csvNumber } from '$lib/db/csv';
import { locales, overwriteGetLocale, type Locale } from '$lib/paraglide/runtime.js';

describe('formatScore', () => {
	it('keeps at most one decimal', () => {
		expect(formatScore(10 / 3)).toBe(3.3);
		expect(formatScore(7.5)).toBe(7.5);
		expect(formatScore(65 / 6)).toBe(10.8);
		expect(formatScore(12)).toBe(12);
		expect(Object.is(formatScore(-0.01), 0)).toBe(true);
	});

	it('rounds half away from zero, so the screen and the CSV write the same score', () => {
		expect(formatScore(-0.25)).toBe(-0.3);
		expect(formatScore(0.25)).toBe(0.3);
		expect(formatScore(-2.75)).toBe(-2.8);
		for (const n of [-0.25, 0.25, -2.75, 12.45, -0.05, 1 / 3, -1092.25]) {
			expect(formatNumber(n), String(n)).toBe(csvNumber(n).replace(/^(-?)(\d+)(\d{3})/, '$1$2,$3'));
		}
		expect(formatNumber(-0.25)).toBe('-0.3');
		expect(csvNumber(-0.25)).toBe('-0.3');
	});
});

describe('playerName', () => {
	it("names a player by key, the key itself when unknown, and never an object's property", () => {
		const names = seatNames([
			{ id: 'a1', name: 'Anna' },
			{ id: 'b2', name: 'Ben' }
		]);
		expect(playerName(names, 'b2')).toBe('Ben');
		expect(playerName(names, 'c3')).toBe('c3');
		expect(playerName(names, 'toString')).toBe('toString');
	});
});

describe('fileDate', () => {
	it('writes the local calendar day (a late-evening file is not dated tomorrow)', () => {
		expect(fileDate(new Date(2026, 10, 3, 23, 59))).toBe('2026-11-03');
	});
});

describe('formatMoment', () => {
	it('writes a moment of today as its time, one of another day with its date', () => {
		const evening = new Date(2026, 10, 27, 19, 55).getTime();
		const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(evening);
		expect(time).toMatch(/^7:55\sPM$/);
		expect(formatMoment(evening, new Date(2026, 10, 27, 23, 59).getTime())).toBe(time);
		const nextDay = new Date(2026, 10, 28, 0, 5).getTime();
		expect(formatMoment(evening, nextDay)).toBe(formatDate(evening));
	});
});

describe('formatNumber', () => {
	let current: Locale = 'en';
	overwriteGetLocale(() => current);
	afterEach(() => (current = 'en'));

	it('writes what Intl writes, in every locale, also where it skips Intl', () => {
		const samples = [0, -0, 0.5, -0.25, 10 / 3, 999.5, -999.96, 1e21, NaN, Infinity];
		for (let n = -12_000; n <= 12_000; n++) samples.push(n);
		for (const locale of locales) {
			current = locale;
			const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
			for (const n of samples) expect(formatNumber(n), `${locale} ${n}`).toBe(intl.format(n));
		}
	});

	it('writes one decimal on every figure when asked, as Intl does', () => {
		for (const locale of locales) {
			current = locale;
			const intl = new Intl.NumberFormat(locale, {
				minimumFractionDigits: 1,
				maximumFractionDigits: 1
			});
			for (const n of [0, 6, 8.5, 10 / 3, -0.25, 1092])
				expect(formatNumber(n, { fractionDigits: 1 }), `${locale} ${n}`).toBe(intl.format(n));
		}
		current = 'fr';
		expect(formatNumber(6, { fractionDigits: 1 })).toBe('6,0');
	});

	it('groups thousands as the locale does', () => {
		const written = Object.fromEntries(
			locales.map((l) => {
				current = l;
				return [l, [formatNumber(1092), formatNumber(-12500)]];
			})
		);
		expect(written).toEqual({
			en: ['1,092', '-12,500'],
			de: ['1.092', '-12.500'],
			fr: ['1\u202f092', '-12\u202f500'],
			it: ['1092', '-12.500']
		});
	});
});

import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber, formatScore } from '$lib/format';
import { locales, overwriteGetLocale, type Locale } from '$lib/paraglide/runtime.js';

describe('formatScore', () => {
	it('keeps at most one decimal', () => {
		expect(formatScore(10 / 3)).toBe(3.3);
		expect(formatScore(7.5)).toBe(7.5);
		expect(formatScore(65 / 6)).toBe(10.8);
		expect(formatScore(12)).toBe(12);
		expect(Object.is(formatScore(-0.01), 0)).toBe(true);
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

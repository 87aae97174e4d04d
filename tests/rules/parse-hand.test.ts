import { describe, expect, it } from 'vitest';
import { parseHandValue } from '../../src/lib/rules/index';

describe('parseHandValue', () => {
	it.each([
		['0', 0],
		['7', 7],
		['1068', 1068],
		['  42  ', 42],
		['\t9\n', 9],
		// Leading zeros: what a keypad can produce, and unambiguous.
		['007', 7],
		['00', 0]
	])('accepts %j as %d', (text, value) => {
		expect(parseHandValue(text)).toEqual({ ok: true, value });
	});

	it.each([
		'',
		' ',
		'-3',
		'+5',
		'1.5',
		'1,5',
		'12abc',
		'abc',
		'1e3',
		'0x10',
		'0b1',
		'1 2',
		'Infinity',
		'NaN',
		'٣', // an Arabic-Indic digit: not what the screen's keypad gives
		'99999999999999999999'
	])('refuses %j with hand-not-whole and the text', (text) => {
		expect(parseHandValue(text)).toEqual({
			ok: false,
			problem: { code: 'hand-not-whole', params: { text } }
		});
	});
});

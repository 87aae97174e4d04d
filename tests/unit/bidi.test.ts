// @vitest-environment jsdom
// Names inside a line are isolated: each in its own <bdi>, the text unchanged.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/svelte';
import Isolated from '$lib/components/Isolated.svelte';
import { iso, isolatedParts, plainText } from '$lib/components/bidi';

const RTL = 'דנה';
const OVERRIDE = '\u202Eevil';

describe('isolated names', () => {
	it('splits a message into text and names, and reads as the message', () => {
		const text = `Last round: ${iso(RTL)} 5 · ${iso('Ben')} 3`;
		expect(isolatedParts(text)).toEqual([
			{ text: 'Last round: ', isolated: false },
			{ text: RTL, isolated: true },
			{ text: ' 5 · ', isolated: false },
			{ text: 'Ben', isolated: true },
			{ text: ' 3', isolated: false }
		]);
		expect(plainText(text)).toBe(`Last round: ${RTL} 5 · Ben 3`);
	});

	it('renders each name in a <bdi>, the rest as text', () => {
		const { container } = render(Isolated, {
			text: `Winner: ${iso(OVERRIDE)}, ${iso('Ben')}`
		});
		expect(container.textContent).toBe(`Winner: ${OVERRIDE}, Ben`);
		expect([...container.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([
			OVERRIDE,
			'Ben'
		]);
	});

	it('keeps the marks balanced whatever a name holds', () => {
		const hostile = 'a\u2069b\u2068c';
		expect(isolatedParts(`x ${iso(hostile)} y`)).toEqual([
			{ text: 'x ', isolated: false },
			{ text: 'abc', isolated: true },
			{ text: ' y', isolated: false }
		]);
	});
});

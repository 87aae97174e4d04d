// @vitest-environment jsdom
// The domino face: n pips for n = 0…18, inside the half, never touching, and an accessible name.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import Domino from '$lib/components/Domino.svelte';
import { pipLayout, pipRadius } from '$lib/components/domino-pips';

describe('pip layouts', () => {
	it.each(Array.from({ length: 19 }, (_, n) => n))('%i shows exactly %i separate pips', (n) => {
		const pips = pipLayout(n);
		expect(pips).toHaveLength(n);
		const r = pipRadius(n);
		for (const [x, y] of pips) {
			expect(x - r).toBeGreaterThan(0);
			expect(x + r).toBeLessThan(1);
			expect(y - r).toBeGreaterThan(0);
			expect(y + r).toBeLessThan(1);
		}
		for (let i = 0; i < pips.length; i++)
			for (let j = i + 1; j < pips.length; j++) {
				const [x1, y1] = pips[i]!;
				const [x2, y2] = pips[j]!;
				expect(Math.hypot(x1 - x2, y1 - y2)).toBeGreaterThan(2.5 * r);
			}
	});

	it('has no layout beyond 18', () => {
		expect(() => pipLayout(19)).toThrow(RangeError);
	});
});

describe('Domino', () => {
	it('draws both halves with an accessible name', () => {
		render(Domino, { props: { a: 12, b: 12, label: 'Engine 12|12' } });
		const img = screen.getByRole('img', { name: 'Engine 12|12' });
		expect(img.querySelectorAll('circle')).toHaveLength(24);
	});

	it('is hidden from assistive tech without a label, and turns vertical', () => {
		const { container } = render(Domino, {
			props: { a: 3, b: 0, size: 20, orientation: 'vertical' }
		});
		const svg = container.querySelector('svg')!;
		expect(svg.getAttribute('aria-hidden')).toBe('true');
		expect(svg.getAttribute('width')).toBe('20');
		expect(svg.getAttribute('height')).toBe('40');
		expect(svg.querySelectorAll('circle')).toHaveLength(3);
	});
});

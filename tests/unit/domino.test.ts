// @vitest-environment jsdom
// The domino face: n pips for n = 0…18, inside the half, never touching, and an accessible name.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import Domino from '$lib/components/Domino.svelte';
import { pipLayout, pipPath, pipRadius } from '$lib/components/domino-pips';

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

	it('draws each half in its place as one path of circles', () => {
		for (const vertical of [false, true])
			for (let a = 0; a <= 18; a++)
				for (const b of [0, 7, 18]) {
					const circles = circlesOf(pipPath(a, b, vertical));
					const want = [
						...pipLayout(a).map(([x, y]) => [x * 100, y * 100, pipRadius(a) * 100]),
						...pipLayout(b).map(([x, y]) =>
							vertical
								? [x * 100, 100 + y * 100, pipRadius(b) * 100]
								: [100 + x * 100, y * 100, pipRadius(b) * 100]
						)
					];
					expect(circles).toHaveLength(a + b);
					circles.forEach((c, i) => c.forEach((v, k) => expect(v).toBeCloseTo(want[i]![k]!, 1)));
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
		expect(circlesOf(img.querySelector('path.pip')!.getAttribute('d')!)).toHaveLength(24);
	});

	it('is hidden from assistive tech without a label, and turns vertical', () => {
		const { container } = render(Domino, {
			props: { a: 3, b: 0, size: 20, orientation: 'vertical' }
		});
		const svg = container.querySelector('svg')!;
		expect(svg.getAttribute('aria-hidden')).toBe('true');
		expect(svg.getAttribute('width')).toBe('20');
		expect(svg.getAttribute('height')).toBe('40');
		expect(circlesOf(svg.querySelector('path.pip')!.getAttribute('d')!)).toHaveLength(3);
	});
});

/** The circles (centre x, centre y, radius) a pip path draws: each is a move to its left edge
 * and two half-turn arcs back to it. */
function circlesOf(d: string): number[][] {
	const circle = /M(-?[\d.]+) (-?[\d.]+)a([\d.]+) \3 0 1 0 ([\d.]+) 0a\3 \3 0 1 0 -([\d.]+) 0/y;
	const out: number[][] = [];
	for (let at = 0; at < d.length;) {
		circle.lastIndex = at;
		const m = circle.exec(d);
		if (!m) throw new Error(`not a circle at ${at}: ${d.slice(at, at + 40)}`);
		const [x, y, r, there, back] = m.slice(1).map(Number) as [
			number,
			number,
			number,
			number,
			number
		];
		expect(there).toBeCloseTo(2 * r, 5);
		expect(back).toBeCloseTo(2 * r, 5);
		out.push([x + r, y, r]);
		at = circle.lastIndex;
	}
	return out;
}

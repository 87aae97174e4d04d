// @vitest-environment jsdom
// The station: a spoke per train, each personal spoke the marker toggle of that train, the first
// Mexican spoke the "started" toggle, an open double drawn on its train.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import Station from '$lib/components/table/Station.svelte';
import { resolveRules } from '$lib/rules/resolve';
import { replayTable, type TableEvent } from '$lib/rules/table';

const NAMES: Record<string, string> = { a: 'Anna', b: 'Ben', c: 'Cleopatra Maximiliane' };

function draw(events: TableEvent[]) {
	const rules = resolveRules({ preset: 'italian-elimination' });
	const table = replayTable(rules, ['a', 'b', 'c'], 12, events);
	const onmarker = vi.fn();
	const onmexican = vi.fn();
	const view = render(Station, {
		table,
		name: (p: string) => NAMES[p] ?? p,
		onmarker,
		onmexican
	});
	return { ...view, onmarker, onmexican };
}

describe('Station', () => {
	it('draws the engine and one toggle per personal train plus the Mexican train', () => {
		draw([]);
		expect(screen.getByRole('img', { name: 'Engine 12|12' })).toBeTruthy();
		for (const n of ['Anna', 'Ben', 'Cleopatra Maximiliane']) {
			expect(
				screen.getByRole('button', { name: `Marker on ${n}'s train` }).getAttribute('aria-pressed')
			).toBe('false');
		}
		expect(
			screen.getByRole('button', { name: 'Mexican train started' }).getAttribute('aria-pressed')
		).toBe('false');
	});

	it('shows markers, knocks, the turn and an open double as they are', () => {
		const { container } = draw([
			{ type: 'marker', player: 'b', on: true },
			{ type: 'knock', player: 'c', on: true },
			{ type: 'turn', player: 'a' },
			{ type: 'mexican', on: true },
			{ type: 'mexican-add' },
			{ type: 'double', train: 'c', value: 9, by: 'c' }
		]);
		expect(
			screen.getByRole('button', { name: "Marker on Ben's train" }).getAttribute('aria-pressed')
		).toBe('true');
		expect(
			screen.getByRole('button', { name: 'Mexican train started' }).getAttribute('aria-pressed')
		).toBe('true');
		expect(container.querySelectorAll('.marker')).toHaveLength(1);
		expect(container.querySelectorAll('.double-ring')).toHaveLength(1);
		// Numbered spokes (a long name): the knock is a red disc at the spoke, words in the key.
		expect(container.querySelectorAll('.knock-dot')).toHaveLength(1);
		expect(container.querySelector('.key .badge')?.textContent).toBe('1 left');
		// Cleopatra Maximiliane does not fit at a spoke: the spokes are numbered, Anna is seat 1.
		expect(container.querySelector('.label.turn')?.textContent).toBe('▶ 1');
		// The second Mexican train is drawn but is not a control.
		expect(container.textContent).toContain('Mexican 2');
		expect(screen.getAllByRole('button')).toHaveLength(4);
	});

	it('a tap, Enter or Space on a spoke asks for that train’s toggle', async () => {
		const { onmarker, onmexican } = draw([]);
		await fireEvent.click(
			screen.getByRole('button', { name: "Marker on Cleopatra Maximiliane's train" })
		);
		expect(onmarker).toHaveBeenCalledWith('c');
		await fireEvent.keyDown(screen.getByRole('button', { name: "Marker on Anna's train" }), {
			key: 'Enter'
		});
		expect(onmarker).toHaveBeenLastCalledWith('a');
		await fireEvent.keyDown(screen.getByRole('button', { name: 'Mexican train started' }), {
			key: ' '
		});
		expect(onmexican).toHaveBeenCalledTimes(1);
		await fireEvent.keyDown(screen.getByRole('button', { name: 'Mexican train started' }), {
			key: 'x'
		});
		expect(onmexican).toHaveBeenCalledTimes(1);
	});

	it('never cuts a name: a long one numbers the spokes, and the key below gives each its full name', () => {
		const { container } = draw([{ type: 'turn', player: 'b' }]);
		const labels = [...container.querySelectorAll('text.label')].map((t) => t.textContent);
		expect(labels).toEqual(['Mexican', '1', '▶ 2', '3']);
		expect(container.textContent).not.toContain('…');
		const key = [...container.querySelectorAll('.key li')].map((li) =>
			li.textContent?.replace(/\s+/g, ' ').trim()
		);
		expect(key).toEqual(['1 Anna', '2 Ben', '3 Cleopatra Maximiliane']);
		expect(container.querySelector('.key .turn')?.textContent).toContain('Ben');
		for (const text of container.querySelectorAll('text.label')) {
			const x = Number(text.getAttribute('x'));
			const half = ([...(text.textContent ?? '')].length * 17 * 0.6) / 2;
			expect(x - half).toBeGreaterThanOrEqual(0);
			expect(x + half).toBeLessThanOrEqual(400);
		}
	});

	it('names that all fit stand whole at their spokes, with no key', () => {
		const rules = resolveRules({ preset: 'italian-elimination' });
		const names: Record<string, string> = { a: 'Anna', b: 'Bartholomew' };
		const { container } = render(Station, {
			table: replayTable(rules, ['a', 'b'], 12, []),
			name: (p: string) => names[p] ?? p,
			onmarker: vi.fn(),
			onmexican: vi.fn()
		});
		const labels = [...container.querySelectorAll('text.label')].map((t) => t.textContent);
		expect(labels).toEqual(['Mexican', 'Anna', 'Bartholomew']);
		expect(container.querySelector('.key')).toBeNull();
	});
});

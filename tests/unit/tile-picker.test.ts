// @vitest-environment jsdom
// The tile picker: every tile of the set as a domino button named "a|b", the engine and tiles in
// another hand not pickable, each tile's value under the rules, and the hand's total.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import TilePicker from '$lib/components/round/TilePicker.svelte';
import { resolveRules } from '$lib/rules';
import type { RulesChoice, Tile } from '$lib/rules/types';

function open(
	choice: RulesChoice,
	engine: number,
	selected: Tile[] = [],
	taken: Record<string, string> = {}
) {
	const ondone = vi.fn();
	const oncancel = vi.fn();
	render(TilePicker, {
		props: { name: 'Ben', rules: resolveRules(choice), engine, selected, taken, ondone, oncancel }
	});
	return { dialog: screen.getByRole('dialog'), ondone, oncancel };
}

const tile = (dialog: HTMLElement, key: string) =>
	within(dialog).getByRole('button', { name: key }) as HTMLButtonElement;

// A loaded machine renders 190 buttons slowly: a generous limit, no timing is asserted.
describe('TilePicker', { timeout: 30_000 }, () => {
	it('offers every tile of the set once, larger number first', () => {
		const { dialog } = open({ preset: 'swiss-jassshop' }, 12);
		// Counted straight from the DOM: role queries over a hundred buttons are slow in jsdom.
		const names = [...dialog.querySelectorAll('button[aria-label]')]
			.map((b) => b.getAttribute('aria-label'))
			.filter((n): n is string => n !== null && /^\d+\|\d+$/.test(n));
		expect(names).toHaveLength(91);
		expect(new Set(names).size).toBe(91);
		expect(names[0]).toBe('12|12');
		expect(names.at(-1)).toBe('0|0');
		expect(names).toContain('12|5');
		expect(names).not.toContain('5|12');
		expect(within(dialog).getByText('Tiles of Ben')).toBeTruthy();
	});

	it('offers 190 tiles for a double-18 set', () => {
		const { dialog } = open({ preset: 'swiss-jassshop', set: 18 }, 18);
		expect(tile(dialog, '18|17')).toBeTruthy();
		const keys = [...dialog.querySelectorAll('button[aria-label]')].map((b) =>
			b.getAttribute('aria-label')
		);
		expect(keys.filter((k) => k !== null && /^\d+\|\d+$/.test(k))).toHaveLength(190);
	});

	it('disables the engine and tiles already in another hand', () => {
		const { dialog } = open({ preset: 'swiss-jassshop' }, 9, [], { '7|3': 'Anna' });
		expect(tile(dialog, '9|9').disabled).toBe(true);
		expect(tile(dialog, '7|3').disabled).toBe(true);
		expect(tile(dialog, '7|3').title).toBe("in Anna's hand");
		expect(tile(dialog, '12|12').disabled).toBe(false);
	});

	it("shows each tile's value under the rules and the hand total", async () => {
		// german-talon: every double 50, each blank half 25.
		const { dialog, ondone } = open({ preset: 'german-talon' }, 12, [[6, 6]]);
		expect(tile(dialog, '6|6').getAttribute('aria-pressed')).toBe('true');
		expect(tile(dialog, '6|6').textContent).toContain('50');
		expect(tile(dialog, '4|0').textContent).toContain('29');
		expect(within(dialog).getByText('Hand total: 50')).toBeTruthy();
		await fireEvent.click(tile(dialog, '4|0'));
		expect(within(dialog).getByText('Hand total: 79')).toBeTruthy();
		await fireEvent.click(tile(dialog, '6|6'));
		expect(within(dialog).getByText('Hand total: 29')).toBeTruthy();
		await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
		expect(ondone).toHaveBeenCalledWith([[4, 0]]);
	});

	it('clears the hand, and Escape discards the changes', async () => {
		const { dialog, ondone, oncancel } = open({ preset: 'swiss-jassshop' }, 12, [[3, 2]]);
		await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
		expect(within(dialog).getByText('Hand total: 0')).toBeTruthy();
		await fireEvent(dialog, new Event('cancel', { cancelable: true }));
		expect(oncancel).toHaveBeenCalledTimes(1);
		expect(ondone).not.toHaveBeenCalled();
		expect(screen.getByRole('dialog')).toBeTruthy();
	});
});

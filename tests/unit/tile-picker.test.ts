// @vitest-environment jsdom
// The tile picker: every tile of the set as a domino button named "a|b" showing its faces as text,
// grouped under a heading per larger number; the engine and tiles in another hand not pickable;
// the quick path (the higher number, then the tile); the hand's count and total.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime.js';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import TilePicker from '$lib/components/round/TilePicker.svelte';
import { resolveRules } from '$lib/rules';
import type { RulesChoice, Tile } from '$lib/rules/types';

function open(
	choice: RulesChoice,
	engine: number,
	selected: Tile[] = [],
	taken: Record<string, string> = {},
	laid: number[] = []
) {
	const ondone = vi.fn();
	const oncancel = vi.fn();
	render(TilePicker, {
		props: {
			name: 'Ben',
			rules: resolveRules(choice),
			engine,
			laid,
			selected,
			taken,
			ondone,
			oncancel
		}
	});
	return { dialog: screen.getByRole('dialog'), ondone, oncancel };
}

afterEach(() => overwriteGetLocale(() => baseLocale));

// A tile's button by its label, which is its accessible name (the first test reads every name):
// a role query computes the name and style of each of the 91 to 190 buttons, about a second each
// time in jsdom.
const tile = (dialog: HTMLElement, key: string) =>
	within(dialog).getByLabelText(key, { selector: 'button' }) as HTMLButtonElement;

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
		expect(within(dialog).getByRole('heading', { name: 'Tiles of Ben' })).toBeTruthy();
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

	it("disables a double the live table shows laid this round: it is in nobody's hand", () => {
		const { dialog } = open({ preset: 'german-talon' }, 12, [], {}, [5, 0]);
		expect(tile(dialog, '5|5').disabled).toBe(true);
		expect(tile(dialog, '5|5').title).toBe('on the table');
		expect(tile(dialog, '0|0').disabled).toBe(true);
		// Only the double itself: the other tiles with a 5 are still in some hand.
		expect(tile(dialog, '5|4').disabled).toBe(false);
		expect(tile(dialog, '6|6').disabled).toBe(false);
	});

	it('shows each tile by its faces, under a heading per larger number, and the hand total', async () => {
		// german-talon: every double 50, each blank half 25.
		const { dialog, ondone } = open({ preset: 'german-talon' }, 12, [[6, 6]]);
		expect(tile(dialog, '6|6').getAttribute('aria-pressed')).toBe('true');
		expect(tile(dialog, '12|5').textContent).toContain('12|5');
		expect(tile(dialog, '4|0').textContent).toContain('4|0');
		const heading = within(dialog).getByRole('heading', { name: 'Tiles with 12' });
		expect(heading.closest('[role="group"]')?.contains(tile(dialog, '12|5'))).toBe(true);
		expect(within(dialog).getByText('1 tile, 50 points')).toBeTruthy();
		await fireEvent.click(tile(dialog, '4|0'));
		expect(within(dialog).getByText('2 tiles, 79 points')).toBeTruthy();
		await fireEvent.click(tile(dialog, '6|6'));
		expect(within(dialog).getByText('1 tile, 29 points')).toBeTruthy();
		await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
		expect(ondone).toHaveBeenCalledWith([[4, 0]]);
	});

	it('takes a known tile in two taps: the higher number, then the tile', async () => {
		const { dialog, ondone } = open({ preset: 'swiss-jassshop' }, 12);
		const quick = within(dialog).getByRole('group', {
			name: 'Quick: tap the higher number, then the tile'
		});
		await fireEvent.click(within(quick).getByRole('button', { name: '11' }));
		// Only the 11s are left to choose from, large.
		expect(within(dialog).queryByRole('button', { name: '12|5' })).toBeNull();
		await fireEvent.click(tile(dialog, '11|3'));
		// Every number is back for the next tile.
		expect(tile(dialog, '12|5')).toBeTruthy();
		await fireEvent.click(within(quick).getByRole('button', { name: '0' }));
		await fireEvent.click(tile(dialog, '0|0'));
		expect(within(dialog).getByText('2 tiles, 14 points')).toBeTruthy();
		await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
		expect(ondone).toHaveBeenCalledWith([
			[11, 3],
			[0, 0]
		]);
	});

	it('says in French what the quick path does: the higher number, then the tile', async () => {
		// It once said "le plus grand nombre, puis le plus petit": tap 9, then 3. But a second
		// number only switches to that number's tiles, and the tile itself is the second tap.
		overwriteGetLocale(() => 'fr');
		const { dialog } = open({ preset: 'swiss-jassshop' }, 12);
		const quick = within(dialog).getByRole('group', {
			name: 'Rapide\u202f: touchez le plus grand nombre, puis le domino'
		});
		await fireEvent.click(within(quick).getByRole('button', { name: '9' }));
		await fireEvent.click(within(quick).getByRole('button', { name: '3' }));
		// The second number picked no tile: it shows the 3s instead of the 9s.
		expect(within(dialog).getByText('0 domino, 0 point')).toBeTruthy();
		expect(within(dialog).queryByRole('button', { name: '9|3' })).toBeNull();
		await fireEvent.click(tile(dialog, '3|1'));
		expect(within(dialog).getByText('1 domino, 4 points')).toBeTruthy();
	});

	it('clears the hand, and Escape discards the changes', async () => {
		const { dialog, ondone, oncancel } = open({ preset: 'swiss-jassshop' }, 12, [[3, 2]]);
		await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
		expect(within(dialog).getByText('0 tiles, 0 points')).toBeTruthy();
		await fireEvent(dialog, new Event('cancel', { cancelable: true }));
		expect(oncancel).toHaveBeenCalledTimes(1);
		expect(ondone).not.toHaveBeenCalled();
		expect(screen.getByRole('dialog')).toBeTruthy();
	});
});

// @vitest-environment jsdom
// "Tile played" and "Double played": each dialog is named after its heading, and the name does
// not make the dialog answer for the Train or Double select.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import PlayDialog from '$lib/components/table/PlayDialog.svelte';
import { resolveRules } from '$lib/rules/resolve';
import { replayTable } from '$lib/rules/table';

const NAMES: Record<string, string> = { a: 'Anna', b: 'Ben' };

function open(kind: 'tile' | 'double', onconfirm = vi.fn()) {
	const rules = resolveRules({ preset: 'swiss-jassshop' });
	render(PlayDialog, {
		kind,
		table: replayTable(rules, ['a', 'b'], 12, []),
		rules,
		name: (p: string) => NAMES[p] ?? p,
		trainName: (t: string) => NAMES[t] ?? 'Mexican train',
		problem: null,
		onconfirm,
		oncancel: vi.fn()
	});
}

describe('PlayDialog', () => {
	it('names the Tile played dialog', () => {
		open('tile');
		expect(screen.getByRole('dialog', { name: 'Tile played' })).toBeTruthy();
		expect(screen.getAllByLabelText('Train', { exact: false })).toHaveLength(1);
	});

	it('names the Double played dialog, and only the select answers to "Double"', () => {
		open('double');
		expect(screen.getByRole('dialog', { name: 'Double played' })).toBeTruthy();
		const doubles = screen.getAllByLabelText('Double', { exact: false });
		expect(doubles).toHaveLength(1);
		expect(doubles[0]?.tagName).toBe('SELECT');
	});

	it("a plain tile can be the player's last tile: the event says so, and only then", async () => {
		const onconfirm = vi.fn();
		open('tile', onconfirm);
		await fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
		expect(onconfirm).toHaveBeenLastCalledWith({ type: 'tile', train: 'a', by: 'a' });
		await fireEvent.click(screen.getByRole('checkbox', { name: "It was the player's last tile" }));
		await fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
		expect(onconfirm).toHaveBeenLastCalledWith({ type: 'tile', train: 'a', by: 'a', last: true });
	});
});

// @vitest-environment jsdom
// The score entry form as a person uses it: fields by name, Enter to move on, one tap for
// "went out", refusals next to the field, warnings that ask to confirm.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { flushSync, tick } from 'svelte';
import ScoreEntry from '$lib/components/round/ScoreEntry.svelte';
import { makeForm, NAMES } from './entry-harness.svelte';

function setup(...args: Parameters<typeof makeForm>) {
	const { form, context } = makeForm(...args);
	const onsave = vi.fn();
	render(ScoreEntry, { props: { form, names: NAMES, onsave } });
	return { form, context, onsave };
}

const field = (name: string) => screen.getByLabelText(`${name} points`) as HTMLInputElement;

async function type(input: HTMLInputElement, text: string) {
	input.focus();
	await fireEvent.input(input, { target: { value: text } });
}

// A loaded machine renders the picker slowly: a generous limit, no timing is asserted.

describe('ScoreEntry', { timeout: 30_000 }, () => {
	it('has a numeric field, a went-out toggle and a tiles button per player, and a blocked toggle', () => {
		setup();
		for (const name of Object.values(NAMES)) {
			expect(field(name).getAttribute('inputmode')).toBe('numeric');
			expect(
				screen.getByRole('button', { name: `${name} went out` }).getAttribute('aria-pressed')
			).toBe('false');
			expect(screen.getByRole('button', { name: `Enter tiles for ${name}` })).toBeTruthy();
		}
		expect(screen.getByRole('button', { name: 'Blocked round' }).getAttribute('aria-pressed')).toBe(
			'false'
		);
		expect(screen.getByRole('button', { name: 'Save round' })).toBeTruthy();
	});

	it('records a 4-player round with one tap, a field and three Enters', async () => {
		const { form, onsave } = setup();
		const toggle = screen.getByRole('button', { name: 'Cleo went out' });
		toggle.focus();
		await fireEvent.click(toggle);
		await tick();
		// The toggle keeps the focus (WCAG 3.2.2).
		expect(document.activeElement).toBe(toggle);
		field('Anna').focus();
		await type(field('Anna'), '12');
		await fireEvent.keyDown(field('Anna'), { key: 'Enter' });
		expect(document.activeElement).toBe(field('Ben'));
		await type(field('Ben'), '30');
		await fireEvent.keyDown(field('Ben'), { key: 'Enter' });
		// Cleo went out: Enter skips her field.
		expect(document.activeElement).toBe(field('Dario'));
		await type(field('Dario'), '7');
		expect(onsave).not.toHaveBeenCalled();
		await fireEvent.keyDown(field('Dario'), { key: 'Enter' });
		expect(onsave).toHaveBeenCalledTimes(1);
		expect(form.attempt()).toEqual({
			kind: 'store',
			entry: { out: 'c', blocked: false, hands: { a: 12, b: 30, d: 7 } }
		});
	});

	it('shows a refusal next to the field, in words, and refuses to store', async () => {
		const { form } = setup();
		await type(field('Ben'), '1.5');
		await fireEvent.blur(field('Ben'));
		const alert = await screen.findByRole('alert');
		expect(alert.textContent).toMatch(/whole number/i);
		expect(field('Ben').getAttribute('aria-invalid')).toBe('true');
		expect(form.attempt()).toEqual({ kind: 'refused' });
	});

	it('names the round-level refusal after Save: no one out and not blocked', async () => {
		const { form } = setup({ preset: 'swiss-jassshop' }, ['a', 'b']);
		await type(field('Anna'), '3');
		await type(field('Ben'), '4');
		expect(form.attempt()).toEqual({ kind: 'refused' });
		flushSync();
		const alerts = screen.getAllByRole('alert').map((a) => a.textContent ?? '');
		expect(alerts.join(' ')).toMatch(/Nothing was saved/);
		expect(alerts.join(' ').length).toBeGreaterThan(30);
	});

	it('refuses two players out', async () => {
		const { form } = setup({ preset: 'swiss-jassshop' }, ['a', 'b', 'c']);
		await fireEvent.click(screen.getByRole('button', { name: 'Anna went out' }));
		await fireEvent.click(screen.getByRole('button', { name: 'Ben went out' }));
		await type(field('Cleo'), '5');
		const result = form.attempt();
		expect(result.kind).toBe('refused');
		expect(form.check.errors.map((p) => p.code)).toContain('two-out');
	});

	it('asks to confirm an unusually high hand, then stores it on the second press', async () => {
		const { form } = setup({ preset: 'swiss-jassshop' }, ['a', 'b']);
		await fireEvent.click(screen.getByRole('button', { name: 'Anna went out' }));
		// Far above the 15 heaviest tiles, but below every tile of the set.
		await type(field('Ben'), '400');
		expect(form.attempt()).toEqual({ kind: 'warn' });
		flushSync();
		expect(screen.getByRole('alert').textContent).toMatch(/Save round again/);
		expect(form.attempt()).toMatchObject({ kind: 'store' });
	});

	it('says what a typed number must already count under tile-fact rules', () => {
		setup({ preset: 'cardinal-us' });
		expect(screen.getByText(/Count 0\|0 as 50, each blank half as 25/)).toBeTruthy();
		expect(field('Anna').getAttribute('aria-describedby')).toContain('entry-hint');
	});

	it('has no hint when the pips count as they are', () => {
		setup({ preset: 'swiss-jassshop' });
		expect(screen.queryByText(/^Count /)).toBeNull();
	});

	it('takes tiles from the picker, shows the hand value and can go back to points', async () => {
		const { form } = setup({ preset: 'cardinal-us' }, ['a', 'b']);
		await fireEvent.click(screen.getByRole('button', { name: 'Enter tiles for Ben' }));
		// The picker is loaded when first opened.
		const dialog = await screen.findByRole('dialog');
		await fireEvent.click(within(dialog).getByRole('button', { name: '5|0' }));
		await fireEvent.click(within(dialog).getByRole('button', { name: '0|0' }));
		await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
		expect(screen.queryByRole('dialog')).toBeNull();
		// cardinal-us: blank half 25, so 5|0 = 30; the double blank counts 50.
		expect(field('Ben').value).toBe('80');
		expect(field('Ben').readOnly).toBe(true);
		expect(form.tiles.b).toEqual([
			[5, 0],
			[0, 0]
		]);
		await fireEvent.click(screen.getByRole('button', { name: 'Type points for Ben instead' }));
		expect(field('Ben').readOnly).toBe(false);
		expect(form.modeOf('b')).toBe('points');
	});
});

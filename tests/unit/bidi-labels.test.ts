// @vitest-environment jsdom
// Names in other scripts keep their own direction in the table's labels and the known players'
// chips: the name inside a button's words sits in its own <bdi>, and the accessible name still
// reads exactly as the message.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import TablePlayers from '$lib/components/table/TablePlayers.svelte';
import PlayerList from '$lib/components/setup/PlayerList.svelte';
import { SetupForm } from '$lib/state/setup.svelte';
import { resolveRules } from '$lib/rules/resolve';
import { replayTable } from '$lib/rules/table';

const RTL = 'דנה';
const NAMES: Record<string, string> = { a: RTL, b: 'Ben', c: 'Omar عمر' };
const name = (p: string) => NAMES[p] ?? p;
const rules = resolveRules({ preset: 'swiss-jassshop' });
const table = replayTable(rules, ['a', 'b', 'c'], 12, []);

describe('names isolated in labels', () => {
	it("isolates the name in each player's table buttons", () => {
		render(TablePlayers, { table, rules, players: ['a', 'b', 'c'], name, send: vi.fn() });
		const knock = screen.getByRole('button', { name: `${RTL} has one tile left` });
		expect(knock.querySelector('bdi')?.textContent).toBe(RTL);
		const forgot = screen.getByRole('button', { name: `Forgot to knock: ${RTL}` });
		expect(forgot.querySelector('bdi')?.textContent).toBe(RTL);
	});

	it("isolates the name in the known players' chips", () => {
		const form = new SetupForm();
		form.known = [{ id: 'p', name: RTL, key: RTL, lastPlayedAt: 1 }];
		render(PlayerList, { form });
		const chip = screen.getByRole('button', { name: `Seat ${RTL}` });
		expect([...chip.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([RTL, RTL]);
	});

	it('isolates a typed name inside its refusal, whose words load once it is shown', async () => {
		const form = new SetupForm();
		form.setName(0, RTL);
		form.setName(1, RTL);
		const { container } = render(PlayerList, { form });
		const refusal = container.querySelector('#player-1-problem')!;
		expect(refusal.getAttribute('role')).toBe('alert');
		await vi.waitFor(() =>
			expect(refusal.textContent?.trim()).toBe(`${RTL} is already at the table (player 1).`)
		);
		expect([...refusal.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([RTL]);
	});
});

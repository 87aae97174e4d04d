// @vitest-environment jsdom
// The evening's screens are painted from a read without Dexie first; until the database answers
// they take no tap (inert), so nothing is shown as done that is not stored.
import { describe, expect, it } from 'vitest';
import { createRawSnippet } from 'svelte';
import { render, screen } from '@testing-library/svelte';
import EveningGate from '$lib/components/round/EveningGate.svelte';
import type { EveningRow, EveningSession } from '$lib/state/evening.svelte';

const children = createRawSnippet<[EveningRow]>(() => ({
	render: () => '<button type="button">Save round</button>'
}));

function session(live: boolean): EveningSession {
	const evening = { id: 'e1', players: [] } as unknown as EveningRow;
	return { failure: null, evening, live } as unknown as EveningSession;
}

/** The gate's inert state (Svelte sets the property, which a browser reflects as the attribute). */
const inert = () => {
	const gate = screen.getByRole('button', { name: 'Save round' }).closest('.gate');
	return gate?.hasAttribute('inert') || (gate as { inert?: boolean } | null)?.inert === true;
};

describe('EveningGate', () => {
	it('shows the screen inert while it comes from the peek, and live once Dexie answers', async () => {
		const { rerender } = render(EveningGate, { props: { session: session(false), children } });
		expect(inert()).toBe(true);
		await rerender({ session: session(true), children });
		expect(inert()).toBe(false);
	});

	it('stays inert while the screen waits for more than the evening (the live table)', async () => {
		const { rerender } = render(EveningGate, {
			props: { session: session(true), live: false, children }
		});
		expect(inert()).toBe(true);
		await rerender({ session: session(true), live: true, children });
		expect(inert()).toBe(false);
	});
});

// @vitest-environment jsdom
// "Show to the table": a code that cannot be made (the QR encoder failed to load, say) is the
// link's failure, in the link's words, never reported as a storage failure.
import { describe, expect, it, vi } from 'vitest';
import { TableLink } from '$lib/state/table-link.svelte';
import type { EveningSession } from '$lib/state/evening.svelte';
import { failureText } from '$lib/components/failureText';
import { tableEvening } from '../unit/link-fixtures';

vi.mock('$lib/link', async (original) => ({
	...(await original<typeof import('$lib/link')>()),
	qrCode: () => Promise.reject(new Error('the encoder could not be loaded'))
}));

describe('TableLink', () => {
	it('says a failed QR code is the link that could not be made, not the storage', async () => {
		const { evening, rounds } = tableEvening('points', { rounds: 3 });
		const session = { evening, rows: rounds, next: null } as unknown as EveningSession;
		const link = new TableLink(() => session);
		const silenced = console.error;
		console.error = () => {};
		try {
			await link.refresh('https://caboose.example');
		} finally {
			console.error = silenced;
		}
		expect(link.failure).toEqual({ ok: false, link: { kind: 'encode' } });
		expect(link.busy).toBe(false);
		const words = failureText(link.failure!, { doing: 'read' });
		expect(words).toBe('The code could not be made on this phone. Try again.');
		expect(words).not.toMatch(/storage|saved/);
	});
});

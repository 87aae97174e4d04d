// The late-answer rule in real Chromium against the real club server (`npm run club`, PGlite):
// an organiser's screen says only its last action's answer (state/club/last-answer.ts). The club
// stores a tick on the check-in but its answer is held on the way back; meanwhile the organiser
// adds a guest named like a member, refused on the spot. The tick's answer, let through late,
// neither clears nor replaces that refusal. One page load; the member is seeded through the API.
import { expect, test, type Route } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { Members, Night } from '../../src/lib/club/night-protocol';
import { openAndJoin, useClubServer } from './helpers/club-server';
import { clubApi, tokenOf } from './helpers/night-api';

const server = useClubServer();

test('an action answered late does not clear the refusal of the action after it', async ({
	page
}) => {
	test.setTimeout(90_000);
	const link = /^Join link: (\S+)$/m.exec(await server.club('invite', '--organiser', 'Ruth'))![1]!;
	const api = (path: string, init?: RequestInit) => clubApi(server.url, tokenOf(link), path, init);
	const { revision } = (await (await api('/v1/night')).json()) as Night;
	const added = await api('/v1/members', {
		method: 'POST',
		headers: { 'Idempotency-Key': randomUUID(), 'If-Match': String(revision) },
		body: JSON.stringify({ name: 'Anna' })
	});
	expect(added.status).toBe(200);
	const anna = ((await added.json()) as Members).members[0]!.id;

	await openAndJoin(page, link, 'Domino club', 'Ruth');
	await page.getByRole('link', { name: 'Club night', exact: true }).click();
	const tick = page.getByRole('checkbox', { name: 'Anna', exact: true });
	await expect(tick).not.toBeChecked();

	// The club takes the tick at once; its answer waits here until let through.
	const held: { answer?: () => Promise<void> } = {};
	await page.route(`${server.url}/v1/night/check-in`, async (route: Route) => {
		const response = await route.fetch();
		held.answer = () => route.fulfill({ response });
	});
	await tick.check();
	await expect.poll(() => held.answer !== undefined).toBe(true);
	const stored = (await (await api('/v1/night')).json()) as Night;
	expect(stored.checkIn?.here).toEqual([anna]);
	const deal = page.getByRole('button', { name: 'Deal tables', exact: true });
	await expect(deal).toBeDisabled();

	// The next action: a guest with the member's name, refused before anything is sent.
	await page.getByRole('textbox', { name: 'Guest name', exact: true }).fill('anna');
	await page.getByRole('button', { name: 'Add guest', exact: true }).click();
	const refusal = page.getByRole('alert');
	await expect(refusal).toContainText('is a member of the club');
	const said = await refusal.textContent();

	// The tick's answer arrives late ("stored"): the screen has taken it (the write is done,
	// Deal tables usable again), and the refusal still stands, word for word.
	await held.answer!();
	await expect(deal).toBeEnabled();
	await expect(tick).toBeChecked();
	await expect(refusal).toHaveText(said!);
	await expect(page.getByRole('textbox', { name: 'Guest name', exact: true })).toHaveValue('anna');
});

// Two tabs on one evening: a round saved in one shows in the other without a reload (and what
// was typed there for that round is kept and said until dismissed, never carried to the next),
// and both pressing Save round for the same round at once store it exactly once, never a mix of
// the two.
import { expect, test } from '@playwright/test';
import { roundsOf, storedRows } from './helpers/db';
import { newEvening, playRound, typeRound } from './helpers/evening';
import { lookAt } from './helpers/shots';

const SHOTS = '/tmp/shots';

test('a round saved in one tab shows in the other', async ({ context }) => {
	const a = await context.newPage();
	const id = await newEvening(a, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	const b = await context.newPage();
	await b.goto(`/evening/${id}`);
	await expect(b.getByRole('heading', { level: 1 })).toHaveText('Round 1 of 13');

	await playRound(a, 'Cleo', { Anna: 14, Ben: 23 });
	// Tab B follows without a reload: the next round, and the standings with the saved points.
	await expect(b.getByRole('heading', { level: 1 })).toHaveText('Round 2 of 13');
	const standings = b.getByRole('table', { name: 'Standings' });
	await expect(standings.getByRole('row', { name: /Ben/ })).toContainText('23');
	await expect(standings.getByRole('row', { name: /Anna/ })).toContainText('14');

	// And back the other way.
	await playRound(b, 'Anna', { Ben: 5, Cleo: 9 });
	await expect(a.getByRole('heading', { level: 1 })).toHaveText('Round 3 of 13');
	await expect(
		a.getByRole('table', { name: 'Standings' }).getByRole('row', { name: /Cleo/ })
	).toContainText('9');
	await lookAt(b, { path: `${SHOTS}/data-tabs.png`, fullPage: true });

	// What A typed for round 3 when B saves it: kept and said, until dismissed, never carried on.
	await a.getByLabel('Ben points', { exact: true }).fill('17');
	await playRound(b, 'Cleo', { Anna: 3, Ben: 4 });
	await expect(a.getByRole('alert')).toContainText(
		'Round 3 was saved on another screen. What you typed for it is kept here and was not saved.'
	);
	await expect(a.getByLabel('Ben points', { exact: true })).toHaveValue('17');
	await a.getByRole('button', { name: 'Dismiss' }).click();
	await expect(a.getByRole('heading', { level: 1 })).toHaveText('Round 4 of 13');
	await expect(a.getByLabel('Ben points', { exact: true })).toHaveValue('');
	expect(await roundsOf(a, id)).toHaveLength(3);
});

test('two tabs saving the same round at once store it exactly once', async ({ context }) => {
	const a = await context.newPage();
	const id = await newEvening(a, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	const b = await context.newPage();
	await b.goto(`/evening/${id}`);

	const RACES = 5;
	for (let k = 0; k < RACES; k++) {
		for (const page of [a, b]) {
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Round ${k + 1} of 13`);
		}
		// Each tab has its own, different entry of the same round.
		const fromA = { out: 'Anna', points: { Ben: 10 + k, Cleo: 20 + k } };
		const fromB = { out: 'Ben', points: { Anna: 30 + k, Cleo: 40 + k } };
		await typeRound(a, id, k, fromA.out, fromA.points);
		await typeRound(b, id, k, fromB.out, fromB.points);

		await Promise.all([
			a.getByRole('button', { name: 'Save round' }).click(),
			b.getByRole('button', { name: 'Save round' }).click()
		]);
		for (const page of [a, b]) {
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Round ${k + 2} of 13`);
		}

		const rounds = await roundsOf(a, id);
		expect(rounds.map((r) => r.index)).toEqual(Array.from({ length: k + 1 }, (_, i) => i));
		// The one stored is one tab's entry whole, never a mix of the two.
		const seats = Object.fromEntries(
			(
				(await storedRows(a, 'evenings')) as {
					id: string;
					players: { id: string; name: string }[];
				}[]
			)
				.find((e) => e.id === id)!
				.players.map((p) => [p.name, p.id])
		);
		const asStored = (e: { out: string; points: Record<string, number> }) => ({
			out: seats[e.out],
			blocked: false,
			hands: Object.fromEntries(Object.entries(e.points).map(([n, v]) => [seats[n], v]))
		});
		expect([asStored(fromA), asStored(fromB)]).toContainEqual(rounds[k]!.entry);

		// The tab that lost the race stored nothing and says why: "already saved elsewhere" when
		// both saves met in the database, or that the round was saved on another screen when its
		// screen had already moved on (what it typed belonged to the round now taken).
		const lost = rounds[k]!.entry.out === seats.Anna ? b : a;
		await expect(lost.getByRole('alert').first()).toBeVisible();
		// What it typed stays, said, until dismissed; then it types the next round afresh.
		await expect(lost.getByRole('alert').first()).toContainText(
			/already saved elsewhere|was saved on another screen/
		);
		await lost.getByRole('button', { name: 'Dismiss' }).click();
	}
	console.log(
		`two-tab races: ${RACES}, rounds stored: ${(await roundsOf(a, id)).length}, duplicates: 0`
	);
});

// Two tabs of one phone on one evening (issue 27): a write made from what a screen showed is
// refused, with what changed, when another tab wrote meanwhile; nothing typed is wiped unsaid.
import { expect, test, type Page } from '@playwright/test';
import { roundsOf } from './helpers/db';
import { newEvening, playRound } from './helpers/evening';
import { openPlayed } from './helpers/seed';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function undoOnRoundScreen(page: Page, k: number) {
	await page.getByRole('button', { name: 'Undo last round' }).click();
	await expect(page.getByText(`Remove round ${k}? Its hands are deleted.`)).toBeVisible();
	await page.getByRole('button', { name: 'Confirm' }).click();
}

test('an edit screen left open never brings back an undone round', async ({ context }) => {
	const a = await context.newPage();
	const id = await openPlayed(a, 'left-open', ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop', [
		{ out: 'Anna', points: { Ben: 10, Cleo: 20 } },
		{ out: 'Anna', points: { Ben: 11, Cleo: 21 } }
	]);
	const b = await context.newPage();
	await b.goto(`/evening/${id}/round/2`);
	await expect(heading(b)).toHaveText('Edit round 2');
	await expect(b.getByLabel('Ben points', { exact: true })).toHaveValue('11');

	// Tab A undoes round 2 and saves a new round 2.
	await undoOnRoundScreen(a, 2);
	await expect(heading(a)).toHaveText('Round 2 of 13');
	await a.getByLabel('Ben points', { exact: true }).fill('33');
	await a.getByLabel('Cleo points', { exact: true }).fill('44');
	await a.getByRole('button', { name: 'Save round' }).click();
	await expect(heading(a)).toHaveText('Round 3 of 13');

	// B, still showing the old round 2, changes a value and saves: refused, and said.
	await b.getByLabel('Cleo points', { exact: true }).fill('25');
	await b.getByRole('button', { name: 'Save round' }).click();
	await expect(b.getByRole('alert')).toContainText('Round 2 was changed on another screen');
	await expect(heading(b)).toHaveText('Edit round 2');
	const rounds = await roundsOf(a, id);
	expect(rounds).toHaveLength(2);
	expect(Object.values(rounds[1]!.entry.hands).sort()).toEqual([33, 44]);
});

test('two corrections of one round: the second is refused and the screen says so', async ({
	context
}) => {
	const a = await context.newPage();
	const id = await openPlayed(a, 'corrected', ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop', [
		{ out: 'Anna', points: { Ben: 10, Cleo: 20 } }
	]);
	const b = await context.newPage();
	for (const page of [a, b]) {
		await page.goto(`/evening/${id}/round/1`);
		await expect(page.getByLabel('Ben points', { exact: true })).toHaveValue('10');
	}
	await a.getByLabel('Ben points', { exact: true }).fill('15');
	await a.getByRole('button', { name: 'Save round' }).click();
	await expect(a).toHaveURL(/standings\?saved=1$/);
	await b.getByLabel('Cleo points', { exact: true }).fill('25');
	await b.getByRole('button', { name: 'Save round' }).click();
	await expect(b.getByRole('alert')).toContainText('Round 1 was changed on another screen');
	const hands = Object.values((await roundsOf(a, id))[0]!.entry.hands).sort();
	expect(hands).toEqual([15, 20]);
});

test('Undo puts the round back into the entry form, and says so', async ({ page }) => {
	await openPlayed(page, 'undone', ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop', [
		{ out: 'Cleo', points: { Anna: 12, Ben: 23 } }
	]);
	await undoOnRoundScreen(page, 1);
	await expect(page.getByRole('status')).toContainText(
		'Round 1 removed Its values are back in the form: correct them and save again.'
	);
	await expect(heading(page)).toHaveText('Round 1 of 13');
	await expect(page.getByLabel('Anna points', { exact: true })).toHaveValue('12');
	await expect(page.getByLabel('Ben points', { exact: true })).toHaveValue('23');
	await expect(page.getByRole('button', { name: 'Cleo went out', exact: true })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
});

test('Undo removes the round its dialog named, or is refused, with a save racing it at 0–80 ms', async ({
	context
}) => {
	const a = await context.newPage();
	const id = await newEvening(a, ['Anna', 'Ben', 'Cleo'], 'swiss-jassshop');
	const b = await context.newPage();
	await b.goto(`/evening/${id}`);
	test.setTimeout(180_000);
	const seen = new Set<string>();
	// Three offsets in the browser, both orders; the state test races eight (made-from.test.ts).
	const tries = [0, 10, 40].flatMap((offset) => [
		{ offset, undoFirst: true },
		{ offset, undoFirst: false }
	]);
	for (const { offset, undoFirst } of tries) {
		// Rounds 1 and 2 saved; A asks "Remove round 2?", B (read afresh) has round 3 typed.
		while ((await roundsOf(a, id)).length < 2) await playRound(a, 'Anna', { Ben: 1, Cleo: 2 });
		await b.reload();
		await a.bringToFront();
		for (const page of [a, b]) await expect(heading(page)).toHaveText('Round 3 of 13');
		await a.getByRole('button', { name: 'Undo last round' }).click();
		await expect(a.getByText('Remove round 2? Its hands are deleted.')).toBeVisible();
		await b.getByLabel('Anna points', { exact: true }).fill('5');
		await b.getByLabel('Cleo points', { exact: true }).fill('6');
		await b.getByRole('button', { name: 'Ben went out', exact: true }).click();
		const confirm = a.getByRole('button', { name: 'Confirm' });
		const save = b.getByRole('button', { name: 'Save round' });
		const after = (f: () => Promise<void>) => new Promise((r) => setTimeout(r, offset)).then(f);
		await Promise.all(
			undoFirst
				? [confirm.click(), after(() => save.click())]
				: [save.click(), after(() => confirm.click())]
		);
		const said = a.getByText(/^Round 2 removed$|Round 2 is no longer the last round/);
		await expect(said).toBeVisible();
		const rounds = await roundsOf(a, id);
		if ((await said.textContent()) === 'Round 2 removed') {
			// The named round went; B's round 3, made before, was not stored over it.
			expect(rounds.map((r) => r.index)).toEqual([0]);
			seen.add('undone');
		} else {
			expect(rounds.map((r) => r.index)).toEqual([0, 1, 2]);
			seen.add('refused');
			await a.bringToFront();
			await undoOnRoundScreen(a, 3);
			await expect(a.getByRole('status')).toContainText('Round 3 removed');
			await undoOnRoundScreen(a, 2);
		}
		// Round 2 is back in A's form: saved again, the next try starts from round 3.
		await expect(heading(a)).toHaveText('Round 2 of 13');
		await expect(a.getByLabel('Cleo points', { exact: true })).toHaveValue('2');
		// A page in the background does not animate: the click waits for a stable button.
		await a.bringToFront();
		await a.getByRole('button', { name: 'Save round' }).click();
		await expect(heading(a)).toHaveText('Round 3 of 13');
	}
	console.log(`undo races: ${tries.length}, outcomes: ${[...seen].join(', ')}`);
});

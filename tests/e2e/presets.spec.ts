// A whole evening under each of the five presets, points and tiles mixed: the totals on the
// standings must be the sums of what was entered, valued by the preset's rules, and the end of the
// evening names the winner. The plain rounds (points only) are stored as the app stores them
// (helpers/seed); the rounds that need the preset (tiles valued by its rules, a blocked round, the
// last round) are typed through the screens. Scoring every round of a preset is the rules case
// files' (tests/rules/cases/); saving a typed round is the same path for round 2 as for round 12.
import { expect, test, type Page } from '@playwright/test';
import { seedPlayed } from './helpers/seed';
import {
	collectErrors,
	enterTiles,
	newEvening,
	openStandings,
	type Preset
} from './helpers/evening';

/** A hand as entered: points, or tiles with the value the preset gives them. */
type Hand = number | { tiles: string[]; value: number };
interface Round {
	out?: string;
	blocked?: boolean;
	hands: Record<string, Hand>;
}

/** Rounds where seat k % n goes out and the others hold some points; `extra` replaces a round. */
function rounds(names: string[], count: number, extra: Record<number, Round> = {}): Round[] {
	return Array.from({ length: count }, (_, k) => {
		const special = extra[k];
		if (special) return special;
		const out = names[k % names.length] as string;
		const hands: Record<string, Hand> = {};
		names.forEach((n, i) => {
			if (n !== out) hands[n] = ((k + 1) * (i + 2) * 7) % 37;
		});
		return { out, hands };
	});
}

const valueOf = (h: Hand) => (typeof h === 'number' ? h : h.value);

function expectedTotals(names: string[], list: Round[], blockedScores = true) {
	const totals: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
	for (const r of list) {
		if (r.blocked && !blockedScores) continue;
		for (const [n, h] of Object.entries(r.hands)) totals[n] = (totals[n] ?? 0) + valueOf(h);
	}
	return totals;
}

async function enterRound(page: Page, r: Round) {
	const before = await page.getByRole('heading', { level: 1 }).textContent();
	if (r.out) await page.getByRole('button', { name: `${r.out} went out`, exact: true }).click();
	if (r.blocked) await page.getByRole('button', { name: 'Blocked round' }).click();
	for (const [name, hand] of Object.entries(r.hands)) {
		if (typeof hand === 'number') {
			await page.getByLabel(`${name} points`, { exact: true }).fill(String(hand));
		} else {
			await enterTiles(page, name, hand.tiles);
			await expect(page.getByLabel(`${name} points`, { exact: true })).toHaveValue(
				String(hand.value)
			);
		}
	}
	await page.getByRole('button', { name: 'Save round' }).click();
	await expect(page.getByText('Saved', { exact: true })).toBeVisible();
	await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(before ?? '');
}

async function expectStandings(page: Page, totals: Record<string, number>, winner: string[]) {
	await expect(page.getByText(`Winner: ${winner.join(', ')}`, { exact: true })).toBeVisible();
	await page.getByRole('link', { name: 'Standings' }).click();
	const table = page.getByRole('table', { name: 'Standings' });
	for (const [name, total] of Object.entries(totals)) {
		const row = table.getByRole('row').filter({
			has: page.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) })
		});
		// Cells: rank, total, gap, rounds won (the name is the row header).
		await expect(row.getByRole('cell').nth(1)).toHaveText(String(total));
	}
	await expect(page.getByText(`Winner: ${winner.join(', ')}`, { exact: true })).toBeVisible();
	await expect(page.getByRole('img', { name: 'Standings chart' }).locator('canvas')).toBeVisible();
}

function lowest(totals: Record<string, number>): string[] {
	const best = Math.min(...Object.values(totals));
	return Object.keys(totals).filter((n) => totals[n] === best);
}

const plain = (r: Round) =>
	!r.blocked && Object.values(r.hands).every((h) => typeof h === 'number');

/**
 * An evening of `preset` whose first `seeded` rounds of `list` (plain ones) are stored as the app
 * stores them; it opens on the first round left to type.
 */
async function startPlayed(
	page: Page,
	preset: Preset,
	names: string[],
	list: Round[],
	seeded: number
) {
	const stored = list.slice(0, seeded).map((r) => {
		if (!plain(r)) throw new Error('only rounds of plain points are stored');
		return { out: r.out ?? null, points: r.hands as Record<string, number> };
	});
	const createdAt = Date.UTC(2026, 10, 20, 19);
	await seedPlayed(page, [{ id: preset, names, preset, createdAt, rounds: stored }]);
	await page.goto(`/evening/${preset}`);
}

/** A descending 13-round evening: the last rounds typed, each one's heading and engine checked. */
async function descendingEvening(
	page: Page,
	preset: Preset,
	names: string[],
	list: Round[],
	blockedScores = true
) {
	const errors = collectErrors(page);
	const typed = list.findIndex((r) => !plain(r));
	await startPlayed(page, preset, names, list, typed);
	for (let k = typed; k < list.length; k++) {
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Round ${k + 1} of 13`);
		await expect(page.getByRole('img', { name: `Engine ${12 - k}|${12 - k}` })).toBeVisible();
		await enterRound(page, list[k] as Round);
	}
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The evening is over.');
	await expect(page.getByRole('button', { name: 'Save round' })).toHaveCount(0);
	const totals = expectedTotals(names, list, blockedScores);
	await expectStandings(page, totals, lowest(totals));
	expect(errors).toEqual([]);
}

test('swiss-jassshop: 13 rounds, plain pips, a blocked round where everyone counts', async ({
	page
}) => {
	const names = ['Anna', 'Ben', 'Cleo', 'Dario'];
	const list = rounds(names, 13, {
		// A double counts its pips: 6|6 = 12; the engine of round 11 is 2|2.
		10: { out: 'Ben', hands: { Anna: 1, Cleo: { tiles: ['6|6', '0|0'], value: 12 }, Dario: 22 } },
		// 12|11 = 23 and 5|0 = 5 with plain pips.
		11: { out: 'Cleo', hands: { Anna: { tiles: ['12|11', '5|0'], value: 28 }, Ben: 4, Dario: 9 } },
		12: { blocked: true, hands: { Anna: 3, Ben: 14, Cleo: 2, Dario: 6 } }
	});
	await descendingEvening(page, 'swiss-jassshop', names, list);
});

test('swiss-station: 13 rounds, the double blank counts 50', async ({ page }) => {
	const names = ['Anna', 'Ben', 'Cleo'];
	const list = rounds(names, 13, {
		11: { out: 'Ben', hands: { Anna: { tiles: ['0|0', '7|2'], value: 59 }, Cleo: 5 } },
		// Plain blank halves: 9|0 = 9. Cleo typed 0 points (an empty tile list would mean out).
		12: { out: 'Anna', hands: { Ben: { tiles: ['9|0'], value: 9 }, Cleo: 0 } }
	});
	await descendingEvening(page, 'swiss-station', names, list);
});

test('cardinal-us: 13 rounds, blank halves 25 and the double blank 50', async ({ page }) => {
	const names = ['Anna', 'Ben', 'Cleo'];
	const list = rounds(names, 13, {
		11: { out: 'Cleo', hands: { Anna: { tiles: ['5|0', '0|0'], value: 80 }, Ben: 12 } },
		12: { blocked: true, hands: { Anna: 10, Ben: { tiles: ['10|0'], value: 35 }, Cleo: 40 } }
	});
	await descendingEvening(page, 'cardinal-us', names, list);
});

test('german-talon: cyclic, every double 50, goes round again until End evening', async ({
	page
}) => {
	const errors = collectErrors(page);
	const names = ['Anna', 'Ben', 'Cleo', 'Dario'];
	const list = rounds(names, 14, {
		// Every double counts 50, each blank half 25: 6|6 = 50, 4|0 = 29 (the engine is 0|0).
		12: {
			out: 'Dario',
			hands: { Anna: { tiles: ['6|6', '4|0'], value: 79 }, Ben: 3, Cleo: 8 }
		},
		// Round 14 goes round again: its engine is 12|12.
		13: { blocked: true, hands: { Anna: 4, Ben: 4, Cleo: 30, Dario: 12 } }
	});
	await startPlayed(page, 'german-talon', names, list, 12);
	for (let k = 12; k < list.length; k++) {
		const engine = 12 - (k % 13);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Round ${k + 1}`);
		await expect(page.getByRole('img', { name: `Engine ${engine}|${engine}` })).toBeVisible();
		await enterRound(page, list[k] as Round);
	}
	// Round 15 starts again from the top minus one: the schedule does not end by itself.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 15');
	await expect(page.getByRole('img', { name: 'Engine 11|11' })).toBeVisible();
	await openStandings(page);
	await page.getByRole('button', { name: 'End evening' }).click();
	// Asked first, in a dialog where the finger is.
	await page.getByRole('dialog').getByRole('button', { name: 'End evening' }).click();
	await page.getByRole('link', { name: 'Back to the round' }).click();
	const totals = expectedTotals(names, list);
	await expectStandings(page, totals, lowest(totals));
	expect(errors).toEqual([]);
});

test('italian-elimination: players reaching 100 leave, a blocked round scores nothing, the last one wins', async ({
	page
}) => {
	const errors = collectErrors(page);
	const names = ['Anna', 'Ben', 'Cleo'];
	await newEvening(page, names, 'italian-elimination');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 1');
	await enterRound(page, { out: 'Anna', hands: { Ben: 60, Cleo: 20 } });
	// Blocked rounds are void under 004: nobody scores, the schedule moves on. The points fields
	// count for no one then: they are disabled and say why (nothing typed is silently dropped).
	await page.getByRole('button', { name: 'Blocked round' }).click();
	await expect(page.getByLabel('Anna points', { exact: true })).toBeDisabled();
	await expect(
		page.getByText('Under these rules a blocked round counts for no one', { exact: false })
	).toBeVisible();
	await page.getByRole('button', { name: 'Blocked round' }).click();
	await enterRound(page, { blocked: true, hands: {} });
	await expect(page.getByRole('img', { name: 'Engine 10|10' })).toBeVisible();
	// The double blank counts 10.
	await enterRound(page, {
		out: 'Cleo',
		hands: { Anna: { tiles: ['0|0', '3|1'], value: 14 }, Ben: 45 }
	});
	// Ben reached 105: he is out of the evening and has no field any more.
	await expect(page.getByText('Out of the evening: Ben')).toBeVisible();
	await expect(page.getByLabel('Ben points')).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Ben went out' })).toHaveCount(0);
	const table = page.getByRole('table', { name: 'Standings' });
	await expect(table.getByRole('row', { name: /Ben/ })).toContainText('eliminated');
	await enterRound(page, { out: 'Anna', hands: { Cleo: 85 } });
	// Cleo reached 105: Anna is the last player left.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The evening is over.');
	await expectStandings(page, { Anna: 14, Ben: 105, Cleo: 105 }, ['Anna']);
	await expect(table.getByRole('row', { name: /Cleo/ })).toContainText('eliminated');
	expect(errors).toEqual([]);
});

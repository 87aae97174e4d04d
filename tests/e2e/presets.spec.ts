// A whole evening under each of the five presets, points and tiles mixed: the totals on the
// standings must be the sums of what was entered, valued by the preset's rules, and the end of the
// evening names the winner. The rounds of points (a blocked one too) are stored as the app stores
// them (helpers/seed); a round of tiles valued by the preset's rules, the last one, is typed
// through the screens (and where the screen differs: a blocked round typed once, Italian's void
// blocked round and eliminations). Scoring every round of a preset is the rules case files'
// (tests/rules/cases/); saving a typed round is the same path for round 2 as for round 12.
import { expect, test, type Page } from '@playwright/test';
import { roundCount } from './helpers/db';
import { seedPlayed } from './helpers/seed';
import { collectErrors, enterTiles, type Preset } from './helpers/evening';

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
	await expectTotals(page, totals);
	await expect(page.getByText(`Winner: ${winner.join(', ')}`, { exact: true })).toBeVisible();
}

/** Opens the standings: each total, and the chart. */
async function expectTotals(page: Page, totals: Record<string, number>) {
	await page.getByRole('link', { name: 'Standings' }).click();
	const table = page.getByRole('table', { name: 'Standings' });
	for (const [name, total] of Object.entries(totals)) {
		const row = table.getByRole('row').filter({
			has: page.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) })
		});
		// Cells: rank, total, gap, rounds won (the name is the row header).
		await expect(row.getByRole('cell').nth(1)).toHaveText(String(total));
	}
	await expect(page.getByRole('img', { name: 'Standings chart' }).locator('canvas')).toBeVisible();
}

function lowest(totals: Record<string, number>): string[] {
	const best = Math.min(...Object.values(totals));
	return Object.keys(totals).filter((n) => totals[n] === best);
}

const plain = (r: Round) => Object.values(r.hands).every((h) => typeof h === 'number');

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
		if (!plain(r)) throw new Error('only rounds of points are stored');
		return { out: r.blocked ? null : (r.out as string), points: r.hands as Record<string, number> };
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
		11: { blocked: true, hands: { Anna: 3, Ben: 14, Cleo: 2, Dario: 6 } },
		// Plain pips: 12|11 = 23 and 5|0 = 5; a double counts its pips, 6|6 = 12 (the engine is 0|0).
		12: {
			out: 'Cleo',
			hands: {
				Anna: { tiles: ['12|11', '5|0'], value: 28 },
				Ben: 4,
				Dario: { tiles: ['6|6', '2|1'], value: 15 }
			}
		}
	});
	await descendingEvening(page, 'swiss-jassshop', names, list);
	// No round is taken once the schedule is done, on the round screen or after a reload.
	await page.getByRole('link', { name: 'Back to the round' }).click();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The evening is over.');
	await expect(page.getByLabel('Ben points')).toHaveCount(0);
	await page.reload();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('The evening is over.');
	await expect(page.getByRole('button', { name: 'Save round' })).toHaveCount(0);
	expect(await roundCount(page, 'swiss-jassshop')).toBe(13);
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
		// Blank halves count 25: 5|0 = 30, 10|0 = 35 (the engine, 0|0, the double blank's 50, is
		// held by the case files); a blocked round typed, where everyone counts.
		12: {
			blocked: true,
			hands: { Anna: { tiles: ['5|0', '10|0'], value: 65 }, Ben: 12, Cleo: 40 }
		}
	});
	await descendingEvening(page, 'cardinal-us', names, list);
});

test('german-talon: cyclic, every double 50, goes round again', async ({ page }) => {
	const errors = collectErrors(page);
	const names = ['Anna', 'Ben', 'Cleo', 'Dario'];
	const list = rounds(names, 14, {
		12: { blocked: true, hands: { Anna: 4, Ben: 4, Cleo: 30, Dario: 12 } },
		// Every double counts 50, each blank half 25: 6|6 = 50, 4|0 = 29.
		13: {
			out: 'Dario',
			hands: { Anna: { tiles: ['6|6', '4|0'], value: 79 }, Ben: 3, Cleo: 8 }
		}
	});
	await startPlayed(page, 'german-talon', names, list, 13);
	// Round 14 goes round again: its engine is 12|12.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 14');
	await expect(page.getByRole('img', { name: 'Engine 12|12' })).toBeVisible();
	await enterRound(page, list[13] as Round);
	// Round 15 starts again from the top minus one: the schedule does not end by itself.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 15');
	await expect(page.getByRole('img', { name: 'Engine 11|11' })).toBeVisible();
	// Ending it (End evening, then the winner) is round.spec.ts's.
	await expectTotals(page, expectedTotals(names, list));
	expect(errors).toEqual([]);
});

test('italian-elimination: players reaching 100 leave, a blocked round scores nothing, the last one wins', async ({
	page
}) => {
	const errors = collectErrors(page);
	const names = ['Anna', 'Ben', 'Cleo'];
	const first: Round = { out: 'Anna', hands: { Ben: 60, Cleo: 20 } };
	await startPlayed(page, 'italian-elimination', names, [first], 1);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Round 2');
	// Blocked rounds are void under 004: nobody scores, the schedule moves on, and the round is
	// saved without any hand. (Its points fields off, and why: frictions.spec.ts, in Italian.)
	await enterRound(page, { blocked: true, hands: {} });
	await expect(page.getByRole('img', { name: 'Engine 10|10' })).toBeVisible();
	expect(await roundCount(page, 'italian-elimination')).toBe(2);
	// The double blank counts 10.
	await enterRound(page, {
		out: 'Cleo',
		hands: { Anna: { tiles: ['0|0', '3|1'], value: 14 }, Ben: 45 }
	});
	// Ben reached 105: he is out of the evening and has no field any more.
	await expect(page.getByText('Out of the evening: Ben')).toBeVisible();
	await expect(page.getByLabel('Ben points')).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Enter tiles for Ben' })).toHaveCount(0);
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

// The club night at its largest (issue 44: 40 tables, 240 players), in plain JS: dealing, a move,
// a final, tonight's and a season's standings. Figures only (`npx vitest bench --run
// tests/rules/night`); no test holds a time.
import { bench, describe } from 'vitest';
import {
	addMember,
	dealTables,
	nextGame,
	nightStandings,
	playerOf,
	rosterIndex,
	seasonStandings,
	tonightsPlayers,
	type PlayedEvening,
	type Roster,
	type TableResult
} from '../../../src/lib/club/night';

const ALLOWED = { min: 4, max: 6 };
const SEED = '0123456789abcdef0123456789abcdef';
const names = Array.from({ length: 240 }, (_, i) => `Player ${i}`);

let roster: Roster = { members: [], aliases: [] };
for (const [i, name] of names.entries()) {
	const next = addMember(roster, `m${i}`, name);
	if (next.ok) roster = next.value;
}
const ids = roster.members.map((m) => m.id);
const dealt = dealTables(ids, ALLOWED, SEED);
if (!dealt.ok) throw new Error('not dealt');

// A game at every table: totals spread, a few ties, as the rules core places them.
const game: TableResult[] = dealt.value.tables.map((t) => {
	const totals = t.players.map((_, i) => ((i * 37 + t.table * 11) % 9) * 10);
	return {
		table: t.table,
		results: t.players.map((player, i) => ({
			player,
			total: totals[i]!,
			rounds: 13,
			place: 1 + totals.filter((x) => x < totals[i]!).length
		}))
	};
});

// A season of 30 nights; each player plays about four nights in five, three games a night.
const nights = Array.from(
	{ length: 30 },
	(_, n) => `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + n).padStart(2, '0')}`
);
const evenings: PlayedEvening[] = [];
nights.forEach((night, n) => {
	ids.forEach((player, p) => {
		if ((p + n) % 5 === 0) return;
		for (let g = 0; g < 3; g++) {
			const total = (p * 13 + n * 7 + g * 5) % 120;
			evenings.push({
				night,
				player,
				name: names[p]!,
				total,
				rounds: 13,
				place: 1 + (total % 6),
				seats: 6
			});
		}
	});
});
const tonight = evenings.filter((e) => e.night === nights[0]);
const divisionOf = Object.fromEntries(
	ids.map((id, i) => [id, ['Juniors', 'Open', 'Seniors'][i % 3]!])
);

describe('a night of 40 tables and 240 players', () => {
	bench('check-in: 240 ticked', () => {
		tonightsPlayers(roster, ids, []);
	});
	bench('match 240 typed names to members', () => {
		const index = rosterIndex(roster);
		for (const name of names) playerOf(index, name.toUpperCase());
	});
	bench('deal 40 tables', () => {
		dealTables(ids, ALLOWED, SEED);
	});
	bench('Lowest move up 3', () => {
		nextGame(game, { kind: 'lowest-move-up', count: 3 }, ALLOWED, SEED);
	});
	bench('Final table, others drawn again', () => {
		nextGame(game, { kind: 'final-table', perTable: 1, others: 'draw-again' }, ALLOWED, SEED);
	});
	bench("tonight's standings (720 evenings)", () => {
		nightStandings(nights[0]!, tonight, { ranking: 'per-round', ties: 'shared' });
	});
	bench(`season: ${nights.length} nights, ${evenings.length} evenings, own average`, () => {
		seasonStandings(
			{ nights, evenings },
			{ ranking: 'total', missed: { kind: 'own-average' }, ties: 'best-night' }
		);
	});
	bench('season, best 20 nights, three divisions', () => {
		seasonStandings(
			{ nights, evenings, divisions: ['Juniors', 'Open', 'Seniors'], divisionOf },
			{ ranking: 'per-round', missed: { kind: 'best-nights', count: 20 }, ties: 'more-nights' }
		);
	});
});

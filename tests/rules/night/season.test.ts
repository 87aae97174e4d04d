import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	nightStandings,
	seasonStandings,
	type DivisionStandings,
	type NightResult,
	type PlayedEvening,
	type PlayedNight,
	type SeasonRule,
	type SeasonRow
} from '../../../src/lib/club/night';
import { rank } from '../../../server/src/standings/rank';

const NIGHTS = ['2026-01-09', '2026-02-13', '2026-03-13', '2026-04-10'];

function evening(
	player: string,
	night: number,
	total: number,
	rounds = 13,
	place = 1,
	seats = 4
): PlayedEvening {
	return { night: NIGHTS[night]!, player, name: player, total, rounds, place, seats };
}

function rows(answer: NightResult<DivisionStandings[]>): SeasonRow[] {
	if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.problems)}`);
	expect(answer.value.length).toBe(1);
	return answer.value[0]!.rows;
}

const rule = (r: Partial<SeasonRule>): SeasonRule => ({
	ranking: 'total',
	missed: { kind: 'not-counted' },
	ties: 'shared',
	...r
});

// A season of four nights: Anna plays all four (95 a night), Bert misses the third (90 a night).
const season = [0, 1, 2, 3]
	.map((n) => evening('Anna', n, 95))
	.concat([0, 1, 3].map((n) => evening('Bert', n, 90)));
const order = (answer: NightResult<DivisionStandings[]>) =>
	rows(answer).map((r) => [r.name, r.place, r.score, r.rankedBy]);

/**
 * A season's evenings: seven players over the four nights, names unique (as the server's keys are).
 * With `minRounds` 1, each has a round: players with none come last here and on the server, but
 * the server orders them among themselves by the placing points of evenings without a round
 * (everyone tied first), where here they share the last place, with no score.
 */
const eveningsArb = (minRounds: number) =>
	fc.array(
		fc
			.record({
				player: fc.constantFrom('Ann', 'Ben', 'Cleo', 'Dirk', 'Eva', 'Finn', 'Gert'),
				night: fc.integer({ min: 0, max: 3 }),
				total: fc.integer({ min: 0, max: 60 }),
				rounds: fc.integer({ min: minRounds, max: 4 }),
				seats: fc.integer({ min: 2, max: 6 }),
				place: fc.integer({ min: 1, max: 6 })
			})
			.map((e) =>
				evening(e.player, e.night, e.total, e.rounds, Math.min(e.place, e.seats), e.seats)
			),
		{ maxLength: 40 }
	);

describe('a season of four nights with a missed night shows its rule', () => {
	const standings = (r: Partial<SeasonRule>) =>
		order(seasonStandings({ nights: NIGHTS, evenings: season }, rule(r)));

	it('total, a missed night not counted: who counts more nights ranks first, so staying home never pays', () => {
		expect(standings({})).toEqual([
			['Anna', 1, 380, null],
			['Bert', 2, 270, 'nights']
		]);
	});

	it("total, a missed night counts the player's own average: Bert's 270 over 3 nights is 360 over 4", () => {
		expect(standings({ missed: { kind: 'own-average' } })).toEqual([
			['Bert', 1, 360, null],
			['Anna', 2, 380, 'score']
		]);
	});

	it('total, a missed night counts a fixed 150', () => {
		expect(standings({ missed: { kind: 'fixed', score: 150 } })).toEqual([
			['Anna', 1, 380, null],
			['Bert', 2, 420, 'score']
		]);
	});

	it('total, only the best 3 nights count', () => {
		expect(standings({ missed: { kind: 'best-nights', count: 3 } })).toEqual([
			['Bert', 1, 270, null],
			['Anna', 2, 285, 'score']
		]);
	});

	it('per round: a missed night counts nothing, or a fixed 10 a round over a night of his average length', () => {
		expect(standings({ ranking: 'per-round' })).toEqual([
			['Bert', 1, 270 / 39, null],
			['Anna', 2, 380 / 52, 'score']
		]);
		// Bert: (270 + 10 × 13) / (39 + 13) = 400 / 52.
		expect(standings({ ranking: 'per-round', missed: { kind: 'fixed', score: 10 } })).toEqual([
			['Anna', 1, 380 / 52, null],
			['Bert', 2, 400 / 52, 'score']
		]);
	});

	it('every figure the rule ranks by is in the row', () => {
		const [bert] = rows(
			seasonStandings(
				{ nights: NIGHTS, evenings: season },
				rule({ missed: { kind: 'own-average' } })
			)
		);
		expect(bert).toEqual({
			player: 'Bert',
			name: 'Bert',
			place: 1,
			score: 360,
			total: 270,
			rounds: 39,
			evenings: 3,
			points: 9,
			nightsPlayed: 3,
			nightsCounted: 3,
			nightsMissed: 1,
			nightsFilled: 1,
			bestNight: 90,
			rankedBy: null
		});
	});
});

describe('the ranking, as the club ranks today', () => {
	it('per round: "Dieter 62 (4 rounds)" sits above "Ivo 55 (3)", and the row says by what', () => {
		const evenings = [evening('Ivo', 0, 55, 3), evening('Dieter', 0, 62, 4)];
		const [dieter, ivo] = rows(
			nightStandings(NIGHTS[0]!, evenings, { ranking: 'per-round', ties: 'shared' })
		);
		expect([dieter!.name, dieter!.score, dieter!.total, dieter!.rounds]).toEqual([
			'Dieter',
			15.5,
			62,
			4
		]);
		expect([ivo!.name, ivo!.score, ivo!.rankedBy]).toEqual(['Ivo', 55 / 3, 'score']);
	});

	it('placings: points per evening, one for each player beaten at the table, highest first', () => {
		const evenings = [
			evening('Ada', 0, 10, 13, 1, 5),
			evening('Ada', 0, 40, 13, 4, 4),
			evening('Bo', 0, 20, 13, 2, 4)
		];
		// Ada: (4 + 0) / 2 = 2; Bo: 2 / 1 = 2. Tied: a shared place.
		expect(
			order(nightStandings(NIGHTS[0]!, evenings, { ranking: 'placings', ties: 'shared' }))
		).toEqual([
			['Ada', 1, 2, null],
			['Bo', 1, 2, null]
		]);
	});

	it('a player with no round comes last', () => {
		const evenings = [evening('Ann', 0, 0, 0), evening('Ben', 0, 400, 13)];
		expect(
			order(nightStandings(NIGHTS[0]!, evenings, { ranking: 'per-round', ties: 'shared' }))
		).toEqual([
			['Ben', 1, 400 / 13, null],
			['Ann', 2, null, 'played']
		]);
	});

	it('scores equal as fractions are equal: 30 in 2 rounds ties with 45 in 3', () => {
		const evenings = [evening('Ann', 0, 30, 2), evening('Ben', 0, 45, 3)];
		expect(
			rows(nightStandings(NIGHTS[0]!, evenings, { ranking: 'per-round', ties: 'shared' })).map(
				(r) => r.place
			)
		).toEqual([1, 1]);
	});

	it("matches the club server's ranking (server/src/standings/rank.ts) when missed nights count nothing", () => {
		fc.assert(
			fc.property(
				eveningsArb(1),
				fc.constantFrom('per-round' as const, 'placings' as const),
				(evenings, ranking) => {
					const sums = new Map<
						string,
						{ name: string; total: number; rounds: number; evenings: number; points: number }
					>();
					for (const e of evenings) {
						const s = sums.get(e.player) ?? {
							name: e.name,
							total: 0,
							rounds: 0,
							evenings: 0,
							points: 0
						};
						s.total += e.total;
						s.rounds += e.rounds;
						s.evenings += 1;
						s.points += e.seats - e.place;
						sums.set(e.player, s);
					}
					const server = rank([...sums.values()], ranking).map((s) => [
						s.name,
						s.place,
						s.total,
						s.rounds,
						s.evenings
					]);
					const ours = seasonStandings({ nights: NIGHTS, evenings }, rule({ ranking }));
					const mine = ours.ok ? (ours.value[0]?.rows ?? []) : [];
					expect(mine.map((r) => [r.name, r.place, r.total, r.rounds, r.evenings])).toEqual(server);
					// The server's score for a player with no round is a number it ranks last anyway; here it
					// is null (no score to show).
					const scores = rank([...sums.values()], ranking).map((x) =>
						x.rounds === 0 ? null : x.score
					);
					expect(mine.map((r) => r.score)).toEqual(scores);
				}
			)
		);
	});
});

describe('ties broken by a stated rule', () => {
	// Eva and Finn: 120 in 26 rounds over two nights each, tied per round. Finn's best night is
	// 30 in 13 rounds, Eva's 60. Gert and Hans: 4 a round; Gert in two nights, Hans in one.
	const tied = [
		evening('Eva', 0, 60),
		evening('Eva', 1, 60),
		evening('Finn', 0, 30),
		evening('Finn', 1, 90)
	];
	const oneNightMore = [
		evening('Gert', 0, 40, 10),
		evening('Gert', 1, 40, 10),
		evening('Hans', 0, 80, 20)
	];
	const perRound = (evenings: PlayedEvening[], ties: SeasonRule['ties']) =>
		order(seasonStandings({ nights: NIGHTS, evenings }, rule({ ranking: 'per-round', ties })));

	it('shared: tied players share the place, listed by name', () => {
		expect(perRound(tied, 'shared')).toEqual([
			['Eva', 1, 120 / 26, null],
			['Finn', 1, 120 / 26, null]
		]);
		expect(perRound(oneNightMore, 'shared').map((r) => r[1])).toEqual([1, 1]);
	});

	it('more nights: the player who played more nights first; still tied, shared', () => {
		expect(perRound(oneNightMore, 'more-nights')).toEqual([
			['Gert', 1, 4, null],
			['Hans', 2, 4, 'more-nights']
		]);
		expect(perRound(tied, 'more-nights').map((r) => r[1])).toEqual([1, 1]);
	});

	it('best night: the player with the better single night first', () => {
		expect(perRound(tied, 'best-night')).toEqual([
			['Finn', 1, 120 / 26, null],
			['Eva', 2, 120 / 26, 'best-night']
		]);
	});
});

describe('divisions', () => {
	it('one standings each, in the club’s order; a player in no division in a standings of their own, last', () => {
		const evenings = [
			evening('Ann', 0, 50),
			evening('Ben', 0, 40),
			evening('Cleo', 0, 30),
			evening('Dirk', 0, 20)
		];
		const answer = seasonStandings(
			{
				nights: NIGHTS,
				evenings,
				divisions: ['Under 18', 'Open', 'Seniors'],
				divisionOf: { Ann: 'Open', Ben: 'Under 18', Cleo: 'Open' }
			},
			rule({})
		);
		expect(
			answer.ok && answer.value.map((d) => [d.division, d.rows.map((r) => [r.name, r.place])])
		).toEqual([
			['Under 18', [['Ben', 1]]],
			[
				'Open',
				[
					['Cleo', 1],
					['Ann', 2]
				]
			],
			['Seniors', []],
			[null, [['Dirk', 1]]]
		]);
	});

	it('refuses a division the club does not list', () => {
		expect(
			seasonStandings(
				{
					nights: NIGHTS,
					evenings: [evening('Ann', 0, 5)],
					divisions: ['Open'],
					divisionOf: { Ann: 'Juniors' }
				},
				rule({})
			)
		).toEqual({
			ok: false,
			problems: [{ code: 'division-unknown', player: 'Ann', params: { division: 'Juniors' } }]
		});
	});
});

describe('what is refused', () => {
	it('an evening of a night the season does not hold, a result that is not sound, a rule that is not one', () => {
		const stray = { ...evening('Ann', 0, 5), night: '2025-12-31' };
		expect(seasonStandings({ nights: NIGHTS, evenings: [stray] }, rule({}))).toEqual({
			ok: false,
			problems: [{ code: 'night-unknown', player: 'Ann', params: { night: '2025-12-31' } }]
		});
		for (const bad of [
			{ place: 0 },
			{ place: 5, seats: 4 },
			{ rounds: -1 },
			{ total: NaN },
			{ rounds: 1.5 }
		]) {
			expect(
				seasonStandings(
					{ nights: NIGHTS, evenings: [{ ...evening('Ann', 0, 5), ...bad }] },
					rule({})
				)
			).toMatchObject({
				ok: false,
				problems: [{ code: 'bad-result' }]
			});
		}
		for (const r of [
			{ missed: { kind: 'best-nights', count: 0 } },
			{ missed: { kind: 'fixed', score: Infinity } },
			{ ranking: 'average' },
			{ ties: 'coin' },
			{ missed: { kind: 'forgotten' } }
		] as Partial<SeasonRule>[]) {
			expect(seasonStandings({ nights: NIGHTS, evenings: season }, rule(r))).toEqual({
				ok: false,
				problems: [{ code: 'bad-season-rule' }]
			});
		}
	});
});

describe('properties of every season', () => {
	const ruleArb: fc.Arbitrary<SeasonRule> = fc.record({
		ranking: fc.constantFrom('total' as const, 'per-round' as const, 'placings' as const),
		missed: fc.oneof(
			fc.constant({ kind: 'not-counted' as const }),
			fc.constant({ kind: 'own-average' as const }),
			fc.integer({ min: 0, max: 200 }).map((score) => ({ kind: 'fixed' as const, score })),
			fc.integer({ min: 1, max: 4 }).map((count) => ({ kind: 'best-nights' as const, count }))
		),
		ties: fc.constantFrom('shared' as const, 'more-nights' as const, 'best-night' as const)
	});
	it('everyone once; places from 1, shared exactly when nothing ranks a row below the one above; nights add up', () => {
		fc.assert(
			fc.property(eveningsArb(0), ruleArb, (evenings, r) => {
				const answer = seasonStandings({ nights: NIGHTS, evenings }, r);
				if (!answer.ok) throw new Error(JSON.stringify(answer.problems));
				const all = answer.value.flatMap((d) => d.rows);
				expect(all.map((x) => x.player).sort()).toEqual(
					[...new Set(evenings.map((e) => e.player))].sort()
				);
				all.forEach((row, i) => {
					expect(row.place).toBe(row.rankedBy === null && i > 0 ? all[i - 1]!.place : i + 1);
					expect(row.nightsPlayed + row.nightsMissed).toBe(NIGHTS.length);
					expect(row.nightsCounted).toBeLessThanOrEqual(row.nightsPlayed);
					if (r.missed.kind === 'best-nights')
						expect(row.nightsCounted).toBe(Math.min(r.missed.count, row.nightsPlayed));
					if (
						i > 0 &&
						row.score !== null &&
						all[i - 1]!.score !== null &&
						row.rankedBy === 'score'
					) {
						const better =
							r.ranking === 'placings'
								? all[i - 1]!.score! > row.score
								: all[i - 1]!.score! < row.score;
						expect(better).toBe(true);
					}
				});
			})
		);
	});

	it("a night's sums (as the server sums its seats) give the same standings as the evenings", () => {
		const summed = (evenings: PlayedEvening[]): PlayedNight[] => {
			const sums = new Map<string, PlayedNight>();
			for (const e of evenings) {
				const key = `${e.night}/${e.player}`;
				const s = sums.get(key) ?? { ...e, total: 0, rounds: 0, evenings: 0, points: 0 };
				s.total += e.total;
				s.rounds += e.rounds;
				s.evenings += 1;
				s.points += e.seats - e.place;
				sums.set(key, s);
			}
			return [...sums.values()];
		};
		fc.assert(
			fc.property(eveningsArb(0), ruleArb, (evenings, r) => {
				const playedNights = summed(evenings);
				expect(playedNights.length).toBeLessThanOrEqual(evenings.length);
				expect(seasonStandings({ nights: NIGHTS, playedNights }, r)).toEqual(
					seasonStandings({ nights: NIGHTS, evenings }, r)
				);
				// Split across both inputs, they add up as well.
				const [first, ...rest] = evenings;
				if (first) {
					expect(
						seasonStandings({ nights: NIGHTS, evenings: rest, playedNights: summed([first]) }, r)
					).toEqual(seasonStandings({ nights: NIGHTS, evenings }, r));
				}
			})
		);
	});

	it('sums that are not sound are refused as a result that is not sound', () => {
		const sums: PlayedNight = {
			night: NIGHTS[0]!,
			player: 'Ann',
			name: 'Ann',
			total: 5,
			rounds: 3,
			evenings: 1,
			points: 2
		};
		for (const bad of [{ evenings: 0 }, { points: -1 }, { rounds: 0.5 }, { total: Infinity }]) {
			expect(
				seasonStandings({ nights: NIGHTS, playedNights: [{ ...sums, ...bad }] }, rule({}))
			).toMatchObject({ ok: false, problems: [{ code: 'bad-result', player: 'Ann' }] });
		}
		expect(seasonStandings({ nights: NIGHTS, playedNights: [sums] }, rule({}))).toMatchObject({
			ok: true
		});
	});

	it("own-average changes only the total's ranking: per round and placings are averages already", () => {
		fc.assert(
			fc.property(
				eveningsArb(0),
				fc.constantFrom('per-round' as const, 'placings' as const),
				(evenings, ranking) => {
					const plain = seasonStandings({ nights: NIGHTS, evenings }, rule({ ranking }));
					const averaged = seasonStandings(
						{ nights: NIGHTS, evenings },
						rule({ ranking, missed: { kind: 'own-average' } })
					);
					const view = (a: typeof plain) =>
						a.ok ? (a.value[0]?.rows ?? []).map((x) => [x.player, x.place, x.score]) : a;
					expect(view(averaged)).toEqual(view(plain));
				}
			)
		);
	});
});

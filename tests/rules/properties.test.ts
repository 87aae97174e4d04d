import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	checkNextRound,
	checkRound,
	checkRoundAt,
	computeEvening,
	nextRoundChecker,
	placeNext,
	placeRound,
	continueEvening,
	handValue,
	scoreRound,
	type EveningSetup,
	type Hand,
	type RoundEntry,
	KNOB_NAMES,
	validateRules
} from '../../src/lib/rules/index';
import { choiceArb, eveningArb } from './arbitraries';

/** Rounds as a form may hold them: sound, contradictory, or naming someone not at the table. */
const anyEntry = fc.record({
	out: fc.constantFrom(null, 'p0', 'p1', 'p3', 'zoe'),
	blocked: fc.boolean(),
	hands: fc.dictionary(
		fc.constantFrom('p0', 'p1', 'p2', 'p3', 'zoe'),
		fc.oneof(fc.integer({ min: -5, max: 400 }), fc.constant([]))
	)
});

/**
 * The edit check spelled out with the next-round check only: `entry` as round `index`, then each
 * later round as the next round of the edited history.
 */
function replayCheck(setup: EveningSetup, rounds: RoundEntry[], index: number, entry: RoundEntry) {
	if (index >= rounds.length) return checkRound(setup, rounds, index, entry);
	const open = { ...setup, ended: false };
	const check = checkRound(open, rounds.slice(0, index), index, entry);
	if (check.errors.length > 0) return check;
	const edited = rounds.with(index, entry);
	for (let j = index + 1; j < edited.length; j++) {
		const code = checkRound(open, edited.slice(0, j), j, edited[j]!).errors[0]?.code;
		if (code !== undefined) {
			check.errors.push({
				code: 'later-round-conflict',
				params: { round: j, number: j + 1, code }
			});
			break;
		}
	}
	return check;
}

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const groups = (ranking: string[][]) => ranking.map((g) => [...g].sort());

describe('properties of the scoring core', () => {
	it('the generated rules change every knob of the table, each to a value it allows', () => {
		const choices = fc.sample(choiceArb, { numRuns: 300, seed: 45 });
		for (const choice of choices) expect(validateRules(choice), JSON.stringify(choice)).toEqual([]);
		const changed = new Set(choices.flatMap((c) => Object.keys(c)));
		expect([...KNOB_NAMES].filter((k) => !changed.has(k))).toEqual([]);
	});

	it('generated rounds are accepted (the generator is sound)', () => {
		fc.assert(
			fc.property(eveningArb(), ({ setup, rounds }) => {
				rounds.forEach((entry, i) => {
					expect(checkRound(setup, rounds.slice(0, i), i, entry).errors).toEqual([]);
				});
			}),
			{ numRuns: 150 }
		);
	});

	it('totals equal the sum of the round scores', () => {
		fc.assert(
			fc.property(eveningArb(), ({ setup, rounds }) => {
				const s = computeEvening(setup, rounds);
				expect(s.rounds.length).toBe(rounds.length);
				for (const p of setup.players) {
					const sum = s.rounds.reduce((acc, r) => acc + (r.scores[p] ?? 0), 0);
					expect(close(s.totals[p] ?? NaN, sum)).toBe(true);
				}
			}),
			{ numRuns: 200 }
		);
	});

	it('an evening continued from a stored standing equals the evening replayed', () => {
		// What saving a round relies on: the standing after rounds[0..k-1], kept as JSON, then the
		// rest, gives the same state and standing as every round replayed; and the next round is
		// checked from it exactly as checkRound checks it after replaying them.
		fc.assert(
			fc.property(
				eveningArb(14),
				fc.nat(14),
				fc.boolean(),
				anyEntry,
				({ setup: played, rounds }, at, ended, next) => {
					const setup = { ...played, ended };
					const k = Math.min(at, rounds.length);
					const before = continueEvening(setup, null, rounds.slice(0, k));
					const kept = JSON.parse(JSON.stringify(before.standing));
					const resumed = continueEvening(setup, kept, rounds.slice(k));
					const whole = continueEvening(setup, null, rounds);
					expect(resumed.standing).toEqual(whole.standing);
					expect({ ...resumed.state, rounds: [] }).toEqual({ ...whole.state, rounds: [] });
					expect(resumed.state.rounds).toEqual(whole.state.rounds.slice(k));
					expect(computeEvening(setup, rounds)).toEqual(whole.state);

					const last = JSON.parse(JSON.stringify(whole.standing));
					for (const entry of [next as RoundEntry, ...rounds.slice(0, 1)]) {
						expect(checkNextRound(setup, last, entry)).toEqual(
							checkRound(setup, rounds, rounds.length, entry)
						);
					}
				}
			),
			{ numRuns: 300 }
		);
	});

	it('rounds checked one after another are checked as each replay checks them', () => {
		// What a backup's import and the club server rely on: every round of an evening checked as
		// the next one, replaying the evening once; up to the first round refused.
		fc.assert(
			fc.property(
				eveningArb(14),
				fc.nat(14),
				fc.boolean(),
				anyEntry,
				({ setup: played, rounds }, at, ended, odd) => {
					const setup = { ...played, ended };
					const sent = rounds.toSpliced(Math.min(at, rounds.length), 0, odd as RoundEntry);
					const checkNext = nextRoundChecker(setup);
					for (const [i, entry] of sent.entries()) {
						const check = checkNext(entry);
						expect(check).toEqual(checkRound(setup, sent.slice(0, i), i, entry));
						if (check.errors.length > 0) break;
					}
				}
			),
			{ numRuns: 300 }
		);
	});

	it('a round placed once is checked as a replay checks it, keystroke after keystroke', () => {
		// What the score form relies on: it places the round once per history (placeRound), then
		// checks every keystroke's round from that place without replaying the rounds before it.
		// Checking must not change the place, whatever was typed before.
		fc.assert(
			fc.property(
				eveningArb(12),
				fc.nat(13),
				fc.boolean(),
				fc.array(anyEntry, { minLength: 1, maxLength: 4 }),
				({ setup: played, rounds }, at, ended, typed) => {
					const setup = { ...played, ended };
					const index = Math.min(at, rounds.length);
					const place = placeRound(setup, rounds, index);
					const stored = rounds.slice(index, index + 2);
					for (const entry of [...typed, ...stored, ...typed] as RoundEntry[]) {
						expect(checkRoundAt(place, entry)).toEqual(replayCheck(setup, rounds, index, entry));
					}
				}
			),
			{ numRuns: 300 }
		);
	});

	it('the next round placed from where the evening stands is checked as a replay checks it', () => {
		// What the round screen relies on: its next round is placed from the evening's standing
		// (placeNext), which the live read keeps without replaying the rounds before it.
		fc.assert(
			fc.property(
				eveningArb(12),
				fc.boolean(),
				fc.array(anyEntry, { minLength: 1, maxLength: 4 }),
				({ setup: played, rounds }, ended, typed) => {
					const setup = { ...played, ended };
					const { standing } = continueEvening(setup, null, rounds);
					const place = placeNext(setup, standing);
					for (const entry of typed as RoundEntry[]) {
						expect(checkRoundAt(place, entry)).toEqual(
							replayCheck(setup, rounds, rounds.length, entry)
						);
					}
				}
			),
			{ numRuns: 300 }
		);
	});

	it('a refused round changes nothing', () => {
		// Garbage and near-miss entries: an unknown key, a negative hand, a tile twice, nothing at all.
		const badEntry = fc.oneof(
			fc.anything(),
			fc.record({
				out: fc.constantFrom(null, 'p0', 'zoe'),
				blocked: fc.boolean(),
				hands: fc.dictionary(
					fc.constantFrom('p0', 'p1', 'p2', 'zoe', '__proto__', 'constructor'),
					fc.oneof(
						fc.integer({ min: -5, max: 5000 }),
						fc.double(),
						fc.string(),
						fc.array(fc.tuple(fc.integer({ min: -1, max: 20 }), fc.integer({ min: -1, max: 20 })))
					)
				)
			})
		);
		fc.assert(
			fc.property(eveningArb(10), badEntry, fc.nat(12), ({ setup, rounds }, entry, at) => {
				const before = computeEvening(setup, rounds);
				const snapshot = structuredClone({ setup, rounds, entry });
				const index = Math.min(at, rounds.length);
				const check = checkRound(setup, rounds, index, entry as RoundEntry);
				// Pure: nothing passed in was touched, whatever the verdict.
				expect({ setup, rounds, entry }).toEqual(snapshot);
				if (check.errors.length > 0) {
					// The app stores only accepted rounds: the evening is exactly as before.
					expect(computeEvening(setup, rounds)).toEqual(before);
				} else if (index === rounds.length) {
					const after = computeEvening(setup, [...rounds, entry as RoundEntry]);
					expect(after.rounds.length).toBe(rounds.length + 1);
				}
			}),
			{ numRuns: 300 }
		);
	});

	it('scores do not depend on seat order', () => {
		fc.assert(
			fc.property(eveningArb(), fc.nat(), ({ setup, rounds }, seed) => {
				const seats = [...setup.players];
				// A rotation and a reversal reach every kind of reordering that matters here.
				const k = seed % seats.length;
				const reordered = [...seats.slice(k), ...seats.slice(0, k)];
				if (seed % 2) reordered.reverse();
				const other: EveningSetup = { ...setup, players: reordered };
				rounds.forEach((entry, i) => {
					expect(checkRound(other, rounds.slice(0, i), i, entry).errors).toEqual([]);
				});
				const a = computeEvening(setup, rounds);
				const b = computeEvening(other, rounds);
				for (const p of seats) expect(close(a.totals[p] ?? NaN, b.totals[p] ?? NaN)).toBe(true);
				expect(groups(b.ranking)).toEqual(groups(a.ranking));
				expect([...a.eliminated].sort()).toEqual([...b.eliminated].sort());
				expect(b.over).toBe(a.over);
				expect([...(b.winner ?? [])].sort()).toEqual([...(a.winner ?? [])].sort());
			}),
			{ numRuns: 200 }
		);
	});

	it("in plus mode the winners' shares add up to the others' hands", () => {
		fc.assert(
			fc.property(eveningArb(), ({ setup, rounds }) => {
				const rules = { ...setup.rules, mode: 'plus' as const, goingOutBonus: 0 };
				const s = computeEvening({ ...setup, rules }, rounds);
				for (const r of s.rounds) {
					if (r.winners.length === 0) {
						// Only a void blocked round has no winner, and it scores nothing.
						expect(Object.values(r.scores).every((v) => v === 0)).toBe(true);
						continue;
					}
					const shares = r.winners.reduce((acc, w) => acc + (r.scores[w] ?? 0), 0);
					const others = Object.keys(r.handValues)
						.filter((p) => !r.winners.includes(p))
						.reduce((acc, p) => acc + (r.handValues[p] ?? 0), 0);
					expect(close(shares, others)).toBe(true);
					// Tied winners get equal shares; everyone else scores 0.
					for (const w of r.winners)
						expect(close(r.scores[w] ?? NaN, shares / r.winners.length)).toBe(true);
					for (const p of Object.keys(r.scores))
						if (!r.winners.includes(p)) expect(r.scores[p]).toBe(0);
				}
			}),
			{ numRuns: 200 }
		);
	});

	it('tile entry and the equivalent points entry agree', () => {
		fc.assert(
			fc.property(eveningArb(), ({ setup, rounds, tiles }) => {
				// The same evening with every hand typed as the points its tiles are worth.
				const asPoints = rounds.map((entry, i) => {
					const hands: Record<string, Hand> = {};
					for (const [p, t] of Object.entries(tiles[i] ?? {})) hands[p] = handValue(setup.rules, t);
					return { ...entry, hands };
				});
				asPoints.forEach((entry, i) => {
					expect(checkRound(setup, asPoints.slice(0, i), i, entry).errors).toEqual([]);
				});
				const a = computeEvening(setup, rounds);
				const b = computeEvening(setup, asPoints);
				expect(b.totals).toEqual(a.totals);
				expect(b.rounds.map((r) => r.scores)).toEqual(a.rounds.map((r) => r.scores));
				expect(b.ranking).toEqual(a.ranking);
				for (const [i, r] of a.rounds.entries()) {
					const round = rounds[i] as RoundEntry;
					const players = Object.keys(r.scores);
					expect(scoreRound(setup.rules, round, players).handValues).toEqual(
						scoreRound(setup.rules, asPoints[i] as RoundEntry, players).handValues
					);
				}
			}),
			{ numRuns: 200 }
		);
	});

	it('never throws, whatever it is given', () => {
		fc.assert(
			fc.property(
				fc.anything(),
				fc.anything(),
				fc.anything(),
				fc.anything(),
				(setup, rounds, index, entry) => {
					const s = setup as EveningSetup;
					const r = rounds as RoundEntry[];
					expect(() => computeEvening(s, r)).not.toThrow();
					expect(() => checkRound(s, r, index as number, entry as RoundEntry)).not.toThrow();
				}
			),
			{ numRuns: 500 }
		);
	});
});

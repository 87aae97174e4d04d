// fast-check generators of plausible evenings: rounds dealt from a real set, so every generated
// round is one a table could have produced (distinct tiles, no engine, one outcome).

import fc from 'fast-check';
import {
	allTiles,
	computeEvening,
	handValue,
	PRESET_IDS,
	PRESETS,
	resolveRules,
	type EveningSetup,
	type Hand,
	type RoundEntry,
	type Ruleset,
	type Tile
} from '../../src/lib/rules/index';

export const rulesArb: fc.Arbitrary<Ruleset> = fc
	.record({
		preset: fc.constantFrom(...PRESET_IDS),
		set: fc.constantFrom(6 as const, 9 as const, 12 as const),
		blankHalf: fc.constantFrom(0, 5, 25),
		doubleFactor: fc.constantFrom(1 as const, 2 as const),
		doubleBlank: fc.constantFrom(null, 10, 25, 50),
		doubleFlat: fc.constantFrom(null, 50),
		goingOutBonus: fc.constantFrom(0, -5, -10),
		blocked: fc.constantFrom('count' as const, 'void' as const, 'lowest-zero' as const),
		mode: fc.constantFrom('penalty' as const, 'plus' as const),
		elimination: fc.constantFrom(null, 40, 100),
		tieBreakRoundsWon: fc.boolean()
	})
	.map((choice) => resolveRules(choice));

export interface RoundSpec {
	/** Index into the round's players of who went out, or -1 for a blocked round. */
	out: number;
	/** Tiles left per player (cycled). */
	counts: number[];
	/** Per player: enter the tiles (true) or their value as points (false). */
	asTiles: boolean[];
	/** Shuffles the boneyard. */
	seed: number;
	/** In a blocked round, how many more players tie the lowest hand (typed as points). */
	ties: number;
}

export const roundSpecArb: fc.Arbitrary<RoundSpec> = fc.record({
	out: fc.integer({ min: -1, max: 9 }),
	counts: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }),
	asTiles: fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }),
	seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
	ties: fc.integer({ min: 0, max: 3 })
});

function shuffled<T>(items: T[], seed: number): T[] {
	const a = [...items];
	let s = seed >>> 0 || 1;
	for (let i = a.length - 1; i > 0; i--) {
		s = (Math.imul(s, 1103515245) + 12345) >>> 0;
		const j = s % (i + 1);
		[a[i], a[j]] = [a[j] as T, a[i] as T];
	}
	return a;
}

/** Deals the round's hands from the set without the engine. */
export function buildRound(
	rules: Ruleset,
	engine: number,
	players: string[],
	spec: RoundSpec
): { entry: RoundEntry; tiles: Record<string, Tile[]> } {
	const pool = shuffled(
		allTiles(rules.set).filter((t) => !(t[0] === engine && t[1] === engine)),
		spec.seed
	);
	const out = spec.out < 0 ? null : (players[spec.out % players.length] ?? null);
	const hands: Record<string, Hand> = {};
	const tiles: Record<string, Tile[]> = {};
	let next = 0;
	players.forEach((p, i) => {
		if (p === out) return;
		const want = spec.counts[i % spec.counts.length] ?? 1;
		const mine = pool.slice(next, next + want);
		next += mine.length;
		tiles[p] = mine;
		// An empty tile list means "went out": a player dealt nothing enters 0 points instead.
		hands[p] =
			spec.asTiles[i % spec.asTiles.length] && mine.length > 0 ? mine : handValue(rules, mine);
	});
	if (out === null && spec.ties > 0) {
		// Shared lowest hands are rare by chance; make some (points, so no tile is held twice).
		const low = players.reduce((a, b) =>
			handValue(rules, tiles[b] ?? []) < handValue(rules, tiles[a] ?? []) ? b : a
		);
		for (const p of players.filter((q) => q !== low).slice(0, spec.ties)) {
			tiles[p] = tiles[low] ?? [];
			hands[p] = handValue(rules, tiles[p]);
		}
	}
	return { entry: { out, blocked: out === null, hands }, tiles };
}

export interface Evening {
	setup: EveningSetup;
	rounds: RoundEntry[];
	tiles: Record<string, Tile[]>[];
}

/** An evening of up to `maxRounds` rounds, each built against where the evening stands. */
export const eveningArb = (maxRounds = 16): fc.Arbitrary<Evening> =>
	fc
		.record({
			rules: rulesArb,
			extra: fc.nat(8),
			specs: fc.array(roundSpecArb, { maxLength: maxRounds })
		})
		.map(({ rules, extra, specs }) => {
			const { minPlayers, maxPlayers } = PRESETS[rules.preset];
			const count = Math.min(maxPlayers, minPlayers + extra);
			const players = Array.from({ length: count }, (_, i) => `p${i}`);
			const setup: EveningSetup = { rules, players };
			const rounds: RoundEntry[] = [];
			const tiles: Record<string, Tile[]>[] = [];
			for (const spec of specs) {
				const state = computeEvening(setup, rounds);
				if (!state.next) break;
				const built = buildRound(rules, state.next.engine, state.active, spec);
				rounds.push(built.entry);
				tiles.push(built.tiles);
			}
			return { setup, rounds, tiles };
		});

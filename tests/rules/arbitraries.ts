// fast-check generators of plausible evenings: rounds dealt from a real set, so every generated
// round is one a table could have produced (distinct tiles, no engine, one outcome).

import fc from 'fast-check';
import {
	allTiles,
	computeEvening,
	handValue,
	KNOB_NAMES,
	KNOBS,
	playerRange,
	PRESET_IDS,
	PRESETS,
	resolveRules,
	SCHEDULE_NAMES,
	type EveningSetup,
	type Hand,
	type Knob,
	type KnobSpec,
	type RoundEntry,
	type RulesChoice,
	type Ruleset,
	type Tile
} from '../../src/lib/rules/index';

/**
 * A value the knob table allows for `knob`, read from its entry: a knob added to the table is
 * generated here at once. A schedule's engines are of the set in effect (`top`).
 */
function knobArb(knob: Knob, top: number): fc.Arbitrary<unknown> {
	const spec: KnobSpec = KNOBS[knob];
	switch (spec.kind) {
		case 'one-of':
			return fc.constantFrom(...spec.values);
		case 'bool':
			return fc.boolean();
		case 'schedule':
			return fc.oneof(
				fc.constantFrom(...SCHEDULE_NAMES),
				fc.array(fc.integer({ min: 0, max: top }), { minLength: 1, maxLength: 20 })
			);
		case 'whole': {
			const min = spec.min ?? -25;
			const number = fc.integer({ min, max: spec.max ?? min + 150 });
			return spec.none ? fc.option(number, { nil: null }) : number;
		}
	}
}

/** Some knobs changed from a preset, the others left to it (undefined: not in the choice). */
const changes = (knobs: readonly Knob[], top: number) =>
	fc.record(Object.fromEntries(knobs.map((k) => [k, knobArb(k, top)])), { requiredKeys: [] });

/** A rules choice as setup, a backup or a link may hold one: every value one the table allows. */
export const choiceArb: fc.Arbitrary<RulesChoice> = fc
	.record({ preset: fc.constantFrom(...PRESET_IDS), knobs: changes(['set'], 0) })
	.chain(({ preset, knobs }) => {
		const set = (knobs.set as number | undefined) ?? PRESETS[preset].defaults.set;
		const others = KNOB_NAMES.filter((k) => k !== 'set');
		return changes(others, set).map((rest) => ({ preset, ...knobs, ...rest }) as RulesChoice);
	});

export const rulesArb: fc.Arbitrary<Ruleset> = choiceArb.map((choice) => resolveRules(choice));

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
			const { min, max } = playerRange(rules);
			const count = Math.min(max, min + extra);
			const players = Array.from({ length: count }, (_, i) => `p${i}`);
			// A deal the set can give this many players (setup refuses a larger one).
			const tilesInSet = ((rules.set + 1) * (rules.set + 2)) / 2;
			const deal =
				rules.deal === null ? null : Math.min(rules.deal, Math.floor(tilesInSet / count));
			const setup: EveningSetup = { rules: { ...rules, deal }, players };
			const rounds: RoundEntry[] = [];
			const tiles: Record<string, Tile[]>[] = [];
			for (const spec of specs) {
				const state = computeEvening(setup, rounds);
				if (!state.next) break;
				const built = buildRound(setup.rules, state.next.engine, state.active, spec);
				rounds.push(built.entry);
				tiles.push(built.tiles);
			}
			return { setup, rounds, tiles };
		});

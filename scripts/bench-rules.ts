// Timing of the scoring core: validating and scoring a 13-round, 10-player evening (every round
// checked as the app checks it, then the evening recomputed), and recomputing a 10,000-round
// history, and checking the round a score form holds from its place in a long one. Prints
// medians; asserts nothing.
import { median } from './bench/stats.js';
import {
	allTiles,
	checkRound,
	checkRoundAt,
	computeEvening,
	handValue,
	placeRound,
	resolveRules,
	validateSetup,
	type EveningSetup,
	type Hand,
	type RoundEntry,
	type Ruleset
} from '../src/lib/rules/index';

function lcg(seed: number): () => number {
	let s = seed >>> 0;
	return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
}

/** A realistic round: tiles dealt from the set, half the hands typed as tiles, half as points. */
function dealRound(rules: Ruleset, engine: number, players: string[], k: number): RoundEntry {
	const next = lcg(k + 1);
	const pool = allTiles(rules.set).filter((t) => !(t[0] === engine && t[1] === engine));
	for (let i = pool.length - 1; i > 0; i--) {
		const j = next() % (i + 1);
		[pool[i], pool[j]] = [pool[j]!, pool[i]!];
	}
	const out = players[k % players.length]!;
	const hands: Record<string, Hand> = {};
	players.forEach((p, i) => {
		if (p === out) return;
		const mine = pool.splice(0, 1 + (next() % 6));
		hands[p] = (i + k) % 2 ? mine : handValue(rules, mine);
	});
	return { out, blocked: false, hands };
}

function evening(rules: Ruleset, playerCount: number, rounds: number) {
	const players = Array.from({ length: playerCount }, (_, i) => `player-${i}`);
	const setup: EveningSetup = { rules, players };
	const entries: RoundEntry[] = [];
	for (let k = 0; k < rounds; k++) {
		const engine = computeEvening(setup, entries).next?.engine;
		if (engine === undefined) break;
		entries.push(dealRound(rules, engine, players, k));
	}
	return { setup, entries, names: players };
}

function time(runs: number, f: () => void): number {
	for (let i = 0; i < Math.min(runs, 20); i++) f(); // warm up the JIT
	const samples: number[] = [];
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		f();
		samples.push(performance.now() - t0);
	}
	return median(samples) ?? NaN;
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

// 1. A full evening as entered: setup, then each of 13 rounds checked against the rounds before
//    it, then the standings recomputed after it (what the app does after each round).
const jass = resolveRules({ preset: 'swiss-jassshop' });
const small = evening(jass, 10, 13);
let sink = 0;
const perEvening = time(500, () => {
	sink += validateSetup(small.names, { preset: 'swiss-jassshop' }).length;
	for (let i = 0; i < small.entries.length; i++) {
		const before = small.entries.slice(0, i);
		sink += checkRound(small.setup, before, i, small.entries[i]!).errors.length;
		sink += computeEvening(small.setup, small.entries.slice(0, i + 1)).ranking.length;
	}
});
if (small.entries.length !== 13) throw new Error('the bench evening is not 13 rounds');
console.log(
	`13-round, 10-player evening, validate + score every round: ${fmt(perEvening)} (median of 500)`
);

// 2. A long history: a cyclic evening of 10,000 rounds recomputed from what was entered.
const cyclic = resolveRules({ preset: 'swiss-jassshop', schedule: 'cyclic' });
const long = evening(cyclic, 10, 0);
for (let k = 0; k < 10_000; k++) {
	long.entries.push(dealRound(cyclic, 12 - (k % 13), long.names, k));
}
const perHistory = time(21, () => {
	sink += computeEvening(long.setup, long.entries).rounds.length;
});
console.log(`computeEvening over 10,000 rounds: ${fmt(perHistory)} (median of 21)`);
console.log(`  = ${Math.round(10_000 / (perHistory / 1000)).toLocaleString('en')} rounds/second`);

// 3. Checking one more round after that history (it replays the 10,000 before it).
const last = dealRound(cyclic, 12 - (10_000 % 13), long.names, 10_000);
const perCheck = time(21, () => {
	sink += checkRound(long.setup, long.entries, 10_000, last).errors.length;
});
console.log(`checkRound of round 10,001 after that history: ${fmt(perCheck)} (median of 21)`);

// 4. The score form's check at each keystroke: the round is placed once per history, then each
//    keystroke's round is checked from that place (no replay of the 10,000 before it).
const place = placeRound(long.setup, long.entries, 10_000);
const perKeystroke = time(1001, () => {
	sink += checkRoundAt(place, last).errors.length;
});
console.log(
	`checkRoundAt of round 10,001 from its place (each keystroke): ${fmt(perKeystroke)} (median of 1001)`
);
if (sink < 0) console.log(sink);

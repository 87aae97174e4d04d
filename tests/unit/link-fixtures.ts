// Evenings for the link tests and `scripts/bench-link.ts`: a real table's 13 rounds with 8
// players, dealt from a double-12 set, entered as points or as tiles.
import {
	allTiles,
	computeEvening,
	engineAt,
	handValue,
	resolveRules,
	type EveningSetup,
	type Hand,
	type RoundEntry,
	type RulesChoice,
	type TableEvent
} from '../../src/lib/rules/index';
import { snapshotOf, type EveningSnapshot, type StoredEvening } from '../../src/lib/link/index';

export const TABLE_NAMES = [
	'Anna',
	'Ben',
	'Chiara',
	'Dominik',
	'Élodie',
	'François',
	'Giulia',
	'Hans-Peter'
];

function lcg(seed: number): () => number {
	let s = seed >>> 0;
	return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
}

/** An evening as stored, with ids for seats, and its rounds: `as` says how hands are entered. */
export function tableEvening(
	as: 'points' | 'tiles' | 'mixed',
	options: { names?: string[]; rules?: RulesChoice; rounds?: number; seed?: number } = {}
): { evening: StoredEvening; rounds: { entry: RoundEntry; starter: number | null }[] } {
	const names = options.names ?? TABLE_NAMES;
	const choice = options.rules ?? { preset: 'swiss-jassshop' };
	const rules = resolveRules(choice);
	const players = names.map((_, i) => `0b7c3f5e-1d2a-4c8b-9e6f-${String(i).padStart(12, '0')}`);
	const setup: EveningSetup = { rules, players };
	const next = lcg(options.seed ?? 7);
	const entries: { entry: RoundEntry; starter: number | null }[] = [];
	const wanted = options.rounds ?? 13;
	for (let k = 0; k < wanted; k++) {
		const state = computeEvening(
			setup,
			entries.map((r) => r.entry)
		);
		if (!state.next) break;
		const engine = engineAt(rules, state.next.index)!;
		const pool = allTiles(rules.set).filter((t) => !(t[0] === engine && t[1] === engine));
		for (let i = pool.length - 1; i > 0; i--) {
			const j = next() % (i + 1);
			[pool[i], pool[j]] = [pool[j]!, pool[i]!];
		}
		const active = state.active;
		const out = k % 5 === 4 ? null : active[next() % active.length]!;
		const hands: Record<string, Hand> = {};
		let at = 0;
		active.forEach((p, i) => {
			if (p === out) return;
			const count = 1 + (next() % 6);
			const tiles = pool.slice(at, at + count);
			at += count;
			const tilesHere = as === 'tiles' || (as === 'mixed' && i % 2 === 0);
			hands[p] = tilesHere ? tiles : handValue(rules, tiles);
		});
		entries.push({ entry: { out, blocked: out === null, hands }, starter: k === 2 ? 1 : null });
	}
	const evening: StoredEvening = {
		id: '6f1d2c3b-4a59-4e8f-8a7b-1c2d3e4f5a6b',
		createdAt: 1_795_000_000_000,
		updatedAt: 1_795_000_000_000 + 3 * 3600_000,
		players: names.map((name, i) => ({ id: players[i]!, name })),
		rules: choice,
		firstStarter: 0,
		endedAt: null
	};
	return { evening, rounds: entries };
}

/** A live table's log: trains, a marker, an open double, a knock (player keys = seat ids). */
export function tableLog(evening: StoredEvening): TableEvent[] {
	const [a, b, c] = evening.players.map((p) => p.id);
	return [
		{ type: 'tile', train: a!, by: a! },
		{ type: 'tile', train: b!, by: b! },
		{ type: 'mexican', on: true },
		{ type: 'tile', train: 'mexican', by: c! },
		{ type: 'marker', player: b!, on: true },
		{ type: 'double', train: a!, value: 9, by: a! },
		{ type: 'knock', player: c!, on: true }
	];
}

export function tableSnapshot(
	as: 'points' | 'tiles' | 'mixed',
	withTable = false
): EveningSnapshot {
	const { evening, rounds } = tableEvening(as, { rounds: withTable ? 12 : 13 });
	return snapshotOf(evening, rounds, withTable ? tableLog(evening) : null);
}

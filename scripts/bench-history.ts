// A long history for the bench, in the app's own backup format: N finished evenings of 4 players
// × 13 rounds (the Swiss Jassshop preset, 12|12 down to 0|0), each round checked by the scoring
// core as the app checks it. Deterministic: the same file for the same N.
// Usage: npx tsx scripts/bench-history.ts <out.json> [evenings=500]
import { writeFileSync } from 'node:fs';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Backup } from '../src/lib/db/backup';
import type { EveningRow, PlayerRow, RoundRow } from '../src/lib/db/database';
import { playerKey } from '../src/lib/rules';
import {
	allTiles,
	checkRound,
	computeEvening,
	handValue,
	resolveRules,
	type EveningSetup,
	type Hand,
	type RoundEntry
} from '../src/lib/rules/index';

const out = process.argv[2];
const count = Number(process.argv[3] ?? 500);
if (!out) throw new Error('usage: bench-history.ts <out.json> [evenings]');

function lcg(seed: number): () => number {
	let s = seed >>> 0;
	return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
}
const rand = lcg(12);
const hex = (n: number) => n.toString(16).padStart(8, '0');
/** Looks like crypto.randomUUID(), but the same on every run. */
const uuid = () =>
	`${hex(rand())}-${hex(rand()).slice(0, 4)}-4${hex(rand()).slice(0, 3)}-8${hex(rand()).slice(0, 3)}-${hex(rand())}${hex(rand()).slice(0, 4)}`;

const NAMES = [
	'Anna',
	'Ben',
	'Chiara',
	'Dieter',
	'Élodie',
	'Finn',
	'Giulia',
	'Hugo',
	'Ines',
	'Jon'
];
const players: PlayerRow[] = NAMES.map((name) => ({
	id: uuid(),
	name,
	key: playerKey(name),
	lastPlayedAt: 0
}));

const rules = resolveRules({ preset: 'swiss-jassshop' });
const DAY = 86_400_000;
const start = Date.UTC(2015, 0, 2, 19);

const evenings: Backup['evenings'] = [];
for (let e = 0; e < count; e++) {
	const seats = [0, 1, 2, 3].map((i) => players[(e * 3 + i * 2) % players.length]!);
	const ids = seats.map((p) => p.id);
	const setup: EveningSetup = { rules, players: ids, ended: false };
	const eveningId = uuid();
	const createdAt = start + e * 7 * DAY;
	const entries: RoundEntry[] = [];
	const rounds: RoundRow[] = [];
	for (let k = 0; ; k++) {
		const next = computeEvening(setup, entries).next;
		if (!next) break;
		const deal = lcg(e * 100 + k + 1);
		const pool = allTiles(rules.set).filter((t) => !(t[0] === next.engine && t[1] === next.engine));
		for (let i = pool.length - 1; i > 0; i--) {
			const j = deal() % (i + 1);
			[pool[i], pool[j]] = [pool[j]!, pool[i]!];
		}
		const wentOut = ids[(e + k) % ids.length]!;
		const hands: Record<string, Hand> = {};
		ids.forEach((p, i) => {
			if (p === wentOut) return;
			const mine = pool.splice(0, 1 + (deal() % 6));
			hands[p] = (i + k) % 3 === 0 ? mine : handValue(rules, mine);
		});
		const entry: RoundEntry = { out: wentOut, blocked: false, hands };
		const check = checkRound(setup, entries, k, entry);
		if (check.errors.length > 0) {
			throw new Error(`evening ${e} round ${k}: ${JSON.stringify(check.errors[0])}`);
		}
		entries.push(entry);
		rounds.push({
			id: `${eveningId}:${k}`,
			eveningId,
			index: k,
			entry,
			starter: null,
			savedAt: createdAt + (k + 1) * 600_000
		});
	}
	if (!computeEvening(setup, entries).over) throw new Error(`evening ${e} is not finished`);
	const evening: EveningRow = {
		id: eveningId,
		createdAt,
		updatedAt: rounds.at(-1)!.savedAt,
		players: seats.map((p) => ({ id: p.id, name: p.name })),
		rules: { preset: 'swiss-jassshop' },
		firstStarter: e % 4,
		endedAt: null
	};
	for (const p of seats) p.lastPlayedAt = Math.max(p.lastPlayedAt, evening.updatedAt);
	evenings.push({ evening, rounds });
}

const backup: Backup = {
	format: BACKUP_FORMAT,
	formatVersion: BACKUP_FORMAT_VERSION,
	exportedAt: start + count * 7 * DAY,
	evenings,
	players
};
writeFileSync(out, JSON.stringify(backup));
const roundCount = evenings.reduce((n, e) => n + e.rounds.length, 0);
console.log(`${count} evenings, ${roundCount} rounds written to ${out}`);

// From an evening as stored (seats with ids) to a snapshot (seats by number), and back to ids.
// Structural types only: this folder knows neither Dexie nor Svelte.

import { renameEvent } from '../rules';
import type { RoundEntry, RulesChoice, TableEvent } from '../rules';
import { seatKey, type EveningSnapshot } from './types';
import { changedKnobs } from './wire';

export interface StoredEvening {
	id: string;
	createdAt: number;
	updatedAt: number;
	players: readonly { id: string; name: string }[];
	rules: RulesChoice;
	firstStarter: number;
	endedAt: number | null;
}

export interface StoredRound {
	entry: RoundEntry;
	starter: number | null;
}

/** Renames every player key of an entry through `rename` (keys it does not know are dropped). */
export function renameEntry(entry: RoundEntry, rename: (k: string) => string | null): RoundEntry {
	const hands: RoundEntry['hands'] = {};
	for (const [k, h] of Object.entries(entry.hands)) {
		const to = rename(k);
		if (to !== null) hands[to] = typeof h === 'number' ? h : h.map((t) => [t[0], t[1]] as const);
	}
	return { out: entry.out === null ? null : rename(entry.out), blocked: entry.blocked, hands };
}

/**
 * The snapshot of a stored evening: seat numbers for ids, the rules as preset + changed knobs.
 * `table` is the current round's log (player keys = seat ids), or null to leave the table out.
 */
export function snapshotOf(
	evening: StoredEvening,
	rounds: readonly StoredRound[],
	table: readonly TableEvent[] | null = null
): EveningSnapshot {
	const seats = new Map(evening.players.map((p, i) => [p.id, seatKey(i)]));
	const rename = (k: string) => seats.get(k) ?? null;
	const events = table
		? table.map((e) => renameEvent(e, rename)).filter((e): e is TableEvent => e !== null)
		: null;
	return {
		id: evening.id,
		createdAt: evening.createdAt,
		updatedAt: evening.updatedAt,
		names: evening.players.map((p) => p.name),
		rules: { preset: evening.rules.preset, ...changedKnobs(evening.rules) } as RulesChoice,
		firstStarter: evening.firstStarter,
		ended: evening.endedAt !== null,
		rounds: rounds.map((r) => ({ entry: renameEntry(r.entry, rename), starter: r.starter })),
		table: events
	};
}

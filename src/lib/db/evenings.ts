import type { RulesChoice } from '$lib/rules/types';
import type { CabooseDb, EveningRow, PlayerRow, RoundRow, SeatRow } from './database';
import { writeSummary } from './summaries';

/** How a name is recognised across evenings: trimmed and case-insensitive (as RULES.md compares). */
export function playerKey(name: string): string {
	return name.normalize('NFC').trim().toLowerCase();
}

export interface NewEvening {
	/** Player names in seat order, as typed (they are trimmed before storing). */
	names: string[];
	rules: RulesChoice;
	/** The seat index that starts the first round. */
	firstStarter: number;
}

/**
 * Stores a new evening and remembers its players for later evenings, in one transaction.
 * The screen validates with the rules core first; the guards here only keep the data sound
 * (two seats must never share one player row).
 */
export async function createEvening(db: CabooseDb, input: NewEvening): Promise<string> {
	const names = input.names.map((n) => n.trim());
	if (names.length === 0) throw new Error('An evening needs players');
	const keys = names.map(playerKey);
	if (keys.some((k) => k === '')) throw new Error('A player name is empty');
	if (new Set(keys).size !== keys.length) throw new Error('Two players share a name');
	if (
		!Number.isInteger(input.firstStarter) ||
		input.firstStarter < 0 ||
		input.firstStarter >= names.length
	) {
		throw new Error('The first starter is not a seat');
	}

	const now = Date.now();
	const eveningId = crypto.randomUUID();
	// A plain copy: a Svelte $state proxy or a class instance cannot be cloned into IndexedDB.
	const rules = JSON.parse(JSON.stringify(input.rules)) as RulesChoice;

	await db.transaction('rw', [db.players, db.evenings, db.summaries], async () => {
		const existing = await db.players.where('key').anyOf(keys).toArray();
		const byKey = new Map(existing.map((p) => [p.key, p]));
		const seats: SeatRow[] = [];
		const rows: PlayerRow[] = [];
		names.forEach((name, i) => {
			const key = keys[i]!;
			const id = byKey.get(key)?.id ?? crypto.randomUUID();
			// The latest spelling wins, so "anna" typed once does not rename Anna forever.
			rows.push({ id, name, key, lastPlayedAt: now });
			seats.push({ id, name });
		});
		await db.players.bulkPut(rows);
		const evening: EveningRow = {
			id: eveningId,
			createdAt: now,
			updatedAt: now,
			players: seats,
			rules,
			firstStarter: input.firstStarter,
			endedAt: null
		};
		await db.evenings.add(evening);
		await writeSummary(db, evening, []);
	});
	return eveningId;
}

export interface EveningListItem {
	evening: EveningRow;
	/** The saved rounds in order of play, for the leader and whether the evening is over. */
	rounds: RoundRow[];
	roundCount: number;
}

/** Every saved evening, newest first, with its rounds. */
export async function listEvenings(db: CabooseDb): Promise<EveningListItem[]> {
	return db.transaction('r', db.evenings, db.rounds, async () => {
		const evenings = await db.evenings.orderBy('createdAt').reverse().toArray();
		const rounds = await db.rounds.toArray();
		const byEvening = new Map<string, RoundRow[]>();
		for (const r of rounds) {
			const list = byEvening.get(r.eveningId);
			if (list) list.push(r);
			else byEvening.set(r.eveningId, [r]);
		}
		return evenings.map((evening) => {
			const own = (byEvening.get(evening.id) ?? []).sort((a, b) => a.index - b.index);
			return { evening, rounds: own, roundCount: own.length };
		});
	});
}

/** Players of earlier evenings, most recently played first, for picking at setup. */
export async function knownPlayers(db: CabooseDb): Promise<PlayerRow[]> {
	return db.players.orderBy('lastPlayedAt').reverse().toArray();
}

/** Removes an evening with everything that belongs to it; its players stay known. */
export async function deleteEvening(db: CabooseDb, id: string): Promise<void> {
	const tables = [db.evenings, db.rounds, db.drafts, db.tableEvents, db.summaries];
	await db.transaction('rw', tables, async () => {
		await db.rounds.where('eveningId').equals(id).delete();
		await db.summaries.delete(id);
		await db.drafts.where('eveningId').equals(id).delete();
		await db.tableEvents
			.where('[eveningId+roundIndex]')
			.between([id, -Infinity], [id, Infinity])
			.delete();
		await db.evenings.delete(id);
	});
}

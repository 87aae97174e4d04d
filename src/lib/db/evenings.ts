import { cleanName, playerKey, validateSetup } from '$lib/rules';
import type { Problem, RulesChoice } from '$lib/rules/types';
import type { CabooseDb, EveningRow, PlayerRow, SeatRow } from './database';
import { withRounds, type EveningListItem } from './group';
import { byLastPlayed } from './players';
import { nextRevision, writeSummary } from './summaries';
import { outboxTables, recordClaim, recordDelete, wholeEveningTables } from './outbox';
import { noteStarted, startedForSeats } from './club-seats';
import { revisionMoved, type MadeFrom, type Stale } from './rounds';

export type { EveningListItem };

export interface NewEvening {
	/** Player names in seat order, as typed (they are cleaned before storing: cleanName). */
	names: string[];
	rules: RulesChoice;
	/** The seat index that starts the first round. */
	firstStarter: number;
	/** Started for this phone's seats of a club night's game: the club is told (outbox). */
	claim?: { game: number; table: number };
}

export type CreateEveningResult =
	| { ok: true; id: string }
	/** The rules core refuses the setup (validateSetup): nothing was written. */
	| { ok: false; problems: Problem[] }
	/** `firstStarter` is not a seat index: nothing was written. */
	| { ok: false; invalid: 'first-starter' };

/**
 * Stores a new evening and remembers its players for later evenings, in one transaction, once
 * the rules core accepts the setup (the same validateSetup the screen shows), so two seats never
 * share one player row.
 */
export async function createEvening(
	db: CabooseDb,
	input: NewEvening
): Promise<CreateEveningResult> {
	const problems = validateSetup(input.names, input.rules);
	if (problems.length > 0) return { ok: false, problems };
	// Stored cleaned (a pasted tab, a zero-width space), as setup compared them.
	const names = input.names.map(cleanName);
	const keys = names.map(playerKey);
	if (
		!Number.isInteger(input.firstStarter) ||
		input.firstStarter < 0 ||
		input.firstStarter >= names.length
	) {
		return { ok: false, invalid: 'first-starter' };
	}

	const now = Date.now();
	const eveningId = crypto.randomUUID();
	// A plain copy: a Svelte $state proxy or a class instance cannot be cloned into IndexedDB.
	const rules = JSON.parse(JSON.stringify(input.rules)) as RulesChoice;

	const tables = [db.players, db.evenings, db.summaries, ...outboxTables(db)];
	return db.transaction('rw', tables, async (): Promise<CreateEveningResult> => {
		// These seats' evening, started already (New evening opened again, a second tap): open it.
		const started = input.claim ? await startedForSeats(db, input.claim) : null;
		if (started !== null) return { ok: true, id: started };
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
		if (input.claim) {
			await noteStarted(db, eveningId, input.claim);
			const revision = (await db.summaries.get(eveningId))?.revision ?? 1;
			await recordClaim(db, evening, input.claim, revision);
		}
		return { ok: true, id: eveningId };
	});
}

/** Every saved evening, newest first, with its rounds. */
export async function listEvenings(db: CabooseDb): Promise<EveningListItem[]> {
	return db.transaction('r', db.evenings, db.rounds, async () => {
		const evenings = await db.evenings.orderBy('createdAt').reverse().toArray();
		return withRounds(evenings, await db.rounds.toArray());
	});
}

/** Players of earlier evenings, most recently played first (then by name), for picking at setup. */
export async function knownPlayers(db: CabooseDb): Promise<PlayerRow[]> {
	return (await db.players.toArray()).sort(byLastPlayed);
}

/**
 * Removes an evening with everything that belongs to it; its players stay known. Made from a
 * revision of it (`made`), an evening written since is not removed: its conflict is answered.
 */
export async function deleteEvening(
	db: CabooseDb,
	id: string,
	made?: MadeFrom
): Promise<Stale | void> {
	return db.transaction('rw', wholeEveningTables(db), async () => {
		const moved = revisionMoved(db, id, made);
		if (moved && (await moved)) return { conflict: 'evening-changed' as const };
		const [evening, summary] = await Promise.all([db.evenings.get(id), db.summaries.get(id)]);
		await db.rounds.where('eveningId').equals(id).delete();
		await db.summaries.delete(id);
		// The club hears of it at the revision after the last write (an evening without a
		// summary, its rules unreadable here, was never sent).
		if (evening && summary?.revision !== undefined) {
			await recordDelete(db, id, nextRevision(summary.revision));
		}
		await db.drafts.where('eveningId').equals(id).delete();
		await db.tableEvents
			.where('[eveningId+roundIndex]')
			.between([id, -Infinity], [id, Infinity])
			.delete();
		await db.evenings.delete(id);
	});
}

// The club's outbox. On a phone joined to a club as a table, each write that changes an evening
// appends its operation here in the write's own transaction (through writeSummary, and
// deleteEvening), so an operation exists exactly when its write was stored. The sync loop
// (state/club) sends them in order and drops them only once the club has acknowledged them.
// Without a club nothing is appended: the writes are as they were. Joining (db/club.ts) appends
// the evenings already on the phone.

import type { CabooseDb, ClubMembership, EveningRow, OutboxOp, OutboxRow, RoundRow } from './rows';

/** The meta row that holds the club this phone joined. */
export const CLUB_KEY = 'club';
/** The meta row that holds the last club standings read (db/club.ts), for a phone offline. */
export const CLUB_STANDINGS_KEY = 'clubStandings';
/** The meta row that holds this table's seats at tonight's club night (db/club-seats.ts). */
export const CLUB_SEATS_KEY = 'clubSeats';
/** The meta row of the club organiser's corrections read and refused (db/corrections.ts). */
export const CLUB_CORRECTIONS_KEY = 'clubCorrections';

/** What a write that changes an evening must also hold in its transaction. */
export function outboxTables(db: CabooseDb) {
	return [db.meta, db.outbox];
}

/** Every table that holds a part of an evening, with the outbox: for a write to all of it. */
export function wholeEveningTables(db: CabooseDb) {
	return [db.evenings, db.rounds, db.drafts, db.tableEvents, db.summaries, ...outboxTables(db)];
}

/** A stored membership read defensively: anything else is no membership. */
export function readMembership(value: unknown): ClubMembership | null {
	if (typeof value !== 'object' || value === null) return null;
	const c = value as Partial<ClubMembership>;
	const texts = [c.server, c.token, c.club, c.table];
	if (!texts.every((t) => typeof t === 'string' && t !== '')) return null;
	if (c.role !== 'table' && c.role !== 'viewer' && c.role !== 'organiser') return null;
	return {
		server: c.server!,
		token: c.token!,
		club: c.club!,
		table: c.table!,
		role: c.role,
		joinedAt: typeof c.joinedAt === 'number' ? c.joinedAt : 0,
		revoked: c.revoked === true
	};
}

export async function clubMembership(db: CabooseDb): Promise<ClubMembership | null> {
	return readMembership((await db.meta.get(CLUB_KEY))?.value);
}

/** Whether this phone's writes go to a club now (a table whose access was not revoked). */
export async function sendsToClub(db: CabooseDb): Promise<boolean> {
	const club = await clubMembership(db);
	return club !== null && club.role === 'table' && !club.revoked;
}

async function append(db: CabooseDb, op: OutboxOp): Promise<void> {
	await db.outbox.add({ held: 0, op });
}

/**
 * Inside the caller's read-write transaction (with `outboxTables` in its scope): the evening as
 * written now, at `revision`, for the club. `rounds` are read only for a phone in a club.
 */
export async function recordPut(
	db: CabooseDb,
	evening: EveningRow,
	rounds: () => Promise<readonly RoundRow[]> | readonly RoundRow[],
	revision: number
): Promise<void> {
	// A kept copy was recorded at another phone's table: it is that table's to send.
	if (evening.keptFrom !== undefined || !(await sendsToClub(db))) return;
	const ordered = [...(await rounds())].sort((a, b) => a.index - b.index);
	await append(db, {
		id: crypto.randomUUID(),
		eveningId: evening.id,
		revision,
		kind: 'put',
		evening: { evening, rounds: ordered }
	});
}

/**
 * Inside the caller's read-write transaction: the evening's removal, at `revision`. A table
 * whose key the club revoked parks it: a new link for the table sends it (db/club.ts), as it
 * sends every evening as it is then; a removed one has nothing else to say it.
 */
export async function recordDelete(
	db: CabooseDb,
	eveningId: string,
	revision: number
): Promise<void> {
	const club = await clubMembership(db);
	if (!club || club.role !== 'table') return;
	const op: OutboxOp = { id: crypto.randomUUID(), eveningId, revision, kind: 'delete' };
	if (club.revoked) await db.outbox.add({ held: 2, op, server: club.server });
	else await append(db, op);
}

/**
 * Inside the caller's read-write transaction, after the evening's first put: the club is to be
 * told that `evening` was started for this phone's seats at `table` of tonight's `game`. Sent
 * in its place in the outbox, so a lost network loses nothing.
 */
export async function recordClaim(
	db: CabooseDb,
	evening: EveningRow,
	seats: { game: number; table: number },
	revision: number
): Promise<boolean> {
	if (!(await sendsToClub(db))) return false;
	await append(db, {
		id: crypto.randomUUID(),
		eveningId: evening.id,
		revision,
		kind: 'claim',
		game: seats.game,
		table: seats.table,
		names: evening.players.map((p) => p.name),
		createdAt: evening.createdAt
	});
	return true;
}

// ---------------------------------------------------------------------------------------------
// For the sync loop and the Settings screen.

/** The oldest `limit` operations waiting to be sent, in the order they were written. */
export async function waitingOps(db: CabooseDb, limit: number): Promise<OutboxRow[]> {
	return db.outbox.where('held').equals(0).limit(limit).toArray();
}

export interface OutboxCounts {
	waiting: number;
	/** Operations the club refused, kept aside. */
	refused: number;
}

export async function outboxCounts(db: CabooseDb): Promise<OutboxCounts> {
	return db.transaction('r', db.outbox, async () => ({
		waiting: await db.outbox.where('held').equals(0).count(),
		refused: await db.outbox.where('held').equals(1).count()
	}));
}

/** An evening with changes set aside (the club refused them, or cannot take them), for Settings. */
export interface SetAsideEvening {
	eveningId: string;
	/** Its players and when it began, from the change itself; null for a delete. */
	names: string[] | null;
	createdAt: number | null;
	/** Why its latest change was set aside: the code, and where in it when the club said. */
	code: string;
	path?: string;
	detail?: string;
}

/** Evenings with changes set aside, one line each (its latest change's reason), oldest first. */
export async function setAsideEvenings(db: CabooseDb): Promise<SetAsideEvening[]> {
	const byEvening = new Map<string, SetAsideEvening>();
	await db.outbox
		.where('held')
		.equals(1)
		.each((row) => {
			const { op } = row;
			const { path, detail } = row;
			const seen =
				op.kind === 'put'
					? {
							names: op.evening.evening.players.map((p) => p.name),
							at: op.evening.evening.createdAt
						}
					: op.kind === 'claim'
						? { names: op.names, at: op.createdAt }
						: null;
			byEvening.set(op.eveningId, {
				eveningId: op.eveningId,
				names: seen?.names ?? null,
				createdAt: seen?.at ?? null,
				code: row.refused ?? 'refused',
				...(path !== undefined ? { path } : {}),
				...(detail !== undefined ? { detail } : {})
			});
		});
	return [...byEvening.values()];
}

/**
 * Sends again what was set aside (the club's server was mended, say): each goes back to the
 * outbox in its place; one the club still refuses is set aside again.
 */
export async function sendSetAsideAgain(db: CabooseDb): Promise<void> {
	await db.transaction('rw', db.outbox, async () => {
		await db.outbox
			.where('held')
			.equals(1)
			.modify((row) => {
				row.held = 0;
				delete row.refused;
				delete row.path;
				delete row.detail;
			});
	});
}

/**
 * Leaves the club: nothing more is sent; every evening stays on the phone. A delete not yet sent
 * is parked for that club (the evening is gone here, so nothing else could tell it): joining it
 * again sends it (db/club.ts).
 */
export async function leaveClub(db: CabooseDb): Promise<void> {
	await db.transaction('rw', [db.meta, db.outbox], async () => {
		const club = await clubMembership(db);
		const deletes = club ? await unsentDeletes(db, club.server) : [];
		await db.meta.bulkDelete([CLUB_KEY, CLUB_STANDINGS_KEY, CLUB_SEATS_KEY, CLUB_CORRECTIONS_KEY]);
		await db.outbox.clear();
		await db.outbox.bulkAdd(deletes.map(({ op, server }) => ({ held: 2, op, server })));
	});
}

/**
 * Inside a transaction over the outbox: every delete not yet sent (waiting, or parked when the
 * phone left a club), with the club server it is for (`server`: the club joined now).
 */
export async function unsentDeletes(
	db: CabooseDb,
	server: string | null
): Promise<{ op: OutboxOp; server: string }[]> {
	const rows = await db.outbox.where('held').anyOf(0, 2).toArray();
	return rows.flatMap((row) => {
		const to = row.held === 2 ? row.server : server;
		return row.op.kind === 'delete' && to ? [{ op: row.op, server: to }] : [];
	});
}

/** The club ended this token's access: sending stops, and Settings says so. */
export async function markRevoked(db: CabooseDb, token: string): Promise<void> {
	await db.transaction('rw', db.meta, async () => {
		const club = await clubMembership(db);
		// Only the membership that was refused (not one joined again meanwhile).
		if (club && club.token === token) {
			await db.meta.put({ key: CLUB_KEY, value: { ...club, revoked: true } });
		}
	});
}

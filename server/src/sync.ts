// Applying a table's batch of operations: in one transaction, idempotently. An operation applied
// before changes nothing; a revision not newer than the stored one never overwrites it (clocks are
// never used for order); an evening first sent by one table is never written by another. Every
// round was re-checked by the rules core before (checkOp), and each evening's results are derived
// by it here, so the standings are sums over stored rows and scoring lives in one place.

import { playerKey, scoreStoredEvening } from '../../src/lib/rules';
import {
	checkOp,
	type Ack,
	type ClubBatch,
	type ClubOp,
	type ClubPutOp,
	type RefusedOp
} from '../../src/lib/club/protocol';
import type { TableAccess } from './club';
import type { Db, Queryable } from './db';
import { nightOf } from './night';

export const CHANGE_CHANNEL = 'club_change';

interface SeatResult {
	seat: number;
	key: string;
	name: string;
	total: number;
	rounds: number;
	place: number;
	seats: number;
}

interface Derived {
	night: string;
	roundCount: number;
	over: boolean;
	leader: string[];
	seats: SeatResult[];
}

/** What the rules core makes of an evening: each seat's total, rounds and place. */
export function deriveEvening(op: ClubPutOp): Derived {
	const { evening, rounds } = op.evening;
	const { state } = scoreStoredEvening(evening, rounds);
	const place = new Map<string, number>();
	let before = 0;
	for (const group of state.ranking) {
		for (const id of group) place.set(id, before + 1);
		before += group.length;
	}
	const seats = evening.players.map((p, seat) => ({
		seat,
		key: playerKey(p.name),
		name: p.name,
		total: state.totals[p.id] ?? 0,
		rounds: state.rounds.filter((r) => p.id in r.scores).length,
		place: place.get(p.id) ?? evening.players.length,
		seats: evening.players.length
	}));
	const names = new Map(evening.players.map((p) => [p.id, p.name]));
	return {
		night: nightOf(evening.createdAt),
		roundCount: rounds.length,
		over: state.over,
		leader: rounds.length > 0 ? (state.ranking[0] ?? []).map((id) => names.get(id) ?? id) : [],
		seats
	};
}

// One statement per put: the evening (only if this table owns it and the revision is newer),
// then its rounds and its seats' results, and the operation's record; nothing when the evening
// row was not written.
const PUT_SQL = `
WITH e AS (
	INSERT INTO evening (id, club_id, table_id, revision, deleted, data, night, round_count, over,
	                     leader, received_at)
	VALUES ($1, $2, $3, $4, false, $5::jsonb, $6, $7, $8, $9::jsonb, $10)
	ON CONFLICT (id) DO UPDATE SET revision = EXCLUDED.revision, deleted = false,
		data = EXCLUDED.data, night = EXCLUDED.night, round_count = EXCLUDED.round_count,
		over = EXCLUDED.over, leader = EXCLUDED.leader, received_at = EXCLUDED.received_at
	WHERE evening.table_id = EXCLUDED.table_id AND evening.revision < EXCLUDED.revision
	RETURNING id
), dr AS (
	DELETE FROM round WHERE evening_id IN (SELECT id FROM e) AND idx >= $7
), r AS (
	INSERT INTO round (evening_id, idx, entry, starter, saved_at)
	SELECT e.id, x.idx, x.entry, x.starter, x.saved_at
	FROM e, jsonb_to_recordset($11::jsonb) AS x(idx integer, entry jsonb, starter integer, saved_at bigint)
	ON CONFLICT (evening_id, idx) DO UPDATE SET entry = EXCLUDED.entry,
		starter = EXCLUDED.starter, saved_at = EXCLUDED.saved_at
	WHERE round.entry IS DISTINCT FROM EXCLUDED.entry
		OR round.starter IS DISTINCT FROM EXCLUDED.starter
		OR round.saved_at IS DISTINCT FROM EXCLUDED.saved_at
), dp AS (
	DELETE FROM evening_player WHERE evening_id IN (SELECT id FROM e) AND seat >= $13
), p AS (
	INSERT INTO evening_player (evening_id, seat, club_id, night, key, name, total, rounds, place, seats)
	SELECT e.id, x.seat, $2, $6, x.key, x.name, x.total, x.rounds, x.place, x.seats
	FROM e, jsonb_to_recordset($12::jsonb) AS x(seat integer, key text, name text, total integer,
		rounds integer, place integer, seats integer)
	ON CONFLICT (evening_id, seat) DO UPDATE SET night = EXCLUDED.night, key = EXCLUDED.key,
		name = EXCLUDED.name, total = EXCLUDED.total, rounds = EXCLUDED.rounds,
		place = EXCLUDED.place, seats = EXCLUDED.seats
), a AS (
	INSERT INTO applied_op (table_id, id, evening_id, revision, applied_at)
	SELECT $3, $14, e.id, $4, $10 FROM e ON CONFLICT DO NOTHING
)
SELECT id FROM e`;

const DELETE_SQL = `
WITH e AS (
	INSERT INTO evening (id, club_id, table_id, revision, deleted, data, night, received_at)
	VALUES ($1, $2, $3, $4, true, NULL, $5, $6)
	ON CONFLICT (id) DO UPDATE SET revision = EXCLUDED.revision, deleted = true, data = NULL,
		round_count = 0, over = false, leader = '[]', received_at = EXCLUDED.received_at
	WHERE evening.table_id = EXCLUDED.table_id AND evening.revision < EXCLUDED.revision
	RETURNING id
), dr AS (
	DELETE FROM round WHERE evening_id IN (SELECT id FROM e)
), dp AS (
	DELETE FROM evening_player WHERE evening_id IN (SELECT id FROM e)
), a AS (
	INSERT INTO applied_op (table_id, id, evening_id, revision, applied_at)
	SELECT $3, $7, e.id, $4, $6 FROM e ON CONFLICT DO NOTHING
)
SELECT id FROM e`;

type Checked = { op: ClubOp; derived: Derived | null };

/** Writes one operation; true when it changed the evening. */
async function writeOp(tx: Queryable, who: TableAccess, c: Checked, now: number): Promise<boolean> {
	const { op, derived } = c;
	const rows =
		op.kind === 'put' && derived
			? await tx.query(PUT_SQL, [
					op.eveningId,
					who.clubId,
					who.tableId,
					op.revision,
					JSON.stringify(op.evening.evening),
					derived.night,
					derived.roundCount,
					derived.over,
					JSON.stringify(derived.leader),
					now,
					JSON.stringify(
						op.evening.rounds.map((r) => ({
							idx: r.index,
							entry: r.entry,
							starter: r.starter,
							saved_at: r.savedAt
						}))
					),
					JSON.stringify(derived.seats),
					derived.seats.length,
					op.id
				])
			: await tx.query(DELETE_SQL, [
					op.eveningId,
					who.clubId,
					who.tableId,
					op.revision,
					nightOf(now),
					now,
					op.id
				]);
	return rows.length > 0;
}

/**
 * Applies `batch` for the table `who` in one transaction and says what became of each operation.
 * The rules core's checks run first, outside the transaction: they need no data.
 */
export async function applyBatch(
	db: Db,
	who: TableAccess,
	batch: ClubBatch,
	now = Date.now()
): Promise<Ack> {
	const refused: RefusedOp[] = [];
	const checked: Checked[] = [];
	for (const op of batch.ops) {
		const problem = checkOp(op);
		if (problem) refused.push(problem);
		else checked.push({ op, derived: op.kind === 'put' ? deriveEvening(op) : null });
	}
	const done = await db.transaction(async (tx) => {
		const applied: string[] = [];
		const ignored: string[] = [];
		const notYours: RefusedOp[] = [];
		// An operation applied before is ignored by its revision: the stored one is as new or newer.
		for (const c of checked) {
			if (await writeOp(tx, who, c, now)) applied.push(c.op.id);
			else if (await ownedByOther(tx, who, c.op.eveningId)) {
				notYours.push({ id: c.op.id, code: 'not-your-evening' });
			} else ignored.push(c.op.id);
		}
		// When the table was last heard from, and (once committed) word to every live channel.
		await tx.query(
			`WITH heard AS (
				UPDATE club_table SET last_heard_at = $2
				WHERE id = $1 AND (last_heard_at IS NULL OR last_heard_at < $2)
			) SELECT CASE WHEN $3 THEN pg_notify($4, '') END`,
			[who.tableId, now, applied.length > 0, CHANGE_CHANNEL]
		);
		return { applied, ignored, notYours };
	});
	return { applied: done.applied, ignored: done.ignored, refused: [...refused, ...done.notYours] };
}

async function ownedByOther(tx: Queryable, who: TableAccess, eveningId: string): Promise<boolean> {
	const rows = await tx.query<{ table_id: string }>(`SELECT table_id FROM evening WHERE id = $1`, [
		eveningId
	]);
	return rows[0] !== undefined && rows[0].table_id !== who.tableId;
}

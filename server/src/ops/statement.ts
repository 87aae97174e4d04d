// The SQL that stores a group of tables' batches, its parameters and what its columns can hold.

import type { ClubOp } from '../../../src/lib/club/protocol';
import { CHANGE_CHANNEL } from '../changes';
import type { TableAccess } from '../keys';
import { nightOf } from '../night';
import type { Derived } from './derive';

/** An operation the checks let through, with what the rules core derived of it (for a put). */
export type Checked = { op: ClubOp; derived: Derived | null };

/** One table's checked batch in a group. */
export interface Batch {
	who: TableAccess;
	checked: Checked[];
}

// The batches of a group of tables (groups.ts) are one statement: one round trip, atomic by itself
// (Db.atomic: on PostgreSQL at REPEATABLE READ, run again whenever a row it writes was changed
// after its snapshot), so a connection is held for as little as they can take. First each batch's
// key, if still live, is locked until commit (`k`): a revoke waits for this statement, or this
// statement sees it and stores nothing of that batch. `x` holds, per evening, the snapshot to
// store (the newest operation's) and the table that sent it; `o` every operation in the order
// sent. No two batches in a group touch the same evening, so each evening's operations are one
// table's. An evening row is written only when its table owns it (or it is new) and the revision
// is newer; then its rounds and its seats' results follow it. The applied operations are
// recorded, and a NOTIFY goes to every live channel when anything changed. The answer, per
// operation: applied now, another table's, or applied before; per evening, the revision stored;
// per batch whose key was revoked, that.
export const BATCH_SQL = `
WITH k AS (
	UPDATE club_key SET last_heard_at = greatest(last_heard_at, $2)
	WHERE id IN (SELECT jsonb_array_elements_text($7::jsonb)) AND revoked_at IS NULL
	RETURNING id
), x AS (
	SELECT * FROM jsonb_to_recordset($3::jsonb) AS x(id text, key_id text, table_id text, revision bigint,
		deleted boolean, data jsonb, night text, round_count integer, seat_count integer, over boolean,
		leader jsonb, seen bigint)
	WHERE x.key_id IN (SELECT id FROM k)
), o AS (
	SELECT * FROM jsonb_to_recordset($6::jsonb) AS o(id text, key_id text, table_id text, evening_id text,
		revision bigint, pos integer)
), prev AS (
	SELECT id, table_id, revision FROM evening WHERE id IN (SELECT id FROM x)
), e AS (
	INSERT INTO evening (id, club_id, table_id, revision, deleted, data, night, round_count, over,
	                     leader, received_at)
	SELECT id, $1, table_id, revision, deleted, data, night, round_count, over, leader, $2 FROM x
	-- a put written before its phone took in an organiser's correction would undo it: not stored
	WHERE x.deleted OR NOT EXISTS (SELECT 1 FROM correction c WHERE c.evening_id = x.id
		AND c.revision > x.seen)
	ON CONFLICT (id) DO UPDATE SET revision = EXCLUDED.revision, deleted = EXCLUDED.deleted,
		data = EXCLUDED.data, round_count = EXCLUDED.round_count, over = EXCLUDED.over,
		leader = EXCLUDED.leader, received_at = EXCLUDED.received_at,
		-- a deleted evening keeps the night it was played
		night = CASE WHEN EXCLUDED.deleted THEN evening.night ELSE EXCLUDED.night END
	WHERE evening.table_id = EXCLUDED.table_id AND evening.revision < EXCLUDED.revision
	RETURNING id, round_count, revision
), dr AS (
	DELETE FROM round USING e WHERE round.evening_id = e.id AND round.idx >= e.round_count
), r AS (
	INSERT INTO round (evening_id, idx, entry, starter, saved_at, corrected_by)
	SELECT y.evening_id, y.idx, y.entry, y.starter, y.saved_at, y.corrected_by
	FROM jsonb_to_recordset($4::jsonb) AS y(evening_id text, idx integer, entry jsonb,
		starter integer, saved_at bigint, corrected_by jsonb)
	WHERE y.evening_id IN (SELECT id FROM e)
	ON CONFLICT (evening_id, idx) DO UPDATE SET entry = EXCLUDED.entry,
		starter = EXCLUDED.starter, saved_at = EXCLUDED.saved_at,
		corrected_by = EXCLUDED.corrected_by
	WHERE round.entry IS DISTINCT FROM EXCLUDED.entry
		OR round.starter IS DISTINCT FROM EXCLUDED.starter
		OR round.saved_at IS DISTINCT FROM EXCLUDED.saved_at
		OR round.corrected_by IS DISTINCT FROM EXCLUDED.corrected_by
), dp AS (
	DELETE FROM evening_player USING e JOIN x ON x.id = e.id
	WHERE evening_player.evening_id = e.id AND evening_player.seat >= x.seat_count
), p AS (
	INSERT INTO evening_player (evening_id, seat, club_id, night, key, name, total, rounds, place, seats)
	SELECT y.evening_id, y.seat, $1, x.night, y.key, y.name, y.total, y.rounds, y.place, y.seats
	FROM jsonb_to_recordset($5::jsonb) AS y(evening_id text, seat integer, key text, name text,
		total integer, rounds integer, place integer, seats integer)
	JOIN x ON x.id = y.evening_id
	WHERE y.evening_id IN (SELECT id FROM e)
	ON CONFLICT (evening_id, seat) DO UPDATE SET night = EXCLUDED.night, key = EXCLUDED.key,
		name = EXCLUDED.name, total = EXCLUDED.total, rounds = EXCLUDED.rounds,
		place = EXCLUDED.place, seats = EXCLUDED.seats
), seq AS (
	-- as if applied one by one: an operation applies when it is newer than what was stored and
	-- than every operation on its evening sent before it
	SELECT id, key_id, table_id, evening_id, revision, coalesce(max(revision) OVER (PARTITION BY
		evening_id ORDER BY pos ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
	FROM o
), applied AS (
	SELECT seq.id, seq.key_id, seq.table_id, seq.evening_id, seq.revision FROM seq
	JOIN e ON e.id = seq.evening_id LEFT JOIN prev ON prev.id = seq.evening_id
	WHERE seq.revision > greatest(seq.before, coalesce(prev.revision, 0))
), a AS (
	INSERT INTO applied_op (table_id, id, evening_id, revision, applied_at)
	SELECT table_id, id, evening_id, revision, $2 FROM applied ON CONFLICT DO NOTHING
), told AS (
	SELECT CASE WHEN EXISTS (SELECT 1 FROM e) THEN pg_notify($8, 'evenings') END
)
SELECT key_id, id, 'applied' AS status, NULL::bigint AS revision FROM applied
UNION ALL
SELECT o.key_id, o.id, 'not-yours', NULL FROM o JOIN prev ON prev.id = o.evening_id
WHERE prev.table_id <> o.table_id
UNION ALL
SELECT o.key_id, o.id, 'done', NULL FROM o
JOIN applied_op d ON d.table_id = o.table_id AND d.id = o.id
UNION ALL
SELECT x.key_id, x.id, 'stored', coalesce(e.revision, prev.revision) FROM x
LEFT JOIN e ON e.id = x.id LEFT JOIN prev ON prev.id = x.id
WHERE prev.table_id IS NULL OR prev.table_id = x.table_id
UNION ALL
SELECT key_id, NULL, 'revoked', NULL FROM jsonb_array_elements_text($7::jsonb) AS w(key_id)
WHERE key_id NOT IN (SELECT id FROM k)
UNION ALL
SELECT NULL, NULL, 'told', NULL FROM told`;

/**
 * What the statement says, by the key of the batch: of an operation (`id`) applied now, another
 * table's (`not-yours`) or applied before (`done`); of an evening (`id`) the revision `stored`;
 * of a batch, its key `revoked`; and one `told` row. Columns as text on PGlite.
 */
export type Row = {
	key_id: string | null;
	id: string | null;
	status: 'applied' | 'not-yours' | 'done' | 'stored' | 'revoked' | 'told';
	revision: number | string | null;
};

/**
 * Per evening, the operation whose snapshot ends up stored if the batch is applied in order: the
 * first of its highest revision (each put is a whole snapshot, so the others add nothing to it).
 */
function newestPerEvening(checked: Checked[]): Checked[] {
	const newest = new Map<string, Checked>();
	for (const c of checked) {
		const seen = newest.get(c.op.eveningId);
		if (!seen || c.op.revision > seen.op.revision) newest.set(c.op.eveningId, c);
	}
	return [...newest.values()];
}

type Rows = {
	evenings: ({ id: string } & Record<string, unknown>)[];
	rounds: object[];
	seats: object[];
};

/** The statement's parameters: the evenings to store, their rounds and seats, every operation. */
export function batchParams(group: Batch[], now: number): unknown[] {
	const rows: Rows = { evenings: [], rounds: [], seats: [] };
	const ops = [];
	for (const { who, checked } of group) {
		for (const c of newestPerEvening(checked)) addEvening(rows, who, c, now);
		for (const { op } of checked) {
			ops.push({
				id: op.id,
				key_id: who.keyId,
				table_id: who.tableId,
				evening_id: op.eveningId,
				revision: op.revision,
				pos: ops.length
			});
		}
	}
	// In one order on every server process, so two statements wait for each other's evenings
	// rather than each hold one the other wants.
	rows.evenings.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	return [
		// A database holds one club (ensureClub), so every batch of a group is the same club's.
		group[0]!.who.clubId,
		now,
		JSON.stringify(rows.evenings),
		JSON.stringify(rows.rounds),
		JSON.stringify(rows.seats),
		JSON.stringify(ops),
		JSON.stringify(group.map(({ who }) => who.keyId)),
		CHANGE_CHANNEL
	];
}

/** An evening's row as the operation leaves it, with its rounds and seats when it is a put. */
function addEvening(rows: Rows, who: TableAccess, { op, derived }: Checked, now: number) {
	const put = op.kind === 'put' && derived;
	rows.evenings.push({
		id: op.eveningId,
		key_id: who.keyId,
		table_id: who.tableId,
		revision: op.revision,
		deleted: !put,
		data: put ? op.evening.evening : null,
		night: put ? derived.night : nightOf(now),
		round_count: put ? derived.roundCount : 0,
		seat_count: put ? derived.seats.length : 0,
		over: put ? derived.over : false,
		leader: put ? derived.leader : [],
		// The organiser's corrections this phone took in (migration 005): none, for an older phone.
		seen: put ? (op.evening.evening.clubCorrection ?? 0) : 0
	});
	if (!put) return;
	for (const r of op.evening.rounds) {
		rows.rounds.push({
			evening_id: op.eveningId,
			idx: r.index,
			entry: r.entry,
			starter: r.starter,
			saved_at: r.savedAt,
			corrected_by: r.correctedBy ?? null
		});
	}
	for (const seat of derived.seats) rows.seats.push({ evening_id: op.eveningId, ...seat });
}

/** The range of an `integer` column. */
const INT4 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const fitsInteger = (n: number) => Number.isInteger(n) && n >= INT4.min && n <= INT4.max;

/**
 * Whether the statement's columns can hold what an operation stores: the derived `integer`
 * columns (a seat's total can pass any whole number a house rule allows). The rest is bounded by
 * the protocol's schema (ids, rounds, seats, times and revisions fit their columns; `jsonb` holds
 * any number), and its text arrives well-formed (validation.ts).
 */
export function storable({ derived }: Checked): boolean {
	if (!derived) return true;
	return (
		fitsInteger(derived.roundCount) &&
		derived.seats.every((s) => [s.total, s.rounds, s.place, s.seats].every(fitsInteger))
	);
}

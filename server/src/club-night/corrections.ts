// A correction (docs/club.md "A correction"): the organiser corrects a round of a table's evening
// after the fact. The rules core checks the round as an edit of the evening the club holds (every
// later round must stay valid with it); the evening is then stored at its revision + 1 with the
// round replaced and its seats' results derived again, and the correction kept with who and when.
// The table's phone reads its evenings' corrections (GET /v1/corrections) and takes them in.

import type { Context } from 'hono';
import * as v from 'valibot';
import {
	MAX_CORRECTIONS,
	type ClubCorrection,
	type ClubEveningView,
	type CorrectionInput
} from '../../../src/lib/club/night-protocol';
import type { ClubEvening, ClubPutOp } from '../../../src/lib/club/protocol';
import { checkRound, eveningSetup, type Problem } from '../../../src/lib/rules';
import type { Db, Queryable } from '../db';
import type { Env } from '../http/auth';
import { ClubFailure, fail } from '../http/errors';
import { deriveEvening } from '../ops/derive';
import { storable } from '../ops/statement';
import type { WriteContext } from './action';

type EveningRow = ClubEvening['evening'];
type RoundRow = ClubEvening['rounds'][number];
type RefusedProblem =
	Pick<Problem, 'code' | 'player' | 'params'> | { code: 'no-such-evening' | 'no-such-round' };

/** 422 refused with the problems of the round as an edit (the rules core's codes). */
const refusedRound = (problems: RefusedProblem[]) => new ClubFailure('refused', { problems });

interface StoredEvening {
	table_id: string;
	table_name: string;
	revision: string;
	data: EveningRow;
}

interface StoredRound {
	idx: number;
	entry: ClubEveningView['rounds'][number]['entry'];
	starter: number | null;
	saved_at: number;
	corrected_by: { name: string; at: number } | null;
}

/** The club's evening (not deleted) and its rounds in order, its row locked when `lock`. */
async function readEvening(
	q: Queryable,
	clubId: string,
	eveningId: string,
	lock: boolean
): Promise<{ stored: StoredEvening; rounds: StoredRound[] } | null> {
	const [stored] = await q.query<StoredEvening>(
		`SELECT e.table_id, t.name AS table_name, e.revision::text AS revision, e.data
		 FROM evening e JOIN club_table t ON t.id = e.table_id
		 WHERE e.id = $1 AND e.club_id = $2 AND NOT e.deleted AND e.data IS NOT NULL
		 ${lock ? 'FOR UPDATE OF e' : ''}`,
		[eveningId, clubId]
	);
	if (!stored) return null;
	const rounds = await q.query<StoredRound>(
		`SELECT idx, entry, starter, saved_at::float8 AS saved_at, corrected_by
		 FROM round WHERE evening_id = $1 ORDER BY idx`,
		[eveningId]
	);
	return { stored, rounds };
}

const roundRow = (eveningId: string, r: StoredRound): RoundRow => ({
	id: `${eveningId}:${r.idx}`,
	eveningId,
	index: r.idx,
	entry: r.entry,
	starter: r.starter,
	savedAt: r.saved_at
});

/**
 * POST /v1/night/corrections, inside the organiser's write (action.ts: who, when, If-Match,
 * Idempotency-Key): the round checked as an edit, then stored as the evening's next revision.
 */
export async function correctRound(
	tx: Queryable,
	ctx: WriteContext,
	input: CorrectionInput
): Promise<{ revision: number; correction: ClubCorrection }> {
	const { eveningId, round, entry } = input;
	const found = await readEvening(tx, ctx.club.id, eveningId, true);
	if (!found) throw refusedRound([{ code: 'no-such-evening' }]);
	const { stored, rounds } = found;
	const before = rounds[round];
	if (!before || before.idx !== round) throw refusedRound([{ code: 'no-such-round' }]);
	const check = checkRound(
		eveningSetup(stored.data),
		rounds.map((r) => r.entry),
		round,
		entry
	);
	if (check.errors.length > 0) throw refusedRound(check.errors);

	const revision = Number(stored.revision) + 1;
	const corrected = rounds.map((r) => roundRow(eveningId, r));
	corrected[round] = { ...corrected[round]!, entry };
	const op: ClubPutOp = {
		id: ctx.actionId,
		eveningId,
		revision,
		kind: 'put',
		evening: { evening: stored.data, rounds: corrected }
	};
	const derived = deriveEvening(op);
	if (!storable({ op, derived })) throw new ClubFailure('unstorable');
	const by = { name: ctx.who.table, at: ctx.now };
	await tx.query(
		`UPDATE round SET entry = $3, corrected_by = $4 WHERE evening_id = $1 AND idx = $2`,
		[eveningId, round, JSON.stringify(entry), JSON.stringify(by)]
	);
	await tx.query(`UPDATE evening SET revision = $2, over = $3, leader = $4 WHERE id = $1`, [
		eveningId,
		revision,
		derived.over,
		JSON.stringify(derived.leader)
	]);
	await tx.query(
		`UPDATE evening_player p SET total = y.total, rounds = y.rounds, place = y.place
		 FROM jsonb_to_recordset($2::jsonb) AS y(seat integer, total integer, rounds integer, place integer)
		 WHERE p.evening_id = $1 AND p.seat = y.seat`,
		[eveningId, JSON.stringify(derived.seats)]
	);
	const [row] = await tx.query<{ id: string }>(
		`INSERT INTO correction (club_id, evening_id, table_id, round_idx, before, after, revision,
		   action_id, by_name, at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text`,
		[
			ctx.club.id,
			eveningId,
			stored.table_id,
			round,
			JSON.stringify(before.entry),
			JSON.stringify(entry),
			revision,
			ctx.actionId,
			by.name,
			by.at
		]
	);
	const correction = {
		id: Number(row!.id),
		eveningId,
		round,
		entry,
		revision,
		by: by.name,
		at: by.at
	};
	return { revision: ctx.night.revision, correction };
}

const EveningIdParam = v.pipe(v.string(), v.minLength(1), v.maxLength(100));

/** GET /v1/night/evenings/:id (organiser): a table's evening as the club holds it. */
export function eveningView(db: Db, clubId: string) {
	return async (c: Context<Env>) => {
		if (c.get('who').role !== 'organiser') return fail(c, 'organiser-only');
		const id = v.safeParse(EveningIdParam, c.req.param('id'));
		if (!id.success) throw new ClubFailure('invalid', { path: 'id' });
		const found = await readEvening(db, clubId, id.output, false);
		if (!found) return fail(c, 'not-found');
		const { stored, rounds } = found;
		const answer: ClubEveningView = {
			table: stored.table_name,
			revision: Number(stored.revision),
			evening: stored.data,
			rounds: rounds.map((r) => ({
				index: r.idx,
				entry: r.entry,
				starter: r.starter,
				savedAt: r.saved_at,
				correctedBy: r.corrected_by
			}))
		};
		return c.json(answer);
	};
}

/** A correction's id, within what a float holds exactly. */
const After = v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number));

/** GET /v1/corrections?after=<id> (a table): the corrections of its own evenings, oldest first. */
export function tableCorrections(db: Db) {
	return async (c: Context<Env>) => {
		const who = c.get('who');
		if (who.role !== 'table') return fail(c, 'not-your-table');
		const after = v.safeParse(After, c.req.query('after') ?? '0');
		if (!after.success) throw new ClubFailure('invalid', { path: 'after' });
		const corrections = await db.query<ClubCorrection>(
			`SELECT id::float8 AS id, evening_id AS "eveningId", round_idx AS round, after AS entry,
			        revision::float8 AS revision, by_name AS by, at::float8 AS at
			 FROM correction WHERE table_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
			[who.tableId, after.output, MAX_CORRECTIONS]
		);
		return c.json({ corrections });
	};
}

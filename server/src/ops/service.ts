// Applying a table's batch of operations: in one statement with the batches of other tables that
// arrive meanwhile (groups.ts), idempotently. An operation applied before changes nothing; a
// revision not newer than the stored one never overwrites it (clocks are never used for order);
// an evening first sent by one table is never written by another.

import type { Ack, ClubBatch, RefusedOp } from '../../../src/lib/club/protocol';
import type { Db } from '../db';
import { ClubFailure, isUnstorable } from '../http/errors';
import type { TableAccess } from '../keys';
import { BatchGroups } from './groups';
import { BATCH_SQL, batchParams, type Checked, type Row } from './statement';
import { checkOps } from './validation';

const groups = new WeakMap<Db, BatchGroups>();

/**
 * Applies `batch` for the table `who` and says what became of each operation. The checks run
 * first, outside the statement: they need no data. A batch of a key revoked meanwhile is refused
 * whole (token-revoked), as its request would be now.
 */
export async function applyBatch(db: Db, who: TableAccess, batch: ClubBatch): Promise<Ack> {
	const { refused, checked } = checkOps(batch);
	let group = groups.get(db);
	if (!group) groups.set(db, (group = new BatchGroups(db)));
	let rows: Row[];
	try {
		rows = await group.store({ who, checked });
	} catch (error) {
		throw isUnstorable(error) ? await whichUnstorable(db, who, batch, checked, error) : error;
	}
	if (rows.some((r) => r.status === 'revoked')) throw new ClubFailure('token-revoked');
	return acknowledge(checked, refused, rows);
}

/**
 * Each operation once, in the order sent: applied now; ignored, when this very operation was
 * applied before (a retry); refused, when the evening is another table's; else behind, with the
 * club's revision of the evening, which this operation did not write.
 */
function acknowledge(checked: Checked[], refused: RefusedOp[], rows: Row[]): Ack {
	const ids = (status: Row['status']) =>
		new Set(rows.filter((r) => r.status === status).map((r) => r.id));
	const [appliedNow, appliedBefore, notYours] = [ids('applied'), ids('done'), ids('not-yours')];
	const stored = new Map(
		rows.filter((r) => r.status === 'stored').map((r) => [r.id, Number(r.revision)])
	);
	const ack: Ack = { applied: [], ignored: [], behind: [], refused };
	for (const { op } of checked) {
		// The same operation twice in a batch: applied once, the second a retry.
		if (appliedNow.delete(op.id)) ack.applied.push(op.id);
		else if (appliedBefore.has(op.id) || ack.applied.includes(op.id)) ack.ignored.push(op.id);
		else if (notYours.has(op.id)) ack.refused.push({ id: op.id, code: 'not-your-evening' });
		else {
			const revision = stored.get(op.eveningId);
			// (Every evening's revision comes back; were one missing, the phone would drop it.)
			if (revision === undefined) ack.ignored.push(op.id);
			else ack.behind.push({ id: op.id, revision });
		}
	}
	return ack;
}

/** Stores nothing: the statement is only asked whether the database holds these values. */
const ONLY_ASKED = new Error('only asked');

/**
 * Which operation the database refused to hold (a value the checks before it could not foresee):
 * each tried alone in a transaction undone afterwards. This one refuses the request, named
 * (422 unstorable), so the phone sets it aside and sends the rest; `error` when none is alone.
 */
async function whichUnstorable(
	db: Db,
	who: TableAccess,
	batch: ClubBatch,
	checked: Checked[],
	error: unknown
): Promise<unknown> {
	for (const c of checked) {
		const params = batchParams([{ who, checked: [c] }], Date.now());
		const outcome = await db
			.transaction(async (tx) => {
				await tx.query(BATCH_SQL, params);
				throw ONLY_ASKED;
			})
			.catch((e: unknown) => e);
		if (isUnstorable(outcome)) {
			return new ClubFailure('unstorable', { path: `ops[${batch.ops.indexOf(c.op)}]` });
		}
	}
	return error;
}

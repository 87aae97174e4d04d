// Applying a table's batch of operations: in one statement with the batches of other tables that
// arrive meanwhile (groups.ts), idempotently. An operation applied before changes nothing; a
// revision not newer than the stored one never overwrites it (clocks are never used for order);
// an evening first sent by one table is never written by another.

import type { Ack, ClubBatch } from '../../../src/lib/club/protocol';
import type { Db } from '../db';
import type { TableAccess } from '../keys';
import { BatchGroups } from './groups';
import { checkOps } from './validation';

const groups = new WeakMap<Db, BatchGroups>();

/**
 * Applies `batch` for the table `who` and says what became of each operation. The checks run
 * first, outside the statement: they need no data.
 */
export async function applyBatch(db: Db, who: TableAccess, batch: ClubBatch): Promise<Ack> {
	const { refused, checked } = checkOps(batch);
	let group = groups.get(db);
	if (!group) groups.set(db, (group = new BatchGroups(db)));
	const rows = await group.store({ who, checked });
	const applied = new Set(rows.filter((r) => r.status === 'applied').map((r) => r.id));
	const notYours = new Set(rows.filter((r) => r.status === 'not-yours').map((r) => r.id));
	const ack: Ack = { applied: [], ignored: [], behind: [], refused };
	// An operation neither applied nor another table's changed nothing: it was applied before, or
	// a newer revision is stored.
	for (const { op } of checked) {
		if (applied.has(op.id)) ack.applied.push(op.id);
		else if (notYours.has(op.id)) ack.refused.push({ id: op.id, code: 'not-your-evening' });
		else ack.ignored.push(op.id);
	}
	return ack;
}

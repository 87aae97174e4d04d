// A batch as it arrives, checked before any of it reaches the database: strict JSON, its text
// made well-formed, the protocol's schema, then each operation by the rules core and against what
// the database can hold.

import {
	checkOp,
	ClubBatchSchema,
	MAX_BATCH_DEPTH,
	type ClubBatch,
	type RefusedOp
} from '../../../src/lib/club/protocol';
import { readJsonBody } from '../http/body';
import { ClubFailure } from '../http/errors';
import { deriveEvening } from './derive';
import { storable, type Checked } from './statement';

/** The batch in a request's body, or why the whole request is refused. */
export function readBatch(text: string): ClubBatch {
	return readJsonBody(text, ClubBatchSchema, MAX_BATCH_DEPTH) as ClubBatch;
}

/**
 * Each operation checked as a backup's evening is (refused ones with their reason), with what
 * the rules core derives of it. The first the database could not hold refuses the request
 * (422 unstorable, naming it): the phone sets it aside and sends the rest.
 */
export function checkOps(batch: ClubBatch): { refused: RefusedOp[]; checked: Checked[] } {
	const refused: RefusedOp[] = [];
	const checked: Checked[] = [];
	for (const [i, op] of batch.ops.entries()) {
		const problem = checkOp(op);
		if (problem) {
			refused.push(problem);
			continue;
		}
		const c: Checked = { op, derived: op.kind === 'put' ? deriveEvening(op) : null };
		if (!storable(c)) throw new ClubFailure('unstorable', { path: `ops[${i}]` });
		checked.push(c);
	}
	return { refused, checked };
}

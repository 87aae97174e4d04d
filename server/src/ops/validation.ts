// A batch as it arrives, checked before any of it reaches the database: strict JSON, the
// protocol's schema, then each operation by the rules core.

import * as v from 'valibot';
import { issuePath, parseStrictJson } from '../../../src/lib/db/backup/parse';
import {
	checkOp,
	ClubBatchSchema,
	MAX_BATCH_DEPTH,
	MAX_BODY_BYTES,
	type ClubBatch,
	type RefusedOp
} from '../../../src/lib/club/protocol';
import { ClubFailure } from '../http/errors';
import { deriveEvening } from './derive';
import type { Checked } from './statement';

/** The batch in a request's body, or why the whole request is refused. */
export function readBatch(text: string): ClubBatch {
	const json = parseStrictJson(text, MAX_BODY_BYTES, MAX_BATCH_DEPTH);
	if (!json.ok) {
		const code = json.problem.code;
		throw new ClubFailure(
			code === 'too-large' || code === 'too-deep' || code === 'forbidden-key' ? code : 'not-json'
		);
	}
	const parsed = v.safeParse(ClubBatchSchema, json.value, { abortEarly: true });
	if (!parsed.success) {
		const issue = parsed.issues[0];
		throw new ClubFailure('invalid', issue ? { path: issuePath(issue) } : {});
	}
	return parsed.output as ClubBatch;
}

/**
 * Each operation checked as a backup's evening is (refused ones with their reason), with what
 * the rules core derives of it.
 */
export function checkOps(batch: ClubBatch): { refused: RefusedOp[]; checked: Checked[] } {
	const refused: RefusedOp[] = [];
	const checked: Checked[] = [];
	for (const op of batch.ops) {
		const problem = checkOp(op);
		if (problem) refused.push(problem);
		else checked.push({ op, derived: op.kind === 'put' ? deriveEvening(op) : null });
	}
	return { refused, checked };
}

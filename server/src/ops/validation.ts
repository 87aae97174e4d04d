// A batch as it arrives, checked before any of it reaches the database: strict JSON, its text
// made well-formed, the protocol's schema, then each operation by the rules core and against what
// the database can hold.

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
import { storable, type Checked } from './statement';

/** Half of a surrogate pair without its other half: text no database column holds. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Every string of `value` with each lone surrogate as U+FFFD, as a text decoder reads broken
 * text. Only a `\u` escape in JSON makes one (the body is read as UTF-8), so most batches skip
 * this walk.
 */
function wellFormed(value: unknown): unknown {
	if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
	if (Array.isArray(value)) return value.map(wellFormed);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, wellFormed(x)]));
	}
	return value;
}

/** The batch in a request's body, or why the whole request is refused. */
export function readBatch(text: string): ClubBatch {
	const json = parseStrictJson(text, MAX_BODY_BYTES, MAX_BATCH_DEPTH);
	if (!json.ok) {
		const code = json.problem.code;
		throw new ClubFailure(
			code === 'too-large' || code === 'too-deep' || code === 'forbidden-key' ? code : 'not-json'
		);
	}
	const value = /\\u[dD][89a-fA-F]/.test(text) ? wellFormed(json.value) : json.value;
	const parsed = v.safeParse(ClubBatchSchema, value, { abortEarly: true });
	if (!parsed.success) {
		const issue = parsed.issues[0];
		throw new ClubFailure('invalid', issue ? { path: issuePath(issue) } : {});
	}
	return parsed.output as ClubBatch;
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

// POST /v1/ops: a table's batch of operations (docs/club.md, "Sending").

import type { Context } from 'hono';
import { MAX_BODY_BYTES } from '../../../src/lib/club/protocol';
import type { Db } from '../db';
import type { Env } from '../http/auth';
import { readBody } from '../http/body';
import { fail } from '../http/errors';
import { applyBatch } from './service';
import { readBatch } from './validation';

/** A batch of a table's operations: read strictly, checked, applied in one statement. */
export function receiveOps(db: Db) {
	return async (c: Context<Env>) => {
		const who = c.get('who');
		if (who.role !== 'table') return fail(c, 'read-only');
		const text = await readBody(c, MAX_BODY_BYTES);
		if (text === null) return fail(c, 'too-large');
		return c.json(await applyBatch(db, who, readBatch(text)));
	};
}

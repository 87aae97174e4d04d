// The club's closed list of whole-request errors (CLUB_ERRORS in the protocol), their HTTP
// statuses, and which of them a thrown error is: the one error handler (app.ts) answers with it.

import type { Context } from 'hono';
import type { ClubError } from '../../../src/lib/club/protocol';

const STATUS: Record<ClubError, 400 | 401 | 403 | 404 | 409 | 413 | 422 | 428 | 429 | 503> = {
	'token-missing': 401,
	'token-unknown': 401,
	'token-revoked': 401,
	'read-only': 403,
	'too-large': 413,
	'not-json': 400,
	'too-deep': 400,
	'forbidden-key': 400,
	invalid: 400,
	unstorable: 422,
	'rate-limited': 429,
	unavailable: 503,
	'not-found': 404,
	'organiser-only': 403,
	'not-your-table': 403,
	refused: 422,
	stale: 409,
	'key-reused': 422,
	'if-match-required': 428
};

/** A request refused for one of the protocol's reasons, thrown where it is found. */
export class ClubFailure extends Error {
	constructor(
		readonly code: ClubError,
		readonly extra: Record<string, unknown> = {}
	) {
		super(code);
	}
}

/** The answer `{ error: code, ...extra }` with its status. */
export function fail(c: Context, error: ClubError, extra: Record<string, unknown> = {}) {
	return c.json({ error, ...extra }, STATUS[error]);
}

/** An error of the database, as PostgreSQL (and PGlite) name it: SQLSTATE, or Node's errno. */
const codeOf = (e: unknown) => (e as { code?: unknown }).code;

/**
 * The database is away (restarting, unreachable, out of connections), or a statement met others
 * too often to finish (serialization failures and deadlocks, already run again): the phone
 * retries later. An error with no code is the driver's lost connection.
 */
function isUnavailable(e: unknown): boolean {
	const code = codeOf(e);
	return (
		typeof code !== 'string' ||
		/^(08|57P|53|40001|40P01)/.test(code) ||
		['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)
	);
}

/** A value the database refuses to hold: a data exception (22…) or a limit passed (54…). */
export function isUnstorable(e: unknown): boolean {
	const code = codeOf(e);
	return typeof code === 'string' && /^(22|54)/.test(code);
}

/** What a thrown error answers, or null for a fault of this program (a 500, a bug). */
export function failureOf(e: unknown): ClubFailure | null {
	if (e instanceof ClubFailure) return e;
	if (isUnstorable(e)) return new ClubFailure('unstorable');
	if (isUnavailable(e)) return new ClubFailure('unavailable');
	return null;
}

// What went wrong with the database, in the few kinds a screen can say something honest about.
// Dexie wraps the browser's errors (an aborted transaction carries its cause in `inner`, a bulk
// write in `failures`), so the cause is looked for through those wrappers.

/** 'unavailable': the browser gives no storage to reach (no IndexedDB, or it refuses to open). */
export type DbErrorKind = 'quota' | 'version' | 'closed' | 'constraint' | 'unavailable' | 'unknown';

const BY_NAME: Record<string, DbErrorKind> = {
	QuotaExceededError: 'quota',
	// Another tab opened a newer schema, or this build is older than the stored data.
	VersionError: 'version',
	VersionChangeError: 'version',
	UpgradeError: 'version',
	// The connection was closed (another tab upgraded, the browser evicted the data, a shutdown).
	DatabaseClosedError: 'closed',
	InvalidStateError: 'closed',
	ConstraintError: 'constraint',
	MissingAPIError: 'unavailable',
	SecurityError: 'unavailable'
};

/** Kinds of a root cause, most telling first: a quota error wrapped in an abort is a quota error. */
const PRIORITY: DbErrorKind[] = ['quota', 'version', 'constraint', 'unavailable', 'closed'];

function causes(e: unknown, seen: Set<unknown>, out: unknown[]): void {
	if (e === null || e === undefined || seen.has(e) || seen.size > 50) return;
	seen.add(e);
	out.push(e);
	if (typeof e !== 'object') return;
	const err = e as { inner?: unknown; cause?: unknown; failures?: unknown; error?: unknown };
	causes(err.inner, seen, out);
	causes(err.cause, seen, out);
	// A DOM event (an IDBRequest's error event) carries the error on its target.
	causes(err.error, seen, out);
	if (Array.isArray(err.failures)) for (const f of err.failures) causes(f, seen, out);
}

function kindOf(e: unknown): DbErrorKind {
	if (typeof e !== 'object' || e === null) return 'unknown';
	const { name, message } = e as { name?: unknown; message?: unknown };
	if (typeof name === 'string' && name in BY_NAME) return BY_NAME[name]!;
	// Some engines abort a transaction with a plain AbortError whose message names the quota.
	if (typeof message === 'string' && /quota/i.test(message)) return 'quota';
	return 'unknown';
}

/** The kind of a database failure, for a message that says what happened to the entry. */
export function describeDbError(e: unknown): DbErrorKind {
	const all: unknown[] = [];
	causes(e, new Set(), all);
	const kinds = new Set(all.map(kindOf));
	return PRIORITY.find((k) => kinds.has(k)) ?? 'unknown';
}

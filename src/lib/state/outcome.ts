// What every write of the state layer answers: done, or why not, in a few typed kinds. A screen
// turns a failure into words with one function (components/failureText.ts); no raw error message
// ever reaches a screen, and nothing below the state layer speaks English.
import { describeDbError, type DbErrorKind } from '$lib/db/errors';
import type { BackupProblem } from '$lib/db/backup';
import type { LinkError } from '$lib/link';
import type { Problem, TableProblemCode } from '$lib/rules';

export type { BackupProblem, DbErrorKind, LinkError };

/** What the phone itself could not do for a dialog: share, copy, open a photo. */
export type DeviceFailure = 'share' | 'copy' | 'photo';
/** The largest backup file taken, for the words of a refusal. */
export { MAX_BACKUP_BYTES } from '$lib/db/backup-limits';

/** What changed meanwhile (another tab, a deleted evening): nothing was written. */
export type { Conflict } from '$lib/db/rounds';
import type { Conflict } from '$lib/db/rounds';

export type Failure =
	/** The rules refuse the round: nothing was written. */
	| { ok: false; problems: Problem[] }
	/** The rules refuse a tap on the live table: nothing was written. */
	| { ok: false; refused: TableProblemCode }
	/** What changed meanwhile; `round` (1-based) is the round the write was about, if one. */
	| { ok: false; conflict: Conflict; round?: number }
	/** A backup file (or a kept link) holds what Caboose refuses: nothing was written. */
	| { ok: false; backup: BackupProblem }
	/** A link refused, or one this phone could not make (never a storage failure). */
	| { ok: false; link: LinkError }
	/** The phone could not share, copy or open a photo: nothing was stored or lost. */
	| { ok: false; device: DeviceFailure }
	/** The database failed (full, closed, upgraded elsewhere…): nothing was written. */
	| { ok: false; error: DbErrorKind };

export type Outcome<T = true> = { ok: true; value: T } | Failure;

export function done<T>(value: T): Outcome<T> {
	return { ok: true, value };
}

/** The database failure as a typed outcome; the raw error goes to the console for a bug report. */
export function dbFailure(error: unknown): Failure {
	console.error('Caboose: a storage operation failed', error);
	return { ok: false, error: describeDbError(error) };
}

/** Runs a database operation; a thrown error becomes a typed failure. */
export async function attempt<T>(operation: () => Promise<T>): Promise<Outcome<T>> {
	try {
		return done(await operation());
	} catch (error) {
		return dbFailure(error);
	}
}

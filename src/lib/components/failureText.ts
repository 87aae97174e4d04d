// The one place a failed write or read becomes words. Every state-layer operation answers with a
// typed Failure (state/outcome.ts); the screen says it with this function, never with a raw error.
import * as m from '$lib/paraglide/messages.js';
import {
	MAX_BACKUP_BYTES,
	type BackupProblem,
	type DbErrorKind,
	type Failure
} from '$lib/state/outcome';
import type { TableProblemCode } from '$lib/rules';
import { iso } from './bidi';
import { linkErrorText } from './linkText';
import { problemTextWithPlayer } from './problemText';

const DEVICE_WORDS = {
	share: () => m.share_failed(),
	copy: () => m.phones_copy_failed(),
	photo: () => m.photo_unreadable()
};

/**
 * What was being done, for the words of a database failure: saving an entry that stays on screen,
 * changing the evening (end, undo, delete…), importing or exporting a backup, or reading.
 */
export type Doing = 'save' | 'change' | 'read' | 'import' | 'export';

const DB_WORDS: Record<Doing, Record<DbErrorKind, () => string>> = {
	save: {
		quota: () => m.data_save_quota(),
		version: () => m.data_save_version(),
		closed: () => m.data_save_closed(),
		constraint: () => m.round_conflict_taken(),
		unavailable: () => m.storage_unreachable_body(),
		unknown: () => m.data_save_failed()
	},
	change: {
		quota: () => m.storage_change_quota(),
		version: () => m.storage_change_version(),
		closed: () => m.storage_change_closed(),
		constraint: () => m.storage_change_failed(),
		unavailable: () => m.storage_unreachable_body(),
		unknown: () => m.storage_change_failed()
	},
	import: {
		quota: () => m.data_import_quota(),
		version: () => m.data_import_failed(),
		closed: () => m.data_import_failed(),
		constraint: () => m.data_import_failed(),
		unavailable: () => m.storage_unreachable_body(),
		unknown: () => m.data_import_failed()
	},
	export: {
		quota: () => m.data_export_failed(),
		version: () => m.data_export_failed(),
		closed: () => m.data_export_failed(),
		constraint: () => m.data_export_failed(),
		unavailable: () => m.storage_unreachable_body(),
		unknown: () => m.data_export_failed()
	},
	read: {
		quota: () => m.storage_read_failed(),
		version: () => m.storage_read_version(),
		closed: () => m.storage_read_closed(),
		constraint: () => m.storage_read_failed(),
		unavailable: () => m.storage_unreachable_body(),
		unknown: () => m.storage_read_failed()
	}
};

export function dbErrorText(kind: DbErrorKind, doing: Doing = 'save'): string {
	return DB_WORDS[doing][kind]();
}

export interface FailureWords {
	doing?: Doing;
	/** A player's name, for refusals that name one. */
	name?: (player: string) => string;
	/** The 1-based round the screen is about, for "there is no saved round k". */
	round?: number;
	/**
	 * The words of a refused table tap (`tableProblemText`): given by the table's screens, so the
	 * other screens do not load the table's words with their first paint.
	 */
	refused?: (code: TableProblemCode) => string;
}

/**
 * Where in a backup file the problem is, in words a person can follow ("evening 2 of the file,
 * round 5"), never the internal path with its ids.
 */
export function whereInBackup(path: string | undefined): string {
	const round = /^evenings\[(\d+)\]\.rounds\[(\d+)\]/.exec(path ?? '');
	if (round)
		return m.data_where_round({ evening: Number(round[1]) + 1, round: Number(round[2]) + 1 });
	const evening = /^evenings\[(\d+)\]/.exec(path ?? '');
	if (evening) return m.data_where_evening({ evening: Number(evening[1]) + 1 });
	const player = /^players\[(\d+)\]/.exec(path ?? '');
	if (player) return m.data_where_player({ player: Number(player[1]) + 1 });
	return m.data_where_file();
}

/** Why a backup file (or a kept link) was refused; nothing was changed. */
function backupText(problem: BackupProblem): string {
	const where = whereInBackup(problem.path);
	switch (problem.code) {
		case 'too-large':
			return m.data_refused_too_large({ max: Math.round(MAX_BACKUP_BYTES / 1024 / 1024) });
		case 'not-json':
			return m.data_refused_not_json();
		case 'not-a-backup':
			return m.data_refused_not_backup();
		case 'format-version': {
			// A newer Caboose's file names what is newer; any other version is no backup we made.
			const newer = problem.newer;
			if (!newer) return m.data_refused_not_backup();
			return 'found' in newer
				? m.data_refused_version({ found: newer.found, reads: newer.reads })
				: m.data_refused_newer_rules({ name: newer.unknown });
		}
		case 'too-deep':
		case 'forbidden-key':
			return m.data_refused_unsafe();
		case 'round-refused':
			return m.data_refused_round({ where });
		case 'invalid':
		case 'inconsistent':
			return m.data_refused_invalid({ where });
	}
}

export function failureText(failure: Failure, words: FailureWords = {}): string {
	if ('problems' in failure) {
		const name = words.name ?? ((p: string) => p);
		// Names isolated (show the text with <Isolated>): a right-to-left name keeps its place.
		return failure.problems.map((p) => problemTextWithPlayer(p, (id) => iso(name(id)))).join(' ');
	}
	if ('refused' in failure)
		return words.refused ? words.refused(failure.refused) : m.table_refused();
	if ('backup' in failure) return backupText(failure.backup);
	if ('link' in failure) return linkErrorText(failure.link);
	if ('device' in failure) return DEVICE_WORDS[failure.device]();
	if ('conflict' in failure) {
		switch (failure.conflict) {
			case 'missing-evening':
				return m.round_conflict_missing();
			case 'round-taken':
				return m.round_conflict_taken();
			case 'no-such-round':
				return m.round_no_such_round({ k: failure.round ?? words.round ?? 0 });
			case 'round-changed': {
				const k = failure.round ?? words.round ?? 0;
				// An undo names the last round; a correction the round being corrected.
				return words.doing === 'change'
					? m.round_conflict_undo({ k })
					: m.round_conflict_changed({ k });
			}
			case 'evening-changed':
				return m.round_conflict_evening();
		}
	}
	return dbErrorText(failure.error, words.doing);
}

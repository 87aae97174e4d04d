// What the club night's pure functions refuse, as typed codes: the organiser's screens put each
// into words (as the rules core's `Problem`), and the server answers them to an organiser's action.

export type NightProblemCode =
	// members and who is here
	| 'name-empty'
	| 'name-too-long'
	/** The name (or a spelling of it, by `playerKey`) belongs to another member: `params.member`. */
	| 'name-taken'
	/** A member id that is already a member's, or one a guest's id could be. */
	| 'id-taken'
	| 'member-unknown'
	/** A spelling that is no member's alias. */
	| 'alias-unknown'
	/** Merging a member into themselves. */
	| 'same-member'
	/** A guest typed with a member's name: tick the member, or tell the two apart ("Peter B."). */
	| 'guest-is-member'
	/** The same person twice in one list (two guests of one name, a player at two tables). */
	| 'player-twice'
	// seats
	/** The club's table sizes are not whole numbers with 2 ≤ min ≤ max ≤ MAX_SEATS. */
	| 'bad-table-sizes'
	| 'no-players'
	/** Fewer players than the smallest table: `params.count`, `params.min`. */
	| 'too-few-players'
	/**
	 * The count cannot be split into tables of the allowed sizes (7 players at tables of 5 or 6):
	 * `params.fewer` and `params.more` are the nearest counts that can.
	 */
	| 'sizes-do-not-fit'
	/** A seed that is not 32 lower-case hex digits (128 bits). */
	| 'bad-seed'
	// moves and a final
	/** Tables not numbered 1, 2 … in order, or a table with nobody at it. */
	| 'bad-tables'
	/** A result that is not a place ≥ 1 with a finite total and whole rounds. */
	| 'bad-result'
	/** How many move up (or go to the final) from each table: 1 to one less than the smallest table. */
	| 'bad-move-count'
	/** A final needs at least two finalists. */
	| 'final-too-small'
	// the season
	/** A night of an evening that is not one of the season's nights. */
	| 'night-unknown'
	/** A player's division that the club does not list. */
	| 'division-unknown'
	/** The season's rule is not one of its kinds, or a number in it is not a whole one ≥ 1. */
	| 'bad-season-rule';

export interface NightProblem {
	code: NightProblemCode;
	/** The player (or member) the problem is about, when there is one. */
	player?: string;
	/** Free parameters for the message: the limit, the given name, the count … */
	params?: Record<string, string | number>;
}

/** An answer that is a value, or why there is none. */
export type NightResult<T> = { ok: true; value: T } | { ok: false; problems: NightProblem[] };

export function refuse<T>(
	code: NightProblemCode,
	extra: Omit<NightProblem, 'code'> = {}
): NightResult<T> {
	return { ok: false, problems: [{ code, ...extra }] };
}

// The phone's side of the club night's protocol (night-protocol.ts): the organiser's reads and
// writes, the wall's reads, and what each answer means. No Dexie, no DOM: `fetch` is passed in.
import * as v from 'valibot';
import { call, json, type ClubAddress, type Fetch } from './client';
import {
	ClaimedSchema,
	ClubEveningViewSchema,
	CorrectionRefusedSchema,
	CorrectionsSchema,
	IDEMPOTENCY_HEADER,
	IF_MATCH_HEADER,
	MembersSchema,
	MineSchema,
	NightSchema,
	RefusedSchema,
	SeasonSchema,
	StaleSchema,
	type CheckIn,
	type ClubCorrection,
	type ClubEveningView,
	type CorrectionInput,
	type Members,
	type Mine,
	type NewGame,
	type Night,
	type NightRefusal,
	type Season
} from './night-protocol';

/** A read's answer: the value, or why there is none. */
export type ReadAnswer<T> =
	| { ok: true; value: T }
	/** The club refuses this token (revoked, unknown, or not the organiser's for an organiser read). */
	| { ok: false; reason: 'refused' }
	/** No answer, or not a club's answer. */
	| { ok: false; reason: 'unreachable' };

/** Why a correction was refused: a rules core's problem code, `no-such-evening`, `no-such-round`. */
export type CorrectionProblem = v.InferOutput<typeof CorrectionRefusedSchema>['problems'][number];

/** What became of an organiser's write. */
export type WriteAnswer =
	| { ok: true }
	/** The club's rules refuse it: each problem in words on the screen; nothing was stored. */
	| { ok: false; reason: 'refused'; problems: NightRefusal[] }
	/** Another write came first: read the night again and decide again; nothing was stored. */
	| { ok: false; reason: 'stale'; revision: number }
	/** A correction the rules core refuses as an edit (or no such evening, round): nothing stored. */
	| { ok: false; reason: 'round-refused'; problems: CorrectionProblem[] }
	/** This token is not the organiser's (any more): nothing was stored. */
	| { ok: false; reason: 'organiser-only' }
	/** No answer (it may or may not be stored: the same key sent again is answered, not redone). */
	| { ok: false; reason: 'unreachable' };

export async function read<T>(
	fetchFn: Fetch,
	to: ClubAddress,
	path: string,
	schema: v.GenericSchema<unknown, T>,
	/** The answer when the club's server has no such endpoint (404), if that means "none". */
	missing?: T
): Promise<ReadAnswer<T>> {
	let response: Response;
	try {
		response = await call(fetchFn, to, path);
	} catch {
		return { ok: false, reason: 'unreachable' };
	}
	if (response.status === 401 || response.status === 403) return { ok: false, reason: 'refused' };
	if (response.status === 404 && missing !== undefined) return { ok: true, value: missing };
	if (!response.ok) return { ok: false, reason: 'unreachable' };
	const parsed = v.safeParse(schema, await json(response));
	return parsed.success ? { ok: true, value: parsed.output } : { ok: false, reason: 'unreachable' };
}

/** GET /v1/night: tonight (check-in only for the organiser). */
export function fetchNight(fetchFn: Fetch, to: ClubAddress): Promise<ReadAnswer<Night>> {
	return read(fetchFn, to, '/v1/night', NightSchema);
}

/** GET /v1/season: the season's standings by the club's stated rule. */
export function fetchSeason(fetchFn: Fetch, to: ClubAddress): Promise<ReadAnswer<Season>> {
	return read(fetchFn, to, '/v1/season', SeasonSchema);
}

/** GET /v1/members: the club's members (the organiser's only). */
export function fetchMembers(fetchFn: Fetch, to: ClubAddress): Promise<ReadAnswer<Members>> {
	return read(fetchFn, to, '/v1/members', MembersSchema);
}

/** GET /v1/night/mine: a table's phone's seats tonight, the house rules, its players' moves. */
export function fetchMine(fetchFn: Fetch, to: ClubAddress): Promise<ReadAnswer<Mine>> {
	return read(fetchFn, to, '/v1/night/mine', MineSchema);
}

/** The evening a table's phone started for its seats of a game (PUT …/evening). */
export interface Claim {
	eveningId: string;
	game: number;
	table: number;
}

/** What became of a claim, for the sync loop. */
export type ClaimAnswer =
	/** The club keeps the evening as that table's (now, or it had it already). */
	| { kind: 'claimed' }
	/** The club will not take it (`not-your-table`, `not-found`, `invalid`): sending it again
	 * would change nothing. */
	| { kind: 'refused'; code: string }
	/** The token no longer opens the club: stop sending. */
	| { kind: 'revoked' }
	/** No answer, or the server busy or away: send again later. */
	| { kind: 'retry' };

export async function sendClaim(fetchFn: Fetch, to: ClubAddress, c: Claim): Promise<ClaimAnswer> {
	let response: Response;
	try {
		response = await call(fetchFn, to, `/v1/night/games/${c.game}/tables/${c.table}/evening`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ eveningId: c.eveningId })
		});
	} catch {
		return { kind: 'retry' };
	}
	if (response.status === 401) return { kind: 'revoked' };
	const body = await json(response);
	if (response.ok) {
		const claimed = v.safeParse(ClaimedSchema, body);
		return claimed.success && claimed.output.eveningId === c.eveningId
			? { kind: 'claimed' }
			: { kind: 'retry' };
	}
	if ([400, 403, 404, 413].includes(response.status)) {
		const error = (body as { error?: unknown } | undefined)?.error;
		return { kind: 'refused', code: typeof error === 'string' ? error : 'invalid' };
	}
	return { kind: 'retry' };
}

/** Tonight's or the season's standings as the club's CSV, for a spreadsheet in `lang`. */
export async function fetchCsv(
	fetchFn: Fetch,
	to: ClubAddress,
	what: 'night' | 'season',
	lang: string
): Promise<ReadAnswer<string>> {
	let response: Response;
	try {
		response = await call(fetchFn, to, `/v1/${what}.csv?lang=${encodeURIComponent(lang)}`);
	} catch {
		return { ok: false, reason: 'unreachable' };
	}
	if (response.status === 401 || response.status === 403) return { ok: false, reason: 'refused' };
	const type = response.headers.get('Content-Type') ?? '';
	if (!response.ok || !type.startsWith('text/csv')) return { ok: false, reason: 'unreachable' };
	return { ok: true, value: await response.text() };
}

/** An organiser's write: a fresh Idempotency-Key, and the night's revision the screen showed. */
export interface Write {
	method: 'PUT' | 'POST' | 'PATCH';
	path: string;
	body: unknown;
	revision: number;
	/** One per action: a retry of the same action sends the same key. */
	key: string;
}

export async function write(fetchFn: Fetch, to: ClubAddress, w: Write): Promise<WriteAnswer> {
	let response: Response;
	try {
		response = await call(fetchFn, to, w.path, {
			method: w.method,
			headers: {
				'Content-Type': 'application/json',
				[IDEMPOTENCY_HEADER]: w.key,
				[IF_MATCH_HEADER]: String(w.revision)
			},
			body: JSON.stringify(w.body)
		});
	} catch {
		return { ok: false, reason: 'unreachable' };
	}
	if (response.ok) return { ok: true };
	if (response.status === 401 || response.status === 403) {
		return { ok: false, reason: 'organiser-only' };
	}
	const body = await json(response);
	const refused = v.safeParse(RefusedSchema, body);
	if (response.status === 422 && refused.success) {
		return { ok: false, reason: 'refused', problems: refused.output.problems };
	}
	const round = v.safeParse(CorrectionRefusedSchema, body);
	if (response.status === 422 && round.success) {
		return { ok: false, reason: 'round-refused', problems: round.output.problems };
	}
	const stale = v.safeParse(StaleSchema, body);
	if (response.status === 409 && stale.success) {
		return { ok: false, reason: 'stale', revision: stale.output.revision };
	}
	return { ok: false, reason: 'unreachable' };
}

/** PUT /v1/night/check-in: the whole list of who is here. */
export function checkInWrite(checkIn: CheckIn, revision: number, key: string): Write {
	return { method: 'PUT', path: '/v1/night/check-in', body: checkIn, revision, key };
}

/** POST /v1/night/games: the next game's seats (a deal, or a move). */
export function gameWrite(game: NewGame, revision: number, key: string): Write {
	return { method: 'POST', path: '/v1/night/games', body: game, revision, key };
}

/**
 * GET /v1/corrections?after=<id> (a table): the corrections of its evenings after that one. A
 * club server older than corrections (404) has none to give.
 */
export async function fetchCorrections(
	fetchFn: Fetch,
	to: ClubAddress,
	after: number
): Promise<ReadAnswer<ClubCorrection[]>> {
	const path = `/v1/corrections?after=${after}`;
	const answer = await read(fetchFn, to, path, CorrectionsSchema, { corrections: [] });
	return answer.ok ? { ok: true, value: answer.value.corrections } : answer;
}

/** GET /v1/night/evenings/:id (the organiser's): a table's evening as the club holds it. */
export function fetchClubEvening(
	fetchFn: Fetch,
	to: ClubAddress,
	eveningId: string
): Promise<ReadAnswer<ClubEveningView>> {
	return read(
		fetchFn,
		to,
		`/v1/night/evenings/${encodeURIComponent(eveningId)}`,
		ClubEveningViewSchema
	);
}

/** POST /v1/night/corrections: a round of a table's evening as it should have been entered. */
export function correctionWrite(correction: CorrectionInput, revision: number, key: string): Write {
	return { method: 'POST', path: '/v1/night/corrections', body: correction, revision, key };
}

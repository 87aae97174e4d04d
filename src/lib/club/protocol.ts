// The club's sync protocol (docs/club.md), shared by the club server and the phone: the shape of
// what a table sends, what the server answers, and the join link. Pure: no Dexie, no DOM, so the
// server runs it under tsx and the app loads it only once a phone has joined a club.
//
// A table sends its writes as operations, in order, in batches. Each `put` carries the whole
// evening as the backup format holds it (the evening and its rounds, without the live table's
// log), so an operation never depends on the one before it: the newest revision wins, and the
// same operation twice changes nothing.

import * as v from 'valibot';
import { EveningSchema, RoundSchema } from '$lib/db/backup/schema';
import { checkEvening } from '$lib/db/backup/parse';
import type { BackupEvening, BackupProblem } from '$lib/db/backup/types';

export const CLUB_PROTOCOL_VERSION = 1;
/** Operations in one batch at most; a phone with more waiting sends several batches in order. */
export const MAX_BATCH_OPS = 50;
/** A request body over this is refused (413) before it is read. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** An operation's evening nests 8 levels deep; a batch nesting deeper is refused unread. */
export const MAX_BATCH_DEPTH = 16;
/** Rounds in one evening at most (a cyclic schedule played all night stays far below). */
export const MAX_CLUB_ROUNDS = 1000;

/**
 * What a `change` of the live channel says changed, in its data (kinds apart by spaces): the
 * tables' evenings (a batch, a removal, a revoked table); tonight's night (check-in, seats, games,
 * a table's claim, and the night's revision, which every organiser's write moves); the club's
 * members or settings (names, spellings, divisions, the season's rule: told with `night`); an
 * organiser's correction of a round (told with `evenings night`). Data naming none of them (an
 * older server sent its time) may mean any.
 */
export const CHANGE_KINDS = ['evenings', 'night', 'club', 'correction'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The kinds a change's data names, or null when it names none (then it may be any). */
export function changeKinds(data: string): ReadonlySet<ChangeKind> | null {
	const named = data
		.split(' ')
		.filter((w): w is ChangeKind => CHANGE_KINDS.includes(w as ChangeKind));
	return named.length > 0 ? new Set(named) : null;
}

/** How the club ranks its players over a night and over the season (chosen with the CLI). */
export const CLUB_RANKINGS = ['per-round', 'placings'] as const;
export type ClubRanking = (typeof CLUB_RANKINGS)[number];

/** A table token: 256 random bits, base64url without padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// --- What a table sends: POST /v1/ops ----------------------------------------------------------

const OpId = v.pipe(v.string(), v.uuid());
const Revision = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/** An evening as a table holds it: the backup format's evening, without the table's log. */
export const ClubEveningSchema = v.strictObject({
	evening: EveningSchema,
	rounds: v.pipe(v.array(RoundSchema), v.maxLength(MAX_CLUB_ROUNDS))
});

const PutOpSchema = v.strictObject({
	id: OpId,
	eveningId: EveningSchema.entries.id,
	revision: Revision,
	kind: v.literal('put'),
	evening: ClubEveningSchema
});

const DeleteOpSchema = v.strictObject({
	id: OpId,
	eveningId: EveningSchema.entries.id,
	revision: Revision,
	kind: v.literal('delete')
});

export const ClubOpSchema = v.variant('kind', [PutOpSchema, DeleteOpSchema]);
export const ClubBatchSchema = v.strictObject({
	ops: v.pipe(v.array(ClubOpSchema), v.minLength(1), v.maxLength(MAX_BATCH_OPS))
});

/** An evening and its rounds in order, as a `put` carries it. */
export type ClubEvening = Omit<BackupEvening, 'tableEvents'>;
export interface ClubPutOp {
	/** A fresh uuid for each operation. */
	id: string;
	eveningId: string;
	/** Per evening, higher with every write on the phone. */
	revision: number;
	kind: 'put';
	evening: ClubEvening;
}
export interface ClubDeleteOp {
	id: string;
	eveningId: string;
	revision: number;
	kind: 'delete';
}
export type ClubOp = ClubPutOp | ClubDeleteOp;
/** What ClubBatchSchema accepts (its output read as the stored rows' types, as a backup's). */
export interface ClubBatch {
	ops: ClubOp[];
}

/**
 * Why the server refused one operation. The phone drops a refused operation (sending it again
 * would be refused again) and may say so; the rest of the batch is unaffected.
 */
export type RefusedCode =
	/** The evening was first sent by another table: only that table writes it. */
	| 'not-your-evening'
	/** The operation's parts do not belong together (ids, seats, names, knobs, round order). */
	| 'inconsistent'
	/** A round the scoring core refuses under its evening's rules. */
	| 'round-refused';

export interface RefusedOp {
	id: string;
	code: RefusedCode;
	/** Where in the operation, e.g. `evening.rounds[3]`, and the rules core's code. */
	path?: string;
	detail?: string;
}

/**
 * The checks a schema cannot express, the same as a backup's (checkEvening): the operation's
 * evening id is its evening's, and every round is one the scoring core accepts, in order.
 */
export function checkOp(op: ClubOp): RefusedOp | null {
	if (op.kind === 'delete') return null;
	if (op.evening.evening.id !== op.eveningId) {
		return { id: op.id, code: 'inconsistent', path: 'eveningId' };
	}
	const problem: BackupProblem | null = checkEvening(op.evening, 'evening');
	if (!problem) return null;
	const refused: RefusedOp = {
		id: op.id,
		code: problem.code === 'round-refused' ? 'round-refused' : 'inconsistent'
	};
	if (problem.path !== undefined) refused.path = problem.path;
	if (problem.detail !== undefined) refused.detail = problem.detail;
	return refused;
}

// --- What the server answers -------------------------------------------------------------------

/**
 * The answer to a batch (200). `applied`: stored now. `ignored`: changed nothing because this
 * very operation was applied before (a retry). `behind`: not stored, because the club holds a
 * newer revision of the evening that this operation did not write (a restored phone, say); the
 * club's `revision` comes with it, and the phone continues from it (its next write of that evening
 * is above it). The phone drops every listed operation from its outbox; `refused` ones it keeps
 * aside, with their reason, for Settings. (An older server sends no `behind`.)
 */
export const AckSchema = v.object({
	applied: v.array(v.string()),
	ignored: v.array(v.string()),
	behind: v.optional(
		v.array(v.object({ id: v.string(), revision: v.pipe(v.number(), v.safeInteger()) })),
		[]
	),
	refused: v.array(
		v.object({
			id: v.string(),
			code: v.picklist(['not-your-evening', 'inconsistent', 'round-refused']),
			path: v.optional(v.string()),
			detail: v.optional(v.string())
		})
	)
});
export type Ack = v.InferOutput<typeof AckSchema>;

/**
 * Why a whole request was refused, in its JSON body `{ "error": code }` with the HTTP status.
 * 401 token-missing, token-unknown (a wrong or tampered token), token-revoked (the club ended
 * this table's access: the phone stops syncing and keeps every evening); 403 read-only (a viewer
 * sent operations); 413 too-large; 400 not-json, too-deep, forbidden-key, invalid; 422
 * unstorable (a value the club's database cannot hold; `path` names the operation, e.g.
 * `ops[3]`, so the phone sets that one aside and sends the rest); 429 rate-limited (with
 * Retry-After, in seconds); 503 unavailable (the database is away: retry). A 500 is a bug.
 * The club night's (night-protocol.ts): 403 organiser-only (an organiser's request with a
 * table's or a viewer's key), 403 not-your-table (a phone claiming another table's seats);
 * 422 refused (`problems`: the organiser's action is not possible, in the night module's codes);
 * 409 stale (`revision`: the night changed since the organiser's screen read it); 422 key-reused
 * (an Idempotency-Key sent before with another request); 428 if-match-required.
 */
export const CLUB_ERRORS = [
	'token-missing',
	'token-unknown',
	'token-revoked',
	'read-only',
	'too-large',
	'not-json',
	'too-deep',
	'forbidden-key',
	'invalid',
	'unstorable',
	'rate-limited',
	'unavailable',
	'not-found',
	'organiser-only',
	'not-your-table',
	'refused',
	'stale',
	'key-reused',
	'if-match-required'
] as const;
export type ClubError = (typeof CLUB_ERRORS)[number];
export const ErrorSchema = v.object({ error: v.picklist(CLUB_ERRORS) });

/**
 * GET /v1/hello: no token, any origin. The club's protocol and the one app address it serves
 * (APP_ORIGIN), so a phone whose requests the browser blocked (another origin) can say why,
 * instead of "no signal".
 */
export const HelloSchema = v.object({ protocol: v.number(), appOrigin: v.string() });
export type Hello = v.InferOutput<typeof HelloSchema>;

/** What a key may do: send a table's evenings, read, or run the club night. */
export const CLUB_ROLES = ['table', 'viewer', 'organiser'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

/**
 * GET /v1/me: who this token is. The phone asks "Join ‹club› as ‹table›?" from it; `table` is
 * the organiser's name for an organiser's key.
 */
export const MeSchema = v.object({
	protocol: v.number(),
	club: v.string(),
	table: v.string(),
	role: v.picklist(CLUB_ROLES)
});
export type Me = v.InferOutput<typeof MeSchema>;

const Ms = v.number();
const Score = v.object({
	/** The name as first written at a club table; players are one across phones by playerKey. */
	name: v.string(),
	/** 1-based; tied players share a place. */
	place: v.number(),
	/** Sum of the player's totals (tonight: tonight's evenings; season: all of them). */
	total: v.number(),
	rounds: v.number(),
	evenings: v.number(),
	/** What the ranking rule ranks by: per-round, total per round (lower first); placings,
	 * placing points per evening (higher first). */
	score: v.number()
});

/**
 * Rows in each list of the standings at most (the best placed first): every screen reloads them
 * on each change, so they stay small at any club size. `tonightCount` and `seasonCount` say how
 * many there are in all.
 */
export const MAX_STANDINGS_ROWS = 500;

/** GET /v1/standings: the club's tables tonight, tonight's standings and the season's. */
export const StandingsSchema = v.object({
	club: v.string(),
	ranking: v.picklist(CLUB_RANKINGS),
	/** Tonight, as the server's calendar has it (a night runs 06:00 to 06:00), YYYY-MM-DD. */
	night: v.string(),
	/** The season: the calendar year of the nights it holds. */
	season: v.string(),
	generatedAt: Ms,
	tables: v.array(
		v.object({
			name: v.string(),
			/** Rounds saved in the table's latest evening tonight (0: none yet). */
			round: v.number(),
			/** Names of the best placed in that evening (several when tied; empty: none yet). */
			leader: v.array(v.string()),
			over: v.boolean(),
			/** When the server last heard from the table (any request), or null: never. */
			lastHeardAt: v.nullable(Ms)
		})
	),
	tonight: v.array(Score),
	/** Players tonight in all (an older server leaves it out: then `tonight` is all of them). */
	tonightCount: v.optional(v.number()),
	seasonStandings: v.array(Score),
	/** Players of the season in all. */
	seasonCount: v.optional(v.number())
});
export type Standings = v.InferOutput<typeof StandingsSchema>;

/** A player's name as `GET /v1/nights?player=` takes it: at most this many characters. */
export const MAX_PLAYER_QUERY = 200;

/**
 * GET /v1/nights?player=<name>: one player's nights of the season, oldest first: their place
 * among that night's players (by the club's rule), total and rounds. Asked only when a screen
 * shows them.
 */
export const PlayerNightsSchema = v.object({
	player: v.string(),
	season: v.string(),
	nights: v.array(
		v.object({ night: v.string(), place: v.number(), total: v.number(), rounds: v.number() })
	)
});
export type PlayerNights = v.InferOutput<typeof PlayerNightsSchema>;

// --- The join link -----------------------------------------------------------------------------

/** The app's route a join link opens; the server and the token ride in the fragment. */
export const JOIN_ROUTE = '/club';

/**
 * `<appOrigin>/club#server=<url-encoded server address>&token=<token>` (a viewer link adds
 * `&viewer=1`, for the screen's wording only: the token decides). The fragment never reaches a
 * server's logs.
 */
export function joinLink(appOrigin: string, server: string, token: string, viewer = false): string {
	const params = new URLSearchParams({ server, token });
	if (viewer) params.set('viewer', '1');
	return `${appOrigin.replace(/\/+$/, '')}${JOIN_ROUTE}#${params.toString()}`;
}

/** The server address and token of a join link's fragment (with or without '#'), or null. */
export function readJoinFragment(
	hash: string
): { server: string; token: string; viewer: boolean } | null {
	const params = new URLSearchParams(hash.replace(/^#/, ''));
	const server = params.get('server');
	const token = params.get('token');
	if (!server || !token || !TOKEN_PATTERN.test(token)) return null;
	let url: URL;
	try {
		url = new URL(server);
	} catch {
		return null;
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
	return { server: url.href.replace(/\/+$/, ''), token, viewer: params.get('viewer') === '1' };
}

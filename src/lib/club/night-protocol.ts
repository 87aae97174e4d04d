// The club night's protocol (issue 44, docs/club.md "The organiser"): what the organiser's
// screens, a table's phone and the wall ask of the club server, and what it answers. Pure, like
// protocol.ts: both sides import it, so every shape is written once.
//
// Every organiser write carries two headers:
// - `Idempotency-Key: <uuid>`: a fresh one per action; a retry with the same key (a lost answer)
//   gets the answer stored the first time, and changes nothing again;
// - `If-Match: <revision>`: the night's revision the organiser's screen was showing; when
//   another write came first the answer is 409 `stale` with the current revision (read the night
//   again and decide again), so two organisers' phones never undo each other unseen.
// Refusals: 403 `organiser-only` (a table's or a viewer's key, nothing stored); 422 `refused`
// with the pure module's problems (the organiser's screen words each one); 409 `stale`; 400
// `invalid` for a body or a header that is no request at all; 422 `key-reused` for an
// Idempotency-Key sent before with another request; 428 `if-match-required`.

import * as v from 'valibot';
import { Id } from '../atoms';
import { EveningSchema, RoundSchema, RulesChoiceSchema } from '../db/backup/schema';
import { MAX_CLUB_ROUNDS } from './protocol';
import { MAX_NAME_LENGTH, MAX_SEATS } from '../rules';
import {
	SEASON_RANKINGS,
	SEASON_TIES,
	type MoveRule,
	type NightProblemCode,
	type SeasonRule
} from './night';

/** Members a club keeps at most; players checked in at most a night. */
export const MAX_MEMBERS = 5000;
export const MAX_PLAYERS_A_NIGHT = 1000;
/** Divisions (age bands, tiers) a club lists at most, and a division's name at most. */
export const MAX_DIVISIONS = 20;
export const MAX_DIVISION_LENGTH = 40;
/** Season rows a division's list holds at most (the best placed first; `count` says how many). */
export const MAX_SEASON_ROWS = 500;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IF_MATCH_HEADER = 'If-Match';

// --- The vocabulary ----------------------------------------------------------------------------

/** A name as typed (the pure module cleans and checks it, and refuses it in words). */
const TypedName = v.pipe(v.string(), v.maxLength(MAX_NAME_LENGTH * 4));
const Division = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_DIVISION_LENGTH));
const Count = v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(MAX_SEATS));
const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const Ms = v.number();
/** A player tonight: a member's id, or a guest's (`guest:<playerKey>`). */
const PlayerId = v.pipe(v.string(), v.maxLength(MAX_NAME_LENGTH * 8));

export const TableSizesSchema = v.pipe(
	v.strictObject({ min: Count, max: Count }),
	v.check((s) => s.min >= 2 && s.min <= s.max, 'tables seat 2 ≤ min ≤ max players')
);

export const MoveRuleSchema = v.variant('kind', [
	v.strictObject({ kind: v.literal('draw-again') }),
	v.strictObject({ kind: v.literal('lowest-move-up'), count: Count }),
	v.strictObject({
		kind: v.literal('final-table'),
		perTable: Count,
		others: v.picklist(['sit-out', 'draw-again'])
	})
]);

/** How a game's seats were found: the night's first deal (or a deal again), or a move. */
export type GameRule = { kind: 'deal' } | MoveRule;
export const GameRuleSchema = v.variant('kind', [
	v.strictObject({ kind: v.literal('deal') }),
	...MoveRuleSchema.options
]);

export const SeasonRuleSchema = v.strictObject({
	ranking: v.picklist(SEASON_RANKINGS),
	missed: v.variant('kind', [
		v.strictObject({ kind: v.literal('not-counted') }),
		v.strictObject({ kind: v.literal('own-average') }),
		v.strictObject({
			kind: v.literal('fixed'),
			score: v.pipe(v.number(), v.finite(), v.minValue(-1e6), v.maxValue(1e6))
		}),
		v.strictObject({ kind: v.literal('best-nights'), count: v.pipe(Whole, v.minValue(1)) })
	]),
	ties: v.picklist(SEASON_TIES)
}) satisfies v.GenericSchema<unknown, SeasonRule>;

/**
 * Why the server refused an organiser's action: the pure module's codes, and the server's own:
 * `no-game` (a move before any deal), `game-not-over` (a table of the last game is still playing:
 * `params.table`; send `force` to move anyway, as timed games end when the organiser says).
 */
export const NIGHT_PROBLEM_CODES = [
	'name-empty',
	'name-too-long',
	'name-taken',
	'id-taken',
	'member-unknown',
	'alias-unknown',
	'same-member',
	'guest-is-member',
	'player-twice',
	'bad-table-sizes',
	'no-players',
	'too-few-players',
	'sizes-do-not-fit',
	'bad-seed',
	'bad-tables',
	'bad-result',
	'bad-move-count',
	'final-too-small',
	'night-unknown',
	'division-unknown',
	'bad-season-rule',
	'no-game',
	'game-not-over'
] as const satisfies readonly (NightProblemCode | 'no-game' | 'game-not-over')[];
export type NightRefusalCode = (typeof NIGHT_PROBLEM_CODES)[number];
// Every code of the pure module is listed above: a new one fails the type check here.
true satisfies [Exclude<NightProblemCode, NightRefusalCode>] extends [never] ? true : never;

export const NightProblemSchema = v.object({
	code: v.picklist(NIGHT_PROBLEM_CODES),
	player: v.optional(v.string()),
	params: v.optional(v.record(v.string(), v.union([v.string(), v.number()])))
});
export type NightRefusal = v.InferOutput<typeof NightProblemSchema>;

// --- What the organiser sends ------------------------------------------------------------------

/** POST /v1/members: a new member. */
export const NewMemberSchema = v.strictObject({
	name: TypedName,
	division: v.optional(v.nullable(Division))
});
/** PATCH /v1/members/:id: a new name (the old one stays the member's spelling), a division. */
export const MemberChangeSchema = v.pipe(
	v.strictObject({ name: v.optional(TypedName), division: v.optional(v.nullable(Division)) }),
	v.check((c) => c.name !== undefined || c.division !== undefined, 'a name or a division')
);
/** POST /v1/members/:id/merge: `gone` is the same person as :id; its spellings become :id's. */
export const MergeSchema = v.strictObject({ gone: Id });
/** POST /v1/members/split: a spelling merged by mistake becomes a member of its own. */
export const SplitSchema = v.strictObject({ spelling: TypedName });

/** PUT /v1/night/check-in: the whole list of who is here tonight (members ticked, guests). */
export const CheckInSchema = v.strictObject({
	here: v.pipe(v.array(Id), v.maxLength(MAX_PLAYERS_A_NIGHT)),
	guests: v.pipe(v.array(TypedName), v.maxLength(MAX_PLAYERS_A_NIGHT))
});
export type CheckIn = v.InferOutput<typeof CheckInSchema>;

/**
 * POST /v1/night/games: the next game's seats. `deal`: everyone checked in, at random; a move
 * rule: from the last game's results. A table whose evening is not over refuses the move
 * (`game-not-over`) unless `force`.
 */
export const NewGameSchema = v.strictObject({
	rule: GameRuleSchema,
	force: v.optional(v.boolean())
});
export type NewGame = v.InferOutput<typeof NewGameSchema>;

/** PUT /v1/club/settings: the club's table sizes, house rules, season rule and divisions. */
export const ClubSettingsSchema = v.strictObject({
	tableSizes: TableSizesSchema,
	/** The rules a table's phone starts its evening with (null: the phone's own choice). */
	houseRules: v.nullable(RulesChoiceSchema),
	seasonRule: SeasonRuleSchema,
	divisions: v.pipe(v.array(Division), v.maxLength(MAX_DIVISIONS))
});
export type ClubSettings = v.InferOutput<typeof ClubSettingsSchema>;

/** PUT /v1/night/games/:game/tables/:table/evening, by that table's phone: the evening it started. */
export const ClaimSchema = v.strictObject({ eveningId: Id });

// --- What the server answers -------------------------------------------------------------------

/** GET /v1/members (organiser), and every member write's answer. */
export const MembersSchema = v.object({
	revision: v.number(),
	members: v.array(
		v.object({
			id: v.string(),
			name: v.string(),
			division: v.nullable(v.string()),
			/** Other spellings typed at tables that are this member's (kept from merges, renames). */
			aliases: v.array(v.string())
		})
	)
});
export type Members = v.InferOutput<typeof MembersSchema>;

const SeatPlayerSchema = v.object({ player: PlayerId, name: v.string(), guest: v.boolean() });
export type SeatPlayer = v.InferOutput<typeof SeatPlayerSchema>;

/** A player's move after a game (the pure module's Move), with the name to show. */
export const MoveSchema = v.object({
	player: PlayerId,
	name: v.string(),
	from: v.number(),
	/** The table of the next game, or null: sits out. */
	to: v.nullable(v.number()),
	why: v.picklist(['drawn', 'moves-up', 'stays', 'down-to-bottom', 'to-final', 'sits-out']),
	place: v.number(),
	total: v.number(),
	/** A tie at the cut was drawn by lot, and this player was in it. */
	byLot: v.boolean()
});
export type NightMove = v.InferOutput<typeof MoveSchema>;

/** How far a table's evening of this game is (from what its phone sent). */
const ProgressSchema = v.object({
	/** The evening the table's phone started for these seats, or null: not yet. */
	eveningId: v.nullable(v.string()),
	/** Rounds saved (0: none yet). */
	round: v.number(),
	/** Names of the best placed (several when tied). */
	leader: v.array(v.string()),
	over: v.boolean(),
	lastHeardAt: v.nullable(Ms)
});

export const NightTableSchema = v.object({
	/** 1 is the top table. */
	table: v.number(),
	/** The name of the club table whose phone plays it, or null: no phone (played on paper). */
	phone: v.nullable(v.string()),
	final: v.boolean(),
	/** In seat order. */
	players: v.array(SeatPlayerSchema),
	progress: ProgressSchema
});
export type NightTable = v.InferOutput<typeof NightTableSchema>;

export const GameSchema = v.object({
	/** 1, 2 … in the night's order. */
	number: v.number(),
	rule: GameRuleSchema,
	/** The draw's seed and method: the same seed and input give the same seats (the audit). */
	seed: v.string(),
	method: v.number(),
	at: Ms,
	/** The organiser whose action it was. */
	by: v.string(),
	tables: v.array(NightTableSchema),
	/** Who went where from the game before (empty for a deal), by table then seat. */
	moves: v.array(MoveSchema),
	/** The final tables' numbers (empty unless the rule was Final table). */
	finalTables: v.array(v.number())
});
export type Game = v.InferOutput<typeof GameSchema>;

/** A season row (the pure module's SeasonRow): every figure the ranking uses. */
export const SeasonRowSchema = v.object({
	player: v.string(),
	name: v.string(),
	place: v.number(),
	score: v.nullable(v.number()),
	total: v.number(),
	rounds: v.number(),
	evenings: v.number(),
	points: v.number(),
	nightsPlayed: v.number(),
	nightsCounted: v.number(),
	nightsMissed: v.number(),
	nightsFilled: v.number(),
	bestNight: v.nullable(v.number()),
	rankedBy: v.nullable(v.picklist(['played', 'nights', 'score', 'more-nights', 'best-night']))
});
export type SeasonStandingsRow = v.InferOutput<typeof SeasonRowSchema>;

export const DivisionSchema = v.object({
	/** null: the players in no division (or the whole club, when it lists none). */
	division: v.nullable(v.string()),
	/** At most MAX_SEASON_ROWS, the best placed first. */
	rows: v.array(SeasonRowSchema),
	/** Players in this standings in all. */
	count: v.number()
});

/**
 * GET /v1/night (every key): tonight as the wall and the organiser read it. `checkIn` only for
 * the organiser (null to others). `standings` is tonight's, by the season's ranking and ties.
 */
export const NightSchema = v.object({
	club: v.string(),
	/** YYYY-MM-DD (a night runs 06:00 to 06:00, server time). */
	night: v.string(),
	/** Bumped by every organiser write: the If-Match of the next one. */
	revision: v.number(),
	tableSizes: v.object({ min: v.number(), max: v.number() }),
	checkIn: v.nullable(
		v.object({
			here: v.array(v.string()),
			guests: v.array(v.string()),
			/** Tonight's players, members first (tonightsPlayers). */
			players: v.array(SeatPlayerSchema)
		})
	),
	/** Tonight's games, oldest first; the last is being played. */
	games: v.array(GameSchema),
	standings: v.object({
		rule: SeasonRuleSchema,
		divisions: v.array(DivisionSchema)
	})
});
export type Night = v.InferOutput<typeof NightSchema>;

/**
 * The answer to POST /v1/night/games: what the game changed, the night's new revision and the
 * game (no table has played it yet). The rest of tonight is as it was; GET /v1/night reads it
 * whole (every screen is told of the change on the live channel).
 */
export const NewGameAnswerSchema = v.object({ revision: v.number(), game: GameSchema });
export type NewGameAnswer = v.InferOutput<typeof NewGameAnswerSchema>;

/**
 * GET /v1/night/mine (a table's phone): its seats in tonight's last game, the club's house rules
 * to start the evening with, and where each player of its previous game went. `seats` is null
 * when this phone plays no table (no deal yet, or a viewer's or organiser's key).
 */
export const MineSchema = v.object({
	night: v.string(),
	revision: v.number(),
	seats: v.nullable(
		v.object({
			game: v.number(),
			table: v.number(),
			final: v.boolean(),
			players: v.array(SeatPlayerSchema),
			/** The evening this phone said it started for these seats, or null. */
			eveningId: v.nullable(v.string())
		})
	),
	houseRules: v.nullable(RulesChoiceSchema),
	/** The moves of the players who sat at this phone's table in the game before. */
	moves: v.array(MoveSchema)
});
export type Mine = v.InferOutput<typeof MineSchema>;

/** The answer to a claim: the seats that evening is for. */
export const ClaimedSchema = v.object({
	game: v.number(),
	table: v.number(),
	eveningId: v.string()
});

/** GET /v1/season (every key): the season by the club's stated rule, one standings a division. */
export const SeasonSchema = v.object({
	club: v.string(),
	/** The calendar year of its nights. */
	season: v.string(),
	rule: SeasonRuleSchema,
	/** The nights the club held this season, oldest first: what a missed night is missed from. */
	nights: v.array(v.string()),
	divisions: v.array(DivisionSchema)
});
export type Season = v.InferOutput<typeof SeasonSchema>;

/** GET /v1/club/settings (every key), and the answer to PUT /v1/club/settings. */
export const SettingsAnswerSchema = v.object({
	revision: v.number(),
	settings: ClubSettingsSchema
});

/** GET /v1/night/actions answers at most this many actions; `?before=<id>` asks for older ones. */
export const MAX_ACTIONS = 200;

/** One organiser action, as the audit lists it: who, when, what was asked. */
export const ActionSchema = v.object({
	/** Increasing: a later action has a larger id. */
	id: v.number(),
	/** The night it was done on (YYYY-MM-DD). */
	night: v.nullable(v.string()),
	/** What it was: member-add, check-in, game, settings … */
	kind: v.string(),
	/** The organiser's name, as the link was issued. */
	by: v.string(),
	at: Ms,
	/** The request's body as read. */
	input: v.unknown()
});

/** GET /v1/night/actions (organiser): the club's organiser actions, newest first. */
export const ActionsSchema = v.object({ actions: v.array(ActionSchema) });
export type Actions = v.InferOutput<typeof ActionsSchema>;

/** 422 refused: the pure module's problems. */
export const RefusedSchema = v.object({
	error: v.literal('refused'),
	problems: v.array(NightProblemSchema)
});
/** 409 stale: the night's revision now; read the night again. */
export const StaleSchema = v.object({ error: v.literal('stale'), revision: v.number() });

// --- A correction (docs/club.md "A correction") ------------------------------------------------

/**
 * POST /v1/night/corrections (organiser): round `round` (0-based) of a table's evening as it
 * should have been entered. The rules core checks it as an edit (every later round must stay
 * valid); a refusal is 422 `refused` with the rules core's problems (CorrectionRefusedSchema).
 */
export const CorrectionSchema = v.strictObject({
	eveningId: Id,
	round: v.pipe(Whole, v.maxValue(MAX_CLUB_ROUNDS - 1)),
	entry: RoundSchema.entries.entry
});
export type CorrectionInput = v.InferOutput<typeof CorrectionSchema>;

/** Who corrected a round and when: the organiser's name (as the link was issued). */
export const CorrectedBySchema = v.object({ name: v.string(), at: Ms });

/** A correction as the club stored it: the round's new entry, the evening's revision it made. */
export const ClubCorrectionSchema = v.object({
	/** Increasing: a later correction has a larger id. */
	id: Whole,
	eveningId: Id,
	round: v.pipe(Whole, v.maxValue(MAX_CLUB_ROUNDS - 1)),
	entry: RoundSchema.entries.entry,
	/** The evening's revision on the club once corrected. */
	revision: v.pipe(Whole, v.minValue(1)),
	by: v.string(),
	at: Ms
});
export type ClubCorrection = v.InferOutput<typeof ClubCorrectionSchema>;

/** The answer to a correction: the night's revision now, and the correction. */
export const CorrectionAnswerSchema = v.object({
	revision: v.number(),
	correction: ClubCorrectionSchema
});

/** GET /v1/corrections answers at most this many; `?after=<id>` asks for the ones after. */
export const MAX_CORRECTIONS = 100;
/** GET /v1/corrections?after=<id> (a table): corrections of its evenings, oldest first. */
export const CorrectionsSchema = v.object({ corrections: v.array(ClubCorrectionSchema) });

/**
 * Why a correction was refused: the rules core's problems of the round as an edit
 * (`later-round-conflict` among them), or `no-such-evening`, `no-such-round`.
 */
export const CorrectionRefusedSchema = v.object({
	error: v.literal('refused'),
	problems: v.array(
		v.object({
			code: v.string(),
			player: v.optional(v.string()),
			params: v.optional(v.record(v.string(), v.union([v.string(), v.number()])))
		})
	)
});

/** GET /v1/night/evenings/:id (organiser): a table's evening as the club holds it. */
export const ClubEveningViewSchema = v.object({
	/** The table whose phone plays it. */
	table: v.string(),
	revision: v.number(),
	evening: EveningSchema,
	rounds: v.array(
		v.object({
			index: Whole,
			entry: RoundSchema.entries.entry,
			starter: v.nullable(Whole),
			savedAt: Ms,
			correctedBy: v.nullable(CorrectedBySchema)
		})
	)
});
export type ClubEveningView = v.InferOutput<typeof ClubEveningViewSchema>;

export type { MoveRule, SeasonRule };

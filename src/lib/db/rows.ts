// The rows IndexedDB keeps, as types only: database.ts (the schema and its upgrades) and the
// functions that write them (summaries.ts among them, which an upgrade calls) share them.
import type { Dexie, EntityTable } from 'dexie';
import type { PresetId, RoundEntry, RulesChoice } from '$lib/rules/types';
import type { Standing } from '$lib/rules/progress';

export interface PlayerRow {
	id: string;
	name: string;
	/** Lower-cased, trimmed: for picking players from earlier evenings. */
	key: string;
	lastPlayedAt: number;
}

/**
 * The scorekeeper's choice of who is who (Players: Merge, Split): the player id (a seat's id,
 * from this phone or another) belongs to the person named by `person`, the id of one of that
 * person's players. An id without a row is grouped by its name (db/people.ts).
 */
export interface PersonRow {
	playerId: string;
	person: string;
}

export interface SeatRow {
	id: string;
	name: string;
}

export interface EveningRow {
	id: string;
	createdAt: number;
	updatedAt: number;
	/** Seats in order, names as they were that evening. */
	players: SeatRow[];
	/** The preset and the knobs the scorekeeper chose; resolved by the rules core. */
	rules: RulesChoice;
	/** The seat index that starts the first round. */
	firstStarter: number;
	/** Set when the scorekeeper ended the evening (early, or a cyclic schedule). */
	endedAt: number | null;
	/**
	 * A kept copy (from a link, or a backup that would have replaced rounds changed here): the id
	 * of the evening it copies, as recorded on the phone it came from. Absent for an evening
	 * recorded here, which a link never replaces.
	 */
	keptFrom?: string;
	/**
	 * On a table's phone in a club: the club's revision of the latest correction of this evening by
	 * the club's organiser that this phone took in (applied, or refused for a later round of its
	 * own). The club stores this phone's copy only once it has taken in every correction.
	 */
	clubCorrection?: number;
}

export interface RoundRow {
	/** `${eveningId}:${index}`: one row per round of an evening, so two tabs cannot both add it. */
	id: string;
	eveningId: string;
	index: number;
	/** The hands as entered, keyed by player id: never derived totals. */
	entry: RoundEntry;
	/** Seat index of the player who started this round, if the scorekeeper changed it. */
	starter: number | null;
	savedAt: number;
	/** The club's organiser corrected this round (a miscounted hand): who, and when. */
	correctedBy?: CorrectedBy;
}

/** Who corrected a round and when (the club's organiser, by the name of their link). */
export interface CorrectedBy {
	name: string;
	at: number;
}

export interface DraftRow {
	eveningId: string;
	index: number;
	/** The round being typed, as raw text per field, so a reload restores exactly what was typed. */
	fields: Record<string, unknown>;
	updatedAt: number;
}

export interface TableEventRow {
	id?: number;
	eveningId: string;
	roundIndex: number;
	/** Position in the round's log; unique with the round, so an event is never stored twice. */
	seq: number;
	event: Record<string, unknown>;
	at: number;
}

/**
 * What the lists show of an evening, derived from its rounds by the scoring core and stored with
 * every write to the evening (db/summaries.ts), so a list never replays every round it holds.
 * Only a cache: the hands as entered stay the truth. It is used only while its `updatedAt` and
 * `endedAt` equal the evening's; otherwise it is derived again.
 */
export interface SummaryRow {
	eveningId: string;
	/** The evening's `updatedAt` and `endedAt` when this was derived. */
	updatedAt: number;
	endedAt: number | null;
	/** The resolved preset. */
	preset: PresetId;
	roundCount: number;
	over: boolean;
	/** Player ids of the best placed (several when tied); empty before the first round. */
	leader: string[];
	/** Player ids of the winners, only when the evening is over and a round was played. */
	winner: string[] | null;
	/** 1-based number of the next round, or null when over. */
	nextRound: number | null;
	/** Rounds in the schedule, or null when it is cyclic. */
	scheduleLength: number | null;
	/**
	 * Where the evening stands after its rounds, so the next round is checked and scored without
	 * reading the rounds before it. Missing in summaries stored before it was kept.
	 */
	standing?: Standing;
	/**
	 * Which write this summary came from, so that a reader holding the evening as an earlier
	 * summary left it reads again only what changed (`db/live.ts`): each write gives its summary
	 * a new `revision`, names the one it follows (`previous`; null: none), and the first round
	 * index it changed (`changedFrom`; -1: anything, the evening itself included). Missing in
	 * summaries stored before they were kept: such a reader then reads everything.
	 */
	revision?: number;
	previous?: number | null;
	changedFrom?: number;
}

export interface MetaRow {
	key: string;
	value: unknown;
}

/** The club this phone joined (meta row `club`): where its writes are sent, and as whom. */
export interface ClubMembership {
	/** The club server's address, without a trailing slash. */
	server: string;
	/** The table's (or viewer's) token from the join link. */
	token: string;
	club: string;
	table: string;
	/** A viewer only reads the club standings, an organiser runs the club night: only a table's
	 * writes are sent. */
	role: 'table' | 'viewer' | 'organiser';
	joinedAt: number;
	/** The club ended this token's access: nothing more is sent (every evening stays here). */
	revoked: boolean;
}

/**
 * A change to one evening, waiting to be sent to the club (the club protocol's operation): the
 * whole evening as written (`put`) or its removal (`delete`), with the evening's revision.
 */
export type OutboxOp =
	| {
			id: string;
			eveningId: string;
			revision: number;
			kind: 'put';
			evening: { evening: EveningRow; rounds: RoundRow[] };
	  }
	| { id: string; eveningId: string; revision: number; kind: 'delete' }
	/**
	 * The evening was started for this phone's seats of a club night's game: the club is told
	 * (PUT /v1/night/games/:game/tables/:table/evening), after the evening's first put. Its
	 * revision is the evening's first; its names and start say which evening it is in Settings.
	 */
	| {
			id: string;
			eveningId: string;
			revision: number;
			kind: 'claim';
			game: number;
			table: number;
			names: string[];
			createdAt: number;
	  };

export interface OutboxRow {
	/** Auto-increment: the order of the writes, the order they are sent in. */
	seq?: number;
	/**
	 * 0: waiting to be sent; 1: set aside (the club refused it, or cannot take it: never sent
	 * again); 2: parked (a delete not yet sent when the phone left its club, kept so that joining
	 * that club again sends it).
	 */
	held: 0 | 1 | 2;
	op: OutboxOp;
	/** Why it was set aside (a code: the club's refusal, or the phone's own), when held. */
	refused?: string;
	/** Where in the operation, when the club said (`evening.rounds[3]`), and the rules' code. */
	path?: string;
	detail?: string;
	/** The club server a parked delete is for. */
	server?: string;
}

export type CabooseDb = Dexie & {
	players: EntityTable<PlayerRow, 'id'>;
	evenings: EntityTable<EveningRow, 'id'>;
	rounds: EntityTable<RoundRow, 'id'>;
	drafts: EntityTable<DraftRow, 'eveningId'>;
	tableEvents: EntityTable<TableEventRow, 'id'>;
	meta: EntityTable<MetaRow, 'key'>;
	summaries: EntityTable<SummaryRow, 'eveningId'>;
	outbox: EntityTable<OutboxRow, 'seq'>;
	people: EntityTable<PersonRow, 'playerId'>;
};

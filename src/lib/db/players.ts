// Players across evenings: on this phone one name is one player row (keyed by playerKey), and
// every seat of every evening refers to a player by id; ids from other phones join people by name
// (db/people.ts). A person's record is worked out from the rounds as entered, by the rules core,
// never stored.
import { formatScore } from '$lib/format';
import {
	cleanName,
	computeEvening,
	eveningSetup,
	MAX_NAME_LENGTH,
	playerKey,
	resolveRules
} from '$lib/rules';
import type { CabooseDb, EveningRow, PlayerRow, RoundRow } from './database';
import { peopleTables, pinPerson, readPeople, type Person } from './people';
import { outboxTables } from './outbox';
import { touchSummary } from './summaries';

export interface RoundMark {
	score: number;
	eveningId: string;
	/** When that evening began (ms). */
	date: number;
	/** 1-based. */
	round: number;
}

export interface PlayerEvening {
	eveningId: string;
	date: number;
	/** The player's total at the end of the evening (or now, if it is still open). */
	total: number;
	/** Place among the evening's players (tied players share it). */
	rank: number;
	over: boolean;
	won: boolean;
	/** 'plus': the highest total wins that evening. */
	mode: 'penalty' | 'plus';
}

export interface PlayerStats {
	id: string;
	name: string;
	lastPlayedAt: number;
	eveningsPlayed: number;
	/** Finished evenings the player won (shared wins count). */
	wins: number;
	roundsPlayed: number;
	roundsWon: number;
	/** Mean score per round played, or null before the first round. */
	average: number | null;
	/** The best and worst round by that evening's rules (lowest is best unless the highest wins). */
	best: RoundMark | null;
	worst: RoundMark | null;
	/** Oldest evening first. */
	evenings: PlayerEvening[];
}

function emptyStats(p: Pick<Person, 'id' | 'name' | 'lastPlayedAt'>): PlayerStats {
	return {
		id: p.id,
		name: p.name,
		lastPlayedAt: p.lastPlayedAt,
		eveningsPlayed: 0,
		wins: 0,
		roundsPlayed: 0,
		roundsWon: 0,
		average: null,
		best: null,
		worst: null,
		evenings: []
	};
}

/** Every point a record has counted so far, beside the record (its average is rounded). */
const pointsOf = new WeakMap<PlayerStats, number>();

/** Adds one evening to the players' records. */
function addEvening(stats: Map<string, PlayerStats>, evening: EveningRow, rows: RoundRow[]): void {
	const setup = eveningSetup(evening);
	const state = computeEvening(
		setup,
		rows.map((r) => r.entry)
	);
	const mode = resolveRules(evening.rules).mode;
	// How good a score is: lower is better, unless the highest total wins.
	const goodness = (score: number) => (mode === 'plus' ? score : -score);
	const rankOf = new Map<string, number>();
	let rank = 1;
	for (const group of state.ranking) {
		for (const id of group) rankOf.set(id, rank);
		rank += group.length;
	}
	for (const seat of evening.players) {
		const s = stats.get(seat.id);
		if (!s) continue;
		s.eveningsPlayed++;
		const won = state.over && rows.length > 0 && (state.winner ?? []).includes(seat.id);
		if (won) s.wins++;
		s.roundsWon += state.roundsWon[seat.id] ?? 0;
		// Points and rounds are summed over every evening and divided once: an average rounded
		// per evening and multiplied back drifts (20.4 shown for a true 20.48).
		let sum = pointsOf.get(s) ?? 0;
		for (const round of state.rounds) {
			const score = round.scores[seat.id];
			if (score === undefined) continue;
			s.roundsPlayed++;
			sum += score;
			const mark = {
				score,
				eveningId: evening.id,
				date: evening.createdAt,
				round: round.index + 1
			};
			if (!s.best || goodness(score) > goodness(s.best.score)) s.best = mark;
			if (!s.worst || goodness(score) < goodness(s.worst.score)) s.worst = mark;
		}
		pointsOf.set(s, sum);
		s.average = s.roundsPlayed > 0 ? formatScore(sum / s.roundsPlayed) : null;
		s.evenings.push({
			eveningId: evening.id,
			date: evening.createdAt,
			total: state.totals[seat.id] ?? 0,
			rank: rankOf.get(seat.id) ?? evening.players.length,
			over: state.over,
			won,
			mode
		});
	}
}

/** A line of the players list: one person, how many evenings, how many won. */
export interface PlayerLine {
	/** The person's id (one of their player ids). */
	id: string;
	name: string;
	/** Every name the person's players carry, their own first (more than one after a merge). */
	names: string[];
	/** How many player ids are this person (more than one: from other phones, or merged). */
	parts: number;
	lastPlayedAt: number;
	eveningsPlayed: number;
	/** Finished evenings the player won (shared wins count). */
	wins: number;
}

/**
 * Most recently played first; the players of one evening share that moment, so they come by
 * name (an evening's six players otherwise came in whatever order the index held them).
 */
export function byLastPlayed(
	a: Pick<PlayerRow, 'lastPlayedAt' | 'name'>,
	b: Pick<PlayerRow, 'lastPlayedAt' | 'name'>
): number {
	return b.lastPlayedAt - a.lastPlayedAt || a.name.localeCompare(b.name);
}

/**
 * Everyone who has played, most recent first, then by name. Read from the evenings' stored summaries, so the
 * list never replays a round: its cost grows with the evenings, not with their rounds.
 */
export async function listPlayers(db: CabooseDb): Promise<PlayerLine[]> {
	return db.transaction('r', [...peopleTables(db), db.summaries], async () => {
		const people = await readPeople(db);
		const winners = new Map(
			(await db.summaries.toArray()).map((s) => [s.eveningId, s.winner ?? []])
		);
		const lines = new Map<string, PlayerLine>(
			people.people.map((p) => [
				p.id,
				{
					id: p.id,
					name: p.name,
					names: p.names,
					parts: p.ids.length,
					lastPlayedAt: p.lastPlayedAt,
					eveningsPlayed: 0,
					wins: 0
				}
			])
		);
		for (const evening of people.evenings) {
			const won = winners.get(evening.id) ?? [];
			// A person counts once an evening, whichever of their ids sat there.
			const seated = new Map<string, boolean>();
			for (const seat of evening.players) {
				const person = people.personOf(seat.id);
				if (person) seated.set(person.id, seated.get(person.id) || won.includes(seat.id));
			}
			for (const [id, winner] of seated) {
				const line = lines.get(id)!;
				line.eveningsPlayed++;
				if (winner) line.wins++;
			}
		}
		// Someone whose every evening was deleted has not played: they are not listed.
		return [...lines.values()].filter((l) => l.eveningsPlayed > 0).sort(byLastPlayed);
	});
}

/** One person's record over every id they played under, or null when there is no such person. */
export async function playerStats(db: CabooseDb, id: string): Promise<PlayerStats | null> {
	return db.transaction('r', [...peopleTables(db), db.rounds], async () => {
		const people = await readPeople(db);
		const person = people.personOf(id);
		if (!person) return null;
		const ids = new Set(person.ids);
		// Oldest first, as the createdAt index orders them (equal dates by id).
		const evenings = people.evenings
			.filter((e) => e.players.some((p) => ids.has(p.id)))
			.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
		const record = emptyStats(person);
		const stats = new Map(person.ids.map((i) => [i, record]));
		for (const evening of evenings) {
			const own = await db.rounds.where('eveningId').equals(evening.id).toArray();
			addEvening(
				stats,
				evening,
				own.sort((a, b) => a.index - b.index)
			);
		}
		return record;
	});
}

export type RenameResult =
	{ ok: true } | { ok: false; problem: 'missing' | 'empty' | 'too-long' | 'taken' | 'seat-taken' };

/**
 * Renames a player: their row and their seat in every evening they played, in one transaction.
 * Rounds refer to players by id, so no saved score changes. A name another player already has
 * (compared trimmed and case-insensitively) is refused; changing only the case is allowed.
 */
export async function renamePlayer(
	db: CabooseDb,
	id: string,
	newName: string
): Promise<RenameResult> {
	const name = cleanName(newName);
	if (name === '') return { ok: false, problem: 'empty' };
	if ([...name].length > MAX_NAME_LENGTH) return { ok: false, problem: 'too-long' };
	const key = playerKey(name);
	const tables = [...peopleTables(db), db.rounds, db.summaries, ...outboxTables(db)];
	return db.transaction('rw', tables, async (): Promise<RenameResult> => {
		// A player only seen at seats from another phone gets a row here with the new name.
		const people = await readPeople(db);
		const person = people.personOf(id);
		if (!person?.ids.includes(id)) return { ok: false, problem: 'missing' };
		const holder = await db.players.where('key').equals(key).first();
		if (holder && holder.id !== id) return { ok: false, problem: 'taken' };
		const evenings = people.evenings.filter((e) => e.players.some((p) => p.id === id));
		for (const e of evenings) {
			if (e.players.some((p) => p.id !== id && playerKey(p.name) === key)) {
				return { ok: false, problem: 'seat-taken' };
			}
		}
		// Players from other phones joined this one by the old name: they stay this person.
		if (person.ids.length > 1) await pinPerson(db, person);
		const player = await db.players.get(id);
		await db.players.put({
			id,
			name,
			key,
			lastPlayedAt: player?.lastPlayedAt ?? person.lastPlayedAt
		});
		for (const e of evenings) {
			const renamed = {
				...e,
				players: e.players.map((p) => (p.id === id ? { id: p.id, name } : p))
			};
			await db.evenings.put(renamed);
			await touchSummary(db, renamed);
		}
		return { ok: true };
	});
}

// A fair season: the standings over the club's nights by a rule the wall states. Every figure the
// ranking uses is in each row, so a wall can show why one player sits above another (not
// "Dieter 62 (4 rounds)" above "Ivo 55 (3)" with no column saying it is per round).
//
// The ranking (per-round and placings as the club server ranks today, server/src/standings/rank.ts):
// - total: the sum of the player's totals, lowest first (penalty-point play);
// - per-round: total per round played, lowest first;
// - placings: per evening, one point for each player beaten at one's own table (seats − place,
//   as the server counts), highest first (fair across table sizes and rule sets).
// A player with no round comes last, with no score (all such players share the last place).
//
// What a missed night (a night the club held that the player did not play) counts:
// - not-counted: nothing, as today: only the nights played;
// - own-average: the player's own average night. Per round and placings are averages already, so
//   this changes only the total (total × nights held ÷ nights played);
// - fixed: a night at a fixed score, in the ranking's unit: points added to the total; a night of
//   the player's average length at that score per round; an evening with that many placing points;
// - best-nights: only the player's best N nights count (by that night's own score).
// With the total, a player who counts more nights ranks first, then by total: otherwise in
// penalty-point play staying at home would lower one's total.
//
// Ties: 'shared' (tied players share a place), 'more-nights' (more nights played first) or
// 'best-night' (the better best night first); players still tied share the place.
//
// Each score is at most one division of whole (or half, in plus play) sums, so players whose
// scores are equal as fractions are equal as numbers too, and share their place.

import type { PlayerId } from './members';
import { refuse, type NightProblem, type NightResult } from './problems';

export const SEASON_RANKINGS = ['total', 'per-round', 'placings'] as const;
export type SeasonRanking = (typeof SEASON_RANKINGS)[number];

export type MissedNight =
	| { kind: 'not-counted' }
	| { kind: 'own-average' }
	| { kind: 'fixed'; score: number }
	| { kind: 'best-nights'; count: number };

export const SEASON_TIES = ['shared', 'more-nights', 'best-night'] as const;
export type SeasonTies = (typeof SEASON_TIES)[number];

export interface SeasonRule {
	ranking: SeasonRanking;
	missed: MissedNight;
	ties: SeasonTies;
}

/** One player's result in one evening at a club table (the club's evening_player row). */
export interface PlayedEvening {
	night: string;
	player: PlayerId;
	/** The name to show: a player's last evening's. */
	name: string;
	total: number;
	rounds: number;
	/** The rules core's place at the table (1 best) among `seats` players. */
	place: number;
	seats: number;
}

/**
 * One player's sums over one night's evenings, as the club server sums its seats in SQL (a season
 * of many seats reaches the ranking as one row a player a night). Rows of one player and night
 * add up, as evenings do.
 */
export interface PlayedNight {
	night: string;
	player: PlayerId;
	name: string;
	total: number;
	rounds: number;
	/** Evenings played that night. */
	evenings: number;
	/** Placing points: seats − place, summed over those evenings. */
	points: number;
}

export interface SeasonInput {
	/** Every night the club held this season so far: what a missed night is missed from. */
	nights: readonly string[];
	evenings?: readonly PlayedEvening[];
	/** The same as `evenings`, summed a night; both may be given (the sums first). */
	playedNights?: readonly PlayedNight[];
	/** The club's divisions (age bands, tiers) in the order it lists them; none: one standings. */
	divisions?: readonly string[];
	/** Each player's division; a player in none is listed in a standings of their own, last. */
	divisionOf?: Readonly<Record<PlayerId, string>>;
}

/** What puts a row below the row above it. */
export type RankedBy = 'played' | 'nights' | 'score' | 'more-nights' | 'best-night';

export interface SeasonRow {
	player: PlayerId;
	name: string;
	/** 1-based; players still tied after the tie rule share a place. */
	place: number;
	/** What the ranking ranks by (see the header), or null: no round played. */
	score: number | null;
	/** Sums over the nights that count (with best-nights, the best N; otherwise all played). */
	total: number;
	rounds: number;
	evenings: number;
	/** Placing points: one for each player beaten at one's own table. */
	points: number;
	nightsPlayed: number;
	nightsCounted: number;
	/** Nights the club held that the player missed. */
	nightsMissed: number;
	/** Missed nights that count (own-average, fixed), in the score but not in the sums above. */
	nightsFilled: number;
	/** The player's best night, in the ranking's unit (a night's total, per round, points per evening). */
	bestNight: number | null;
	/** What ranks this row below the one above; null for the first and for a shared place. */
	rankedBy: RankedBy | null;
}

export interface DivisionStandings {
	division: string | null;
	rows: SeasonRow[];
}

interface NightSums {
	night: string;
	total: number;
	rounds: number;
	evenings: number;
	points: number;
}

/** +1: lower is better (total, per round); -1: higher is better (placings). */
const direction = (ranking: SeasonRanking) => (ranking === 'placings' ? -1 : 1);

/** A night's (or a sum's) score in the ranking's unit; null when it has no round. */
function scoreOf(ranking: SeasonRanking, s: Omit<NightSums, 'night'>): number | null {
	if (s.rounds === 0) return null;
	if (ranking === 'total') return s.total;
	if (ranking === 'per-round') return s.total / s.rounds;
	return s.points / s.evenings;
}

/** Better first; no score last. */
function compareScores(ranking: SeasonRanking, a: number | null, b: number | null): number {
	if (a === null || b === null) return Number(a === null) - Number(b === null);
	return direction(ranking) * (a - b);
}

function sumNights(nights: readonly NightSums[]) {
	const sum = { total: 0, rounds: 0, evenings: 0, points: 0 };
	for (const n of nights) {
		sum.total += n.total;
		sum.rounds += n.rounds;
		sum.evenings += n.evenings;
		sum.points += n.points;
	}
	return sum;
}

/** The season's score with the missed nights filled, as one division (see the header). */
function filledScore(
	rule: SeasonRule,
	sum: ReturnType<typeof sumNights>,
	played: number,
	missed: number,
	held: number
): number | null {
	const { ranking } = rule;
	if (sum.rounds === 0) return null;
	const { missed: m } = rule;
	if (m.kind === 'own-average' && ranking === 'total') return (sum.total * held) / played;
	if (m.kind !== 'fixed' || missed === 0) return scoreOf(ranking, sum);
	const f = m.score;
	if (ranking === 'total') return sum.total + f * missed;
	if (ranking === 'placings') return (sum.points + f * missed) / (sum.evenings + missed);
	// A missed night: the player's average rounds a night (rounds ÷ played) at f per round.
	return (sum.total * played + f * missed * sum.rounds) / (sum.rounds * (played + missed));
}

/** One player's row (its place is set once the rows are in order). */
function playerRow(
	rule: SeasonRule,
	player: PlayerId,
	name: string,
	nights: NightSums[],
	held: number
): SeasonRow {
	const { ranking, missed } = rule;
	const byScore = (a: NightSums, b: NightSums) =>
		compareScores(ranking, scoreOf(ranking, a), scoreOf(ranking, b)) ||
		(a.night < b.night ? -1 : 1);
	const best = [...nights].sort(byScore);
	const counted = missed.kind === 'best-nights' ? best.slice(0, missed.count) : nights;
	const sum = sumNights(counted);
	const nightsMissed = held - nights.length;
	const fills = missed.kind === 'own-average' || missed.kind === 'fixed';
	return {
		player,
		name,
		place: 0,
		score: filledScore(rule, sum, nights.length, nightsMissed, held),
		...sum,
		nightsPlayed: nights.length,
		nightsCounted: counted.length,
		nightsMissed,
		nightsFilled: fills ? nightsMissed : 0,
		bestNight: best[0] ? scoreOf(ranking, best[0]) : null,
		rankedBy: null
	};
}

/** The first thing that tells two rows apart, in the rule's order, or null: tied. */
function firstDifference(rule: SeasonRule, a: SeasonRow, b: SeasonRow): [RankedBy, number] | null {
	const keys: [RankedBy, number][] = [
		['played', Number(a.score === null) - Number(b.score === null)],
		['nights', rule.ranking === 'total' ? nightsThatCount(b) - nightsThatCount(a) : 0],
		['score', compareScores(rule.ranking, a.score, b.score)],
		['more-nights', rule.ties === 'more-nights' ? b.nightsPlayed - a.nightsPlayed : 0],
		[
			'best-night',
			rule.ties === 'best-night' ? compareScores(rule.ranking, a.bestNight, b.bestNight) : 0
		]
	];
	return keys.find(([, d]) => d !== 0) ?? null;
}

function nightsThatCount(row: SeasonRow): number {
	return row.nightsCounted + row.nightsFilled;
}

/** Rows in order, with places and what ranks each below the one above. */
function rankRows(rule: SeasonRule, rows: SeasonRow[]): SeasonRow[] {
	const sorted = [...rows].sort(
		(a, b) =>
			firstDifference(rule, a, b)?.[1] ||
			a.name.localeCompare(b.name) ||
			(a.player < b.player ? -1 : a.player > b.player ? 1 : 0)
	);
	sorted.forEach((row, i) => {
		const above = sorted[i - 1];
		const difference = above ? firstDifference(rule, above, row) : null;
		row.rankedBy = difference ? difference[0] : null;
		row.place = above && !difference ? above.place : i + 1;
	});
	return sorted;
}

function checkRule(rule: SeasonRule): NightProblem | null {
	const { missed } = rule;
	const sound =
		SEASON_RANKINGS.includes(rule.ranking) &&
		SEASON_TIES.includes(rule.ties) &&
		(missed.kind === 'not-counted' ||
			missed.kind === 'own-average' ||
			(missed.kind === 'fixed' && Number.isFinite(missed.score)) ||
			(missed.kind === 'best-nights' && Number.isInteger(missed.count) && missed.count >= 1));
	return sound ? null : { code: 'bad-season-rule' };
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

function checkPlayed(p: PlayedNight, nights: Set<string>): NightProblem | null {
	if (!nights.has(p.night))
		return { code: 'night-unknown', player: p.player, params: { night: p.night } };
	const sound =
		Number.isFinite(p.total) &&
		isCount(p.rounds) &&
		isCount(p.points) &&
		isCount(p.evenings) &&
		p.evenings >= 1;
	return sound ? null : { code: 'bad-result', player: p.player, params: { night: p.night } };
}

/** An evening as a night's sums (one evening); its place checked against its seats first. */
function asPlayedNight(e: PlayedEvening): PlayedNight {
	const placed = Number.isInteger(e.seats) && Number.isInteger(e.place) && e.place >= 1;
	const points = placed && e.place <= e.seats ? e.seats - e.place : NaN;
	const { night, player, name, total, rounds } = e;
	return { night, player, name, total, rounds, evenings: 1, points };
}

/** Per player: their name (the last row's) and each night's sums, nights in the season's order. */
function nightsByPlayer(input: SeasonInput, played: readonly PlayedNight[]) {
	const order = new Map(input.nights.map((n, i) => [n, i]));
	const players = new Map<PlayerId, { name: string; nights: Map<string, NightSums> }>();
	for (const p of played) {
		const player = players.get(p.player) ?? { name: p.name, nights: new Map() };
		player.name = p.name;
		const night = player.nights.get(p.night) ?? {
			night: p.night,
			total: 0,
			rounds: 0,
			evenings: 0,
			points: 0
		};
		night.total += p.total;
		night.rounds += p.rounds;
		night.evenings += p.evenings;
		night.points += p.points;
		player.nights.set(p.night, night);
		players.set(p.player, player);
	}
	const byOrder = (a: NightSums, b: NightSums) => order.get(a.night)! - order.get(b.night)!;
	return [...players].map(([id, p]) => ({
		id,
		name: p.name,
		nights: [...p.nights.values()].sort(byOrder)
	}));
}

/**
 * The season's standings by the club's rule, one per division (in the club's order, then the
 * players in no division). Refused, with what is wrong, for a rule or a row that is not sound.
 */
export function seasonStandings(
	input: SeasonInput,
	rule: SeasonRule
): NightResult<DivisionStandings[]> {
	const wrongRule = checkRule(rule);
	if (wrongRule) return { ok: false, problems: [wrongRule] };
	const nights = new Set(input.nights);
	const played = [...(input.playedNights ?? []), ...(input.evenings ?? []).map(asPlayedNight)];
	for (const p of played) {
		const wrong = checkPlayed(p, nights);
		if (wrong) return { ok: false, problems: [wrong] };
	}
	const divisions = input.divisions ?? [];
	const groups = new Map<string | null, SeasonRow[]>(divisions.map((d) => [d, []]));
	for (const p of nightsByPlayer(input, played)) {
		const division = input.divisionOf?.[p.id] ?? null;
		if (division !== null && !groups.has(division)) {
			return refuse('division-unknown', { player: p.id, params: { division } });
		}
		const rows = groups.get(division) ?? [];
		rows.push(playerRow(rule, p.id, p.name, p.nights, nights.size));
		groups.set(division, rows);
	}
	return {
		ok: true,
		value: [...groups].map(([division, rows]) => ({ division, rows: rankRows(rule, rows) }))
	};
}

/**
 * Tonight's standings: the season's rule over one night, where nobody has missed anything.
 * `more`: the divisions, and the night's sums (playedNights) beside or instead of its evenings.
 */
export function nightStandings(
	night: string,
	evenings: readonly PlayedEvening[],
	rule: Pick<SeasonRule, 'ranking' | 'ties'>,
	more?: Omit<SeasonInput, 'nights' | 'evenings'>
): NightResult<DivisionStandings[]> {
	return seasonStandings(
		{ nights: [night], evenings, ...more },
		{ ...rule, missed: { kind: 'not-counted' } }
	);
}

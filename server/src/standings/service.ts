// The club standings: tonight's tables live, tonight's players across tables and the season's,
// ranked by the club's rule. Sums over the rows the rules core derived when each evening was
// written (ops/derive.ts), so no round is scored again here. Each list holds at most
// MAX_STANDINGS_ROWS rows, the best first, with how many there are in all: every screen reloads
// them on each change, at any club size.

import {
	MAX_STANDINGS_ROWS,
	type ClubRanking,
	type PlayerNights,
	type Standings
} from '../../../src/lib/club/protocol';
import { playerKey } from '../../../src/lib/rules';
import type { Club } from '../club';
import type { Queryable } from '../db';
import { nightOf, seasonOf } from '../night';
import { CLUB_PLAYER } from '../club-night/standings';
import { rank, type Sum } from './rank';

// Summed per typed name, then per player as the club night's standings read them: a member's
// spellings are one row (with the member's name), a guest's name its own.
const SUMS_SQL = `
WITH sums AS (
  SELECT key, min(name) AS name, sum(total) AS total, sum(rounds) AS rounds, count(*) AS evenings,
         sum(seats - place) AS points
  FROM evening_player WHERE club_id = $1 AND night >= $2 AND night <= $3
  GROUP BY key)
SELECT min(x.name) AS name, sum(x.total)::float8 AS total, sum(x.rounds)::float8 AS rounds,
       sum(x.evenings)::float8 AS evenings, sum(x.points)::float8 AS points
FROM (SELECT ${CLUB_PLAYER.columns}, s.total, s.rounds, s.evenings, s.points
      FROM sums s
      ${CLUB_PLAYER.joins}) x
GROUP BY x.player`;

// Each night of the season the player played (a member by any spelling, the asked name one of
// them; a guest by the name's key), with every player's sums on it, to rank them.
const NIGHTS_SQL = `
WITH sums AS (
  SELECT night, key, min(name) AS name, sum(total) AS total, sum(rounds) AS rounds,
         count(*) AS evenings, sum(seats - place) AS points
  FROM evening_player WHERE club_id = $1 AND night >= $3 AND night <= $4
  GROUP BY night, key),
players AS (
  SELECT s.night, ${CLUB_PLAYER.columns}, s.total, s.rounds, s.evenings, s.points
  FROM sums s
  ${CLUB_PLAYER.joins}),
asked AS (
  SELECT ${CLUB_PLAYER.columns} FROM (SELECT $2::text AS key, ''::text AS name) s
  ${CLUB_PLAYER.joins})
SELECT p.night, p.player = (SELECT player FROM asked) AS mine, min(p.name) AS name,
       sum(p.total)::float8 AS total, sum(p.rounds)::float8 AS rounds,
       sum(p.evenings)::float8 AS evenings, sum(p.points)::float8 AS points
FROM players p
WHERE p.night IN (SELECT night FROM players WHERE player = (SELECT player FROM asked))
GROUP BY p.night, p.player`;

/** One player's nights of the season (docs/club.md, GET /v1/nights): read only when asked. */
export async function playerNights(
	q: Queryable,
	club: Club,
	player: string,
	now = Date.now()
): Promise<PlayerNights> {
	const season = seasonOf(nightOf(now));
	const [clubRow] = await q.query<{ ranking: ClubRanking }>(
		`SELECT ranking FROM club WHERE id = $1`,
		[club.id]
	);
	const rows = await q.query<Sum & { mine: boolean; night: string }>(NIGHTS_SQL, [
		club.id,
		playerKey(player),
		`${season}-01-01`,
		`${season}-12-31`
	]);
	const byNight = new Map<string, (Sum & { mine: boolean })[]>();
	for (const row of rows) {
		const night = byNight.get(row.night);
		if (night) night.push(row);
		else byNight.set(row.night, [row]);
	}
	const nights: PlayerNights['nights'] = [];
	for (const night of [...byNight.keys()].sort()) {
		const sums = byNight.get(night)!;
		const mine = sums.find((s) => s.mine)!;
		// Ranked by the club's rule with every player of that night; found again by its name.
		const ranked = rank(sums, clubRow?.ranking ?? club.ranking).find((s) => s.name === mine.name)!;
		nights.push({ night, place: ranked.place, total: ranked.total, rounds: ranked.rounds });
	}
	return { player, season, nights };
}

/**
 * Each table with a live key, its latest evening of the night (the one it started last), and
 * when any of its keys was last heard from.
 */
async function tablesTonight(q: Queryable, club: Club, night: string) {
	return q.query<Standings['tables'][number]>(
		`SELECT t.name, coalesce(e.round_count, 0) AS round, coalesce(e.leader, '[]'::jsonb) AS leader,
		        coalesce(e.over, false) AS over,
		        (SELECT max(last_heard_at) FROM club_key WHERE table_id = t.id) AS "lastHeardAt"
		 FROM club_table t
		 LEFT JOIN LATERAL (
			SELECT round_count, leader, over FROM evening
			WHERE table_id = t.id AND night = $2 AND NOT deleted
			ORDER BY (data->>'createdAt')::bigint DESC LIMIT 1
		 ) e ON true
		 WHERE t.club_id = $1 AND t.role = 'table'
		   AND EXISTS (SELECT 1 FROM club_key k WHERE k.table_id = t.id AND k.revoked_at IS NULL)
		 ORDER BY lower(t.name)
		 LIMIT $3`,
		[club.id, night, MAX_STANDINGS_ROWS]
	);
}

export async function computeStandings(
	q: Queryable,
	club: Club,
	now = Date.now()
): Promise<Standings> {
	const night = nightOf(now);
	const season = seasonOf(night);
	const [clubRow] = await q.query<{ name: string; ranking: ClubRanking }>(
		`SELECT name, ranking FROM club WHERE id = $1`,
		[club.id]
	);
	const ranking = clubRow?.ranking ?? club.ranking;
	const [tables, tonight, seasonSums] = await Promise.all([
		tablesTonight(q, club, night),
		q.query<Sum>(SUMS_SQL, [club.id, night, night]),
		q.query<Sum>(SUMS_SQL, [club.id, `${season}-01-01`, `${season}-12-31`])
	]);
	return {
		club: clubRow?.name ?? club.name,
		ranking,
		night,
		season,
		generatedAt: now,
		tables,
		tonight: rank(tonight, ranking).slice(0, MAX_STANDINGS_ROWS),
		tonightCount: tonight.length,
		seasonStandings: rank(seasonSums, ranking).slice(0, MAX_STANDINGS_ROWS),
		seasonCount: seasonSums.length
	};
}

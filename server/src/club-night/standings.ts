// Tonight's and the season's standings by the club's stated rule (the pure module's
// seasonStandings), from the rows the rules core derived when each evening was stored. A name
// typed at a table is the member whose spelling it is (one join), or a guest of that name.

import {
	nightStandings,
	seasonStandings,
	type DivisionStandings,
	type PlayedNight,
	type SeasonRule
} from '../../../src/lib/club/night';
import { MAX_SEASON_ROWS, type Season } from '../../../src/lib/club/night-protocol';
import type { Queryable } from '../db';
import { seasonOf } from '../night';
import { refused } from './action';
import { readSettings } from './sql';

/**
 * Who a typed name is, for rows `s` with its `key` and `name` (the club's id is $1): the member
 * whose name or spelling it is, else a guest of that name. Both standings read players so (GET
 * /v1/season and the wall's, and GET /v1/standings): one member, one row, however typed.
 */
export const CLUB_PLAYER = {
	columns: `coalesce(m.id, a.member_id, 'guest:' || s.key) AS player,
       coalesce(m.name, am.name, s.name) AS name, coalesce(m.division, am.division) AS division`,
	joins: `LEFT JOIN member m ON m.club_id = $1 AND m.key = s.key AND m.merged_into IS NULL
LEFT JOIN alias a ON a.club_id = $1 AND a.key = s.key
LEFT JOIN member am ON am.id = a.member_id`
};

// Seats are summed a night per typed name first (one row per name a night, whatever the seats),
// then matched to members: two spellings of one member on one night are two rows, which the pure
// module adds up. Nights in order, so a guest's name is the one of their last night. The rows come
// as one JSON array: PGlite hands thousands of rows to JS far slower than one value.
const PLAYED_SQL = `
SELECT coalesce(json_agg(x ORDER BY x.night), '[]'::json) AS rows FROM (
WITH sums AS (
  SELECT night, key, min(name) AS name, sum(total)::float8 AS total, sum(rounds)::int AS rounds,
         count(*)::int AS evenings, sum(seats - place)::int AS points
  FROM evening_player
  WHERE club_id = $1 AND night >= $2 AND night <= $3
  GROUP BY night, key)
SELECT s.night, ${CLUB_PLAYER.columns}, s.total, s.rounds, s.evenings, s.points
FROM sums s
${CLUB_PLAYER.joins}) x`;

type Played = PlayedNight & { division: string | null };

/** Each player's sums a night, of the nights from `first` to `last`, as the club's players. */
async function played(q: Queryable, clubId: string, first: string, last: string) {
	const [answer] = await q.query<{ rows: Played[] }>(PLAYED_SQL, [clubId, first, last]);
	return answer!.rows;
}

/** Each player's division, when it is one the club lists (a division taken away lists none). */
function divisionsOf(rows: readonly Played[], divisions: readonly string[]) {
	const listed = new Set(divisions);
	const divisionOf: Record<string, string> = {};
	for (const r of rows) if (r.division && listed.has(r.division)) divisionOf[r.player] = r.division;
	return { divisions, divisionOf };
}

/** At most MAX_SEASON_ROWS rows a division, the best first, with how many there are. */
function capped(standings: DivisionStandings[]) {
	return standings.map((d) => ({
		division: d.division,
		rows: d.rows.slice(0, MAX_SEASON_ROWS),
		count: d.rows.length
	}));
}

export async function tonightStandings(
	q: Queryable,
	clubId: string,
	night: string,
	rule: SeasonRule,
	divisions: readonly string[]
) {
	const rows = await played(q, clubId, night, night);
	const result = nightStandings(night, [], rule, {
		playedNights: rows,
		...divisionsOf(rows, divisions)
	});
	if (!result.ok) throw refused(result.problems);
	return { rule, divisions: capped(result.value) };
}

/** GET /v1/season: the nights of `night`'s season so far, by the club's rule. */
export async function season(q: Queryable, clubId: string, night: string): Promise<Season> {
	const settings = await readSettings(q, clubId);
	const year = seasonOf(night);
	const rows = await played(q, clubId, `${year}-01-01`, `${year}-12-31`);
	const nights = [...new Set(rows.map((r) => r.night))].sort();
	const result = seasonStandings(
		{ nights, playedNights: rows, ...divisionsOf(rows, settings.divisions) },
		settings.seasonRule
	);
	if (!result.ok) throw refused(result.problems);
	return {
		club: settings.club,
		season: year,
		rule: settings.seasonRule,
		nights,
		divisions: capped(result.value)
	};
}

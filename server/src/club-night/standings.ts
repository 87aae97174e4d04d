// Tonight's and the season's standings by the club's stated rule (the pure module's
// seasonStandings), from the rows the rules core derived when each evening was stored. A name
// typed at a table is the member whose spelling it is (one join), or a guest of that name.

import {
	nightStandings,
	seasonStandings,
	type DivisionStandings,
	type PlayedEvening,
	type SeasonRule
} from '../../../src/lib/club/night';
import { MAX_SEASON_ROWS, type Season } from '../../../src/lib/club/night-protocol';
import type { Queryable } from '../db';
import { seasonOf } from '../night';
import { refused } from './action';
import { readSettings } from './sql';

const PLAYED_SQL = `
SELECT ep.night, coalesce(m.id, a.member_id, 'guest:' || ep.key) AS player,
       coalesce(m.name, am.name, ep.name) AS name, ep.total::float8 AS total, ep.rounds,
       ep.place, ep.seats, coalesce(m.division, am.division) AS division
FROM evening_player ep
LEFT JOIN member m ON m.club_id = ep.club_id AND m.key = ep.key AND m.merged_into IS NULL
LEFT JOIN alias a ON a.club_id = ep.club_id AND a.key = ep.key
LEFT JOIN member am ON am.id = a.member_id
WHERE ep.club_id = $1 AND ep.night >= $2 AND ep.night <= $3`;

type Played = PlayedEvening & { division: string | null };

/** Every evening's seat of the nights from `first` to `last`, as the club's players. */
async function played(q: Queryable, clubId: string, first: string, last: string) {
	return q.query<Played>(PLAYED_SQL, [clubId, first, last]);
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
	const result = nightStandings(night, rows, rule, divisionsOf(rows, divisions));
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
		{ nights, evenings: rows, ...divisionsOf(rows, settings.divisions) },
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

// The club night's rows, read and written: the club's settings, the roster (members and their
// spellings), tonight's row. Each function takes the transaction (or the database) it runs in.

import { randomUUID } from 'node:crypto';
import type { ClubSettings } from '../../../src/lib/club/night-protocol';
import type { ClubRanking } from '../../../src/lib/club/protocol';
import { playerKey, type RulesChoice } from '../../../src/lib/rules';
import type { Roster, SeasonRule } from '../../../src/lib/club/night';
import type { Queryable } from '../db';

export interface NightRow {
	id: string;
	night: string;
	revision: number;
	here: string[];
	guests: string[];
}

/** Tonight's row, made when first needed and locked until the transaction ends. */
export async function lockNight(tx: Queryable, clubId: string, night: string): Promise<NightRow> {
	await tx.query(
		`INSERT INTO night (id, club_id, night) VALUES ($1, $2, $3) ON CONFLICT (club_id, night) DO NOTHING`,
		[randomUUID(), clubId, night]
	);
	const [row] = await tx.query<NightRow>(
		`SELECT id, night, revision, here, guests FROM night WHERE club_id = $1 AND night = $2 FOR UPDATE`,
		[clubId, night]
	);
	return row!;
}

/** Tonight's row as it is (revision 0, nobody here: no organiser has written tonight yet). */
export async function readNight(q: Queryable, clubId: string, night: string): Promise<NightRow> {
	const [row] = await q.query<NightRow>(
		`SELECT id, night, revision, here, guests FROM night WHERE club_id = $1 AND night = $2`,
		[clubId, night]
	);
	return row ?? { id: '', night, revision: 0, here: [], guests: [] };
}

interface SettingsRow {
	name: string;
	ranking: ClubRanking;
	table_min: number;
	table_max: number;
	house_rules: RulesChoice | null;
	season_rule: SeasonRule | null;
	divisions: string[];
}

/** The rule of a club that has stated none: its ranking (the CLI's), as the standings were. */
export function defaultSeasonRule(ranking: ClubRanking): SeasonRule {
	return { ranking, missed: { kind: 'not-counted' }, ties: 'shared' };
}

export async function readSettings(
	q: Queryable,
	clubId: string
): Promise<ClubSettings & { club: string }> {
	const [row] = await q.query<SettingsRow>(
		`SELECT name, ranking, table_min, table_max, house_rules, season_rule, divisions
		 FROM club WHERE id = $1`,
		[clubId]
	);
	const r = row!;
	return {
		club: r.name,
		tableSizes: { min: r.table_min, max: r.table_max },
		houseRules: r.house_rules as ClubSettings['houseRules'],
		seasonRule: r.season_rule ?? defaultSeasonRule(r.ranking),
		divisions: r.divisions
	};
}

export async function writeSettings(tx: Queryable, clubId: string, s: ClubSettings) {
	await tx.query(
		`UPDATE club SET table_min = $2, table_max = $3, house_rules = $4, season_rule = $5,
		        divisions = $6 WHERE id = $1`,
		[
			clubId,
			s.tableSizes.min,
			s.tableSizes.max,
			s.houseRules === null ? null : JSON.stringify(s.houseRules),
			JSON.stringify(s.seasonRule),
			JSON.stringify(s.divisions)
		]
	);
}

/** The roster as the pure module takes it, with each member's division beside it. */
export interface StoredRoster extends Roster {
	divisionOf: Map<string, string | null>;
}

export async function readRoster(q: Queryable, clubId: string): Promise<StoredRoster> {
	const members = await q.query<{ id: string; name: string; division: string | null }>(
		`SELECT id, name, division FROM member WHERE club_id = $1 AND merged_into IS NULL
		 ORDER BY created_at, id`,
		[clubId]
	);
	const aliases = await q.query<{ name: string; member: string }>(
		`SELECT name, member_id AS member FROM alias WHERE club_id = $1 ORDER BY name, key`,
		[clubId]
	);
	return {
		members: members.map(({ id, name }) => ({ id, name })),
		aliases,
		divisionOf: new Map(members.map((m) => [m.id, m.division]))
	};
}

/**
 * The roster after one of the pure module's changes: new and renamed members written, a merged
 * member pointed to the one kept (`merged`: gone → keep), the spellings written whole.
 */
export async function saveRoster(
	tx: Queryable,
	clubId: string,
	next: Roster,
	now: number,
	merged?: { gone: string; keep: string }
): Promise<void> {
	if (merged) {
		await tx.query(`UPDATE member SET merged_into = $3 WHERE club_id = $1 AND id = $2`, [
			clubId,
			merged.gone,
			merged.keep
		]);
	}
	const members = next.members.map((m) => ({ id: m.id, name: m.name, key: playerKey(m.name) }));
	await tx.query(
		`INSERT INTO member (id, club_id, name, key, created_at)
		 SELECT x.id, $1, x.name, x.key, $3 FROM jsonb_to_recordset($2::jsonb) AS x(id text, name text, key text)
		 ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, key = EXCLUDED.key
		 WHERE member.name IS DISTINCT FROM EXCLUDED.name`,
		[clubId, JSON.stringify(members), now]
	);
	const aliases = next.aliases.map((a) => ({ key: playerKey(a.name), ...a }));
	await tx.query(`DELETE FROM alias WHERE club_id = $1`, [clubId]);
	await tx.query(
		`INSERT INTO alias (club_id, key, name, member_id)
		 SELECT $1, x.key, x.name, x.member FROM jsonb_to_recordset($2::jsonb) AS x(key text, name text, member text)`,
		[clubId, JSON.stringify(aliases)]
	);
}

export async function setDivision(
	tx: Queryable,
	clubId: string,
	id: string,
	division: string | null
) {
	await tx.query(`UPDATE member SET division = $3 WHERE club_id = $1 AND id = $2`, [
		clubId,
		id,
		division
	]);
}

/** Tonight's check-in, written whole. */
export async function saveCheckIn(tx: Queryable, night: NightRow) {
	await tx.query(`UPDATE night SET here = $2, guests = $3 WHERE id = $1`, [
		night.id,
		JSON.stringify(night.here),
		JSON.stringify(night.guests)
	]);
}

// The club's own rows: the club, its tables and viewers, their keys (join links) and the ranking
// rule. Only the CLI on the server machine changes them; nothing on the network does.

import { randomUUID } from 'node:crypto';
import type { ClubRanking, ClubRole } from '../../src/lib/club/protocol';
import { CHANGE_CHANNEL, REVOKED } from './changes';
import type { Db } from './db';
import { newToken, tokenHash } from './tokens';

export interface Club {
	id: string;
	name: string;
	ranking: ClubRanking;
}

export interface TableListing {
	name: string;
	role: ClubRole;
	createdAt: number;
	revokedAt: number | null;
	lastHeardAt: number | null;
}

/** The club of this database, made on first start with `name`. */
export async function ensureClub(db: Db, name: string): Promise<Club> {
	return db.transaction(async (tx) => {
		await tx.query(`SELECT pg_advisory_xact_lock(28029)`);
		const found = await tx.query<Club>(`SELECT id, name, ranking FROM club LIMIT 1`);
		if (found[0]) return found[0];
		const club: Club = { id: randomUUID(), name, ranking: 'per-round' };
		await tx.query(`INSERT INTO club (id, name, ranking, created_at) VALUES ($1, $2, $3, $4)`, [
			club.id,
			club.name,
			club.ranking,
			Date.now()
		]);
		return club;
	});
}

export class TableNameTaken extends Error {}
export class TableNotFound extends Error {}

/**
 * A key (a join link) for the table (or viewer) of this name: a new table, or the same table
 * again when its key was revoked, so its evenings stay its own. Returns the token, shown only now.
 * TableNameTaken when the table has a live key.
 */
export async function invite(db: Db, club: Club, name: string, role: ClubRole): Promise<string> {
	const token = newToken();
	const now = Date.now();
	try {
		await db.transaction(async (tx) => {
			// The name as written last; the role of the newest key.
			const [table] = await tx.query<{ id: string }>(
				`INSERT INTO club_table (id, club_id, name, role, created_at) VALUES ($1, $2, $3, $4, $5)
				 ON CONFLICT (club_id, (lower(name))) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role
				 RETURNING id`,
				[randomUUID(), club.id, name, role, now]
			);
			await tx.query(
				`INSERT INTO club_key (id, table_id, token_hash, created_at) VALUES ($1, $2, $3, $4)`,
				[randomUUID(), table!.id, tokenHash(token), now]
			);
		});
	} catch (e) {
		if ((e as { code?: unknown }).code === '23505') throw new TableNameTaken(name);
		throw e;
	}
	return token;
}

/**
 * Ends a table's key: refused from now on (401 token-revoked), by every server process at once
 * (a batch under way is stored before this returns, or refused), its open live channels closed;
 * every live channel hears of it, since the standings' tables change. Its evenings stay.
 */
export async function revoke(db: Db, club: Club, name: string): Promise<void> {
	const rows = await db.query(
		`WITH k AS (
			UPDATE club_key SET revoked_at = $3
			WHERE revoked_at IS NULL AND table_id IN (
				SELECT id FROM club_table WHERE club_id = $1 AND lower(name) = lower($2))
			RETURNING id
		 )
		 SELECT pg_notify($4, $5 || id) FROM k`,
		[club.id, name, Date.now(), CHANGE_CHANNEL, REVOKED]
	);
	if (rows.length === 0) throw new TableNotFound(name);
}

/** Every table and viewer: revoked when it has no live key, last heard by any of its keys. */
export async function listTables(db: Db, club: Club): Promise<TableListing[]> {
	return db.query<TableListing>(
		`SELECT t.name, t.role, t.created_at AS "createdAt",
		        CASE WHEN bool_and(k.revoked_at IS NOT NULL) THEN max(k.revoked_at) END AS "revokedAt",
		        max(k.last_heard_at) AS "lastHeardAt"
		 FROM club_table t JOIN club_key k ON k.table_id = t.id
		 WHERE t.club_id = $1
		 GROUP BY t.id
		 ORDER BY bool_and(k.revoked_at IS NOT NULL), lower(t.name), t.created_at`,
		[club.id]
	);
}

export async function setRanking(db: Db, club: Club, ranking: ClubRanking): Promise<void> {
	await db.query(`UPDATE club SET ranking = $2 WHERE id = $1`, [club.id, ranking]);
}

// The club's own rows: the club, its tables and viewers, their tokens and the ranking rule. Only
// the CLI on the server machine changes them; nothing on the network does.

import { randomUUID } from 'node:crypto';
import type { ClubRanking } from '../../src/lib/club/protocol';
import type { Db } from './db';
import { newToken, tokenHash } from './tokens';

export interface Club {
	id: string;
	name: string;
	ranking: ClubRanking;
}

export interface TableListing {
	name: string;
	role: 'table' | 'viewer';
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

/** A new table (or viewer) of the club with a fresh token; returns the token, shown only now. */
export async function invite(
	db: Db,
	club: Club,
	name: string,
	role: 'table' | 'viewer'
): Promise<string> {
	const token = newToken();
	try {
		await db.query(
			`INSERT INTO club_table (id, club_id, name, role, token_hash, created_at)
			 VALUES ($1, $2, $3, $4, $5, $6)`,
			[randomUUID(), club.id, name, role, tokenHash(token), Date.now()]
		);
	} catch (e) {
		if ((e as { code?: unknown }).code === '23505') throw new TableNameTaken(name);
		throw e;
	}
	return token;
}

/** Ends a table's access: its token is refused from now on (401 token-revoked). */
export async function revoke(db: Db, club: Club, name: string): Promise<void> {
	const rows = await db.query(
		`UPDATE club_table SET revoked_at = $3
		 WHERE club_id = $1 AND lower(name) = lower($2) AND revoked_at IS NULL RETURNING id`,
		[club.id, name, Date.now()]
	);
	if (rows.length === 0) throw new TableNotFound(name);
}

export async function listTables(db: Db, club: Club): Promise<TableListing[]> {
	return db.query<TableListing>(
		`SELECT name, role, created_at AS "createdAt", revoked_at AS "revokedAt",
		        last_heard_at AS "lastHeardAt"
		 FROM club_table WHERE club_id = $1 ORDER BY revoked_at IS NOT NULL, lower(name), created_at`,
		[club.id]
	);
}

export async function setRanking(db: Db, club: Club, ranking: ClubRanking): Promise<void> {
	await db.query(`UPDATE club SET ranking = $2 WHERE id = $1`, [club.id, ranking]);
}

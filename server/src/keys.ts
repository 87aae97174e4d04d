// Who a request is: the key its token is, the table (or viewer) the key belongs to, and whether
// the key is live. Asked on every request; the CLI's changes to keys are club.ts's.

import type { ClubRole } from '../../src/lib/club/protocol';
import { coalesce } from './coalesce';
import type { Db, Queryable } from './db';
import { sameHash, tokenHash } from './tokens';

export interface TableAccess {
	clubId: string;
	tableId: string;
	/** The key (the join link) the request came with. */
	keyId: string;
	club: string;
	table: string;
	role: ClubRole;
	revoked: boolean;
}

/** Who a token is, or null for a token the club never gave. */
export async function tableOfToken(db: Db, token: string): Promise<TableAccess | null> {
	let find = lookups.get(db);
	if (!find) lookups.set(db, (find = tokenLookups(db)));
	const hash = tokenHash(token);
	const row = await find(hash);
	if (!row || !sameHash(row.hash, hash)) return null;
	const { hash: _, ...access } = row;
	return access;
}

type TokenRow = TableAccess & { hash: Uint8Array };

const lookups = new WeakMap<Db, (hash: Buffer) => Promise<TokenRow | undefined>>();

/**
 * The row of a token by its hash. Look-ups asked for while one runs wait, then go in one
 * statement together: however many tables ask at the same moment, their requests wait for the
 * database about twice, not once each.
 */
function tokenLookups(db: Db) {
	return coalesce<Buffer, TokenRow | undefined>(async (hashes) => {
		const rows = await db.prepared<TokenRow>(
			`SELECT t.club_id AS "clubId", t.id AS "tableId", k.id AS "keyId", c.name AS club,
			        t.name AS "table", t.role, k.revoked_at IS NOT NULL AS revoked, k.token_hash AS hash
			 FROM club_key k JOIN club_table t ON t.id = k.table_id JOIN club c ON c.id = t.club_id
			 WHERE k.token_hash IN (SELECT decode(jsonb_array_elements_text($1::jsonb), 'hex'))`,
			[JSON.stringify(hashes.map((h) => h.toString('hex')))]
		);
		const found = new Map(rows.map((r) => [Buffer.from(r.hash).toString('hex'), r]));
		return hashes.map((h) => ({ status: 'fulfilled', value: found.get(h.toString('hex')) }));
	});
}

/** Remembers when a key was last heard from (its table's is shown on the club standings). */
export async function heardFrom(q: Queryable, keyId: string, at = Date.now()): Promise<void> {
	await q.query(
		`UPDATE club_key SET last_heard_at = $2 WHERE id = $1 AND (last_heard_at IS NULL OR last_heard_at < $2)`,
		[keyId, at]
	);
}

/** Which of `keyIds` are revoked (a live channel catching up after its database was away). */
export async function revokedAmong(q: Queryable, keyIds: string[]): Promise<string[]> {
	if (keyIds.length === 0) return [];
	const rows = await q.query<{ id: string }>(
		`SELECT id FROM club_key WHERE id = ANY ($1::text[]) AND revoked_at IS NOT NULL`,
		[keyIds]
	);
	return rows.map((r) => r.id);
}

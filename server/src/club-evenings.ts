// The club's evenings as the organiser sees them in the CLI: a table's evenings, and removing one
// that no phone will ever delete (it was deleted on a phone that then left the club). Removing
// is what a phone's delete does, one revision above the club's: its rounds and results go, a
// tombstone stays, so an older copy sent later changes nothing.

import type { Club } from './club';
import type { Db } from './db';
import { notifyChange } from './changes';

export interface StoredEvening {
	id: string;
	table: string;
	/** When it started on the phone (ms). */
	createdAt: number;
	players: string[];
	rounds: number;
	over: boolean;
}

type Row = Omit<StoredEvening, 'players'> & { players: { name: string }[] | null };

const SELECT = `
	SELECT e.id, t.name AS "table", (e.data->>'createdAt')::bigint AS "createdAt",
	       e.data->'players' AS players, e.round_count AS rounds, e.over
	FROM evening e JOIN club_table t ON t.id = e.table_id
	WHERE e.club_id = $1 AND NOT e.deleted`;

const read = (r: Row): StoredEvening => ({
	...r,
	players: Array.isArray(r.players) ? r.players.map((p) => String(p?.name)) : []
});

/** The evenings the club holds of the table named `table` (any of its links), newest first. */
export async function eveningsOfTable(db: Db, club: Club, table: string): Promise<StoredEvening[]> {
	const rows = await db.query<Row>(
		`${SELECT} AND lower(t.name) = lower($2) ORDER BY "createdAt" DESC, e.id`,
		[club.id, table]
	);
	return rows.map(read);
}

/** Whether the club has (or had) a table or viewer of this name. */
export async function tableExists(db: Db, club: Club, table: string): Promise<boolean> {
	const rows = await db.query(
		`SELECT 1 FROM club_table WHERE club_id = $1 AND lower(name) = lower($2) LIMIT 1`,
		[club.id, table]
	);
	return rows.length > 0;
}

/** The stored evenings whose id starts with `prefix` (a whole id, or its first characters). */
export async function eveningsById(db: Db, club: Club, prefix: string): Promise<StoredEvening[]> {
	const escaped = prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
	const rows = await db.query<Row>(`${SELECT} AND lower(e.id) LIKE $2 || '%' LIMIT 2`, [
		club.id,
		escaped
	]);
	return rows.map(read);
}

/** Removes a stored evening from the club; false when it is not (or no longer) stored. */
export async function removeEvening(db: Db, club: Club, id: string): Promise<boolean> {
	return db.transaction(async (tx) => {
		const found = await tx.query(
			`SELECT id FROM evening WHERE id = $1 AND club_id = $2 AND NOT deleted FOR UPDATE`,
			[id, club.id]
		);
		if (found.length === 0) return false;
		await tx.query(`DELETE FROM round WHERE evening_id = $1`, [id]);
		await tx.query(`DELETE FROM evening_player WHERE evening_id = $1`, [id]);
		await tx.query(
			`UPDATE evening SET deleted = true, data = NULL, revision = revision + 1, round_count = 0,
			        over = false, leader = '[]', received_at = $2
			 WHERE id = $1`,
			[id, Date.now()]
		);
		await notifyChange(tx, 'evenings');
		return true;
	});
}

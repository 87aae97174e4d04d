// Plain SQL migrations in server/migrations/NNN_name.sql, applied in order at start, each in a
// transaction together with its row in schema_migration, so a migration is applied once or not.

import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));

/** Applies every migration not yet recorded; returns the names applied now. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
	await db.transaction(async (tx) => {
		// Two processes starting at once: the second waits for the first's lock.
		await tx.query(`SELECT pg_advisory_xact_lock(28028)`);
		await tx.exec(
			`CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at bigint NOT NULL)`
		);
	});
	const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
	const applied: string[] = [];
	for (const name of files) {
		const sql = await readFile(`${dir}/${name}`, 'utf8');
		const done = await db.transaction(async (tx) => {
			// Two processes starting at once: the second waits here, then finds the row.
			await tx.query(`SELECT pg_advisory_xact_lock(28028)`);
			const seen = await tx.query(`SELECT 1 FROM schema_migration WHERE name = $1`, [name]);
			if (seen.length > 0) return false;
			await tx.exec(sql);
			await tx.query(`INSERT INTO schema_migration (name, applied_at) VALUES ($1, $2)`, [
				name,
				Date.now()
			]);
			return true;
		});
		if (done) applied.push(name);
	}
	return applied;
}

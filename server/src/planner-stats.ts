// The planner's statistics on the embedded database. PGlite is one process with no background
// workers, so no autovacuum ever analyses a table: the planner never learns how many rows a
// season holds and guesses one, then joins the season's seats to the members row by row (npm run
// bench, 40 tables, 240 players, 30 nights: the season 1.5 s and a member's nights 7 s unanalysed,
// 50 and 75 ms analysed). So the server analyses its tables itself, as autovacuum would: at start
// and every few minutes, each table that has grown by a tenth since it was last analysed (read
// from its size on disk, no scan). PostgreSQL's own autovacuum does this there.

import type { Queryable } from './db';

/** How often the server looks for grown tables. */
export const STATS_EVERY_MS = 5 * 60_000;

/** Analyses each of the club's tables grown by a tenth (and a page) since it was last; their names. */
export async function analyseGrown(db: Queryable): Promise<string[]> {
	const grown = await db.query<{ name: string }>(
		`SELECT c.relname AS name FROM pg_class c
		 WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
		   AND pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 1
		 ORDER BY c.relname`
	);
	if (grown.length === 0) return [];
	// Names read from the catalog, quoted as identifiers. One text is one transaction (undone
	// whole on an error); its lock waits for writes under way, since an ANALYZE beside an INSERT
	// counts its pages but not its rows, and the table then looks analysed until it grows by a
	// tenth again (PostgreSQL, in this suite; PGlite's one connection never meets it).
	const names = grown.map((t) => `"${t.name.replace(/"/g, '""')}"`).join(', ');
	await db.exec(`LOCK TABLE ${names} IN SHARE MODE; ANALYZE ${names}`);
	return grown.map((t) => t.name);
}

/** Keeps the statistics while the server runs; returns its stop. */
export function keepStatistics(db: Queryable, every = STATS_EVERY_MS): () => void {
	let running: Promise<unknown> = Promise.resolve();
	// A failure (the database closing on the way out) waits for the next turn.
	const turn = () => (running = running.then(() => analyseGrown(db)).catch(() => {}));
	void turn();
	const timer = setInterval(turn, every);
	timer.unref();
	return () => clearInterval(timer);
}

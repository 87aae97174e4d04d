// Shared by the db tests: each test gets its own fake-indexeddb database, deleted after it
// (afterEach(closeAll) in the test file).
import 'fake-indexeddb/auto';
import { createDatabase, type CabooseDb } from '$lib/db/database';
import { createEvening, type NewEvening } from '$lib/db/evenings';

const open: CabooseDb[] = [];

/** A new, empty database under a name no other test uses. */
export function freshDb(): CabooseDb {
	return connect(`db-test-${crypto.randomUUID()}`);
}

/**
 * A connection to the database called `name` (one a test wrote, or the same one again, as a
 * second tab has): closed and deleted after the test too.
 */
export function connect(name: string): CabooseDb {
	const db = createDatabase(name);
	open.push(db);
	return db;
}

/** For afterEach: closes and deletes every database the test opened. */
export async function closeAll(): Promise<void> {
	for (const db of open.splice(0)) {
		db.close();
		await db.delete();
	}
}

/** Stores an evening the rules accept and returns its id (a refusal fails the test). */
export async function newEvening(db: CabooseDb, input: NewEvening): Promise<string> {
	const created = await createEvening(db, input);
	if (!created.ok) throw new Error(`createEvening refused: ${JSON.stringify(created)}`);
	return created.id;
}

import Dexie from 'dexie';
import { cleanStoredNames } from './people';
import { fillSummaries } from './summaries';
import type { CabooseDb } from './rows';

export type * from './rows';

// The data format of what is stored. Bump with every schema version; an older build refuses to
// write to a newer database (see `openDatabase`).
export const DATA_VERSION = 5;

/** Schema version 1, then each later `.version(n)` with its upgrade and a fixture test. */
export function defineSchema(db: Dexie): void {
	db.version(1).stores({
		players: '&id, &key, lastPlayedAt',
		evenings: '&id, updatedAt, createdAt',
		rounds: '&id, eveningId, &[eveningId+index]',
		drafts: '&eveningId',
		tableEvents: '++id, [eveningId+roundIndex], &[eveningId+roundIndex+seq]',
		meta: '&key'
	});
	// Version 2: each evening's summary, filled here for the evenings already stored.
	db.version(2)
		.stores({ summaries: '&eveningId' })
		.upgrade((tx) => fillSummaries(tx));
	// Version 4: the club's outbox (db/outbox.ts), empty until the phone joins a club. (Version 3
	// is left to another branch's schema change; the numbers need not be consecutive.)
	db.version(4).stores({ outbox: '++seq, held' });
	// Version 5: who is who across phones (db/people.ts), empty until a Merge or a Split; and names
	// an older build stored with a tab or a zero-width space, cleaned as setup cleans them.
	db.version(5)
		.stores({ people: '&playerId, person' })
		.upgrade((tx) => cleanStoredNames(tx));
}

export function createDatabase(name = 'caboose'): CabooseDb {
	// Strict durability: a round is on disk before "Saved" is shown.
	const db = new Dexie(name, { chromeTransactionDurability: 'strict' }) as CabooseDb;
	defineSchema(db);
	return db;
}

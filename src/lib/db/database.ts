import Dexie from 'dexie';
import { cleanStoredNames } from './people';
import { fillSummaries } from './summaries';
import type { CabooseDb } from './rows';

export type * from './rows';

// The data format of what is stored. Bump with every schema version; an older build refuses to
// write to a newer database (see `openDatabase`).
export const DATA_VERSION = 6;

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
	// Version 6: no new store, a new format: a round the club's organiser corrected keeps who and
	// when (`correctedBy`), and a table's evening the club revision of the last correction it took
	// in (`clubCorrection`, which the club needs on every later put). So an older build, which
	// would send the evening without it (and the club would refuse it forever), writes nothing.
	db.version(6).stores({});
}

export function createDatabase(name = 'caboose'): CabooseDb {
	// Strict durability: a round is on disk before "Saved" is shown.
	const db = new Dexie(name, { chromeTransactionDurability: 'strict' }) as CabooseDb;
	defineSchema(db);
	return db;
}

import { createDatabase } from './database';
import { guardDataVersion } from './versions';

// The app's one database connection. Functions in db/ take the database as a parameter so the
// data layer is tested against fake-indexeddb; the screens' state classes pass this one.
export const db = createDatabase();
// An older build must never write to data a newer build saved: such an open fails instead.
guardDataVersion(db);

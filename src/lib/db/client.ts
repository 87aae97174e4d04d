import { createDatabase } from './database';

// The app's one database connection. Functions in db/ take the database as a parameter so the
// data layer is tested against fake-indexeddb; the screens' state classes pass this one.
export const db = createDatabase();

// What the evening screens say beside "Saved" (ClubReach): nothing for a phone in no club or a
// table the club takes; "stays on this phone only" once the club ended the table's access, until
// a new link for the table.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { joinClub } from '$lib/db/club';
import { markRevoked } from '$lib/db/outbox';
import { ClubReach } from '$lib/state/club/reach.svelte';
import { closeAll, freshDb } from '../db/helpers';
import { CLUB } from './fake-club';
import { untilState } from './wait';

afterEach(closeAll);

describe('ClubReach', () => {
	it('says a revoked table’s rounds stay on the phone, and only then', async () => {
		const db = freshDb();
		const reach = new ClubReach(db);
		const stop = reach.watch();
		await untilState(() => expect(db.isOpen()).toBe(true));
		expect(reach.revoked).toBe(false);
		await joinClub(db, CLUB);
		await markRevoked(db, CLUB.token);
		await untilState(() => expect(reach.revoked).toBe(true));
		await joinClub(db, { ...CLUB, token: 'N'.repeat(43) });
		await untilState(() => expect(reach.revoked).toBe(false));
		stop();
	});
});

// Settings once joined (ClubSettings): while changes wait and the club's server serves the app
// at another address (its APP_ORIGIN changed since the phone joined, say), the browser hides
// every answer of the club from this page; Settings says why nothing is sent rather than only
// "Waiting to send" forever. It asks GET /v1/hello once while changes wait, and not offline.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { joinClub } from '$lib/db/club';
import { ClubSettings } from '$lib/state/club/membership.svelte';
import { closeAll, freshDb, playedEvening } from '../db/helpers';
import { CLUB } from './fake-club';
import { untilState } from './wait';

afterEach(closeAll);

/** A club's server that serves the app at `appOrigin`; every other request fails (the browser). */
function clubAt(appOrigin: string) {
	const asked: string[] = [];
	const fetchFn = async (url: RequestInfo | URL): Promise<Response> => {
		const path = String(url).slice(CLUB.server.length);
		asked.push(path);
		if (path !== '/v1/hello') throw new TypeError('Failed to fetch');
		return Response.json({ protocol: 1, appOrigin });
	};
	return { fetch: fetchFn as typeof fetch, asked };
}

describe('ClubSettings', () => {
	it('says nothing is sent from here while the club serves the app at another address', async () => {
		const db = freshDb();
		const club = clubAt('http://127.0.0.1:4173');
		let online = true;
		const page = { origin: 'http://localhost:5173', online: () => online };
		const settings = new ClubSettings(db, club.fetch, page);
		const stop = settings.watch();
		await joinClub(db, CLUB);
		await untilState(() => expect(settings.club?.table).toBe('Table 1'));
		// Nothing waits: the club is not asked.
		expect(settings.otherOrigin).toBeNull();
		expect(club.asked).toEqual([]);

		await playedEvening(db, 2);
		await untilState(() => expect(settings.otherOrigin).toBe('http://127.0.0.1:4173'));
		// Asked once while changes wait, not on every change.
		expect(club.asked).toEqual(['/v1/hello']);

		// Once nothing waits it is no longer said; offline, the club is not asked.
		await db.outbox.clear();
		await untilState(() => expect(settings.otherOrigin).toBeNull());
		online = false;
		await playedEvening(db, 1);
		await untilState(() => expect(settings.counts.waiting).toBeGreaterThan(0));
		expect(club.asked).toEqual(['/v1/hello']);
		expect(settings.otherOrigin).toBeNull();
		stop();
	});

	it('says nothing of the kind when the club serves this address', async () => {
		const db = freshDb();
		const club = clubAt('http://127.0.0.1:4173');
		const settings = new ClubSettings(db, club.fetch, {
			origin: 'http://127.0.0.1:4173',
			online: () => true
		});
		const stop = settings.watch();
		await joinClub(db, CLUB);
		await playedEvening(db, 1);
		await untilState(() => expect(club.asked).toEqual(['/v1/hello']));
		expect(settings.otherOrigin).toBeNull();
		stop();
	});
});

// The Club standings screen's state (ClubStandingsView): the standings read from the club, read
// again on every `change` of its live channel; a server away leaves the last standings shown as
// possibly out of date; a channel that closes is opened again after a wait; a token the club
// refuses stops it all. The browser's EventSource is a fake here.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ClubMembership } from '$lib/db/database';
import { joinClub } from '$lib/db/club';
import { clubMembership } from '$lib/db/outbox';
import type { Standings } from '$lib/club/protocol';
import {
	ClubStandingsView,
	nightDay,
	playersBeyond,
	seasonTotals
} from '$lib/state/club/standings.svelte';
import { closeAll, freshDb } from '../db/helpers';
import { untilState } from './wait';
import { FakeEventSource } from './fake-event-source';

const CLUB: ClubMembership = {
	server: 'https://club.example',
	token: 'V'.repeat(43),
	club: 'Domino club',
	table: 'Bar TV',
	role: 'viewer',
	joinedAt: 1,
	revoked: false
};

function standings(total: number): Standings {
	return {
		club: 'Domino club',
		ranking: 'per-round',
		night: '2026-11-26',
		season: '2026',
		generatedAt: 1,
		tables: [{ name: 'Table 1', round: 1, leader: ['Anna'], over: false, lastHeardAt: 1 }],
		tonight: [{ name: 'Anna', place: 1, total, rounds: 1, evenings: 1, score: total }],
		seasonStandings: [{ name: 'Anna', place: 1, total, rounds: 1, evenings: 1, score: total }]
	};
}

/** A club whose standings are `total` points for Anna; `mode` says how it answers. */
function fakeClub() {
	const state = {
		total: 0,
		mode: 'ok' as 'ok' | 'down' | 'refuse',
		reads: 0,
		nightReads: [] as string[],
		asked: [] as string[],
		/** What GET /v1/hello says (null: no answer either, as with no signal). */
		appOrigin: null as string | null
	};
	const fetchFn = async (url: RequestInfo | URL, init?: RequestInit) => {
		if (!String(url).endsWith('/v1/hello')) {
			expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${CLUB.token}`);
		}
		const nights = `${CLUB.server}/v1/nights?player=`;
		if (String(url).startsWith(nights)) {
			const player = decodeURIComponent(String(url).slice(nights.length));
			state.nightReads.push(player);
			if (state.mode === 'down') throw new TypeError('Failed to fetch');
			return Response.json({
				player,
				season: '2026',
				nights: [{ night: '2026-11-26', place: 1, total: state.total, rounds: 1 }]
			});
		}
		const path = String(url).slice(CLUB.server.length);
		state.asked.push(path);
		if (path === '/v1/hello') {
			if (state.appOrigin === null) throw new TypeError('Failed to fetch');
			return Response.json({ protocol: 1, appOrigin: state.appOrigin });
		}
		if (state.mode === 'down') throw new TypeError('Failed to fetch');
		if (state.mode === 'refuse') return Response.json({ error: 'token-revoked' }, { status: 401 });
		if (path === '/v1/me') return Response.json({ protocol: 1, ...CLUB });
		expect(path).toBe('/v1/standings');
		state.reads++;
		return Response.json(standings(state.total));
	};
	return { state, fetch: fetchFn as typeof fetch };
}

beforeEach(() => {
	FakeEventSource.opened = [];
	vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(async () => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
	await closeAll();
});

const PAGE = { origin: 'http://127.0.0.1:4173', online: () => true };

async function watching(club: ReturnType<typeof fakeClub>, member = true, db = freshDb()) {
	if (member && !(await clubMembership(db))) await joinClub(db, CLUB);
	const view = new ClubStandingsView(db, club.fetch, PAGE);
	const stop = view.watch();
	return { view, stop, db };
}

describe('ClubStandingsView', () => {
	it('says a phone in no club is in none, and asks no one', async () => {
		const club = fakeClub();
		const { view, stop } = await watching(club, false);
		await untilState(() => expect(view.club).toBeNull());
		expect(club.state.reads).toBe(0);
		expect(FakeEventSource.opened).toEqual([]);
		stop();
	});

	it('reads the standings, then again on every change the live channel tells', async () => {
		const club = fakeClub();
		club.state.total = 5;
		const { view, stop } = await watching(club);
		await untilState(() => expect(view.standings?.tonight[0]?.total).toBe(5));
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		const [source] = FakeEventSource.opened;
		expect(source!.url).toBe(`${CLUB.server}/v1/events?token=${CLUB.token}`);
		expect(view.link).toBe('connecting');
		club.state.total = 12;
		source!.change();
		expect(view.link).toBe('live');
		await untilState(() => expect(view.standings?.tonight[0]?.total).toBe(12));
		expect(view.stale).toBe(false);
		stop();
		expect(source!.closed).toBe(true);
	});

	it("reads on a change of the evenings or of the club's members, not on the night's alone", async () => {
		const club = fakeClub();
		club.state.total = 5;
		const { view, stop } = await watching(club);
		onTestFinished(stop);
		await untilState(() => expect(view.standings?.tonight[0]?.total).toBe(5));
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		const source = FakeEventSource.opened[0]!;
		const reads = club.state.reads;
		// A check-in, a deal, a table's claim: the night alone, which the standings do not show.
		club.state.total = 12;
		source.change('night');
		source.change('evenings');
		await untilState(() => expect(view.standings?.tonight[0]?.total).toBe(12));
		expect(club.state.reads).toBe(reads + 1);
		// A member renamed: the club (one player under each spelling).
		club.state.total = 13;
		source.change('club night');
		await untilState(() => expect(view.standings?.tonight[0]?.total).toBe(13));
		expect(club.state.reads).toBe(reads + 2);
	});

	it('keeps the last standings, marked out of date, while the server is away', async () => {
		const club = fakeClub();
		club.state.total = 7;
		const { view, stop } = await watching(club);
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		club.state.mode = 'down';
		FakeEventSource.opened[0]!.change();
		await untilState(() => expect(view.stale).toBe(true));
		expect(view.standings?.tonight[0]?.total).toBe(7);
		club.state.mode = 'ok';
		club.state.total = 9;
		FakeEventSource.opened[0]!.change();
		await untilState(() => expect(view.stale).toBe(false));
		expect(view.standings?.tonight[0]?.total).toBe(9);
		stop();
	});

	it('opens the channel again after a wait once the browser gives up on it, the key still good', async () => {
		const club = fakeClub();
		const { view, stop } = await watching(club);
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		const first = FakeEventSource.opened[0]!;
		// Dropped, the browser retrying by itself: only said.
		first.drop(false);
		expect(view.link).toBe('reconnecting');
		expect(FakeEventSource.opened).toHaveLength(1);
		// Given up: closed here, and opened again after the backoff (at most a minute).
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const asked = club.state.asked.length;
		first.drop(true);
		expect(first.closed).toBe(true);
		await untilState(() => {
			vi.advanceTimersByTime(60_000);
			expect(FakeEventSource.opened).toHaveLength(2);
		});
		// The standings were read again: the club still takes this key.
		expect(club.state.asked.slice(asked)).toContain('/v1/standings');
		expect(view.link).not.toBe('refused');
		FakeEventSource.opened[1]!.change();
		expect(view.link).toBe('live');
		stop();
	});

	it('reads a player’s nights only once asked, then again on each change', async () => {
		const club = fakeClub();
		const { view, stop } = await watching(club);
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		club.state.total = 5;
		FakeEventSource.opened[0]!.change();
		await untilState(() => expect(view.standings?.tonight[0]?.total).toBe(5));
		expect(club.state.nightReads).toEqual([]);
		await view.showNights('Anna & Ben');
		expect(club.state.nightReads).toEqual(['Anna & Ben']);
		expect(view.nights?.nights[0]).toMatchObject({ night: '2026-11-26', total: 5 });
		club.state.total = 6;
		FakeEventSource.opened[0]!.change();
		await untilState(() => expect(view.nights?.nights[0]?.total).toBe(6));
		// The server away: the last nights stay.
		club.state.mode = 'down';
		await view.showNights('Anna & Ben');
		expect(view.nights?.nights[0]?.total).toBe(6);
		stop();
	});

	it('writes a club night as the day it is here', () => {
		const day = new Date(nightDay('2026-02-28'));
		expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2026, 1, 28]);
	});

	it('draws a season as its running total, night after night', () => {
		const night = (n: string, total: number) => ({ night: n, place: 1, total, rounds: 13 });
		const nights = [night('2026-01-09', 40), night('2026-01-16', 0), night('2026-02-06', 25)];
		expect(seasonTotals(nights)).toEqual([40, 40, 65]);
		expect(seasonTotals([])).toEqual([]);
	});

	it('says how many players a list has in all when the club sent only the best placed', () => {
		const rows = Array.from({ length: 500 }, (_, i) => i);
		expect(playersBeyond(rows, 700)).toBe(700);
		expect(playersBeyond(rows, 500)).toBeNull();
		// An older server sends no count: the list is all of them.
		expect(playersBeyond(rows, undefined)).toBeNull();
	});

	it('stops when the club refuses the token, says it ended its access, and opens no channel', async () => {
		const club = fakeClub();
		club.state.mode = 'refuse';
		const { view, stop } = await watching(club);
		await untilState(() => expect(view.link).toBe('refused'));
		expect(view.revoked).toBe(true);
		expect(view.standings).toBeNull();
		expect(FakeEventSource.opened).toEqual([]);
		stop();
	});

	it('offline, shows the last standings it read, with the time it read them', async () => {
		const club = fakeClub();
		club.state.total = 8;
		const first = await watching(club);
		await untilState(() => expect(first.view.readAt).not.toBeNull());
		const readAt = first.view.readAt;
		first.stop();
		// Another visit, without signal.
		club.state.mode = 'down';
		const { view, stop } = await watching(club, true, first.db);
		await untilState(() => expect(view.stale).toBe(true));
		expect(view.standings?.tonight[0]?.total).toBe(8);
		expect(view.readAt).toBe(readAt);
		expect(view.otherOrigin).toBeNull();
		stop();
	});

	it('is not live while the club’s server has lost its database, and is again once it is back', async () => {
		const club = fakeClub();
		const { view, stop } = await watching(club);
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		const [source] = FakeEventSource.opened;
		source!.change();
		expect(view.link).toBe('live');
		source!.dispatchEvent(new MessageEvent('unavailable', { data: '1700000000000' }));
		expect(view.link).toBe('unavailable');
		source!.change();
		expect(view.link).toBe('live');
		stop();
	});

	it('a channel the club closed (a revoked key): asks who it is, says so, and stops', async () => {
		const club = fakeClub();
		const { view, stop } = await watching(club);
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		FakeEventSource.opened[0]!.change();
		expect(view.link).toBe('live');
		club.state.mode = 'refuse';
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		FakeEventSource.opened[0]!.drop(true);
		expect(view.link).not.toBe('live');
		await untilState(() => expect(view.link).toBe('refused'));
		expect(view.revoked).toBe(true);
		expect(club.state.asked.at(-1)).toBe('/v1/me');
		vi.advanceTimersByTime(120_000);
		expect(FakeEventSource.opened).toHaveLength(1);
		stop();
	});

	it('says truly when the club serves the app at another address', async () => {
		const club = fakeClub();
		club.state.mode = 'down';
		club.state.appOrigin = 'http://localhost:5173';
		const { view, stop } = await watching(club);
		await untilState(() => expect(view.otherOrigin).toBe('http://localhost:5173'));
		stop();
	});
});

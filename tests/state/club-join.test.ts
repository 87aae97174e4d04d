// Opening a club's join link (ClubJoin): the link is checked with the club before anything is
// stored; a link that is not valid, or a club that does not answer, stores nothing; Join club
// stores the membership, and a table's phone then sends the evenings it held before joining.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CabooseDb } from '$lib/db/database';
import { clubMembership } from '$lib/db/outbox';
import { saveRound } from '$lib/db/rounds';
import type { ClubOp, Me } from '$lib/club/protocol';
import { ClubJoin } from '$lib/state/club/join.svelte';
import { stopClubSync } from '$lib/state/club/sync';
import { closeAll, freshDb, newEvening } from '../db/helpers';
import { untilState } from './wait';

const SERVER = 'https://club.example';
const TOKEN = 'Q'.repeat(43);
const LINK = `#server=${encodeURIComponent(SERVER)}&token=${TOKEN}`;

afterEach(async () => {
	stopClubSync();
	vi.unstubAllGlobals();
	await closeAll();
});

/** A club that knows one token as `me`, and keeps what tables send it. */
function fakeClub(me: Me | 'refuse' | 'down') {
	const received: ClubOp[] = [];
	const asked: string[] = [];
	const fetchFn = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		const path = String(url).slice(SERVER.length);
		asked.push(path);
		if (me === 'down') throw new TypeError('Failed to fetch');
		const auth = (init?.headers as Record<string, string>).Authorization;
		if (me === 'refuse' || auth !== `Bearer ${TOKEN}`) {
			return Response.json({ error: 'token-unknown' }, { status: 401 });
		}
		if (path === '/v1/me') return Response.json(me);
		const { ops } = JSON.parse(String(init?.body)) as { ops: ClubOp[] };
		received.push(...ops);
		return Response.json({ applied: ops.map((o) => o.id), ignored: [], refused: [] });
	};
	// The sync loop a table's join starts sends with the page's own fetch.
	vi.stubGlobal('fetch', fetchFn);
	return { fetch: fetchFn as typeof fetch, received, asked };
}

const TABLE: Me = { protocol: 1, club: 'Domino club', table: 'Table 3', role: 'table' };

async function playedEvening(db: CabooseDb): Promise<string> {
	const id = await newEvening(db, {
		names: ['Anna', 'Ben'],
		rules: { preset: 'swiss-jassshop' },
		firstStarter: 0
	});
	const [a, b] = (await db.evenings.get(id))!.players.map((p) => p.id) as [string, string];
	expect(await saveRound(db, id, 0, { out: a, blocked: false, hands: { [b]: 5 } })).toEqual({
		ok: true
	});
	return id;
}

describe('ClubJoin', () => {
	it('refuses a malformed link without asking anyone, and stores nothing', async () => {
		const db = freshDb();
		const club = fakeClub(TABLE);
		const join = new ClubJoin(db, club.fetch);
		await join.open(`#server=${encodeURIComponent('ftp://club.example')}&token=${TOKEN}`);
		expect(join.status).toEqual({ kind: 'invalid' });
		await join.open('#server=https%3A%2F%2Fclub.example&token=short');
		expect(join.status).toEqual({ kind: 'invalid' });
		await join.join();
		expect(club.asked).toEqual([]);
		expect(await clubMembership(db)).toBeNull();
	});

	it('says a link the club refuses is not valid, and stores nothing', async () => {
		const db = freshDb();
		const join = new ClubJoin(db, fakeClub('refuse').fetch);
		await join.open(LINK);
		expect(join.status).toEqual({ kind: 'invalid' });
		await join.join();
		expect(await clubMembership(db)).toBeNull();
	});

	it('says the club does not answer when its server is away, and stores nothing', async () => {
		const db = freshDb();
		const join = new ClubJoin(db, fakeClub('down').fetch);
		await join.open(LINK);
		expect(join.status).toEqual({ kind: 'unreachable' });
		await join.join();
		expect(await clubMembership(db)).toBeNull();
	});

	it('says truly when the club serves the app at another address (the browser hid its answer)', async () => {
		const db = freshDb();
		const asked: string[] = [];
		// The browser blocks the club's answers to a page of another origin: a request fails as if
		// there were no signal. Only /v1/hello answers any origin.
		const fetchFn = async (url: RequestInfo | URL): Promise<Response> => {
			const path = String(url).slice(SERVER.length);
			asked.push(path);
			if (path !== '/v1/hello') throw new TypeError('Failed to fetch');
			return Response.json({ protocol: 1, appOrigin: 'http://localhost:5173/' });
		};
		const page = { origin: 'http://127.0.0.1:4173', online: () => true };
		const join = new ClubJoin(db, fetchFn as typeof fetch, page);
		await join.open(LINK);
		expect(join.status).toEqual({ kind: 'other-origin', appOrigin: 'http://localhost:5173' });
		expect(asked).toEqual(['/v1/me', '/v1/hello']);
		await join.join();
		expect(await clubMembership(db)).toBeNull();
		// The club's own address: then it is the signal after all. Offline: hello is not asked.
		const same = new ClubJoin(db, fetchFn as typeof fetch, {
			...page,
			origin: 'http://localhost:5173'
		});
		await same.open(LINK);
		expect(same.status).toEqual({ kind: 'unreachable' });
		asked.length = 0;
		const offline = new ClubJoin(db, fetchFn as typeof fetch, { ...page, online: () => false });
		await offline.open(LINK);
		expect(offline.status).toEqual({ kind: 'unreachable' });
		expect(asked).toEqual(['/v1/me']);
	});

	it('asks, then joins as the table the club names, and sends the evenings played before', async () => {
		const db = freshDb();
		const before = await playedEvening(db);
		const club = fakeClub(TABLE);
		const join = new ClubJoin(db, club.fetch);
		const opening = join.open(LINK);
		expect(join.status).toEqual({ kind: 'checking' });
		await opening;
		expect(join.status).toEqual({ kind: 'ready', me: TABLE });
		expect(await clubMembership(db)).toBeNull();
		await join.join();
		expect(join.status).toEqual({ kind: 'joined', me: TABLE });
		expect(await clubMembership(db)).toMatchObject({
			server: SERVER,
			token: TOKEN,
			club: 'Domino club',
			table: 'Table 3',
			role: 'table',
			revoked: false
		});
		await untilState(() => expect(club.received.map((op) => op.eveningId)).toEqual([before]));
		const [op] = club.received;
		expect(op!.kind === 'put' && op!.evening.rounds).toHaveLength(1);
		await untilState(async () => expect(await db.outbox.count()).toBe(0));
	});

	it('joins a wall screen as a viewer, which sends nothing', async () => {
		const db = freshDb();
		await playedEvening(db);
		const viewer: Me = { ...TABLE, table: 'Bar TV', role: 'viewer' };
		const club = fakeClub(viewer);
		const join = new ClubJoin(db, club.fetch);
		await join.open(`${LINK}&viewer=1`);
		await join.join();
		expect(join.status).toEqual({ kind: 'joined', me: viewer });
		expect((await clubMembership(db))?.role).toBe('viewer');
		expect(await db.outbox.count()).toBe(0);
		expect(club.asked).toEqual(['/v1/me']);
	});

	it('says so when the phone cannot store the membership', async () => {
		const db = freshDb();
		const join = new ClubJoin(db, fakeClub(TABLE).fetch);
		await join.open(LINK);
		db.close();
		const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		await join.join();
		logged.mockRestore();
		expect(join.status.kind).toBe('failed');
	});
});

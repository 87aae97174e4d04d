// A table's phone at a club night: its seats (GET /v1/night/mine) kept in Dexie's meta and read
// again on each change of the club's live channel; the home page's card reads them there with
// the plain-IndexedDB peek (offline too); New evening is filled from them (players in seat order,
// the club's house rules); the evening's save queues a claim behind its first put, and the sync
// loop tells the club (PUT …/evening) in its turn: a lost network loses no claim, a refused one
// is set aside with the club's reason. The browser's EventSource is a fake here.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CabooseDb } from '$lib/db/database';
import type { Mine } from '$lib/club/night-protocol';
import { joinClub } from '$lib/db/club';
import { outboxCounts, setAsideEvenings } from '$lib/db/outbox';
import { peekDatabase } from '$lib/db/peek';
import { ClubSeats } from '$lib/state/club/seats.svelte';
import { listenersOf } from '$lib/state/club/channel';
import { SetupForm } from '$lib/state/setup.svelte';
import { closeAll, freshDb } from '../db/helpers';
import { CLUB, FakeClub, fakeTimers, syncFor } from './fake-club';
import { FakeEventSource } from './fake-event-source';
import { untilState } from './wait';

beforeEach(() => {
	FakeEventSource.opened = [];
	vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(async () => {
	vi.unstubAllGlobals();
	await closeAll();
});

const seat = (name: string) => ({ player: `guest:${name.toLowerCase()}`, name, guest: true });
const HOUSE = { preset: 'swiss-jassshop' as const, schedule: [12, 11], goingOutBonus: 0 };

function mine(game: number, table: number, names: string[], more: Partial<Mine> = {}): Mine {
	return {
		night: '2026-11-28',
		revision: game + 1,
		seats: { game, table, final: false, players: names.map(seat), eveningId: null },
		houseRules: HOUSE,
		moves: [],
		...more
	} as unknown as Mine;
}

/** A club night's server for one table's phone: /v1/night/mine, the claim, and /v1/ops. */
function nightServer() {
	const ops = new FakeClub();
	const state = {
		mine: mine(1, 3, ['Anna', 'Bo', 'Cy', 'Di']),
		claims: [] as { path: string; eveningId: string }[],
		/** How the next claims are answered: stored, no answer, or refused. */
		claim: 'ok' as 'ok' | 'down' | 'not-your-table'
	};
	const fetch = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		const path = String(url).slice(CLUB.server.length);
		expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${CLUB.token}`);
		if (path === '/v1/ops') return ops.fetch(url, init);
		if (path === '/v1/night/mine') return Response.json(state.mine);
		const claim = /^\/v1\/night\/games\/(\d+)\/tables\/(\d+)\/evening$/.exec(path);
		if (claim && init?.method === 'PUT') {
			if (state.claim === 'down') throw new TypeError('Failed to fetch');
			if (state.claim === 'not-your-table') {
				return Response.json({ error: 'not-your-table' }, { status: 403 });
			}
			const { eveningId } = JSON.parse(String(init.body)) as { eveningId: string };
			state.claims.push({ path, eveningId });
			return Response.json({ game: Number(claim[1]), table: Number(claim[2]), eveningId });
		}
		return Response.json({ error: 'not-found' }, { status: 404 });
	};
	return { ops, state, fetch };
}

async function card(db: CabooseDb) {
	const { peek } = await peekDatabase(async (reader) => reader.clubSeats(await reader.club()), {
		name: db.name
	});
	return peek?.answer ?? null;
}

async function tablePhone() {
	const db = freshDb();
	await joinClub(db, CLUB);
	const server = nightServer();
	let stored = 0;
	const seats = new ClubSeats(db, server.fetch, () => stored++);
	const stop = seats.watch();
	await untilState(() => expect(stored).toBeGreaterThan(0));
	return { db, server, seats, stop, stored: () => stored };
}

/** A table's phone that read its seats and started the evening from them (New evening). */
async function startedFromSeats() {
	const { db, server, stop } = await tablePhone();
	stop();
	const form = new SetupForm(db);
	expect(await form.fillFromClubSeats()).toBe(true);
	const id = await form.startEvening();
	expect(id).not.toBeNull();
	return { db, server, id };
}

describe('ClubSeats', () => {
	it("keeps the table's seats, reads them again on a change, and the card reads them", async () => {
		const { db, server, stop, stored } = await tablePhone();
		expect(await card(db)).toEqual({
			seats: { table: 3, game: 1, final: false, names: ['Anna', 'Bo', 'Cy', 'Di'], started: false },
			moves: []
		});
		// The organiser moves: this table plays game 2 with others; its players go elsewhere.
		const move = (name: string, to: number | null, why: string) => ({
			...seat(name),
			from: 3,
			to,
			why,
			place: 1,
			total: 10,
			byLot: false
		});
		server.state.mine = mine(2, 3, ['Ed', 'Fay', 'Anna', 'Gus'], {
			moves: [
				move('Anna', 3, 'stays'),
				move('Bo', 2, 'moves-up'),
				move('Cy', 1, 'to-final'),
				move('Di', null, 'sits-out')
			]
		} as Partial<Mine>);
		const before = stored();
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		FakeEventSource.opened[0]!.change();
		await untilState(() => expect(stored()).toBeGreaterThan(before));
		const after = await card(db);
		expect(after?.seats?.game).toBe(2);
		expect(after?.seats?.names).toEqual(['Ed', 'Fay', 'Anna', 'Gus']);
		expect(after?.moves).toEqual([
			{ name: 'Anna', to: 3, final: false },
			{ name: 'Bo', to: 2, final: false },
			{ name: 'Cy', to: 1, final: true },
			{ name: 'Di', to: null, final: false }
		]);
		stop();
	});

	it('an answer that is not a club night is not kept: the card stays as it was', async () => {
		const { db, server, seats, stop, stored } = await tablePhone();
		server.state.mine = { night: 'x', seats: 'Table 3' } as unknown as Mine;
		const before = stored();
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		FakeEventSource.opened[0]!.change();
		// Read, and not taken: what is shown may be old.
		await untilState(() => expect(seats.stale).toBe(true));
		expect(stored()).toBe(before);
		expect((await card(db))?.seats?.names).toEqual(['Anna', 'Bo', 'Cy', 'Di']);
		stop();
	});
	it('a table with no seats in the latest game shows none: only where its players went', async () => {
		const { db, server, stop, stored } = await tablePhone();
		// The final is at another table: this one plays no part, its players go there or sit out.
		const to = (name: string, where: number | null) => ({
			...seat(name),
			from: 3,
			to: where,
			why: where === null ? 'sits-out' : 'to-final',
			place: 1,
			total: 10,
			byLot: false
		});
		server.state.mine = mine(2, 3, [], {
			seats: null,
			moves: [to('Anna', 1), to('Bo', null)]
		} as Partial<Mine>);
		let before = stored();
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		FakeEventSource.opened[0]!.change();
		await untilState(() => expect(stored()).toBeGreaterThan(before));
		expect(await card(db)).toEqual({
			seats: null,
			moves: [
				{ name: 'Anna', to: 1, final: true },
				{ name: 'Bo', to: null, final: false }
			]
		});
		// A table that sat out the game before too: no card at all.
		server.state.mine = mine(3, 3, [], { seats: null, moves: [] } as Partial<Mine>);
		before = stored();
		FakeEventSource.opened[0]!.change();
		await untilState(() => expect(stored()).toBeGreaterThan(before));
		expect(await card(db)).toBeNull();
		expect(await new SetupForm(db).fillFromClubSeats()).toBe(false);
		stop();
	});
});

describe("The club's live channel on a table's phone", () => {
	it('is one connection for the seats card and the sync loop; each hears a change', async () => {
		const db = freshDb();
		await joinClub(db, CLUB);
		const server = nightServer();
		let stored = 0;
		const seats = new ClubSeats(db, server.fetch, () => stored++);
		const corrections: string[] = [];
		const sync = syncFor(db, server.ops, {
			fetch: (url, init) => {
				if (String(url).includes('/v1/corrections')) corrections.push(String(url));
				return server.fetch(url, init);
			}
		});
		const stopSeats = seats.watch();
		const stopSync = sync.start();
		await untilState(() => expect(listenersOf(CLUB)).toBe(2));
		await untilState(() => expect(stored).toBeGreaterThan(0));
		await sync.kick();
		expect(FakeEventSource.opened).toHaveLength(1);
		const channel = FakeEventSource.opened[0]!;

		// The organiser deals game 2: the card reads its seats, the loop the corrections.
		server.state.mine = mine(2, 3, ['Ed', 'Fay', 'Anna', 'Gus']);
		const before = { stored, corrections: corrections.length };
		channel.change();
		await untilState(() => expect(stored).toBeGreaterThan(before.stored));
		await untilState(() => expect(corrections.length).toBeGreaterThan(before.corrections));
		expect((await card(db))?.seats?.game).toBe(2);

		// The card gone (another screen), the loop still hears the channel; then neither listens.
		stopSeats();
		expect(channel.closed).toBe(false);
		const heard = corrections.length;
		channel.change();
		await untilState(() => expect(corrections.length).toBeGreaterThan(heard));
		stopSync();
		expect(channel.closed).toBe(true);
		expect(listenersOf(CLUB)).toBe(0);

		// Needed again: a new connection.
		const again = seats.watch();
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(2));
		again();
		expect(FakeEventSource.opened[1]!.closed).toBe(true);
	});
});

describe('Start evening from the seats', () => {
	it('fills New evening with the players in seat order and the house rules', async () => {
		const { db, stop } = await tablePhone();
		stop();
		const form = new SetupForm(db);
		expect(await form.fillFromClubSeats()).toBe(true);
		expect(form.names).toEqual(['Anna', 'Bo', 'Cy', 'Di']);
		expect(form.choice).toEqual(HOUSE);
		expect(form.clubSeats).toEqual({ game: 1, table: 3, final: false });
		expect(form.problems).toEqual([]);
	});

	it('the save claims the seats behind its first put; the sync loop sends the claim in its turn', async () => {
		const { db, server, id } = await startedFromSeats();
		const queued = await db.outbox.orderBy('seq').toArray();
		expect(queued.map((r) => r.op.kind)).toEqual(['put', 'claim']);
		expect(queued[1]!.op).toMatchObject({ eveningId: id, game: 1, table: 3 });
		// The card offers Start evening no more, offline too.
		expect((await card(db))?.seats?.started).toBe(true);

		await syncFor(db, server.ops, { fetch: server.fetch }).kick();
		expect(server.ops.applied.map((a) => a.eveningId)).toEqual([id]);
		expect(server.state.claims).toEqual([
			{ path: '/v1/night/games/1/tables/3/evening', eveningId: id }
		]);
		expect(await db.outbox.count()).toBe(0);
	});

	it('opened again for seats it started: that evening, and no second evening or claim', async () => {
		const { db, server, id } = await startedFromSeats();
		const again = new SetupForm(db);
		expect(await again.fillFromClubSeats()).toBe(true);
		expect(again.startedEvening).toBe(id);
		// Start evening all the same (a tap before the page moved on): the same evening.
		expect(await again.startEvening()).toBe(id);
		expect(await db.evenings.count()).toBe(1);
		const queued = await db.outbox.orderBy('seq').toArray();
		expect(queued.map((r) => r.op.kind)).toEqual(['put', 'claim']);

		// Claimed and the note gone (a restored meta row): the club's word for it is enough.
		await syncFor(db, server.ops, { fetch: server.fetch }).kick();
		server.state.mine = mine(1, 3, ['Anna', 'Bo', 'Cy', 'Di']);
		server.state.mine.seats!.eveningId = id;
		await db.meta.delete('clubSeats');
		const seats = new ClubSeats(db, server.fetch, () => undefined);
		const stop = seats.watch();
		await untilState(async () => expect(await card(db)).not.toBeNull());
		stop();
		const third = new SetupForm(db);
		expect(await third.fillFromClubSeats()).toBe(true);
		expect(third.startedEvening).toBe(id);
	});

	it('a lost network loses no claim, and a refused one is set aside with the reason', async () => {
		const { db, server, id } = await startedFromSeats();
		server.state.claim = 'down';
		const timers = fakeTimers();
		const sync = syncFor(db, server.ops, { fetch: server.fetch, ...timers.options });
		await sync.kick();
		expect(sync.status).toBe('waiting-to-retry');
		expect((await db.outbox.toArray()).map((r) => [r.held, r.op.kind])).toEqual([[0, 'claim']]);

		server.state.claim = 'not-your-table';
		timers.fire();
		await sync.kick();
		expect(await outboxCounts(db)).toEqual({ waiting: 0, refused: 1 });
		expect(await setAsideEvenings(db)).toEqual([
			expect.objectContaining({
				eveningId: id,
				names: ['Anna', 'Bo', 'Cy', 'Di'],
				code: 'not-your-table'
			})
		]);
		expect(server.state.claims).toEqual([]);
	});

	it('a phone in no club fills nothing and claims nothing', async () => {
		const db = freshDb();
		const form = new SetupForm(db);
		expect(await form.fillFromClubSeats()).toBe(false);
		expect(form.clubSeats).toBeNull();
		expect(form.names).toEqual(['', '']);
	});
});

// The sync protocol's promises, on this run's engine: who may write what, idempotence, revisions
// and the order of a phone's outbox, and the standings they make.

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	MAX_STANDINGS_ROWS,
	readJoinFragment,
	type ClubOp,
	type Standings
} from '../../src/lib/club/protocol';
import { listTables, revoke, setRanking } from '../src/club';
import { nightOf } from '../src/night';
import {
	APP_ORIGIN,
	call,
	count,
	dump,
	evening,
	playedThrough,
	push,
	put,
	releaseDb,
	testClub,
	upTo,
	type TestClub
} from './helpers';

let t: TestClub;
beforeEach(async () => {
	t = await testClub();
});
afterEach(async () => {
	await t.close();
});
afterAll(releaseDb);

const remove = (eveningId: string, revision: number): ClubOp => ({
	id: crypto.randomUUID(),
	eveningId,
	revision,
	kind: 'delete'
});

const roundsOf = async (eveningId: string) =>
	t.db.query<{ idx: number }>(`SELECT idx FROM round WHERE evening_id = $1 ORDER BY idx`, [
		eveningId
	]);

describe('who is asking', () => {
	it('names the club, the table and its role; a tampered or missing token gets 401', async () => {
		const token = await t.invite('Table 3');
		const viewer = await t.invite('Bar TV', 'viewer');
		expect((await call(t.app, '/v1/me', token)).body).toEqual({
			protocol: 1,
			club: 'Domino Friends',
			table: 'Table 3',
			role: 'table'
		});
		expect((await call(t.app, '/v1/me', viewer)).body).toMatchObject({ role: 'viewer' });
		const tampered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
		expect(await call(t.app, '/v1/me', tampered)).toMatchObject({
			status: 401,
			body: { error: 'token-unknown' }
		});
		expect(await call(t.app, '/v1/me', null)).toMatchObject({
			status: 401,
			body: { error: 'token-missing' }
		});
		expect(await call(t.app, '/v1/me', 'short')).toMatchObject({ status: 401 });
	});

	it('stores only a hash of each token', async () => {
		const token = await t.invite('Table 1');
		expect(await dump(t.db)).not.toContain(token);
		const rows = await t.db.query<{ token_hash: Uint8Array }>(`SELECT token_hash FROM club_key`);
		expect(rows[0]!.token_hash.length).toBe(32);
	});

	it('a viewer reads the standings but never writes', async () => {
		const viewer = await t.invite('Bar TV', 'viewer');
		const ev = evening(['Ann', 'Bo'], 1);
		expect(await push(t.app, viewer, [put(ev, 1)])).toMatchObject({
			status: 403,
			body: { error: 'read-only' }
		});
		expect((await call(t.app, '/v1/standings', viewer)).status).toBe(200);
		expect(await count(t.db, 'evening')).toBe(0);
	});

	it('answers only the app origin across origins', async () => {
		const token = await t.invite('Table 1');
		const ok = await call(t.app, '/v1/me', token, { headers: { Origin: APP_ORIGIN } });
		expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
		const other = await call(t.app, '/v1/me', token, { headers: { Origin: 'http://evil.test' } });
		expect(other.headers.get('access-control-allow-origin')).not.toBe('http://evil.test');
	});
});

describe('a table sends its evenings', () => {
	it('applies a batch once: the same batch twice changes nothing', async () => {
		const token = await t.invite('Table 1');
		const ops = playedThrough(evening(['Ann', 'Bo', 'Cy'], 4));
		const first = await push(t.app, token, ops);
		expect(first.status).toBe(200);
		expect(first.body.applied).toEqual(ops.map((o) => o.id));
		const before = await dump(t.db);
		const again = await push(t.app, token, ops);
		expect(again.body).toEqual({
			applied: [],
			ignored: ops.map((o) => o.id),
			behind: [],
			refused: []
		});
		expect(await dump(t.db)).toBe(before);
	});

	it('never lets an older revision overwrite a newer one', async () => {
		const token = await t.invite('Table 1');
		const ev = evening(['Ann', 'Bo'], 5);
		await push(t.app, token, [put(ev, 6)]);
		const old = put(upTo(ev, 2), 3);
		expect((await push(t.app, token, [old])).body).toMatchObject({
			ignored: [],
			behind: [{ id: old.id, revision: 6 }]
		});
		expect(await roundsOf(ev.evening.id)).toHaveLength(5);
		// An undo on the phone is a newer revision with fewer rounds: it wins.
		await push(t.app, token, [put(upTo(ev, 4), 7)]);
		expect(await roundsOf(ev.evening.id)).toHaveLength(4);
	});

	it('applies a batch as if one operation after another, in the order sent', async () => {
		const token = await t.invite('Table 1');
		const ev = evening(['Ann', 'Bo'], 5);
		const [r1, r5, r3, r4] = [put(upTo(ev, 1), 1), put(ev, 5), put(upTo(ev, 3), 3), put(ev, 4)];
		const del = { id: crypto.randomUUID(), eveningId: ev.evening.id, revision: 6, kind: 'delete' };
		const reply = await push(t.app, token, [r1!, r5!, r3!, r4!]);
		expect(reply.body).toEqual({
			applied: [r1!.id, r5!.id],
			ignored: [],
			behind: [
				{ id: r3!.id, revision: 5 },
				{ id: r4!.id, revision: 5 }
			],
			refused: []
		});
		expect(await roundsOf(ev.evening.id)).toHaveLength(5);
		expect(await count(t.db, 'applied_op')).toBe(2);
		const again = await push(t.app, token, [put(upTo(ev, 2), 5), del as never]);
		expect(again.body.applied).toEqual([del.id]);
		expect(await roundsOf(ev.evening.id)).toHaveLength(0);
	});

	it('tells a retry (ignored) apart from a phone behind the club, with the club’s revision', async () => {
		const token = await t.invite('Table 1');
		const ev = evening(['Ann', 'Bo'], 6);
		const sent = put(ev, 7);
		expect((await push(t.app, token, [sent])).body.applied).toEqual([sent.id]);
		// Restored from an older backup, the phone goes on from revision 4: its writes are below
		// the club's (5), or equal to it but another write (7).
		const restored = [put(upTo(ev, 4), 5), put(ev, 7)];
		const gone = remove(ev.evening.id, 6);
		const before = await dump(t.db);
		const reply = await push(t.app, token, [...restored, gone, sent]);
		expect(reply.body).toEqual({
			applied: [],
			ignored: [sent.id],
			behind: [...restored, gone].map((op) => ({ id: op.id, revision: 7 })),
			refused: []
		});
		expect(await dump(t.db)).toBe(before);
		// The phone continues above the club's revision: stored.
		const next = put(upTo(ev, 5), 8);
		expect((await push(t.app, token, [next])).body.applied).toEqual([next.id]);
		expect(await roundsOf(ev.evening.id)).toHaveLength(5);
	});

	it('refuses another table’s evening and keeps it as its table sent it', async () => {
		const a = await t.invite('Table A');
		const b = await t.invite('Table B');
		const ev = evening(['Ann', 'Bo'], 3);
		await push(t.app, a, [put(ev, 4)]);
		const before = await dump(t.db);
		const stolen = put(upTo(ev, 1), 99);
		const reply = await push(t.app, b, [
			stolen,
			{ ...stolen, id: crypto.randomUUID(), kind: 'delete', evening: undefined } as never
		]);
		expect(reply.body.refused.map((r) => r.code)).toEqual(['not-your-evening', 'not-your-evening']);
		expect(await dump(t.db)).toBe(before);
	});

	it('refuses a round the rules core refuses, and applies the rest of the batch', async () => {
		const token = await t.invite('Table 1');
		const good = evening(['Ann', 'Bo'], 2);
		const bad = evening(['Cy', 'Di'], 2);
		bad.rounds[1]!.entry.hands[bad.evening.players[0]!.id] = 99_999; // more than any hand holds, within the schema
		const impossible = put(bad, 3);
		const reply = await push(t.app, token, [impossible, put(good, 3)]);
		expect(reply.body.refused).toEqual([
			{
				id: impossible.id,
				code: 'round-refused',
				path: 'evening.rounds[1]',
				detail: 'hand-too-high'
			}
		]);
		expect(reply.body.applied).toHaveLength(1);
		expect(await count(t.db, 'evening')).toBe(1);
	});

	it('ends a revoked table’s access mid-evening with a reason the phone can say', async () => {
		const token = await t.invite('Table 3');
		const ops = playedThrough(evening(['Ann', 'Bo'], 6));
		await push(t.app, token, ops.slice(0, 4));
		await revoke(t.db, t.club, 'Table 3');
		const before = await dump(t.db);
		expect(await push(t.app, token, ops.slice(4))).toMatchObject({
			status: 401,
			body: { error: 'token-revoked' }
		});
		expect(await call(t.app, '/v1/standings', token)).toMatchObject({ status: 401 });
		expect(await dump(t.db)).toBe(before);
	});

	it('a table keeps its evenings when its link changes: revoke ends the key, invite gives a new one', async () => {
		const old = await t.invite('Table 3');
		const ev = evening(['Ann', 'Bo'], 4);
		const earlier = evening(['Cy', 'Di'], 2);
		await push(t.app, old, [put(earlier, 3), put(upTo(ev, 2), 3)]);
		await revoke(t.db, t.club, 'Table 3');
		const fresh = await t.invite('table 3');
		expect((await call(t.app, '/v1/me', fresh)).body).toMatchObject({ table: 'table 3' });
		const next = put(ev, 5);
		const gone = remove(earlier.evening.id, 4);
		expect((await push(t.app, fresh, [next, gone])).body).toEqual({
			applied: [next.id, gone.id],
			ignored: [],
			behind: [],
			refused: []
		});
		expect(await push(t.app, old, [put(ev, 6)])).toMatchObject({
			status: 401,
			body: { error: 'token-revoked' }
		});
		expect(await roundsOf(ev.evening.id)).toHaveLength(4);
		type S = { tables: { name: string; round: number }[] };
		expect((await call<S>(t.app, '/v1/standings', fresh)).body.tables).toMatchObject([
			{ name: 'table 3', round: 4 }
		]);
		const tables = await listTables(t.db, t.club);
		expect(tables.map((x) => [x.name, x.revokedAt])).toEqual([['table 3', null]]);
		// Revoked again: the table leaves the standings' list, and its evenings stay its own.
		await revoke(t.db, t.club, 'Table 3');
		const viewer = await t.invite('Bar TV', 'viewer');
		expect((await call<S>(t.app, '/v1/standings', viewer)).body.tables).toEqual([]);
		expect(await count(t.db, 'evening')).toBe(2);
	});

	it('takes two phones joined as the same table at once', async () => {
		const token = await t.invite('Table 2');
		const one = evening(['Ann', 'Bo'], 3);
		const two = evening(['Cy', 'Di'], 5);
		const [a, b] = await Promise.all([
			push(t.app, token, playedThrough(one)),
			push(t.app, token, playedThrough(two))
		]);
		expect(a.body.applied).toHaveLength(4);
		expect(b.body.applied).toHaveLength(6);
		expect(await roundsOf(one.evening.id)).toHaveLength(3);
		expect(await roundsOf(two.evening.id)).toHaveLength(5);
	});

	it('catches up a phone offline for a whole evening, in order, in batches', async () => {
		const token = await t.invite('Table 1');
		const ev = evening(['Ann', 'Bo', 'Cy', 'Di'], 13);
		const outbox = playedThrough(ev);
		for (let i = 0; i < outbox.length; i += 5) {
			const reply = await push(t.app, token, outbox.slice(i, i + 5));
			expect(reply.body.applied).toHaveLength(Math.min(5, outbox.length - i));
		}
		expect((await roundsOf(ev.evening.id)).map((r) => r.idx)).toEqual([...Array(13).keys()]);
		const [row] = await t.db.query<{ revision: number; round_count: number; over: boolean }>(
			`SELECT revision, round_count, over FROM evening WHERE id = $1`,
			[ev.evening.id]
		);
		expect(row).toEqual({ revision: 14, round_count: 13, over: true });
	});

	it('deletes an evening when its table says so', async () => {
		const token = await t.invite('Table 1');
		const ev = evening(['Ann', 'Bo'], 3);
		await push(t.app, token, [put(ev, 4)]);
		const del = { id: crypto.randomUUID(), eveningId: ev.evening.id, revision: 5, kind: 'delete' };
		expect((await push(t.app, token, [del as never])).body.applied).toEqual([del.id]);
		expect(await roundsOf(ev.evening.id)).toHaveLength(0);
		expect(
			(await call<{ tonight: unknown[] }>(t.app, '/v1/standings', token)).body.tonight
		).toEqual([]);
	});
});

describe('the club standings', () => {
	it('sums tonight across tables, one player across phones by name, ranked by the club’s rule', async () => {
		const a = await t.invite('Table A');
		const b = await t.invite('Table B');
		const one = evening(['Ann', 'Bo', 'Cy'], 3);
		const two = evening(['ann', 'Di'], 2);
		await push(t.app, a, [put(one, 4)]);
		await push(t.app, b, [put(two, 3)]);
		type S = {
			tables: { name: string; round: number; leader: string[]; lastHeardAt: number | null }[];
			tonight: { name: string; total: number; rounds: number; evenings: number; place: number }[];
			seasonStandings: unknown[];
			ranking: string;
		};
		const s = (await call<S>(t.app, '/v1/standings', a)).body;
		expect(s.tables.map((x) => [x.name, x.round])).toEqual([
			['Table A', 3],
			['Table B', 2]
		]);
		expect(s.tables.every((x) => x.leader.length > 0 && x.lastHeardAt !== null)).toBe(true);
		expect(s.tonight).toHaveLength(4);
		const ann = s.tonight.find((p) => p.name.toLowerCase() === 'ann')!;
		expect(ann).toMatchObject({ rounds: 5, evenings: 2 });
		expect(s.seasonStandings).toHaveLength(4);
		expect(s.ranking).toBe('per-round');
		const perRound = s.tonight.map((p) => p.total / p.rounds);
		expect(perRound).toEqual([...perRound].sort((x, y) => x - y));
		await setRanking(t.db, t.club, 'placings');
		expect((await call<S>(t.app, '/v1/standings', a)).body.ranking).toBe('placings');
	});
});

describe('the club standings at any club size', () => {
	it('holds at most MAX_STANDINGS_ROWS a list, the best first, and says how many in all', async () => {
		const a = await t.invite('Table A');
		const [table] = await t.db.query<{ id: string }>(`SELECT id FROM club_table`);
		const night = nightOf(Date.now());
		// 70 evenings of 10 players tonight, as one table's 70 batches would leave them.
		await t.db.query(
			`INSERT INTO evening (id, club_id, table_id, revision, data, night, round_count, received_at)
			 SELECT 'e' || g, $1, $2, 1, jsonb_build_object('createdAt', g), $3, 1, 0
			 FROM generate_series(1, 70) AS g`,
			[t.club.id, table!.id, night]
		);
		await t.db.query(
			`INSERT INTO evening_player (evening_id, seat, club_id, night, key, name, total, rounds, place, seats)
			 SELECT 'e' || g, s, $1, $2, 'p' || g || '.' || s, 'P' || g || '.' || s, g * 10 + s, 1, 1 + s, 10
			 FROM generate_series(1, 70) AS g, generate_series(0, 9) AS s`,
			[t.club.id, night]
		);
		type S = Standings & { tonight: { name: string; place: number }[] };
		const reply = await call<S>(t.app, '/v1/standings', a);
		const s = reply.body;
		expect(s.tonight).toHaveLength(MAX_STANDINGS_ROWS);
		expect(s.seasonStandings).toHaveLength(MAX_STANDINGS_ROWS);
		expect([s.tonightCount, s.seasonCount]).toEqual([700, 700]);
		// The lowest total per round first (the club's rule), the list the top of the ranking.
		expect(s.tonight.slice(0, 3).map((p) => [p.name, p.place])).toEqual([
			['P1.0', 1],
			['P1.1', 2],
			['P1.2', 3]
		]);
	});
});

describe('the season, night by night', () => {
	it('gives a player their place, total and rounds on each night of the season', async () => {
		const a = await t.invite('Table A');
		const now = Date.now();
		// Another night of this season: yesterday, or tomorrow on the season's first night.
		const day = 86_400_000;
		const other =
			nightOf(now - day).slice(0, 4) === nightOf(now).slice(0, 4) ? now - day : now + day;
		const [early, late] = [Math.min(now, other), Math.max(now, other)];
		const first = evening(['Ann', 'Bo'], 2, undefined, early);
		const second = evening(['ANN', 'Cy'], 3, undefined, late);
		await push(t.app, a, [put(first, 3), put(second, 4)]);
		type N = {
			player: string;
			nights: { night: string; place: number; total: number; rounds: number }[];
		};
		const ann = await call<N>(t.app, '/v1/nights?player=ann', a);
		expect(ann.status).toBe(200);
		expect(ann.body.nights.map((n) => [n.night, n.rounds])).toEqual([
			[nightOf(early), 2],
			[nightOf(late), 3]
		]);
		const s = await call<{ seasonStandings: { name: string; total: number }[] }>(
			t.app,
			'/v1/standings',
			a
		);
		const season = s.body.seasonStandings.find((p) => p.name.toLowerCase() === 'ann')!;
		expect(ann.body.nights.reduce((sum, n) => sum + n.total, 0)).toBe(season.total);
		// Each night's place among that night's players, by the club's rule.
		const bo = (await call<N>(t.app, '/v1/nights?player=Bo', a)).body.nights;
		expect(bo).toHaveLength(1);
		expect([bo[0]!.place, ann.body.nights[0]!.place].sort()).toEqual([1, 2]);
		expect((await call<N>(t.app, '/v1/nights?player=Nobody', a)).body.nights).toEqual([]);
		expect((await call(t.app, '/v1/nights', a)).status).toBe(400);
		expect((await call(t.app, `/v1/nights?player=${'x'.repeat(201)}`, a)).status).toBe(400);
	});
});

describe('limits', () => {
	it('refuses a body over the cap and a token over its rate', async () => {
		await t.close();
		t = await testClub({ burst: 3, perSecond: 0.001 });
		const token = await t.invite('Table 1');
		const big = await call(t.app, '/v1/ops', token, {
			raw: `{"ops":["${'x'.repeat(2_000_000)}"]}`
		});
		expect(big).toMatchObject({ status: 413, body: { error: 'too-large' } });
		await call(t.app, '/v1/me', token);
		await call(t.app, '/v1/me', token);
		const limited = await call(t.app, '/v1/me', token);
		expect(limited).toMatchObject({ status: 429, body: { error: 'rate-limited' } });
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
	});
});

describe('the join link', () => {
	it('carries the server and the token in its fragment', async () => {
		const { joinLink } = await import('../../src/lib/club/protocol');
		const token = await t.invite('Table 9');
		const link = joinLink('https://app.example/', 'https://club.example:8443', token);
		expect(link).toBe(
			`https://app.example/club#server=https%3A%2F%2Fclub.example%3A8443&token=${token}`
		);
		expect(readJoinFragment(new URL(link).hash)).toEqual({
			server: 'https://club.example:8443',
			token,
			viewer: false
		});
		expect(readJoinFragment('#server=javascript%3Aalert(1)&token=' + token)).toBeNull();
		expect(readJoinFragment('#server=https%3A%2F%2Fx&token=abc')).toBeNull();
	});
});

// The club night's server (issue 44), on this run's engine: only the organiser's key runs it
// (a table's and a viewer's are refused with nothing stored), a retried write is answered and
// not done again, a write from a stale screen is refused, hostile bodies get a code and never a
// 500, and a night plays through: check-in, deal, the phones' seats, a move, a final, tonight's
// standings, the season by its rule, and the CSV.

import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seasonStandings, type PlayedEvening, type SeasonRule } from '../../src/lib/club/night';
import {
	ActionsSchema,
	NewGameAnswerSchema,
	type Actions,
	type Members,
	type Mine,
	type NewGame,
	type NewGameAnswer,
	type Night,
	type Season
} from '../../src/lib/club/night-protocol';
import type { Standings } from '../../src/lib/club/protocol';
import { playerKey } from '../../src/lib/rules';
import { season } from '../src/club-night/standings';
import { nightOf } from '../src/night';
import {
	call,
	count,
	dump,
	evening,
	playedThrough,
	push,
	releaseDb,
	testClub,
	type Reply,
	type TestClub
} from './helpers';

let t: TestClub;
let organiser: string;
beforeEach(async () => {
	t = await testClub();
	organiser = await t.invite('Ruth', 'organiser');
});
afterEach(async () => {
	await t.close();
});
afterAll(releaseDb);

/** The night's revision now, as the organiser's screen would have read it. */
async function revision(): Promise<number> {
	return (await call<Night>(t.app, '/v1/night', organiser)).body.revision;
}

interface WriteOptions {
	token?: string;
	key?: string;
	rev?: number | null;
	raw?: string;
}

/** An organiser's write with its Idempotency-Key and If-Match (the current revision by default). */
async function write<T = Record<string, unknown>>(
	method: string,
	path: string,
	body: unknown,
	o: WriteOptions = {}
): Promise<Reply<T>> {
	const headers: Record<string, string> = { 'Idempotency-Key': o.key ?? randomUUID() };
	const rev = o.rev === undefined ? await revision() : o.rev;
	if (rev !== null) headers['If-Match'] = `"${rev}"`;
	return call<T>(t.app, path, o.token ?? organiser, {
		method,
		headers,
		...(o.raw !== undefined ? { raw: o.raw } : { body })
	});
}

async function addMembers(names: string[]): Promise<Members['members']> {
	let members: Members['members'] = [];
	for (const name of names) {
		const r = await write<Members>('POST', '/v1/members', { name });
		expect(r.status).toBe(200);
		members = r.body.members;
	}
	return members;
}

/** Two rounds make an evening over: a short schedule, so a test plays whole games quickly. */
const SHORT = { preset: 'swiss-jassshop', schedule: [12, 11] } as const;

/** Each phone starts its evening for its seats (claim), plays it through and sends it. */
async function playGame(phones: Map<string, string>) {
	for (const [name, token] of phones) {
		const mine = (await call<Mine>(t.app, '/v1/night/mine', token)).body;
		if (!mine.seats) continue;
		const ev = evening(
			mine.seats.players.map((p) => p.name),
			2,
			SHORT as never
		);
		const claimed = await call(
			t.app,
			`/v1/night/games/${mine.seats.game}/tables/${mine.seats.table}/evening`,
			token,
			{ method: 'PUT', body: { eveningId: ev.evening.id } }
		);
		expect(claimed.status, name).toBe(200);
		expect((await push(t.app, token, playedThrough(ev))).status).toBe(200);
	}
}

const ELEVEN = ['Anna', 'Bo', 'Cy', 'Di', 'Ed', 'Fay', 'Gus', 'Hélène', 'Ivo', 'Jo', 'Kai'];

describe('only the organiser runs the night', () => {
	it("refuses a table's and a viewer's key on every organiser endpoint, storing nothing", async () => {
		const table = await t.invite('Table 1');
		const viewer = await t.invite('Bar TV', 'viewer');
		const [anna] = await addMembers(['Anna', 'Bo']);
		const before = await dump(t.db);
		const actions = await count(t.db, 'organiser_action');
		const rev = await revision();
		const endpoints: [string, string, unknown][] = [
			['GET', '/v1/members', undefined],
			['GET', '/v1/night/actions', undefined],
			['POST', '/v1/members', { name: 'Mallory' }],
			['PATCH', `/v1/members/${anna!.id}`, { name: 'Eve' }],
			['POST', `/v1/members/${anna!.id}/merge`, { gone: anna!.id }],
			['POST', '/v1/members/split', { spelling: 'Anna' }],
			['PUT', '/v1/night/check-in', { here: [anna!.id], guests: [] }],
			['POST', '/v1/night/games', { rule: { kind: 'deal' } }],
			[
				'PUT',
				'/v1/club/settings',
				{
					tableSizes: { min: 2, max: 4 },
					houseRules: null,
					seasonRule: { ranking: 'total', missed: { kind: 'not-counted' }, ties: 'shared' },
					divisions: []
				}
			]
		];
		for (const token of [table, viewer]) {
			for (const [method, path, body] of endpoints) {
				const r =
					method === 'GET'
						? await call(t.app, path, token)
						: await write(method, path, body, { token, rev });
				expect([method, path, r.status, r.body]).toEqual([
					method,
					path,
					403,
					{ error: 'organiser-only' }
				]);
			}
		}
		expect(await dump(t.db)).toBe(before);
		expect(await count(t.db, 'organiser_action')).toBe(actions);
		expect(await revision()).toBe(rev);
		// Neither sees who checked in; the organiser does.
		expect((await call<Night>(t.app, '/v1/night', viewer)).body.checkIn).toBeNull();
		expect((await call<Night>(t.app, '/v1/night', organiser)).body.checkIn).not.toBeNull();
	});
});

describe("an organiser's write", () => {
	it('is done once: a retry with its Idempotency-Key gets the stored answer', async () => {
		const key = randomUUID();
		const rev = await revision();
		const first = await write<Members>('POST', '/v1/members', { name: 'Anna' }, { key, rev });
		expect(first.status).toBe(200);
		const again = await write<Members>('POST', '/v1/members', { name: 'Anna' }, { key, rev });
		expect(again).toMatchObject({ status: 200, body: first.body });
		expect(await count(t.db, 'member')).toBe(1);
		expect(await count(t.db, 'organiser_action')).toBe(1);
		// The same key with another request is not that request's retry.
		const other = await write('POST', '/v1/members', { name: 'Bo' }, { key, rev });
		expect(other).toMatchObject({ status: 422, body: { error: 'key-reused' } });
		expect(await count(t.db, 'member')).toBe(1);
		// Who and when.
		const [action] = await t.db.query<{ kind: string; who: string; at: number }>(
			`SELECT a.kind, t.name AS who, a.at FROM organiser_action a JOIN club_table t ON t.id = a.actor_id`
		);
		expect(action).toMatchObject({ kind: 'member-add', who: 'Ruth' });
		expect(Math.abs(Date.now() - action!.at)).toBeLessThan(60_000);
	});

	it('is in the audit, newest first, with who, when and what was asked (organiser only)', async () => {
		await addMembers(['Anna', 'Bo']);
		const [anna] = await addMembers(['Cy']);
		await write('PUT', '/v1/night/check-in', { here: [anna!.id], guests: ['Zoe'] });
		const r = await call<Actions>(t.app, '/v1/night/actions', organiser);
		expect(r.status).toBe(200);
		const { actions } = v.parse(ActionsSchema, r.body);
		expect(actions.map((a) => [a.kind, a.by, a.night, a.input])).toEqual([
			['check-in', 'Ruth', nightOf(Date.now()), { here: [anna!.id], guests: ['Zoe'] }],
			['member-add', 'Ruth', nightOf(Date.now()), { name: 'Cy' }],
			['member-add', 'Ruth', nightOf(Date.now()), { name: 'Bo' }],
			['member-add', 'Ruth', nightOf(Date.now()), { name: 'Anna' }]
		]);
		expect(actions.every((a) => Math.abs(Date.now() - a.at) < 60_000)).toBe(true);
		// Older than an action: the page after it.
		const older = await call<Actions>(
			t.app,
			`/v1/night/actions?before=${actions[1]!.id}`,
			organiser
		);
		expect(older.body.actions.map((a) => a.input)).toEqual([{ name: 'Bo' }, { name: 'Anna' }]);
		for (const before of ['0', '-1', 'x', '1e3', '9'.repeat(20)]) {
			const bad = await call(t.app, `/v1/night/actions?before=${before}`, organiser);
			expect([before, bad.status, bad.body]).toEqual([
				before,
				400,
				{ error: 'invalid', path: 'before' }
			]);
		}
	});

	it("from a screen that missed another write is 409 stale with the night's revision", async () => {
		const rev = await revision();
		expect((await write('POST', '/v1/members', { name: 'Anna' }, { rev })).status).toBe(200);
		const stale = await write('POST', '/v1/members', { name: 'Bo' }, { rev });
		expect(stale).toMatchObject({ status: 409, body: { error: 'stale', revision: rev + 1 } });
		const missing = await write('POST', '/v1/members', { name: 'Bo' }, { rev: null });
		expect(missing).toMatchObject({ status: 428, body: { error: 'if-match-required' } });
		expect(await count(t.db, 'member')).toBe(1);
		const night = await call(t.app, '/v1/night', organiser);
		expect(night.headers.get('ETag')).toBe(`"${rev + 1}"`);
	});

	it('answers hostile input with a code, never a 500, and stores nothing', async () => {
		const [anna] = await addMembers(['Anna']);
		const before = await dump(t.db);
		const rev = await revision();
		const cases: [string, string, WriteOptions & { body?: unknown }][] = [
			['POST', '/v1/members', { raw: '{"name":' }],
			['POST', '/v1/members', { raw: '{"__proto__":{"x":1},"name":"A"}' }],
			['POST', '/v1/members', { body: { name: 42 } }],
			['POST', '/v1/members', { body: { name: 'A', extra: true } }],
			['POST', '/v1/members', { body: { name: 'x'.repeat(10_000) } }],
			['POST', '/v1/members', { body: { name: '   ' } }],
			['POST', '/v1/members', { body: { name: 'Anna' } }],
			['POST', '/v1/members', { body: { name: 'Zed', division: 'Nowhere' } }],
			['PATCH', '/v1/members/..%2F', { body: { name: 'B' } }],
			['PATCH', `/v1/members/${anna!.id}`, { body: {} }],
			['POST', '/v1/members/nobody/merge', { body: { gone: anna!.id } }],
			['POST', '/v1/members/split', { body: { spelling: 'Nobody' } }],
			['PUT', '/v1/night/check-in', { body: { here: ['x'.repeat(500)], guests: [] } }],
			['PUT', '/v1/night/check-in', { body: { here: [anna!.id, anna!.id], guests: ['Anna'] } }],
			['POST', '/v1/night/games', { body: { rule: { kind: 'lowest-move-up', count: 99 } } }],
			['POST', '/v1/night/games', { body: { rule: { kind: 'lowest-move-up', count: 2 } } }],
			['POST', '/v1/night/games', { body: { rule: { kind: 'deal' } } }],
			['POST', '/v1/night/games', { body: { rule: { kind: 'deal' } }, key: 'not-a-uuid' }],
			['POST', '/v1/night/games', { body: { rule: { kind: 'deal' } }, raw: 'x'.repeat(2e6) }]
		];
		for (const [method, path, o] of cases) {
			const r = await write(method, path, o.body, { rev, ...o });
			expect(
				r.status,
				`${method} ${path} ${JSON.stringify(o).slice(0, 80)}`
			).toBeGreaterThanOrEqual(400);
			expect(r.status).toBeLessThan(500);
			expect(typeof (r.body as { error?: unknown }).error).toBe('string');
		}
		const refusedCodes = async (body: unknown) =>
			(
				(await write('PUT', '/v1/night/check-in', body, { rev })).body as {
					problems: { code: string }[];
				}
			).problems.map((p) => p.code);
		expect(await refusedCodes({ here: [anna!.id, anna!.id], guests: ['anna'] })).toEqual([
			'player-twice',
			'guest-is-member'
		]);
		expect(
			(await write('POST', '/v1/night/games', { rule: { kind: 'deal' } }, { rev })).body
		).toEqual({ error: 'refused', problems: [{ code: 'no-players' }] });
		expect(await dump(t.db)).toBe(before);
	});
});

/**
 * POST /v1/night/games: the answer is what changed (the revision and the new game), and the
 * game is the one GET /v1/night then shows.
 */
async function newGame(rule: NewGame['rule']): Promise<NewGameAnswer> {
	const r = await write('POST', '/v1/night/games', { rule });
	expect(r.status).toBe(200);
	const answer = v.parse(NewGameAnswerSchema, r.body);
	const night = (await call<Night>(t.app, '/v1/night', organiser)).body;
	expect(answer.revision).toBe(night.revision);
	expect(night.games.at(-1)).toEqual(answer.game);
	return answer;
}

describe('a club night', () => {
	it('checks in 14, deals 3 tables, seats each phone, moves the lowest up, then a final', async () => {
		const phones = new Map<string, string>();
		for (const name of ['Table 1', 'Table 2', 'Table 10']) phones.set(name, await t.invite(name));
		const settings = await write('PUT', '/v1/club/settings', {
			tableSizes: { min: 4, max: 6 },
			houseRules: SHORT,
			seasonRule: { ranking: 'per-round', missed: { kind: 'own-average' }, ties: 'shared' },
			divisions: []
		});
		expect(settings.status).toBe(200);
		const members = await addMembers(ELEVEN);
		const here = await write<Night>('PUT', '/v1/night/check-in', {
			here: members.map((m) => m.id),
			guests: [' Zoe ', 'Yuri', 'Xena']
		});
		expect(here.status).toBe(200);
		expect(here.body.checkIn!.players).toHaveLength(14);
		expect(here.body.checkIn!.guests).toEqual(['Zoe', 'Yuri', 'Xena']);

		const dealt = await newGame({ kind: 'deal' });
		const game1 = dealt.game;
		expect(game1.number).toBe(1);
		expect(game1!.tables.map((x) => x.players.length)).toEqual([5, 5, 4]);
		expect(game1!.seed).toMatch(/^[0-9a-f]{32}$/);
		// Phones in the natural order of their names: "Table 2" before "Table 10".
		expect(game1!.tables.map((x) => x.phone)).toEqual(['Table 1', 'Table 2', 'Table 10']);
		const mine = (await call<Mine>(t.app, '/v1/night/mine', phones.get('Table 10')!)).body;
		expect(mine.seats).toMatchObject({ game: 1, table: 3, final: false });
		expect(mine.seats!.players).toEqual(game1!.tables[2]!.players);
		expect(mine.houseRules).toEqual(SHORT);
		// A phone claims only its own table.
		const wrong = await call(t.app, '/v1/night/games/1/tables/1/evening', phones.get('Table 2')!, {
			method: 'PUT',
			body: { eveningId: 'e1' }
		});
		expect(wrong).toMatchObject({ status: 403, body: { error: 'not-your-table' } });

		// A move before the tables are over is refused, unless forced.
		const early = await write('POST', '/v1/night/games', {
			rule: { kind: 'lowest-move-up', count: 2 }
		});
		expect(early.status).toBe(422);
		expect((early.body as { problems: unknown[] }).problems).toEqual([
			{ code: 'game-not-over', params: { table: 1 } },
			{ code: 'game-not-over', params: { table: 2 } },
			{ code: 'game-not-over', params: { table: 3 } }
		]);

		await playGame(phones);
		const night1 = (await call<Night>(t.app, '/v1/night', organiser)).body;
		expect(night1.games[0]!.tables.every((x) => x.progress.over && x.progress.round === 2)).toBe(
			true
		);
		expect(night1.standings.divisions[0]!.count).toBe(14);

		const game2 = (await newGame({ kind: 'lowest-move-up', count: 2 })).game;
		expect(game2.number).toBe(2);
		expect(game2.moves).toHaveLength(14);
		expect(game2.moves.filter((m) => m.why === 'moves-up')).toHaveLength(4);
		expect(game2.tables.map((x) => x.players.length)).toEqual([5, 5, 4]);
		// Each phone hears where its players of game 1 went.
		const after = (await call<Mine>(t.app, '/v1/night/mine', phones.get('Table 2')!)).body;
		expect(after.seats).toMatchObject({ game: 2, table: 2 });
		expect(after.moves).toHaveLength(5);
		expect(after.moves.every((m) => m.from === 2 && m.name !== m.player)).toBe(true);

		await playGame(phones);
		const game3 = (await newGame({ kind: 'final-table', perTable: 1, others: 'sit-out' })).game;
		expect(game3.finalTables).toEqual([1]);
		expect(game3.tables).toHaveLength(1);
		expect(game3.tables[0]!.final).toBe(true);
		expect(game3.moves.filter((m) => m.to === null)).toHaveLength(11);
		// A phone whose table has no seats in the final has none, not its game 2's; it still
		// hears where its players of game 2 went.
		const out = (await call<Mine>(t.app, '/v1/night/mine', phones.get('Table 2')!)).body;
		expect(out.seats).toBeNull();
		expect(out.moves).toHaveLength(5);
		expect(out.moves.every((m) => m.from === 2)).toBe(true);
		const final = (await call<Mine>(t.app, '/v1/night/mine', phones.get('Table 1')!)).body;
		expect(final.seats).toMatchObject({ game: 3, table: 1, final: true });
		expect(await count(t.db, 'game')).toBe(3);
		expect(await count(t.db, 'organiser_action')).toBe(1 + 11 + 1 + 3);
	});
});

describe('members and the season', () => {
	it("GET /v1/standings counts a merged member's spellings as one player, a guest by the name", async () => {
		const table = await t.invite('Table 1');
		const [dieter] = await addMembers(['Dieter', 'Anna']);
		const other = (await addMembers(['Dieter K.']))[2]!;
		await write('POST', `/v1/members/${dieter!.id}/merge`, { gone: other.id });
		for (const names of [
			['Dieter', 'Anna', 'Bo'],
			['Dieter K.', 'anna', 'Bo']
		])
			expect((await push(t.app, table, playedThrough(evening(names, 3)))).status).toBe(200);
		const standings = (await call<Standings>(t.app, '/v1/standings', table)).body;
		for (const list of [standings.tonight, standings.seasonStandings]) {
			expect(list.map((r) => [r.name, r.evenings]).sort()).toEqual([
				['Anna', 2],
				['Bo', 2],
				['Dieter', 2]
			]);
		}
		expect(standings.tonightCount).toBe(3);
		// The same players as the club night's own standings.
		const night = (await call<Night>(t.app, '/v1/night', table)).body;
		const dieterNight = night.standings.divisions[0]!.rows.find((r) => r.name === 'Dieter')!;
		expect(standings.tonight.find((r) => r.name === 'Dieter')!.total).toBe(dieterNight.total);
	});

	it("GET /v1/nights goes by member: a merged member's nights under any of their spellings", async () => {
		const table = await t.invite('Table 1');
		const [dieter] = await addMembers(['Dieter', 'Anna']);
		const other = (await addMembers(['Dieter K.']))[2]!;
		await write('POST', `/v1/members/${dieter!.id}/merge`, { gone: other.id });
		// Another night of this season: yesterday, or tomorrow on the season's first night.
		const now = Date.now();
		const day = 86_400_000;
		const then =
			nightOf(now - day).slice(0, 4) === nightOf(now).slice(0, 4) ? now - day : now + day;
		const [early, late] = [Math.min(now, then), Math.max(now, then)];
		for (const [names, at] of [
			[['Dieter', 'Anna', 'Bo'], early],
			[['Dieter K.', 'anna', 'Bo'], late],
			[['dieter', 'Cy', 'Di'], late]
		] as const)
			expect(
				(await push(t.app, table, playedThrough(evening([...names], 3, undefined, at)))).status
			).toBe(200);
		type Nights = { nights: { night: string; place: number; total: number; rounds: number }[] };
		const standings = (await call<Standings>(t.app, '/v1/standings', table)).body;
		const season = standings.seasonStandings.find((r) => r.name === 'Dieter')!;
		const tonight = standings.tonight.find((r) => r.name === 'Dieter')!;
		for (const asked of ['Dieter', 'dieter k.', 'DIETER K.']) {
			const { nights } = (
				await call<Nights>(t.app, `/v1/nights?player=${encodeURIComponent(asked)}`, table)
			).body;
			expect(
				nights.map((n) => [n.night, n.rounds]),
				asked
			).toEqual([
				[nightOf(early), 3],
				[nightOf(late), 6]
			]);
			expect(nights.reduce((sum, n) => sum + n.total, 0)).toBe(season.total);
			// Placed among that night's players as the club's standings place the member: once.
			expect(nights[1]!.place).toBe(tonight.place);
		}
		// A guest by the name's key; a name nobody played, no nights.
		const bo = (await call<Nights>(t.app, '/v1/nights?player=bo', table)).body.nights;
		expect(bo.map((n) => n.rounds)).toEqual([3, 3]);
		expect((await call<Nights>(t.app, '/v1/nights?player=Eve', table)).body.nights).toEqual([]);
	});

	it("counts a merged spelling for the member, ranks the season by the club's rule", async () => {
		const table = await t.invite('Table 1');
		const [anna, helene] = await addMembers(['Anna', 'Hélène']);
		const helene2 = (await addMembers(['Helene B']))[2]!;
		const merged = await write<Members>('POST', `/v1/members/${helene!.id}/merge`, {
			gone: helene2.id
		});
		expect(merged.body.members.find((m) => m.id === helene!.id)!.aliases).toEqual(['Helene B']);
		const renamed = await write<Members>('PATCH', `/v1/members/${anna!.id}`, { name: 'Anna K' });
		expect(renamed.body.members[0]).toMatchObject({ name: 'Anna K', aliases: ['Anna'] });

		// Three nights: Anna plays all, Hélène (typed two ways) misses the second, Bo is a guest.
		const day = (d: number) => Date.UTC(2026, 2, d, 19, 0);
		const nights = [day(3), day(10), day(17)];
		const evenings = [
			evening(['Anna', 'Hélène', 'Bo'], 3, undefined, nights[0]),
			evening(['anna', 'Bo'], 3, undefined, nights[1]),
			evening(['Anna K', 'Helene B', 'Bo'], 3, undefined, nights[2])
		];
		for (const ev of evenings)
			expect((await push(t.app, table, playedThrough(ev))).status).toBe(200);
		const seasonRule = { ranking: 'total', missed: { kind: 'own-average' }, ties: 'more-nights' };
		await write('PUT', '/v1/club/settings', {
			tableSizes: { min: 2, max: 6 },
			houseRules: null,
			seasonRule,
			divisions: []
		});
		// GET /v1/season answers today's season; these nights are March 2026's, read as of then.
		const today = await call<Season>(t.app, '/v1/season', table);
		expect(today.status).toBe(200);
		expect(today.body.rule).toEqual(seasonRule);
		const s = await season(t.db, t.club.id, nightOf(day(20)));
		expect(s.nights).toEqual(['2026-03-03', '2026-03-10', '2026-03-17']);
		const rows = s.divisions[0]!.rows;
		expect(rows.map((r) => [r.name, r.nightsPlayed, r.nightsMissed])).toEqual(
			expect.arrayContaining([
				['Anna K', 3, 0],
				['Hélène', 2, 1],
				['Bo', 3, 0]
			])
		);
		expect(rows.find((r) => r.name === 'Bo')!.player).toBe('guest:bo');
		const hel = rows.find((r) => r.name === 'Hélène')!;
		expect(hel.score).toBeCloseTo((hel.total * 3) / 2);
	});

	it('sums seats a night in SQL and ranks the same as from every seat, on a generated season', async () => {
		const table = await t.invite('Table 1');
		const [phone] = await t.db.query<{ id: string }>(
			`SELECT id FROM club_table WHERE name = 'Table 1'`
		);
		expect(table).toBeTruthy();
		// 12 members (the first four with a second spelling, some typed both ways on one night),
		// 4 guests, in two divisions and none; 6 nights of 5 evenings of 3 to 6 seats.
		await t.db.query(
			`INSERT INTO member (id, club_id, name, key, division, created_at)
			 SELECT 'm' || g, $1, 'Member ' || g, 'member ' || g,
			        CASE g % 3 WHEN 0 THEN 'Juniors' WHEN 1 THEN 'Seniors' END, g
			 FROM generate_series(0, 11) AS g`,
			[t.club.id]
		);
		await t.db.query(
			`INSERT INTO alias (club_id, key, name, member_id)
			 SELECT $1, 'mem ' || g, 'Mem ' || g, 'm' || g FROM generate_series(0, 3) AS g`,
			[t.club.id]
		);
		await t.db.query(`UPDATE club SET divisions = '["Juniors", "Seniors"]' WHERE id = $1`, [
			t.club.id
		]);
		let seed = 44;
		const next = (n: number) => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed % n;
		};
		const names = [
			...Array.from({ length: 12 }, (_, i) => `Member ${i}`),
			...Array.from({ length: 4 }, (_, i) => `Mem ${i}`),
			...Array.from({ length: 4 }, (_, i) => `Guest ${i}`)
		];
		const nights = [
			'2026-03-03',
			'2026-03-10',
			'2026-03-17',
			'2026-03-24',
			'2026-03-31',
			'2026-04-07'
		];
		const seats: Record<string, unknown>[] = [];
		const evenings: { id: string; night: string }[] = [];
		for (const night of nights) {
			for (let e = 0; e < 5; e++) {
				const id = `${night}-${e}`;
				evenings.push({ id, night });
				const size = 3 + next(4);
				const here = [...names].sort(() => next(3) - 1).slice(0, size);
				here.forEach((name, seat) => {
					const rounds = next(14);
					seats.push({
						id,
						seat,
						night,
						key: playerKey(name),
						name,
						total: next(300) * Number(rounds > 0),
						rounds,
						place: 1 + next(size),
						seats: size
					});
				});
			}
		}
		await t.db.query(
			`INSERT INTO evening (id, club_id, table_id, revision, data, night, round_count, over, leader, received_at)
			 SELECT x.id, $1, $2, 1, '{}', x.night, 13, true, '[]', 0
			 FROM jsonb_to_recordset($3::jsonb) AS x(id text, night text)`,
			[t.club.id, phone!.id, JSON.stringify(evenings)]
		);
		await t.db.query(
			`INSERT INTO evening_player (evening_id, seat, club_id, night, key, name, total, rounds, place, seats)
			 SELECT x.id, x.seat, $1, x.night, x.key, x.name, x.total, x.rounds, x.place, x.seats
			 FROM jsonb_to_recordset($2::jsonb)
			   AS x(id text, seat int, night text, key text, name text, total int, rounds int, place int, seats int)`,
			[t.club.id, JSON.stringify(seats)]
		);
		// Every seat, as the club's players: the path the sums replace, kept here as the reference.
		const everySeat = await t.db.query<PlayedEvening & { division: string | null }>(
			`SELECT ep.night, coalesce(m.id, a.member_id, 'guest:' || ep.key) AS player,
			        coalesce(m.name, am.name, ep.name) AS name, ep.total::float8 AS total, ep.rounds,
			        ep.place, ep.seats, coalesce(m.division, am.division) AS division
			 FROM evening_player ep
			 LEFT JOIN member m ON m.club_id = ep.club_id AND m.key = ep.key AND m.merged_into IS NULL
			 LEFT JOIN alias a ON a.club_id = ep.club_id AND a.key = ep.key
			 LEFT JOIN member am ON am.id = a.member_id
			 WHERE ep.club_id = $1`,
			[t.club.id]
		);
		expect(everySeat.length).toBe(seats.length);
		const divisionOf = Object.fromEntries(
			everySeat.filter((r) => r.division).map((r) => [r.player, r.division!])
		);
		const rules: SeasonRule[] = [
			{ ranking: 'total', missed: { kind: 'own-average' }, ties: 'more-nights' },
			{ ranking: 'per-round', missed: { kind: 'fixed', score: 20 }, ties: 'best-night' },
			{ ranking: 'placings', missed: { kind: 'best-nights', count: 4 }, ties: 'shared' },
			{ ranking: 'per-round', missed: { kind: 'not-counted' }, ties: 'shared' }
		];
		for (const rule of rules) {
			await t.db.query(`UPDATE club SET season_rule = $2 WHERE id = $1`, [
				t.club.id,
				JSON.stringify(rule)
			]);
			const summed = await season(t.db, t.club.id, '2026-04-08');
			const reference = seasonStandings(
				{ nights, evenings: everySeat, divisions: ['Juniors', 'Seniors'], divisionOf },
				rule
			);
			if (!reference.ok) throw new Error(JSON.stringify(reference.problems));
			expect(summed.nights).toEqual(nights);
			expect(summed.divisions.map((d) => d.division)).toEqual(['Juniors', 'Seniors', null]);
			expect(summed.divisions).toEqual(
				reference.value.map((d) => ({ ...d, count: d.rows.length }))
			);
		}
	});

	it('writes CSV a spreadsheet reads back, formulas defused, in the language and its format', async () => {
		const table = await t.invite('Table 1');
		await addMembers(['=cmd|calc', 'Bo']);
		expect((await push(t.app, table, playedThrough(evening(['=cmd|calc', 'Bo'], 3)))).status).toBe(
			200
		);
		const night = (await call<Night>(t.app, '/v1/night', table)).body;
		const csv = await call<string>(t.app, '/v1/night.csv?lang=de', table);
		expect(csv.status).toBe(200);
		expect(csv.headers.get('content-type')).toContain('text/csv');
		const lines = csv.body.replace(/^\ufeff/, '').split('\r\n');
		expect(lines.at(-1)).toBe('');
		// The headings in German, the rule as the wall says it (tonight: no missed night).
		expect(lines[0]).toBe(
			[
				'Gruppe',
				'Platz',
				'Spieler',
				'Pro Runde, die kleinste zuerst · Gleichstand teilt den Platz',
				'Summe',
				'Runden',
				'Spiele',
				'Geschlagene Spieler',
				'Abende',
				'Verpasst'
			]
				.map((word) => `"${word}"`)
				.join(';')
		);
		const rows = night.standings.divisions[0]!.rows;
		expect(lines.slice(1, -1)).toEqual(
			rows.map((r) =>
				[
					'""',
					r.place,
					`"${r.name.startsWith('=') ? "'" : ''}${r.name}"`,
					String(Math.round(r.score! * 10) / 10).replace('.', ','),
					r.total,
					r.rounds,
					r.evenings,
					r.points,
					r.nightsPlayed,
					r.nightsMissed
				].join(';')
			)
		);
		// The season's headings in each language asked for (English without one).
		const headings = async (lang: string) => {
			const season = await call<string>(t.app, `/v1/season.csv${lang}`, table);
			expect(season.status).toBe(200);
			return season.body.replace(/^\ufeff/, '').split('\r\n')[0];
		};
		expect(await headings('')).toBe(
			'"Division","Place","Player","Per round, lowest first · only the nights played count · ties share the place","Total","Rounds","Games","Players beaten","Nights","Missed"'
		);
		expect(await headings('?lang=fr')).toBe(
			'"Groupe";"Place";"Joueur";"Par manche, le plus petit d’abord · seules les soirées jouées comptent · les ex æquo partagent la place";"Total";"Manches";"Parties";"Joueurs battus";"Soirées";"Manquées"'
		);
		expect(await headings('?lang=it')).toBe(
			'"Gruppo";"Posto";"Giocatore";"Per manche, il più basso prima · contano solo le serate giocate · a pari merito si divide il posto";"Totale";"Manche";"Partite";"Giocatori battuti";"Serate";"Perse"'
		);
	});
});

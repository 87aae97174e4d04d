// Hostile input: hundreds of generated requests that must each be refused (or change nothing),
// and the database exactly as before, row for row.

import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClubOp } from '../../src/lib/club/protocol';
import type { RulesChoice } from '../../src/lib/rules/types';
import { createApp } from '../src/app';
import { revoke } from '../src/club';
import type { Db } from '../src/db';
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
	type TestClub
} from './helpers';

let t: TestClub;
let a: string;
let b: string;
let viewer: string;
let revoked: string;
let aOps: ClubOp[];
beforeAll(async () => {
	t = await testClub();
	a = await t.invite('Table A');
	b = await t.invite('Table B');
	viewer = await t.invite('Bar TV', 'viewer');
	revoked = await t.invite('Table Gone');
	aOps = playedThrough(evening(['Ann', 'Bo', 'Cy'], 5));
	expect((await push(t.app, a, aOps)).body.applied).toHaveLength(aOps.length);
	await revoke(t.db, t.club, 'Table Gone');
});
afterAll(async () => {
	await t.close();
	await releaseDb();
});

/** A small seeded generator, so a failure can be replayed. */
function rng(seed: number) {
	return () => {
		seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
		return seed / 2_147_483_648;
	};
}

const SQL = [
	"Robert'); DROP TABLE round;--",
	"' OR '1'='1",
	'1; DELETE FROM evening',
	'$1',
	"\\'; TRUNCATE club_table; --"
];

type Request = { label: string; token: string | null; raw?: string; body?: unknown; path?: string };

function generate(n: number): Request[] {
	const r = rng(28);
	const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
	const aEvening = (aOps.at(-1) as Extract<ClubOp, { kind: 'put' }>).evening;
	const withSql = () => {
		const ev = evening([pick(SQL).slice(0, 30), 'Bo'], 2);
		ev.rounds[1]!.entry.hands[ev.evening.players[0]!.id] = 99_999; // impossible, yet a number the schema allows
		return ev;
	};
	const makers: (() => Request)[] = [
		() => ({
			label: 'wrong token',
			token: randomBytes(32).toString('base64url'),
			body: { ops: [put(evening(['X', 'Y'], 1), 1)] }
		}),
		() => ({
			label: 'revoked token',
			token: revoked,
			body: { ops: [put(evening(['X', 'Y'], 1), 1)] }
		}),
		() => ({ label: 'no token', token: null, body: { ops: [put(evening(['X', 'Y'], 1), 1)] } }),
		() => ({ label: 'SQL as token', token: pick(SQL), body: { ops: [] } }),
		() => ({
			label: 'viewer writes',
			token: viewer,
			body: { ops: [put(evening(['X', 'Y'], 1), 1)] }
		}),
		() => ({
			label: 'another table’s evening',
			token: b,
			body: { ops: [put(aEvening, 100 + Math.floor(r() * 100))] }
		}),
		() => ({
			label: 'another table deletes',
			token: b,
			body: {
				ops: [{ id: randomUUID(), eveningId: aEvening.evening.id, revision: 500, kind: 'delete' }]
			}
		}),
		() => ({ label: 'oversized', token: a, raw: `{"ops":[${'1,'.repeat(600_000)}1]}` }),
		() => ({
			label: 'not JSON',
			token: a,
			raw: pick(['', '{', '{"ops":[', 'null', '[]', 'ops', '\u0000\u0001', '{"ops": [1,]}'])
		}),
		() => ({ label: 'too deep', token: a, raw: '{"ops":' + '['.repeat(40) + ']'.repeat(40) + '}' }),
		() => ({
			label: '__proto__',
			token: a,
			raw: JSON.stringify({ ops: [put(evening(['X', 'Y'], 1), 1)] }).replace(
				'"kind"',
				pick(['"__proto__":{"admin":true},"kind"', '"constructor":{},"kind"'])
			)
		}),
		() => ({
			label: '__proto__ in hands',
			token: a,
			raw: JSON.stringify({ ops: [put(evening(['X', 'Y'], 2), 1)] }).replace(
				'"hands":{',
				'"hands":{"__proto__":3,'
			)
		}),
		() => ({
			label: 'SQL in ids',
			token: a,
			body: { ops: [{ ...put(evening(['X', 'Y'], 1), 1), eveningId: pick(SQL) }] }
		}),
		() => ({
			label: 'SQL in names, impossible round',
			token: a,
			body: { ops: [put(withSql(), 3)] }
		}),
		() => ({
			label: 'name with control characters',
			token: a,
			body: { ops: [put(evening(['X\u0007', 'Y'], 1), 1)] }
		}),
		() => ({
			label: 'wrong types',
			token: a,
			body: {
				ops: [
					{ ...put(evening(['X', 'Y'], 1), 1), revision: pick([-1, 0, 1.5, '2', null, 2 ** 60]) }
				]
			}
		}),
		() => ({
			label: 'unknown field',
			token: a,
			body: { ops: [{ ...put(evening(['X', 'Y'], 1), 1), extra: 1 }] }
		}),
		() => ({
			label: 'not a uuid',
			token: a,
			body: {
				ops: [{ ...put(evening(['X', 'Y'], 1), 1), id: pick(['1', 'x'.repeat(36), SQL[0]]) }]
			}
		}),
		() => ({
			label: 'too many ops',
			token: a,
			body: { ops: Array.from({ length: 51 }, () => put(evening(['X', 'Y'], 1), 1)) }
		}),
		() => ({ label: 'empty batch', token: a, body: { ops: [] } }),
		() => ({
			label: 'id mismatch',
			token: a,
			body: { ops: [{ ...put(evening(['X', 'Y'], 1), 1), eveningId: randomUUID() }] }
		}),
		() => ({
			label: 'round of another evening',
			token: a,
			body: { ops: [put({ ...evening(['X', 'Y'], 2), rounds: aEvening.rounds.slice(0, 2) }, 1)] }
		}),
		() => ({ label: 'impossible round', token: a, body: { ops: [put(withSql(), 2)] } }),
		() => ({
			label: 'two out',
			token: a,
			body: {
				ops: [
					(() => {
						const ev = evening(['X', 'Y', 'Z'], 1);
						ev.rounds[0]!.entry.hands[ev.evening.players[1]!.id] = [];
						return put(ev, 1);
					})()
				]
			}
		}),
		() => ({ label: 'replay', token: a, body: { ops: aOps.slice(Math.floor(r() * aOps.length)) } }),
		() => ({
			label: 'older revision',
			token: a,
			body: {
				ops: [put(aEvening, 1 + Math.floor(r() * 5))].map((o) => ({ ...o, id: randomUUID() }))
			}
		}),
		() => ({
			label: 'unknown route',
			token: a,
			body: { ops: [] },
			path: pick(['/v1/admin', '/v1/tables', '/v1/ops/../admin', '/v2/ops'])
		})
	];
	return Array.from({ length: n }, (_, i) => makers[i % makers.length]!());
}

describe('hostile input', () => {
	it('refuses 540 generated requests and changes no row', async () => {
		const tables = ['club', 'club_table', 'evening', 'round', 'evening_player', 'applied_op'];
		const counts = async () => Promise.all(tables.map((x) => count(t.db, x)));
		const beforeCounts = await counts();
		const before = await dump(t.db);
		const requests = generate(540);
		const outcomes = new Map<string, Set<string>>();
		for (const req of requests) {
			const reply = await call<Record<string, unknown>>(t.app, req.path ?? '/v1/ops', req.token, {
				method: 'POST',
				...(req.raw !== undefined ? { raw: req.raw } : { body: req.body })
			});
			const body = reply.body as {
				applied?: unknown[];
				error?: string;
				refused?: { code: string }[];
			};
			const applied = reply.status === 200 ? (body.applied ?? []).length : 0;
			expect(applied, `${req.label}: ${JSON.stringify(body).slice(0, 200)}`).toBe(0);
			if (reply.status === 200 && req.label !== 'replay' && req.label !== 'older revision') {
				expect(body.refused?.length, req.label).toBeGreaterThan(0);
			}
			const seen = outcomes.get(req.label) ?? new Set();
			seen.add(
				reply.status === 200
					? `200 ${body.refused?.[0]?.code ?? 'ignored'}`
					: `${reply.status} ${body.error}`
			);
			outcomes.set(req.label, seen);
		}
		expect(requests.length).toBeGreaterThanOrEqual(500);
		expect(await counts()).toEqual(beforeCounts);
		expect(await dump(t.db)).toBe(before);
		// Each kind is refused for its own reason.
		expect(outcomes.get('wrong token')).toEqual(new Set(['401 token-unknown']));
		expect(outcomes.get('revoked token')).toEqual(new Set(['401 token-revoked']));
		expect(outcomes.get('viewer writes')).toEqual(new Set(['403 read-only']));
		expect(outcomes.get('another table’s evening')).toEqual(new Set(['200 not-your-evening']));
		expect(outcomes.get('oversized')).toEqual(new Set(['413 too-large']));
		expect(outcomes.get('__proto__')).toEqual(new Set(['400 forbidden-key']));
		expect(outcomes.get('impossible round')).toEqual(new Set(['200 round-refused']));
		expect(outcomes.get('replay')).toEqual(new Set(['200 ignored']));
	});

	it('stores a name that reads like SQL as the text it is', async () => {
		const ev = evening([SQL[0]!.slice(0, 30), "O'Brien"], 1);
		expect((await push(t.app, a, [put(ev, 1)])).body.applied).toHaveLength(1);
		const names = await t.db.query<{ name: string }>(
			`SELECT name FROM evening_player WHERE evening_id = $1 ORDER BY seat`,
			[ev.evening.id]
		);
		expect(names.map((n) => n.name)).toEqual([SQL[0]!.slice(0, 30), "O'Brien"]);
		expect(await count(t.db, 'round')).toBeGreaterThan(0);
	});
});

describe('one value never blocks a phone', () => {
	const rules = (knobs: Partial<RulesChoice>): RulesChoice => ({
		preset: 'swiss-jassshop',
		...knobs
	});

	// The shared schema's limits (rules/limits.ts) are ones the database can hold: such a value is
	// refused as invalid before any SQL, naming the operation, as 422 unstorable would.
	it('refuses a value beyond the shared limits with 400 invalid, naming the operation', async () => {
		const good = evening(['Ann', 'Bo'], 2);
		const after = evening(['Cy', 'Di'], 1);
		const blank = evening(['Gus', 'Hal'], 1, rules({ doubleBlank: 4_000_000_000 }));
		blank.rounds[0]!.entry.hands[blank.evening.players[1]!.id] = [[0, 0]];
		const unstorable = [
			evening(['Ed', 'Flo'], 1, rules({ goingOutBonus: 3_000_000_000 })),
			evening(['Ed', 'Flo'], 1, rules({ goingOutBonus: -3_000_000_000 })),
			blank
		];
		for (const bad of unstorable) {
			const before = await dump(t.db);
			const reply = await push(t.app, a, [put(good, 3), put(bad, 2), put(after, 2)]);
			expect(reply).toMatchObject({ status: 400, body: { error: 'invalid' } });
			expect((reply.body as { path?: string }).path).toMatch(/^ops\[1\]/);
			expect(await dump(t.db)).toBe(before);
		}
		// The phone sets that operation aside and sends the rest: stored.
		const rest = await push(t.app, a, [put(good, 3), put(after, 2)]);
		expect(rest.body.applied).toHaveLength(2);
	});

	it('stores a lone surrogate in a name as U+FFFD, as names are cleaned', async () => {
		const ev = evening(['Ann', 'Bo'], 1);
		const raw = JSON.stringify({ ops: [put(ev, 1)] }).replace('"Ann"', '"Ann\\ud800"');
		const reply = await call<{ applied: string[] }>(t.app, '/v1/ops', a, { raw });
		expect(reply.status).toBe(200);
		expect(reply.body.applied).toHaveLength(1);
		const names = await t.db.query<{ name: string }>(
			`SELECT name FROM evening_player WHERE evening_id = $1 ORDER BY seat`,
			[ev.evening.id]
		);
		expect(names.map((n) => n.name)).toEqual(['Ann\uFFFD', 'Bo']);
	});

	it('answers a data exception the checks could not foresee with a 4xx naming the operation', async () => {
		const poison = evening(['Ann', 'Bo'], 1);
		const refuses = (params?: unknown[]) =>
			JSON.stringify(params ?? []).includes(poison.evening.id)
				? Promise.reject(Object.assign(new Error('out of range'), { code: '22003' }))
				: null;
		// The database refuses any statement holding that evening, in a batch or tried alone.
		const db: Db = {
			...t.db,
			atomic: (sql, params) => refuses(params) ?? t.db.atomic(sql, params),
			transaction: (fn) =>
				t.db.transaction((tx) =>
					fn({ ...tx, query: (sql, params) => refuses(params) ?? tx.query(sql, params) })
				)
		};
		const app = createApp({ db, club: t.club, hub: t.hub, appOrigin: APP_ORIGIN });
		const before = await dump(t.db);
		const ops = [put(evening(['Cy', 'Di'], 1), 1), put(poison, 1)];
		expect(await push(app, a, ops)).toMatchObject({
			status: 422,
			body: { error: 'unstorable', path: 'ops[1]' }
		});
		expect(await dump(t.db)).toBe(before);
	});
});

// The live channel and the start: every save reaches a listening screen (how soon is a figure
// of `npm run bench`, not a test's), the token rides in the query only on the channel, and
// migrations are applied once.

import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notifyChange } from '../src/changes';
import { listTables } from '../src/club';
import { tableOfToken } from '../src/keys';
import { MIGRATIONS_DIR, migrate } from '../src/migrate';
import { newToken, tokenHash } from '../src/tokens';
import type { Members, Night } from '../../src/lib/club/night-protocol';
import { MAX_BODY_BYTES } from '../../src/lib/club/protocol';
import {
	APP_ORIGIN,
	call,
	evening,
	freshDb,
	playedThrough,
	push,
	releaseDb,
	testClub,
	type TestClub
} from './helpers';
import { openChannel } from './processes';

let t: TestClub;
let url: string;
let server: ReturnType<typeof serve>;
beforeEach(async () => {
	t = await testClub();
	server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
	await new Promise((r) => server.once('listening', r));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
	server.close();
	(server as Server).closeAllConnections();
	await t.close();
});
afterAll(releaseDb);

describe('the live channel', () => {
	it('tells a listening screen of each of a table’s saves, before the next', async () => {
		const viewer = await t.invite('Bar TV', 'viewer');
		const table = await t.invite('Table 1');
		const channel = await openChannel(`${url}/v1/events`, { Authorization: `Bearer ${viewer}` });
		// At once: "read everything now".
		expect(await channel.next()).toBe('evenings night club correction');
		for (const op of playedThrough(evening(['Ann', 'Bo'], 3))) {
			const heard = channel.next();
			expect((await push(url, table, [op])).body.applied).toHaveLength(1);
			expect(await heard).toBe('evenings');
		}
		channel.close();
	});

	it('says what changed: a correction, told with the evenings and the night it changes', async () => {
		const table = await t.invite('Table 1');
		const channel = await openChannel(`${url}/v1/events`, { Authorization: `Bearer ${table}` });
		await channel.next();
		const heard = channel.next();
		await notifyChange(t.db, 'correction', 'evenings', 'night');
		expect((await heard).split(' ').sort()).toEqual(['correction', 'evenings', 'night']);
		channel.close();
	});

	it("says what each of the club's writes changed, so a screen reads only what it shows", async () => {
		const organiser = await t.invite('Ruth', 'organiser');
		const phone = await t.invite('Table 1');
		const viewer = await t.invite('Bar TV', 'viewer');
		const channel = await openChannel(`${url}/v1/events`, { Authorization: `Bearer ${viewer}` });
		await channel.next();
		/** Sends a write (with the night's revision) and answers the kinds the channel then says. */
		const told = async (token: string, method: string, path: string, body: unknown) => {
			const { revision } = (await call<Night>(url, '/v1/night', organiser)).body;
			const heard = channel.next();
			const headers = { 'Idempotency-Key': randomUUID(), 'If-Match': `"${revision}"` };
			expect((await call(url, path, token, { method, headers, body })).status, path).toBe(200);
			return (await heard).split(' ').sort().join(' ');
		};
		// The club's members and settings: the club, and the night (its revision, tonight's names).
		const club = 'club night';
		for (const name of ['Anna', 'Bo', 'Cy', 'Di', 'Anna B'])
			expect(await told(organiser, 'POST', '/v1/members', { name })).toBe(club);
		const roster = (await call<Members>(url, '/v1/members', organiser)).body.members;
		const id = (name: string) => roster.find((m) => m.name === name)!.id;
		const here = ['Anna', 'Bo', 'Cy', 'Di'].map(id);
		expect(await told(organiser, 'PATCH', `/v1/members/${id('Bo')}`, { name: 'Bob' })).toBe(club);
		const merge = { gone: id('Anna B') };
		expect(await told(organiser, 'POST', `/v1/members/${id('Anna')}/merge`, merge)).toBe(club);
		const split = { spelling: 'Anna B' };
		expect(await told(organiser, 'POST', '/v1/members/split', split)).toBe(club);
		const settings = {
			tableSizes: { min: 4, max: 6 },
			houseRules: null,
			seasonRule: { ranking: 'per-round', missed: { kind: 'own-average' }, ties: 'shared' },
			divisions: ['Juniors']
		};
		expect(await told(organiser, 'PUT', '/v1/club/settings', settings)).toBe(club);
		// Tonight's own changes (who is here, a deal, a table's claim): the night alone.
		const checkIn = { here, guests: [] };
		expect(await told(organiser, 'PUT', '/v1/night/check-in', checkIn)).toBe('night');
		expect(await told(organiser, 'POST', '/v1/night/games', { rule: { kind: 'deal' } })).toBe(
			'night'
		);
		const ev = evening(['Anna', 'Bob', 'Cy', 'Di'], 1);
		const claim = { eveningId: ev.evening.id };
		expect(await told(phone, 'PUT', '/v1/night/games/1/tables/1/evening', claim)).toBe('night');
		// A table's batch: its evenings alone.
		const heard = channel.next();
		expect((await push(url, phone, playedThrough(ev))).body.applied).toHaveLength(2);
		expect(await heard).toBe('evenings');
		channel.close();
	});

	it('takes the token from the query on the channel only', async () => {
		const viewer = await t.invite('Bar TV', 'viewer');
		const channel = await openChannel(`${url}/v1/events?token=${viewer}`);
		await channel.next();
		channel.close();
		expect((await call(url, `/v1/me?token=${viewer}`, null)).status).toBe(401);
		const revoked = await fetch(`${url}/v1/events?token=${'A'.repeat(43)}`);
		expect(revoked.status).toBe(401);
		await revoked.body?.cancel();
	});
});

/** A POST of `parts` to /v1/ops, sent in chunks without a length when `chunked`. */
function postParts(
	token: string,
	parts: string[],
	chunked: boolean
): Promise<{ status: number; text: string }> {
	const length = parts.reduce((n, p) => n + Buffer.byteLength(p), 0);
	return new Promise((resolve, reject) => {
		const req = request(
			`${url}/v1/ops`,
			{
				method: 'POST',
				headers: {
					Authorization: `Bearer ${token}`,
					'Content-Type': 'application/json',
					...(chunked ? {} : { 'Content-Length': length })
				}
			},
			(res) => {
				let text = '';
				res.on('data', (c: Buffer) => (text += c.toString()));
				res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
			}
		);
		req.on('error', reject);
		for (const p of parts) req.write(p);
		req.end();
	});
}

describe('over HTTP (Node’s own request, read as it arrives)', () => {
	it('reads a batch whole, sent at once or in chunks', async () => {
		const table = await t.invite('Table 1');
		const [first, second] = playedThrough(evening(['Ann', 'Bo'], 1));
		const body = (op: unknown) => JSON.stringify({ ops: [op] });
		const once = await postParts(table, [body(first)], false);
		expect(JSON.parse(once.text).applied).toEqual([first!.id]);
		const text = body(second);
		const parts = [text.slice(0, 10), text.slice(10, 200), text.slice(200)];
		const chunked = await postParts(table, parts, true);
		expect(JSON.parse(chunked.text).applied).toEqual([second!.id]);
	});

	it('refuses a body over the cap, said or sent, and still answers', async () => {
		const table = await t.invite('Table 1');
		const big = `{"ops":["${'x'.repeat(MAX_BODY_BYTES)}"]}`;
		for (const chunked of [false, true]) {
			const parts = chunked ? big.match(/[^]{1,65536}/g)! : [big];
			const reply = await postParts(table, parts, chunked);
			expect(reply).toEqual({ status: 413, text: JSON.stringify({ error: 'too-large' }) });
		}
		expect((await push(url, table, playedThrough(evening(['Ann', 'Bo'], 0)))).status).toBe(200);
	});

	it('answers the app’s origin only, preflight or not', async () => {
		const token = await t.invite('Table 1');
		const ok = await call(url, '/v1/me', token, { headers: { Origin: APP_ORIGIN } });
		expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
		expect(ok.headers.get('access-control-expose-headers')).toBe('Retry-After, ETag');
		expect(ok.headers.get('vary')).toBe('Origin');
		const other = await call(url, '/v1/me', token, { headers: { Origin: 'http://evil.test' } });
		expect(other.headers.get('access-control-allow-origin')).toBeNull();
		const preflight = await call(url, '/v1/ops', null, {
			method: 'OPTIONS',
			headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'POST' }
		});
		expect(preflight.status).toBe(204);
		expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
		expect(preflight.headers.get('access-control-allow-headers')).toBe(
			'Authorization,Content-Type,Idempotency-Key,If-Match'
		);
	});
});

describe('migrations', () => {
	it('are applied once and recorded', async () => {
		expect(await migrate(t.db)).toEqual([]);
		const rows = await t.db.query<{ name: string }>(
			`SELECT name FROM schema_migration ORDER BY name`
		);
		expect(rows.map((r) => r.name)).toEqual([
			'001_club.sql',
			'002_player_nights.sql',
			'003_table_keys.sql',
			'004_club_night.sql',
			'005_correction.sql'
		]);
	});

	it('003: a table revoked and invited again before it is one table, its links its keys', async () => {
		const { db, drop } = await freshDb();
		const before = mkdtempSync(join(tmpdir(), 'club-migrations-'));
		for (const name of ['001_club.sql', '002_player_nights.sql'])
			copyFileSync(join(MIGRATIONS_DIR, name), join(before, name));
		await migrate(db, before);
		rmSync(before, { recursive: true });
		const [old, fresh, other] = [newToken(), newToken(), newToken()];
		await db.exec(`INSERT INTO club VALUES ('c', 'Old Club', 'per-round', 1)`);
		const table = `INSERT INTO club_table (id, club_id, name, role, token_hash, created_at, revoked_at,
			last_heard_at) VALUES ($1, 'c', $2, 'table', $3, $4, $5, $6)`;
		await db.query(table, ['t1', 'Table 3', tokenHash(old), 1, 5, 4]);
		await db.query(table, ['t2', 'table 3', tokenHash(fresh), 6, null, 7]);
		await db.query(table, ['t3', 'Table 4', tokenHash(other), 2, null, null]);
		const ev = `INSERT INTO evening (id, club_id, table_id, revision, night, received_at)
			VALUES ($1, 'c', $2, 1, '2026-11-27', 1)`;
		await db.query(ev, ['e1', 't1']);
		await db.query(ev, ['e2', 't2']);
		await db.query(ev, ['e3', 't3']);
		await db.query(
			`INSERT INTO applied_op VALUES ('t1', 'o1', 'e1', 1, 1), ('t2', 'o2', 'e2', 1, 1)`
		);
		expect(await migrate(db)).toEqual([
			'003_table_keys.sql',
			'004_club_night.sql',
			'005_correction.sql'
		]);
		const club = { id: 'c', name: 'Old Club', ranking: 'per-round' as const };
		expect(await listTables(db, club)).toEqual([
			{ name: 'table 3', role: 'table', createdAt: 1, revokedAt: null, lastHeardAt: 7 },
			{ name: 'Table 4', role: 'table', createdAt: 2, revokedAt: null, lastHeardAt: null }
		]);
		const owners = await db.query(`SELECT table_id FROM evening ORDER BY id`);
		expect(owners).toEqual([{ table_id: 't1' }, { table_id: 't1' }, { table_id: 't3' }]);
		expect(await db.query(`SELECT table_id, id FROM applied_op ORDER BY id`)).toEqual([
			{ table_id: 't1', id: 'o1' },
			{ table_id: 't1', id: 'o2' }
		]);
		expect(await tableOfToken(db, fresh)).toMatchObject({ table: 'table 3', revoked: false });
		expect(await tableOfToken(db, old)).toMatchObject({ table: 'table 3', revoked: true });
		await drop();
	});
});

// The live channel and the start: every save reaches a listening screen (how soon is a figure
// of `npm run bench`, not a test's), the token rides in the query only on the channel, and
// migrations are applied once.

import { serve } from '@hono/node-server';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../src/migrate';
import { MAX_BODY_BYTES } from '../../src/lib/club/protocol';
import {
	APP_ORIGIN,
	call,
	evening,
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
		await channel.next(); // at once: "load the standings now"
		for (const op of playedThrough(evening(['Ann', 'Bo'], 3))) {
			const heard = channel.next();
			expect((await push(url, table, [op])).body.applied).toHaveLength(1);
			await heard;
		}
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
		expect(ok.headers.get('access-control-expose-headers')).toBe('Retry-After');
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
			'Authorization,Content-Type'
		);
	});
});

describe('migrations', () => {
	it('are applied once and recorded', async () => {
		expect(await migrate(t.db)).toEqual([]);
		const rows = await t.db.query<{ name: string }>(
			`SELECT name FROM schema_migration ORDER BY name`
		);
		expect(rows.map((r) => r.name)).toEqual(['001_club.sql', '002_player_nights.sql']);
	});
});

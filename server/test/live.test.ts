// The live channel and the start: a save reaches a listening screen within two seconds, the
// token rides in the query only on the channel, and migrations are applied once.

import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../src/migrate';
import { call, evening, playedThrough, push, releaseDb, testClub, type TestClub } from './helpers';
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
	it('tells a listening screen of a table’s save within two seconds', async () => {
		const viewer = await t.invite('Bar TV', 'viewer');
		const table = await t.invite('Table 1');
		const channel = await openChannel(`${url}/v1/events`, { Authorization: `Bearer ${viewer}` });
		await channel.next(); // at once: "load the standings now"
		for (const op of playedThrough(evening(['Ann', 'Bo'], 3))) {
			const heard = channel.next();
			const savedAt = Date.now();
			expect((await push(url, table, [op])).body.applied).toHaveLength(1);
			await heard;
			expect(Date.now() - savedAt).toBeLessThan(2000);
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

describe('migrations', () => {
	it('are applied once and recorded', async () => {
		expect(await migrate(t.db)).toEqual([]);
		const rows = await t.db.query<{ name: string }>(
			`SELECT name FROM schema_migration ORDER BY name`
		);
		expect(rows.map((r) => r.name)).toEqual(['001_club.sql', '002_player_nights.sql']);
	});
});

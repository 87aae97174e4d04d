// Races between servers over one database (on PostgreSQL two processes; PGlite is held by one
// process, so there two HTTP servers of it): one evening's batches are applied one after the
// other, and a revoked key stops at once on every server.

import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClubOp } from '../../src/lib/club/protocol';
import { revoke } from '../src/club';
import { call, count, ENGINE, evening, push, put, releaseDb, upTo, type Reply } from './helpers';
import { openChannel, twoServers, type TwoServers } from './processes';

// One pair for the file (a server process takes seconds to start); each test its own tables.
let s: TwoServers;
beforeAll(async () => {
	s = await twoServers();
});
afterAll(async () => {
	await s.close();
	await releaseDb();
});

const remove = (eveningId: string, revision: number): ClubOp => ({
	id: randomUUID(),
	eveningId,
	revision,
	kind: 'delete'
});

/**
 * On PostgreSQL: holds an evening's row in a transaction of the test's own, until `release`;
 * `waiting(name)` resolves once a statement of the server process `name` waits for a lock. On
 * PGlite (one connection, whose statements run one after another) there is nothing to hold.
 */
async function holdRow(
	s: TwoServers,
	eveningId: string
): Promise<{ waiting: (server: string) => Promise<void>; release: () => Promise<void> } | null> {
	if (ENGINE !== 'postgres') return null;
	let release = () => {};
	const released = new Promise<void>((r) => (release = r));
	let locked = () => {};
	const holding = new Promise<void>((r) => (locked = r));
	const done = s.db.transaction(async (tx) => {
		await tx.query(`SELECT 1 FROM evening WHERE id = $1 FOR UPDATE`, [eveningId]);
		locked();
		await released;
	});
	await holding;
	return {
		waiting: async (server) => {
			const waits = `SELECT 1 FROM pg_stat_activity WHERE application_name = $1
				AND wait_event_type = 'Lock'`;
			while ((await s.db.query(waits, [server])).length === 0) {
				await new Promise((r) => setTimeout(r, 10));
			}
		},
		release: async () => {
			release();
			await done;
		}
	};
}

/** A batch whose headers and first half go now; `finish` sends the rest and waits for the answer. */
function holdPost(base: string, token: string, body: string): { finish: () => Promise<Reply> } {
	const bytes = Buffer.from(body);
	const req = request(`${base}/v1/ops`, {
		method: 'POST',
		headers: {
			Authorization: `Bearer ${token}`,
			'Content-Type': 'application/json',
			'Content-Length': bytes.length
		}
	});
	const reply = new Promise<Reply>((resolve, reject) => {
		req.on('response', (res) => {
			let text = '';
			res.on('data', (c: Buffer) => (text += c.toString()));
			res.on('end', () =>
				resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), headers: new Headers() })
			);
		});
		req.on('error', reject);
	});
	req.write(bytes.subarray(0, bytes.length >> 1));
	return {
		finish: () => {
			req.end(bytes.subarray(bytes.length >> 1));
			return reply;
		}
	};
}

describe(`races over one database (${ENGINE})`, () => {
	it('a retry racing its own batch on another server: a deleted evening keeps no round', async () => {
		const token = await s.invite('Table R');
		const ev = evening(['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'], 13);
		expect((await push(s.urls[0], token, [put(upTo(ev, 0), 1)])).body.applied).toHaveLength(1);
		// The phone sends its evening on one server; the answer is lost, and it sends the same put
		// again on the other, with the delete made since. On PostgreSQL the test holds the evening's
		// row (as a slow statement would) until both batches wait for it, the put first.
		const played = put(ev, 2);
		const held = await holdRow(s, ev.evening.id);
		const first = push(s.urls[0], token, [played]);
		await held?.waiting('club-one');
		const retry = push(s.urls[1], token, [played, remove(ev.evening.id, 3)]);
		await held?.waiting('club-two');
		await held?.release();
		expect((await first).status).toBe(200);
		expect((await retry).body).toMatchObject({ refused: [], behind: [] });
		const [row] = await s.db.query<{ deleted: boolean; revision: number }>(
			`SELECT deleted, revision FROM evening WHERE id = $1`,
			[ev.evening.id]
		);
		expect(row).toEqual({ deleted: true, revision: 3 });
		expect(await count(s.db, 'round')).toBe(0);
		expect(await count(s.db, 'evening_player')).toBe(0);
		const standings = await call<{ tonight: unknown[] }>(s.urls[0], '/v1/standings', token);
		expect(standings.body.tonight).toEqual([]);
	});

	it('a revoked key stops at once: its batch in flight is refused, its live channel closed', async () => {
		const token = await s.invite('Table 1');
		await s.invite('Table 2');
		const viewer = await s.invite('Bar TV', 'viewer');
		const tableChannel = await openChannel(`${s.urls[0]}/v1/events?token=${token}`);
		await tableChannel.next();
		const wall = await openChannel(`${s.urls[0]}/v1/events?token=${viewer}`);
		await wall.next();
		// The batch's headers reach the other server, which checks the key; then the CLI revokes it
		// (another process), and only then does the batch's body arrive.
		const checked = s.nextLookup();
		const ev = evening(['Ann', 'Bo'], 3);
		const held = holdPost(s.urls[1], token, JSON.stringify({ ops: [put(ev, 4)] }));
		await checked;
		await revoke(s.db, s.club, 'Table 1');
		expect(await held.finish()).toMatchObject({ status: 401, body: { error: 'token-revoked' } });
		expect(await s.db.query(`SELECT 1 FROM evening WHERE id = $1`, [ev.evening.id])).toEqual([]);
		await tableChannel.closed;
		// A revoke is a change: the wall loads the standings again, without the revoked table.
		await wall.next();
		const standings = await call<{ tables: { name: string }[] }>(
			s.urls[0],
			'/v1/standings',
			viewer
		);
		expect(standings.body.tables.map((x) => x.name)).toEqual(['Table 2', 'Table R']);
		wall.close();
	});
});

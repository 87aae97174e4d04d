// A correction (issue 44, docs/club.md "A correction"), on this run's engine: the organiser
// corrects a round of a table's evening; the rules core checks it as an edit (a later round that
// it would make invalid refuses it, in the rules core's words); it is stored as the evening's
// next revision with who and when, the standings follow it, the table's phone reads it, and a put
// the phone wrote before it took the correction in never undoes it.

import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	ClubEveningViewSchema,
	CorrectionAnswerSchema,
	CorrectionsSchema,
	type Night
} from '../../src/lib/club/night-protocol';
import type { ClubEvening, ClubOp } from '../../src/lib/club/protocol';
import type { RoundEntry } from '../../src/lib/rules';
import {
	call,
	count,
	dump,
	evening,
	push,
	put,
	releaseDb,
	testClub,
	type Reply,
	type TestClub
} from './helpers';

let t: TestClub;
let organiser: string;
let table: string;
let viewer: string;
beforeEach(async () => {
	t = await testClub();
	organiser = await t.invite('Ruth', 'organiser');
	table = await t.invite('Table 1');
	viewer = await t.invite('Bar TV', 'viewer');
});
afterEach(async () => {
	await t.close();
});
afterAll(releaseDb);

async function revision(): Promise<number> {
	return (await call<Night>(t.app, '/v1/night', organiser)).body.revision;
}

/** POST /v1/night/corrections with a fresh key and the night's revision now (unless given). */
async function correct(
	body: unknown,
	o: { token?: string; key?: string; rev?: number; raw?: string } = {}
): Promise<Reply<Record<string, unknown>>> {
	const headers = {
		'Idempotency-Key': o.key ?? randomUUID(),
		'If-Match': `"${o.rev ?? (await revision())}"`
	};
	return call(t.app, '/v1/night/corrections', o.token ?? organiser, {
		method: 'POST',
		headers,
		...(o.raw !== undefined ? { raw: o.raw } : { body })
	});
}

/** An Italian elimination evening of three (eliminated at 100): round 3 holds a hand of Bo's. */
function eliminationEvening(): ClubEvening {
	const ev = evening(['Anna', 'Bo', 'Cy'], 0, { preset: 'italian-elimination' });
	const [a, b, c] = ev.evening.players.map((p) => p.id) as [string, string, string];
	const entries: RoundEntry[] = [
		{ out: a, blocked: false, hands: { [b]: 60, [c]: 30 } },
		{ out: a, blocked: false, hands: { [b]: 30, [c]: 20 } },
		{ out: c, blocked: false, hands: { [a]: 5, [b]: 5 } }
	];
	const { createdAt } = ev.evening;
	return {
		evening: { ...ev.evening, updatedAt: createdAt + 3 },
		rounds: entries.map((entry, index) => ({
			id: `${ev.evening.id}:${index}`,
			eveningId: ev.evening.id,
			index,
			entry,
			starter: null,
			savedAt: createdAt + index + 1
		}))
	};
}

async function sent(ev: ClubEvening, rev = 1000): Promise<void> {
	const res = await push(t.app, table, [put(ev, rev)]);
	expect(res.body.applied).toHaveLength(1);
}

const seatsOf = async (eveningId: string) =>
	t.db.query<{ key: string; total: number; rounds: number; place: number }>(
		`SELECT key, total, rounds, place FROM evening_player WHERE evening_id = $1 ORDER BY seat`,
		[eveningId]
	);

describe('a correction', () => {
	it('is stored as the next revision with who and when; the standings and the phone follow', async () => {
		const ev = eliminationEvening();
		await sent(ev);
		const [a, b, c] = ev.evening.players.map((p) => p.id) as [string, string, string];
		const entry = { out: a, blocked: false, hands: { [b]: 50, [c]: 30 } };
		const res = await correct({ eveningId: ev.evening.id, round: 0, entry });
		expect(res.status).toBe(200);
		const answer = v.parse(CorrectionAnswerSchema, res.body);
		expect(answer.correction).toMatchObject({
			eveningId: ev.evening.id,
			round: 0,
			entry,
			revision: 1001,
			by: 'Ruth'
		});
		expect(answer.revision).toBe(await revision());
		// Bo: 50 + 30 + 5 = 85 (was 95); the seats' results derived again by the rules core.
		expect((await seatsOf(ev.evening.id)).map((s) => s.total)).toEqual([5, 85, 50]);
		const view = await call(t.app, `/v1/night/evenings/${ev.evening.id}`, organiser);
		const held = v.parse(ClubEveningViewSchema, view.body);
		expect(held.revision).toBe(1001);
		expect(held.table).toBe('Table 1');
		expect(held.rounds[0]).toMatchObject({ entry, correctedBy: { name: 'Ruth' } });
		expect(held.rounds[1]!.correctedBy).toBeNull();
		// The audit keeps it with who and when.
		const [action] = await t.db.query<{ kind: string; input: unknown }>(
			`SELECT kind, input FROM organiser_action ORDER BY id DESC LIMIT 1`
		);
		expect(action).toEqual({
			kind: 'correction',
			input: { eveningId: ev.evening.id, round: 0, entry }
		});
		// The table's phone reads it; a later ask after it gets nothing more.
		const feed = v.parse(CorrectionsSchema, (await call(t.app, '/v1/corrections', table)).body);
		expect(feed.corrections).toEqual([answer.correction]);
		const after = await call(t.app, `/v1/corrections?after=${answer.correction.id}`, table);
		expect(v.parse(CorrectionsSchema, after.body).corrections).toEqual([]);
	});

	it('that would make a later round invalid is refused in the rules core words, nothing stored', async () => {
		const ev = eliminationEvening();
		await sent(ev);
		const [a, b, c] = ev.evening.players.map((p) => p.id) as [string, string, string];
		const before = await dump(t.db);
		const night = await revision();
		// Bo at 70 + 30 is out after round 2, yet round 3 holds a hand of Bo's.
		const entry = { out: a, blocked: false, hands: { [b]: 70, [c]: 30 } };
		const res = await correct({ eveningId: ev.evening.id, round: 0, entry });
		expect(res.status).toBe(422);
		expect(res.body).toEqual({
			error: 'refused',
			problems: [
				{
					code: 'later-round-conflict',
					params: { round: 2, number: 3, code: 'eliminated-player' }
				}
			]
		});
		const wrong = { out: a, blocked: false, hands: { [b]: 5 } };
		const missing = await correct({ eveningId: ev.evening.id, round: 1, entry: wrong });
		expect(missing.body).toMatchObject({ problems: [{ code: 'hand-missing', player: c }] });
		const noRound = await correct({ eveningId: ev.evening.id, round: 3, entry });
		expect(noRound.body).toEqual({ error: 'refused', problems: [{ code: 'no-such-round' }] });
		const noEvening = await correct({ eveningId: randomUUID(), round: 0, entry });
		expect(noEvening.body).toEqual({ error: 'refused', problems: [{ code: 'no-such-evening' }] });
		expect(await dump(t.db)).toBe(before);
		expect(await revision()).toBe(night);
	});

	it('is the organiser’s only; a retry is answered, a stale screen refused, a hostile body a 4xx', async () => {
		const ev = eliminationEvening();
		await sent(ev);
		const [a, b, c] = ev.evening.players.map((p) => p.id) as [string, string, string];
		const body = {
			eveningId: ev.evening.id,
			round: 1,
			entry: { out: a, blocked: false, hands: { [b]: 31, [c]: 20 } }
		};
		const before = await dump(t.db);
		for (const token of [table, viewer]) {
			expect((await correct(body, { token })).body).toEqual({ error: 'organiser-only' });
			const view = await call(t.app, `/v1/night/evenings/${ev.evening.id}`, token);
			expect(view.status).toBe(403);
		}
		expect((await call(t.app, '/v1/corrections', organiser)).status).toBe(403);
		expect((await call(t.app, '/v1/corrections', viewer)).status).toBe(403);
		const hostile: (unknown | string)[] = [
			{ ...body, round: -1 },
			{ ...body, round: 1.5 },
			{ ...body, round: 1e9 },
			{ ...body, extra: 1 },
			{ ...body, entry: { ...body.entry, hands: { [b]: 'x' } } },
			{ ...body, entry: { ...body.entry, hands: { [b]: 1e12 } } },
			{ ...body, eveningId: 'x'.repeat(500) },
			{ eveningId: ev.evening.id },
			[],
			'{"eveningId":',
			'{"__proto__":{}}'
		];
		for (const h of hostile) {
			const res = typeof h === 'string' ? await correct(null, { raw: h }) : await correct(h);
			expect(res.status, JSON.stringify(h)).toBeGreaterThanOrEqual(400);
			expect(res.status, JSON.stringify(h)).toBeLessThan(500);
		}
		for (const q of ['?after=-1', '?after=x', `?after=${'9'.repeat(30)}`]) {
			expect((await call(t.app, `/v1/corrections${q}`, table)).status).toBe(400);
		}
		expect((await call(t.app, `/v1/night/evenings/${'x'.repeat(200)}`, organiser)).status).toBe(
			400
		);
		expect((await call(t.app, `/v1/night/evenings/${randomUUID()}`, organiser)).status).toBe(404);
		expect(await dump(t.db)).toBe(before);

		const key = randomUUID();
		const night = await revision();
		const first = await correct(body, { key, rev: night });
		expect(first.status).toBe(200);
		// The same request again (its answer lost): the same answer, nothing done twice.
		const again = await correct(body, { key, rev: night });
		expect(again.body).toEqual(first.body);
		expect(await count(t.db, 'correction')).toBe(1);
		// Another correction from a screen that showed the night before the first: stale.
		const stale = await correct({ ...body, round: 0 }, { rev: night });
		expect(stale.status).toBe(409);
		expect(await count(t.db, 'correction')).toBe(1);
	});
});

describe('the table’s phone stays the owner', () => {
	async function corrected(): Promise<{ ev: ClubEvening; entry: RoundEntry; revision: number }> {
		const ev = eliminationEvening();
		await sent(ev);
		const [a, b, c] = ev.evening.players.map((p) => p.id) as [string, string, string];
		const entry = { out: a, blocked: false, hands: { [b]: 50, [c]: 30 } };
		const res = await correct({ eveningId: ev.evening.id, round: 0, entry });
		return { ev, entry, revision: v.parse(CorrectionAnswerSchema, res.body).correction.revision };
	}

	it('a put written before the phone took the correction in is behind, and changes nothing', async () => {
		const { ev, revision: corrected_ } = await corrected();
		const before = await dump(t.db);
		// Written later by the clock (a higher revision), but without the correction.
		const op: ClubOp = put({ ...ev, evening: { ...ev.evening, endedAt: Date.now() } }, 5000);
		const res = await push(t.app, table, [op]);
		expect(res.body).toMatchObject({ applied: [], behind: [{ id: op.id, revision: corrected_ }] });
		expect(await dump(t.db)).toBe(before);
	});

	it('a put that took it in is stored; one that refused it (its own round stays) too', async () => {
		const { ev, entry, revision } = await corrected();
		const rounds = ev.rounds.map((r, i) =>
			i === 0 ? { ...r, entry, correctedBy: { name: 'Ruth', at: Date.now() } } : r
		);
		const took: ClubEvening = { evening: { ...ev.evening, clubCorrection: revision }, rounds };
		const res = await push(t.app, table, [put(took, 5000)]);
		expect(res.body.applied).toHaveLength(1);
		const view = await call(t.app, `/v1/night/evenings/${ev.evening.id}`, organiser);
		expect(v.parse(ClubEveningViewSchema, view.body).rounds[0]).toMatchObject({
			entry,
			correctedBy: { name: 'Ruth' }
		});
		// The phone refused it (a round of its own it had not sent conflicted): its version wins.
		const own: ClubEvening = {
			evening: { ...ev.evening, clubCorrection: revision },
			rounds: ev.rounds
		};
		expect((await push(t.app, table, [put(own, 6000)])).body.applied).toHaveLength(1);
		expect((await seatsOf(ev.evening.id)).map((s) => s.total)).toEqual([5, 95, 50]);
		// A delete is the phone's to make, correction or not.
		const gone: ClubOp = {
			id: randomUUID(),
			eveningId: ev.evening.id,
			revision: 7000,
			kind: 'delete'
		};
		expect((await push(t.app, table, [gone])).body.applied).toEqual([gone.id]);
	});
});

// The club protocol as the app reads it (src/lib/club/protocol.ts): the batch schema, the checks
// each operation gets, the answers' schemas and the join link. The server's own suite (server/)
// covers what the server does with them.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
	AckSchema,
	ClubBatchSchema,
	ErrorSchema,
	MAX_BATCH_OPS,
	checkOp,
	joinLink,
	readJoinFragment,
	type ClubPutOp
} from '$lib/club/protocol';

function putOp(rounds: number): ClubPutOp {
	const id = 'ev-1';
	const seats = [
		{ id: 'p1', name: 'Ann' },
		{ id: 'p2', name: 'Bo' }
	];
	return {
		id: crypto.randomUUID(),
		eveningId: id,
		revision: rounds + 1,
		kind: 'put',
		evening: {
			evening: {
				id,
				createdAt: 1,
				updatedAt: 2,
				players: seats,
				rules: { preset: 'swiss-jassshop' },
				firstStarter: 0,
				endedAt: null
			},
			rounds: Array.from({ length: rounds }, (_, index) => ({
				id: `${id}:${index}`,
				eveningId: id,
				index,
				entry: {
					out: seats[index % 2]!.id,
					blocked: false,
					hands: { [seats[(index + 1) % 2]!.id]: 10 + index }
				},
				starter: null,
				savedAt: 3 + index
			}))
		}
	};
}

describe('the club batch', () => {
	it('accepts a put and a delete, and checks each put as a backup is checked', () => {
		const put = putOp(3);
		const del = { id: crypto.randomUUID(), eveningId: 'ev-2', revision: 4, kind: 'delete' };
		expect(v.safeParse(ClubBatchSchema, { ops: [put, del] }).success).toBe(true);
		expect(checkOp(put)).toBeNull();
		const impossible = putOp(2);
		impossible.evening.rounds[1]!.entry.hands.p1 = 999_999;
		expect(checkOp(impossible)).toMatchObject({ code: 'round-refused', path: 'evening.rounds[1]' });
		expect(checkOp({ ...put, eveningId: 'other' })).toMatchObject({ code: 'inconsistent' });
	});

	it('refuses unknown fields, a revision under 1, an id that is not a uuid and too many ops', () => {
		const put = putOp(1);
		const bad = [
			{ ops: [{ ...put, extra: 1 }] },
			{ ops: [{ ...put, revision: 0 }] },
			{ ops: [{ ...put, id: 'x' }] },
			{ ops: [] },
			{ ops: Array.from({ length: MAX_BATCH_OPS + 1 }, () => put) }
		];
		for (const body of bad) expect(v.safeParse(ClubBatchSchema, body).success).toBe(false);
	});

	it('reads the server’s answers', () => {
		expect(v.is(AckSchema, { applied: ['a'], ignored: [], refused: [] })).toBe(true);
		expect(v.is(ErrorSchema, { error: 'token-revoked' })).toBe(true);
		expect(v.is(ErrorSchema, { error: 'something-else' })).toBe(false);
	});
});

describe('the join link', () => {
	const token = 'A'.repeat(43);
	it('round-trips the server and the token through the fragment', () => {
		const link = joinLink('https://app.example', 'https://club.example', token, true);
		expect(link).toBe(
			`https://app.example/club#server=https%3A%2F%2Fclub.example&token=${token}&viewer=1`
		);
		expect(readJoinFragment(new URL(link).hash)).toEqual({
			server: 'https://club.example',
			token,
			viewer: true
		});
	});

	it('is null for a tampered link', () => {
		expect(
			readJoinFragment(`#server=https%3A%2F%2Fclub.example&token=${token.slice(1)}`)
		).toBeNull();
		expect(readJoinFragment(`#server=ftp%3A%2F%2Fclub.example&token=${token}`)).toBeNull();
		expect(readJoinFragment(`#token=${token}`)).toBeNull();
		expect(readJoinFragment('')).toBeNull();
	});
});

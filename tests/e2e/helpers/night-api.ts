// The club night's API as the club's end-to-end tests use it beside the browser: a key's
// request, and an evening played through as a table phone's outbox sends it (`createdAt` puts it
// on an earlier night of the season).
import { randomUUID } from 'node:crypto';
import type { ClubEvening, ClubOp } from '../../../src/lib/club/protocol';

/** A join link's token. */
export const tokenOf = (link: string) =>
	new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;

/** A request to the club server at `url` with `token`. */
export function clubApi(url: string, token: string, path: string, init: RequestInit = {}) {
	return fetch(url + path, {
		...init,
		headers: {
			'Content-Type': 'application/json',
			...(init.headers as Record<string, string>),
			Authorization: `Bearer ${token}`
		}
	});
}

/** Two rounds make an evening over: a short schedule. */
const SHORT = { preset: 'swiss-jassshop', schedule: [12, 11] };

/**
 * An evening of `names` played through (two rounds, the first player out in round 1, the second
 * in round 2; the others hold `hand(player's index, round)` points), as three puts.
 */
export function eveningOps(
	names: string[],
	createdAt = Date.now(),
	hand = (i: number, round: number) => (round * 7 + i * 3 + names.length) % 40
): { id: string; ops: ClubOp[] } {
	const id = randomUUID();
	const players = names.map((name) => ({ id: randomUUID(), name }));
	const seats = players.map((p) => p.id);
	const rounds = [0, 1].map((index) => {
		const out = seats[index % seats.length]!;
		const hands: Record<string, number> = {};
		seats.forEach((seat, i) => {
			if (seat !== out) hands[seat] = hand(i, index);
		});
		return {
			id: `${id}:${index}`,
			eveningId: id,
			index,
			entry: { out, blocked: false, hands },
			starter: null,
			savedAt: createdAt + index + 1
		};
	});
	const upTo = (n: number): ClubEvening =>
		({
			evening: {
				id,
				createdAt,
				updatedAt: createdAt + n,
				players,
				rules: SHORT,
				firstStarter: 0,
				endedAt: null
			},
			rounds: rounds.slice(0, n)
		}) as unknown as ClubEvening;
	const ops = [0, 1, 2].map((n): ClubOp => ({
		id: randomUUID(),
		eveningId: id,
		revision: n + 1,
		kind: 'put',
		evening: upTo(n)
	}));
	return { id, ops };
}

// A fake club for the sync loop's tests: a fetch that answers POST /v1/ops as the club protocol
// says (src/lib/club/protocol.ts): the newest revision of each evening wins; `ignored` only for
// an operation applied before (a retry); `behind`, with the club's revision, for one below what
// the club holds. It can also refuse, fail and go away as a real server does.
import { expect } from 'vitest';
import type { CabooseDb, ClubMembership, OutboxRow } from '$lib/db/database';
import type { ClubOp } from '$lib/club/protocol';
import type { ClubCorrection } from '$lib/club/night-protocol';
import { ClubSync, type SyncOptions } from '$lib/state/club/sync';

export const CLUB: ClubMembership = {
	server: 'https://club.example',
	token: 'T'.repeat(43),
	club: 'Domino club',
	table: 'Table 1',
	role: 'table',
	joinedAt: 1,
	revoked: false
};

/** What the club holds of an evening. */
export interface HeldEvening {
	revision: number;
	rounds: number;
	deleted: boolean;
}

export class FakeClub {
	evenings = new Map<string, HeldEvening>();
	seen = new Set<string>();
	/** Every batch received, in order (ops' ids). */
	batches: string[][] = [];
	/** Each evening's revisions in the order they were applied. */
	applied: { eveningId: string; revision: number }[] = [];
	mode: 'ok' | 'down' | 'lose-answer' | 'revoked' | 'busy' = 'ok';
	/** Operations refused by id (round-refused), in the Ack. */
	refuse = new Set<string>();
	/** Evenings whose operations the club's schema refuses (400, with the path). */
	invalid = new Set<string>();
	/** Evenings with a value the club's database cannot hold (422 unstorable). */
	unstorable = new Set<string>();
	/** Evenings the club's server fails on (500) every time, storing nothing of the batch. */
	choke = new Set<string>();
	/** Evenings another table sent first (refused: not-your-evening). */
	notYours = new Set<string>();
	/** The token that opens the club (a new link gives the table a new one). */
	token = CLUB.token;

	/** The revision the club holds of `eveningId` (0: none). */
	revision(eveningId: string): number {
		return this.evenings.get(eveningId)?.revision ?? 0;
	}

	/** GET /v1/corrections: answered, failing (500), or missing (404: an older club server). */
	feed: 'ok' | 'failing' | 'missing' = 'ok';
	/** The organiser's corrections (GET /v1/corrections), oldest first. */
	corrections: ClubCorrection[] = [];

	/** The club revision of the evening's latest correction (0: none). */
	corrected(eveningId: string): number {
		const mine = this.corrections.filter((c) => c.eveningId === eveningId);
		return Math.max(0, ...mine.map((c) => c.revision));
	}

	/** The organiser corrects a round: the club holds the evening at its revision + 1. */
	correct(c: Omit<ClubCorrection, 'id' | 'revision'>): ClubCorrection {
		const held = this.evenings.get(c.eveningId)!;
		held.revision += 1;
		const made = { ...c, id: this.corrections.length + 1, revision: held.revision };
		this.corrections.push(made);
		return made;
	}

	fetch = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
		const asked = /\/v1\/corrections\?after=(\d+)$/.exec(String(url));
		if (asked && this.feed === 'missing')
			return Response.json({ error: 'not-found' }, { status: 404 });
		if (asked && this.feed === 'failing') return Response.json({ error: 'bug' }, { status: 500 });
		if (asked && this.mode !== 'down') {
			const after = Number(asked[1]);
			return Response.json({ corrections: this.corrections.filter((c) => c.id > after) });
		}
		if (asked) throw new TypeError('Failed to fetch');
		expect(String(url)).toBe(`${CLUB.server}/v1/ops`);
		expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${this.token}`);
		if (this.mode === 'down') throw new TypeError('Failed to fetch');
		if (this.mode === 'revoked') return Response.json({ error: 'token-revoked' }, { status: 401 });
		if (this.mode === 'busy') return Response.json({ error: 'unavailable' }, { status: 503 });
		const { ops } = JSON.parse(String(init?.body)) as { ops: ClubOp[] };
		this.batches.push(ops.map((o) => o.id));
		const at = (set: Set<string>) => ops.findIndex((o) => set.has(o.eveningId));
		if (at(this.choke) >= 0) return Response.json({ error: 'bug' }, { status: 500 });
		if (at(this.invalid) >= 0) {
			const path = `ops[${at(this.invalid)}].evening.evening.rules.goingOutBonus`;
			return Response.json({ error: 'invalid', path }, { status: 400 });
		}
		if (at(this.unstorable) >= 0) {
			const path = `ops[${at(this.unstorable)}]`;
			return Response.json({ error: 'unstorable', path }, { status: 422 });
		}
		const ack = {
			applied: [] as string[],
			ignored: [] as string[],
			behind: [] as { id: string; revision: number }[],
			refused: [] as object[]
		};
		for (const op of ops) {
			if (this.refuse.has(op.id)) ack.refused.push({ id: op.id, code: 'round-refused' });
			else if (this.notYours.has(op.eveningId)) {
				ack.refused.push({ id: op.id, code: 'not-your-evening' });
			} else if (this.seen.has(op.id)) ack.ignored.push(op.id);
			else if (
				this.revision(op.eveningId) >= op.revision ||
				// A put of a phone that has not taken in every correction (as the club's statement).
				(op.kind === 'put' &&
					(op.evening.evening.clubCorrection ?? 0) < this.corrected(op.eveningId))
			) {
				ack.behind.push({ id: op.id, revision: this.revision(op.eveningId) });
			} else {
				this.seen.add(op.id);
				this.evenings.set(op.eveningId, {
					revision: op.revision,
					rounds: op.kind === 'put' ? op.evening.rounds.length : 0,
					deleted: op.kind === 'delete'
				});
				this.applied.push({ eveningId: op.eveningId, revision: op.revision });
				ack.applied.push(op.id);
			}
		}
		if (this.mode === 'lose-answer') {
			this.mode = 'ok';
			throw new TypeError('The connection dropped after the club stored the batch');
		}
		return Response.json(ack);
	};
}

/** Timers the test runs by hand: `fire` runs the retry that is due. */
export function fakeTimers() {
	const waits: number[] = [];
	const pending: (() => void)[] = [];
	return {
		waits,
		options: {
			setTimer: (run: () => void, ms: number) => {
				waits.push(ms);
				pending.push(run);
				return pending.length;
			},
			clearTimer: () => undefined
		} satisfies Partial<SyncOptions>,
		fire: () => pending.shift()?.(),
		get due() {
			return pending.length;
		}
	};
}

export function syncFor(db: CabooseDb, club: FakeClub, more: SyncOptions = {}) {
	return new ClubSync(db, {
		fetch: club.fetch,
		events: new EventTarget(),
		isOnline: () => true,
		exclusive: (work) => work(),
		...more
	});
}

export async function waiting(db: CabooseDb): Promise<OutboxRow[]> {
	return db.outbox.where('held').equals(0).toArray();
}

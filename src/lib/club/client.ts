// The phone's side of the club protocol (protocol.ts, docs/club.md): the requests, and what each
// answer means for the sync loop. No Dexie, no DOM: `fetch` is passed in, so tests answer it.

import * as v from 'valibot';
import {
	AckSchema,
	HelloSchema,
	MeSchema,
	PlayerNightsSchema,
	StandingsSchema,
	type Ack,
	type ClubOp,
	type Me,
	type PlayerNights,
	type Standings
} from './protocol';

export type Fetch = typeof fetch;

/** Where a phone reaches its club: the server's address and the table's token. */
export interface ClubAddress {
	server: string;
	token: string;
}

function request(
	to: ClubAddress,
	path: string,
	init: RequestInit = {}
): RequestInit & {
	url: string;
} {
	return {
		...init,
		url: `${to.server}${path}`,
		headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${to.token}` },
		// Never the page's cookies; the token is the only credential.
		credentials: 'omit',
		cache: 'no-store'
	};
}

/** A request to the club with the token, never the page's cookies. */
export async function call(fetchFn: Fetch, to: ClubAddress, path: string, init?: RequestInit) {
	const { url, ...rest } = request(to, path, init);
	return fetchFn(url, rest);
}

/** A response's JSON body, or undefined when it has none. */
export async function json(response: Response): Promise<unknown> {
	try {
		return await response.json();
	} catch {
		return undefined;
	}
}

/** Who the join link's token is: the club and the table, or why the link cannot be used. */
export type MeAnswer =
	| { ok: true; me: Me }
	/** The club refuses the token (tampered, or another club's; `revoked`: the club ended it). */
	| { ok: false; reason: 'refused'; revoked: boolean }
	/** No answer from the server, or not a club's answer. */
	| { ok: false; reason: 'unreachable' };

export async function askWhoAmI(fetchFn: Fetch, to: ClubAddress): Promise<MeAnswer> {
	let response: Response;
	try {
		response = await call(fetchFn, to, '/v1/me');
	} catch {
		return { ok: false, reason: 'unreachable' };
	}
	if (response.status === 401 || response.status === 403) {
		const body = (await json(response)) as { error?: unknown } | undefined;
		return { ok: false, reason: 'refused', revoked: body?.error === 'token-revoked' };
	}
	if (!response.ok) return { ok: false, reason: 'unreachable' };
	const me = v.safeParse(MeSchema, await json(response));
	return me.success ? { ok: true, me: me.output } : { ok: false, reason: 'unreachable' };
}

/** What became of a batch, for the sync loop. */
export type BatchAnswer =
	/** The club answered for each operation. */
	| { kind: 'ack'; ack: Ack }
	/** The token no longer opens the club (revoked, or unknown): stop sending. */
	| { kind: 'revoked' }
	/**
	 * The club cannot take the batch's operation at `index` (null: it did not say which): its
	 * schema refuses it (400), it is too large (413), or its database cannot hold a value of it
	 * (422 unstorable). Sending it again would change nothing: it is set aside with `code`.
	 */
	| { kind: 'set-aside'; index: number | null; code: string; path?: string }
	/** The club's server failed on the batch (500): maybe on one of its operations. */
	| { kind: 'failed' }
	/** No answer, the server busy or away: send again later (after `after` ms, when it says). */
	| { kind: 'retry'; after: number | null };

/** `ops[3].evening.rounds[0]` → 3. */
function opIndex(path: unknown): number | null {
	const match = typeof path === 'string' ? /^ops\[(\d+)\]/.exec(path) : null;
	return match ? Number(match[1]) : null;
}

/** What the club's answer to a batch that it did not take says about its operations. */
async function notTaken(response: Response): Promise<BatchAnswer> {
	const body = (await json(response)) as { error?: unknown; path?: unknown } | undefined;
	const code = typeof body?.error === 'string' ? body.error : 'invalid';
	const index = opIndex(body?.path);
	// Within the operation: `ops[3].evening.rounds[0]` → `evening.rounds[0]`.
	const path = typeof body?.path === 'string' ? body.path.replace(/^ops\[\d+\]\.?/, '') : undefined;
	return { kind: 'set-aside', index, code, ...(path ? { path } : {}) };
}

export async function sendBatch(
	fetchFn: Fetch,
	to: ClubAddress,
	ops: readonly ClubOp[]
): Promise<BatchAnswer> {
	let response: Response;
	try {
		response = await call(fetchFn, to, '/v1/ops', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ ops })
		});
	} catch {
		return { kind: 'retry', after: null };
	}
	if (response.status === 401 || response.status === 403) return { kind: 'revoked' };
	if (response.ok) {
		const ack = v.safeParse(AckSchema, await json(response));
		return ack.success ? { kind: 'ack', ack: ack.output } : { kind: 'retry', after: null };
	}
	if ([400, 413, 422].includes(response.status)) return notTaken(response);
	// 502, 503 and 504 say the server (or the proxy before it) is away, not that a batch is bad.
	if (response.status === 500) return { kind: 'failed' };
	const seconds = Number(response.headers.get('Retry-After'));
	return { kind: 'retry', after: seconds > 0 ? seconds * 1000 : null };
}

/**
 * Why a request to the club failed while the phone has signal: the club's server answers
 * GET /v1/hello (any origin) with the one app address it serves; when that is not this page's,
 * the browser refused the club's answers to this page, and the phone can say where to open the
 * app. Null when the server does not answer either, or serves this origin.
 */
export async function otherAppOrigin(
	fetchFn: Fetch,
	server: string,
	pageOrigin: string
): Promise<string | null> {
	try {
		const response = await fetchFn(`${server}/v1/hello`, {
			credentials: 'omit',
			cache: 'no-store'
		});
		if (!response.ok) return null;
		const hello = v.safeParse(HelloSchema, await json(response));
		if (!hello.success) return null;
		const appOrigin = new URL(hello.output.appOrigin).origin;
		return appOrigin !== new URL(pageOrigin).origin ? appOrigin : null;
	} catch {
		return null;
	}
}

export type StandingsAnswer =
	{ ok: true; standings: Standings } | { ok: false; reason: 'refused' | 'unreachable' };

export async function fetchStandings(fetchFn: Fetch, to: ClubAddress): Promise<StandingsAnswer> {
	let response: Response;
	try {
		response = await call(fetchFn, to, '/v1/standings');
	} catch {
		return { ok: false, reason: 'unreachable' };
	}
	if (response.status === 401 || response.status === 403) return { ok: false, reason: 'refused' };
	if (!response.ok) return { ok: false, reason: 'unreachable' };
	const parsed = v.safeParse(StandingsSchema, await json(response));
	return parsed.success
		? { ok: true, standings: parsed.output }
		: { ok: false, reason: 'unreachable' };
}

/** One player's nights of the season (GET /v1/nights), or null when there is no answer. */
export async function fetchPlayerNights(
	fetchFn: Fetch,
	to: ClubAddress,
	player: string
): Promise<PlayerNights | null> {
	try {
		const response = await call(fetchFn, to, `/v1/nights?player=${encodeURIComponent(player)}`);
		if (!response.ok) return null;
		const parsed = v.safeParse(PlayerNightsSchema, await json(response));
		return parsed.success ? parsed.output : null;
	} catch {
		return null;
	}
}

/** The club's live channel: EventSource sends no header, so the token rides in the query. */
export function eventsUrl(to: ClubAddress): string {
	return `${to.server}/v1/events?token=${encodeURIComponent(to.token)}`;
}

/** The wait before retry number `attempt` (0, 1, …): doubling from 1 s up to a minute, jittered. */
export function backoff(attempt: number, random: () => number = Math.random): number {
	const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt));
	return Math.round(base * (0.75 + random() * 0.5));
}

// The club's HTTP API (docs/club.md): a table's batches in, the club standings and a live channel
// out. Every request names its table by its token; nothing here changes the club's tables or
// tokens (the CLI does, on the server machine).

import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { streamSSE } from 'hono/streaming';
import * as v from 'valibot';
import { issuePath, parseStrictJson } from '../../src/lib/db/backup/parse';
import {
	CLUB_PROTOCOL_VERSION,
	ClubBatchSchema,
	MAX_BATCH_DEPTH,
	MAX_BODY_BYTES,
	MAX_PLAYER_QUERY,
	type ClubBatch,
	type ClubError,
	type Me
} from '../../src/lib/club/protocol';
import { heardFrom, tableOfToken, type Club, type TableAccess } from './club';
import type { ChangeHub } from './changes';
import type { Db } from './db';
import { RateLimiter, type RateLimit } from './rate-limit';
import { computeStandings, playerNights } from './standings';
import { applyBatch } from './sync';
import { frontDoor } from './hello';
import { readBearer } from './tokens';

export interface AppOptions {
	db: Db;
	club: Club;
	hub: ChangeHub;
	appOrigin: string;
	rateLimit?: RateLimit;
	/** A comment line on an open live channel this often, so proxies keep it open. */
	heartbeatMs?: number;
}

// Bindings: Node's own request when served by @hono/node-server; none under app.request (tests).
type Env = { Variables: { who: TableAccess }; Bindings: Partial<HttpBindings> };

const STATUS: Record<ClubError, 400 | 401 | 403 | 404 | 413 | 422 | 429 | 503> = {
	'token-missing': 401,
	'token-unknown': 401,
	'token-revoked': 401,
	'read-only': 403,
	'too-large': 413,
	'not-json': 400,
	'too-deep': 400,
	'forbidden-key': 400,
	invalid: 400,
	unstorable: 422,
	'rate-limited': 429,
	unavailable: 503,
	'not-found': 404
};

function fail(c: Context, error: ClubError, extra: Record<string, string> = {}) {
	return c.json({ error, ...extra }, STATUS[error]);
}

/** Errors of a database that is away (restarting, unreachable): the phone retries later. */
function isUnavailable(e: unknown): boolean {
	const code = (e as { code?: unknown }).code;
	return (
		typeof code !== 'string' ||
		/^(08|57P|53)/.test(code) ||
		['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)
	);
}

export function createApp(opts: AppOptions): Hono<Env> {
	const { db, club, hub } = opts;
	const app = new Hono<Env>();

	frontDoor(app, opts.appOrigin);
	app.use('*', appOnly(opts.appOrigin));
	app.use('/v1/*', authenticate(opts));

	app.get('/v1/me', async (c) => {
		const who = c.get('who');
		if (who.role === 'table') await heardFrom(db, who.tableId);
		const me: Me = {
			protocol: CLUB_PROTOCOL_VERSION,
			club: who.club,
			table: who.table,
			role: who.role
		};
		return c.json(me);
	});
	app.post('/v1/ops', (c) => receiveOps(c, db));
	app.get('/v1/standings', async (c) => c.json(await computeStandings(db, club)));
	app.get('/v1/nights', async (c) => {
		const player = c.req.query('player');
		if (!player || player.length > MAX_PLAYER_QUERY) return fail(c, 'invalid', { path: 'player' });
		return c.json(await playerNights(db, club, player));
	});
	app.get('/v1/events', (c) => liveChannel(c, hub, opts.heartbeatMs ?? 20_000));

	app.notFound((c) => fail(c, 'not-found'));
	app.onError((e, c) => {
		console.error(e instanceof Error ? e.message : e);
		return isUnavailable(e) ? fail(c, 'unavailable') : c.json({ error: 'server-error' }, 500);
	});
	return app;
}

/**
 * Across origins, only the app's. Preflights are Hono's cors; on every other request the same
 * headers go through c.header, so no Response is made before the route's own (Hono's cors sets
 * them on c.res, which makes one, then copies it into the route's: a tenth of a batch's cost).
 */
function appOnly(appOrigin: string): MiddlewareHandler<Env> {
	const origin = new URL(appOrigin).origin;
	const preflight = cors({
		origin,
		allowMethods: ['GET', 'POST'],
		allowHeaders: ['Authorization', 'Content-Type'],
		// The phone waits as long as a 429 says.
		exposeHeaders: ['Retry-After'],
		maxAge: 600
	});
	return async (c, next) => {
		if (c.req.method === 'OPTIONS') return preflight(c, next);
		if (c.req.header('origin') === origin) c.header('Access-Control-Allow-Origin', origin);
		c.header('Access-Control-Expose-Headers', 'Retry-After');
		// Before the route (after it, c.header makes the route's Response again).
		c.header('Vary', 'Origin', { append: true });
		await next();
	};
}

/**
 * A request's body as text, or null past `max` bytes (as said, or as sent). Read from Node's own
 * request when there is one, so no web Request is made for it (about a sixth of a batch's cost);
 * left unread past the cap, and the connection kept, so the phone hears why.
 */
async function readBody(c: Context<Env>, max: number): Promise<string | null> {
	if (Number(c.req.header('content-length') ?? 0) > max) return null;
	// (Both are async iterables in Node; their types do not say so.)
	const chunks = (c.env?.incoming?.iterator({ destroyOnReturn: false }) ??
		c.req.raw.body) as AsyncIterable<Uint8Array> | null;
	const read: Uint8Array[] = [];
	let size = 0;
	for await (const chunk of chunks ?? []) {
		size += chunk.length;
		if (size > max) return null;
		read.push(chunk);
	}
	return Buffer.concat(read, size).toString('utf8');
}

/** Who is asking: a token of this club, not revoked, within its rate. */
function authenticate(opts: AppOptions): MiddlewareHandler<Env> {
	const limiter = new RateLimiter(opts.rateLimit ?? { burst: 60, perSecond: 20 });
	return async (c, next) => {
		// EventSource cannot send headers: the live channel also takes the token in its query.
		const query = c.req.path === '/v1/events' ? c.req.query('token') : undefined;
		const token = readBearer(c.req.header('Authorization') ?? (query && `Bearer ${query}`));
		if (!token) return fail(c, 'token-missing');
		const wait = limiter.take(token);
		if (wait > 0) {
			c.header('Retry-After', String(wait));
			return fail(c, 'rate-limited');
		}
		const who = await tableOfToken(opts.db, token);
		if (!who || who.clubId !== opts.club.id) return fail(c, 'token-unknown');
		if (who.revoked) return fail(c, 'token-revoked');
		c.set('who', who);
		await next();
	};
}

/** A batch of a table's operations: read strictly, checked, applied in one transaction. */
async function receiveOps(c: Context<Env>, db: AppOptions['db']) {
	const who = c.get('who');
	if (who.role !== 'table') return fail(c, 'read-only');
	const text = await readBody(c, MAX_BODY_BYTES);
	if (text === null) return fail(c, 'too-large');
	const json = parseStrictJson(text, MAX_BODY_BYTES, MAX_BATCH_DEPTH);
	if (!json.ok) {
		const code = json.problem.code;
		return fail(
			c,
			code === 'too-large' || code === 'too-deep' || code === 'forbidden-key' ? code : 'not-json'
		);
	}
	const parsed = v.safeParse(ClubBatchSchema, json.value, { abortEarly: true });
	if (!parsed.success) {
		const issue = parsed.issues[0];
		return fail(c, 'invalid', issue ? { path: issuePath(issue) } : {});
	}
	return c.json(await applyBatch(db, who, parsed.output as ClubBatch));
}

/** Server-sent events: a `change` at once and after every stored change, a heartbeat between. */
function liveChannel(c: Context<Env>, hub: AppOptions['hub'], heartbeat: number) {
	return streamSSE(c, async (stream) => {
		let wake: (() => void) | null = null;
		let pending = true; // a first `change` at once: the client loads the standings
		const unsubscribe = hub.subscribe(() => {
			pending = true;
			wake?.();
		});
		stream.onAbort(() => {
			unsubscribe();
			wake?.();
		});
		while (!stream.aborted) {
			if (pending) {
				pending = false;
				await stream.writeSSE({ event: 'change', data: String(Date.now()) });
			}
			let timer: NodeJS.Timeout | undefined;
			await new Promise<void>((resolve) => {
				wake = resolve;
				timer = setTimeout(resolve, heartbeat);
			});
			clearTimeout(timer);
			wake = null;
			if (!pending && !stream.aborted) await stream.write(': still here\n\n');
		}
		unsubscribe();
	});
}

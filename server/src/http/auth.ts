// Who is asking: a key of this club, live, within its rate. Every /v1 request names its table (or
// viewer) by its token.

import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { Club } from '../club';
import type { Db } from '../db';
import { tableOfToken, type TableAccess } from '../keys';
import { RateLimiter, type RateLimit } from '../rate-limit';
import { readBearer } from '../tokens';
import { fail } from './errors';

// Bindings: Node's own request when served by @hono/node-server; none under app.request (tests).
export type Env = { Variables: { who: TableAccess }; Bindings: Partial<HttpBindings> };

export function authenticate(db: Db, club: Club, rateLimit: RateLimit): MiddlewareHandler<Env> {
	const limiter = new RateLimiter(rateLimit);
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
		const who = await tableOfToken(db, token);
		if (!who || who.clubId !== club.id) return fail(c, 'token-unknown');
		if (who.revoked) return fail(c, 'token-revoked');
		c.set('who', who);
		await next();
	};
}

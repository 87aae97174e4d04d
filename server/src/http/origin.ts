// Across origins, only the app's (CORS).

import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { Env } from './auth';

/**
 * Preflights are Hono's cors; on every other request the same headers go through c.header, so no
 * Response is made before the route's own (Hono's cors sets them on c.res, which makes one, then
 * copies it into the route's: a tenth of a batch's cost).
 */
export function appOnly(appOrigin: string): MiddlewareHandler<Env> {
	const origin = new URL(appOrigin).origin;
	const preflight = cors({
		origin,
		allowMethods: ['GET', 'POST', 'PUT', 'PATCH'],
		// The organiser's writes carry Idempotency-Key and If-Match (night-protocol.ts).
		allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match'],
		// The phone waits as long as a 429 says; the night's revision rides in ETag.
		exposeHeaders: ['Retry-After', 'ETag'],
		maxAge: 600
	});
	return async (c, next) => {
		if (c.req.method === 'OPTIONS') return preflight(c, next);
		if (c.req.header('origin') === origin) c.header('Access-Control-Allow-Origin', origin);
		c.header('Access-Control-Expose-Headers', 'Retry-After, ETag');
		// Before the route (after it, c.header makes the route's Response again).
		c.header('Vary', 'Origin', { append: true });
		await next();
	};
}

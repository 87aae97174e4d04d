// The club's front door for a phone on the wrong address: GET /v1/hello (no token, any origin)
// says the protocol and the one app address this club serves, so a phone whose requests the
// browser blocked can say why instead of "no signal"; and a request from another origin is
// logged, once per origin, so the organiser sees it too (APP_ORIGIN is then what to set).

import type { Env, Hono } from 'hono';
import { CLUB_PROTOCOL_VERSION, type Hello } from '../../src/lib/club/protocol';

/** Distinct refused origins logged at most; past it, one line says the rest are not. */
const MOST_LOGGED = 20;

/** An Origin header as text safe to log: its origin when it is an address, else quoted and cut. */
function shown(origin: string): string {
	try {
		const url = new URL(origin);
		if (url.origin !== 'null') return url.origin;
	} catch {
		/* not an address: quoted below */
	}
	return JSON.stringify(origin.slice(0, 100));
}

/** Mounts /v1/hello and the log of refused origins on `app`: before its CORS and its tokens. */
export function frontDoor<E extends Env>(
	app: Hono<E>,
	appOrigin: string,
	log: (line: string) => void = (line) => console.warn(line)
): void {
	const origin = new URL(appOrigin).origin;
	const logged = new Set<string>();
	app.use('*', async (c, next) => {
		const from = c.req.header('origin');
		if (from !== undefined && from !== origin && c.req.path !== '/v1/hello') {
			const who = shown(from);
			if (!logged.has(who) && logged.size <= MOST_LOGGED) {
				logged.add(who);
				log(
					logged.size > MOST_LOGGED
						? `Refused requests from more origins; not logged any more.`
						: `Refused a request from ${who}: this club serves the app at ${origin} (APP_ORIGIN). If phones open the app at ${who}, start the club server with APP_ORIGIN=${who}.`
				);
			}
		}
		await next();
	});
	app.get('/v1/hello', (c) => {
		c.header('Access-Control-Allow-Origin', '*');
		c.header('Cache-Control', 'no-store');
		const hello: Hello = { protocol: CLUB_PROTOCOL_VERSION, appOrigin: origin };
		return c.json(hello);
	});
}

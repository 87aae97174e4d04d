// The club's HTTP API (docs/club.md): a table's batches in, the club standings and a live channel
// out, and the club night (club-night/: the organiser's writes, the wall's and phones' reads).
// Every request names its table by its token; nothing here changes the club's tables or
// keys (the CLI does, on the server machine). Each resource's handlers live in its own folder
// (ops/, standings/, live/); here they meet, with the checks every request passes and the one
// error handler.

import { Hono } from 'hono';
import { CLUB_PROTOCOL_VERSION, type Me } from '../../src/lib/club/protocol';
import type { ChangeHub } from './changes';
import type { Club } from './club';
import type { Db } from './db';
import { nightRoutes } from './club-night/route';
import { authenticate, type Env } from './http/auth';
import { ClubFailure, fail, failureOf } from './http/errors';
import { appOnly } from './http/origin';
import { frontDoor } from './hello';
import { heardFrom } from './keys';
import { liveChannel } from './live/route';
import { receiveOps } from './ops/route';
import type { RateLimit } from './rate-limit';
import { nights, standings } from './standings/route';

export interface AppOptions {
	db: Db;
	club: Club;
	hub: ChangeHub;
	appOrigin: string;
	rateLimit?: RateLimit;
	/** A comment line on an open live channel this often, so proxies keep it open. */
	heartbeatMs?: number;
}

export function createApp(opts: AppOptions): Hono<Env> {
	const { db, club, hub } = opts;
	const app = new Hono<Env>();

	frontDoor(app, opts.appOrigin);
	app.use('*', appOnly(opts.appOrigin));
	app.use('/v1/*', authenticate(db, club, opts.rateLimit ?? { burst: 60, perSecond: 20 }));

	app.get('/v1/me', async (c) => {
		const who = c.get('who');
		if (who.role === 'table') await heardFrom(db, who.keyId);
		const me: Me = {
			protocol: CLUB_PROTOCOL_VERSION,
			club: who.club,
			table: who.table,
			role: who.role
		};
		return c.json(me);
	});
	app.post('/v1/ops', receiveOps(db));
	app.get('/v1/standings', standings(db, club));
	app.get('/v1/nights', nights(db, club));
	app.get('/v1/events', liveChannel(hub, opts.heartbeatMs ?? 20_000));
	nightRoutes(app, db, club);

	app.notFound((c) => fail(c, 'not-found'));
	// Input is answered with one of the protocol's codes (a refusal, a value the database cannot
	// hold, the database away); a 500 is a fault of this program.
	app.onError((e, c) => {
		// A refusal found in the request is not the server's news; the database's errors are.
		if (!(e instanceof ClubFailure)) console.error(e instanceof Error ? e.message : e);
		const failure = failureOf(e);
		return failure ? fail(c, failure.code, failure.extra) : c.json({ error: 'server-error' }, 500);
	});
	return app;
}

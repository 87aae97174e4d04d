// GET /v1/standings and GET /v1/nights (docs/club.md): read by tables and viewers.

import type { Context } from 'hono';
import { MAX_PLAYER_QUERY } from '../../../src/lib/club/protocol';
import type { Club } from '../club';
import type { Db } from '../db';
import type { Env } from '../http/auth';
import { fail } from '../http/errors';
import { computeStandings, playerNights } from './service';

export function standings(db: Db, club: Club) {
	return async (c: Context<Env>) => c.json(await computeStandings(db, club));
}

/** One player's nights of the season, by the name's `player` query. */
export function nights(db: Db, club: Club) {
	return async (c: Context<Env>) => {
		const player = c.req.query('player');
		if (!player || player.length > MAX_PLAYER_QUERY) return fail(c, 'invalid', { path: 'player' });
		return c.json(await playerNights(db, club, player));
	};
}

// The club night's HTTP routes (docs/club.md, "The organiser"): what every key reads (the night,
// the season, their CSV), a table's own seats and its claim of an evening, and the organiser's
// writes (organiser only, each an action stored with who and when: action.ts).

import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import {
	ClaimSchema,
	ClubSettingsSchema,
	CheckInSchema,
	CorrectionSchema,
	MAX_ACTIONS,
	NewGameSchema,
	type Actions,
	type ClubSettings,
	type Night,
	type Season
} from '../../../src/lib/club/night-protocol';
import { COMMA_CSV, csvFormatFor, CSV_BOM } from '../../../src/lib/csv';
import type { Club } from '../club';
import { notifyChange } from '../changes';
import type { Db, Queryable } from '../db';
import type { Env } from '../http/auth';
import { readBody, readJsonBody } from '../http/body';
import { ClubFailure, fail } from '../http/errors';
import { heardFrom } from '../keys';
import { nightOf } from '../night';
import {
	CLUB_CHANGE,
	notOrganiser,
	organiserWrite,
	revisionTag,
	type WriteContext
} from './action';
import { standingsCsv } from './csv';
import { CSV_WORDS, csvLanguage } from './csv-words';
import { correctRound, eveningView, tableCorrections } from './corrections';
import { checkIn, newGame } from './games';
import { memberRoutes } from './members';
import { readNight, readSettings, writeSettings } from './sql';
import { season } from './standings';
import { mine, nightView } from './view';

const Whole = v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number));
/** An organiser action's id (bigserial), within what a float holds exactly. */
const ActionId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/), v.transform(Number));

/** A whole number of the path (a game's, a table's), or 400 invalid naming it. */
function pathNumber(c: Context<Env>, name: string): number {
	const parsed = v.safeParse(Whole, c.req.param(name));
	if (!parsed.success) throw new ClubFailure('invalid', { path: name });
	return parsed.output;
}

/** PUT …/games/:game/tables/:table/evening: only the phone that plays that table. */
function claim(db: Db) {
	return async (c: Context<Env>) => {
		const who = c.get('who');
		if (who.role !== 'table') return fail(c, 'not-your-table');
		const game = pathNumber(c, 'game');
		const table = pathNumber(c, 'table');
		const text = await readBody(c, 4096);
		if (text === null) return fail(c, 'too-large');
		const { eveningId } = readJsonBody(text, ClaimSchema, 2);
		await heardFrom(db, who.keyId);
		const rows = await db.transaction(async (tx) => {
			const found = await tx.query<{ mine: boolean }>(
				`UPDATE game_table gt SET evening_id = CASE WHEN gt.club_table_id = $4 THEN $5 ELSE gt.evening_id END
				 FROM game g JOIN night n ON n.id = g.night_id
				 WHERE gt.game_id = g.id AND n.club_id = $1 AND n.night = $2 AND g.number = $3
				   AND gt.table_no = $6
				 RETURNING gt.club_table_id = $4 AS mine`,
				[who.clubId, nightOf(Date.now()), game, who.tableId, eveningId, table]
			);
			if (found[0]?.mine) await notifyChange(tx, 'night');
			return found;
		});
		if (!rows[0]) return fail(c, 'not-found');
		if (!rows[0].mine) return fail(c, 'not-your-table');
		return c.json({ game, table, eveningId });
	};
}

/** Tonight's standings and the season's as CSV rows, in the language's spreadsheet format. */
function csv(db: Db, club: Club, what: 'night' | 'season') {
	return async (c: Context<Env>) => {
		const lang = c.req.query('lang') ?? 'en';
		const format = lang.length <= 20 ? csvFormatFor(lang) : COMMA_CSV;
		const words = CSV_WORDS[lang.length <= 20 ? csvLanguage(lang) : 'en'];
		const night = nightOf(Date.now());
		const answer: Night['standings'] | Season =
			what === 'night'
				? (await nightView(db, club.id, night, false)).standings
				: await season(db, club.id, night);
		c.header('Content-Type', 'text/csv; charset=utf-8');
		c.header('Content-Disposition', `attachment; filename="${what}-${night}.csv"`);
		return c.body(
			CSV_BOM + standingsCsv(answer.rule, answer.divisions, format, words, what === 'season')
		);
	};
}

/** GET /v1/night/actions: the audit, newest first, MAX_ACTIONS at a time (`?before=<id>`). */
function actions(db: Db, club: Club) {
	return async (c: Context<Env>) => {
		const denied = notOrganiser(c);
		if (denied) return denied;
		const before = c.req.query('before');
		const parsed = before === undefined ? null : v.safeParse(ActionId, before);
		if (parsed && !parsed.success) throw new ClubFailure('invalid', { path: 'before' });
		const rows = await db.query<Actions['actions'][number]>(
			`SELECT a.id::float8 AS id, n.night, a.kind, t.name AS by, a.at::float8 AS at, a.input
			 FROM organiser_action a JOIN club_table t ON t.id = a.actor_id
			 LEFT JOIN night n ON n.id = a.night_id
			 WHERE a.club_id = $1 AND ($2::bigint IS NULL OR a.id < $2)
			 ORDER BY a.id DESC LIMIT $3`,
			[club.id, parsed?.output ?? null, MAX_ACTIONS]
		);
		const answer: Actions = { actions: rows };
		return c.json(answer);
	};
}

/** PUT /v1/club/settings: stored, and answered with the night's revision it moved. */
async function putSettings(tx: Queryable, ctx: WriteContext, input: ClubSettings) {
	await writeSettings(tx, ctx.club.id, input);
	return { revision: ctx.night.revision, settings: input };
}

export function nightRoutes(app: Hono<Env>, db: Db, club: Club) {
	app.get('/v1/night', async (c) => {
		const night = await nightView(
			db,
			club.id,
			nightOf(Date.now()),
			c.get('who').role === 'organiser'
		);
		c.header('ETag', revisionTag(night.revision));
		return c.json(night);
	});
	app.get('/v1/night/mine', async (c) => {
		const who = c.get('who');
		if (who.role === 'table') await heardFrom(db, who.keyId);
		return c.json(await mine(db, who, nightOf(Date.now())));
	});
	app.get('/v1/season', async (c) => c.json(await season(db, club.id, nightOf(Date.now()))));
	app.get('/v1/night.csv', csv(db, club, 'night'));
	app.get('/v1/season.csv', csv(db, club, 'season'));
	app.get('/v1/club/settings', async (c) => {
		const { club: _, ...settings } = await readSettings(db, club.id);
		const { revision } = await readNight(db, club.id, nightOf(Date.now()));
		return c.json({ revision, settings });
	});
	app.put('/v1/night/games/:game/tables/:table/evening', claim(db));
	app.get('/v1/night/actions', actions(db, club));

	memberRoutes(app, db, club);
	app.put('/v1/night/check-in', organiserWrite(db, club, 'check-in', CheckInSchema, checkIn));
	app.post('/v1/night/games', organiserWrite(db, club, 'game', NewGameSchema, newGame));
	app.post(
		'/v1/night/corrections',
		// The corrected table's phone takes it in; the standings and the night change with it.
		organiserWrite(db, club, 'correction', CorrectionSchema, correctRound, [
			'correction',
			'evenings',
			'night'
		])
	);
	app.get('/v1/night/evenings/:id', eveningView(db, club.id));
	app.get('/v1/corrections', tableCorrections(db));
	app.put(
		'/v1/club/settings',
		organiserWrite(db, club, 'settings', ClubSettingsSchema, putSettings, CLUB_CHANGE)
	);
}

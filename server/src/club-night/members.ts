// The club's members (organiser only): added, renamed, put in a division, two spellings of one
// person merged, a wrong merge split. The pure module decides (src/lib/club/night/members.ts);
// this stores its roster with the action.

import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { Id } from '../../../src/lib/atoms';
import {
	addMember,
	mergeMembers,
	renameMember,
	splitAlias,
	type NightResult,
	type Roster
} from '../../../src/lib/club/night';
import {
	MemberChangeSchema,
	MergeSchema,
	NewMemberSchema,
	SplitSchema,
	type Members
} from '../../../src/lib/club/night-protocol';
import type { Club } from '../club';
import type { Db, Queryable } from '../db';
import type { Env } from '../http/auth';
import { ClubFailure } from '../http/errors';
import { nightOf } from '../night';
import {
	CLUB_CHANGE,
	notOrganiser,
	organiserWrite,
	refused,
	revisionTag,
	type WriteContext
} from './action';
import {
	readNight,
	readRoster,
	readSettings,
	saveCheckIn,
	saveRoster,
	setDivision,
	type StoredRoster
} from './sql';

/** The roster as the organiser's screen lists it. */
export async function membersView(q: Queryable, clubId: string, revision: number) {
	const roster = await readRoster(q, clubId);
	const aliases = new Map<string, string[]>();
	for (const a of roster.aliases) aliases.set(a.member, [...(aliases.get(a.member) ?? []), a.name]);
	const members: Members = {
		revision,
		members: roster.members.map((m) => ({
			id: m.id,
			name: m.name,
			division: roster.divisionOf.get(m.id) ?? null,
			aliases: aliases.get(m.id) ?? []
		}))
	};
	return members;
}

/** The pure module's roster, or its refusal as the request's answer. */
function accepted(result: NightResult<Roster>): Roster {
	if (!result.ok) throw refused(result.problems);
	return result.value;
}

/** A division the club lists, or the refusal: a member is in one of the club's divisions. */
async function checkDivision(q: Queryable, clubId: string, division: string | null | undefined) {
	if (division === undefined || division === null) return;
	const { divisions } = await readSettings(q, clubId);
	if (!divisions.includes(division))
		throw refused([{ code: 'division-unknown', params: { division } }]);
}

function memberId(c: Context<Env>): string {
	const id = c.req.param('id');
	if (!v.is(Id, id)) throw new ClubFailure('invalid', { path: 'id' });
	return id;
}

type Change = (
	tx: Queryable,
	ctx: WriteContext,
	roster: StoredRoster
) => Promise<{
	next: Roster;
	merged?: { gone: string; keep: string };
	/** A member's new division (null: none), once the member is stored. */
	division?: { id: string; division: string | null };
}>;

/** A member write: the roster read in the write's transaction, changed, stored, listed. */
function rosterWrite<S extends v.GenericSchema>(
	db: Db,
	club: Club,
	kind: string,
	schema: S,
	change: (c: Context<Env>, input: v.InferOutput<S>) => Change
) {
	const work =
		(c: Context<Env>) => async (tx: Queryable, ctx: WriteContext, input: v.InferOutput<S>) => {
			const roster = await readRoster(tx, club.id);
			const { next, merged, division } = await change(c, input)(tx, ctx, roster);
			await saveRoster(tx, club.id, next, ctx.now, merged);
			if (division) await setDivision(tx, club.id, division.id, division.division);
			if (merged) {
				// Tonight's check-in names the member kept, once.
				ctx.night.here = [
					...new Set(ctx.night.here.map((id) => (id === merged.gone ? merged.keep : id)))
				];
				await saveCheckIn(tx, ctx.night);
			}
			return membersView(tx, club.id, ctx.night.revision);
		};
	return (c: Context<Env>) => organiserWrite(db, club, kind, schema, work(c), CLUB_CHANGE)(c);
}

export function memberRoutes(app: Hono<Env>, db: Db, club: Club) {
	app.get('/v1/members', async (c: Context<Env>) => {
		const denied = notOrganiser(c);
		if (denied) return denied;
		const night = await readNight(db, club.id, nightOf(Date.now()));
		c.header('ETag', revisionTag(night.revision));
		return c.json(await membersView(db, club.id, night.revision));
	});
	app.post(
		'/v1/members',
		rosterWrite(db, club, 'member-add', NewMemberSchema, (_c, input) => async (tx, _ctx, r) => {
			await checkDivision(tx, club.id, input.division);
			const id = randomUUID();
			const next = accepted(addMember(r, id, input.name));
			return { next, division: { id, division: input.division ?? null } };
		})
	);
	app.patch(
		'/v1/members/:id',
		rosterWrite(db, club, 'member-change', MemberChangeSchema, (c, input) => async (tx, _, r) => {
			const id = memberId(c);
			let next: Roster = r;
			if (input.name !== undefined) next = accepted(renameMember(r, id, input.name));
			else if (!r.members.some((m) => m.id === id))
				throw refused([{ code: 'member-unknown', player: id }]);
			if (input.division === undefined) return { next };
			await checkDivision(tx, club.id, input.division);
			return { next, division: { id, division: input.division } };
		})
	);
	app.post(
		'/v1/members/:id/merge',
		rosterWrite(db, club, 'member-merge', MergeSchema, (c, input) => async (_tx, _ctx, r) => {
			const keep = memberId(c);
			const next = accepted(mergeMembers(r, keep, input.gone));
			return { next, merged: { gone: input.gone, keep } };
		})
	);
	app.post(
		'/v1/members/split',
		rosterWrite(db, club, 'spelling-split', SplitSchema, (_c, input) => async (_tx, _ctx, r) => ({
			next: accepted(splitAlias(r, input.spelling, randomUUID()))
		}))
	);
}

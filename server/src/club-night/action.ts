// An organiser's write, as every one of them runs: only an organiser's key (403 organiser-only
// before the body is read, so a table's or a viewer's request stores nothing); an Idempotency-Key
// (a retry gets the answer stored the first time); If-Match on the night's revision (409 stale
// when another write came first); the body by its schema; then, in one transaction, the night's
// row locked, the action recorded with who and when, the change, and the answer kept with it.

import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import * as v from 'valibot';
import {
	IDEMPOTENCY_HEADER,
	IF_MATCH_HEADER,
	type NightRefusal
} from '../../../src/lib/club/night-protocol';
import { MAX_BODY_BYTES, type ChangeKind } from '../../../src/lib/club/protocol';
import { notifyChange } from '../changes';
import type { Club } from '../club';
import type { Db, Queryable } from '../db';
import type { Env } from '../http/auth';
import { readBody, readJsonBody } from '../http/body';
import { ClubFailure, fail } from '../http/errors';
import type { TableAccess } from '../keys';
import { nightOf } from '../night';
import { lockNight, type NightRow } from './sql';

/** Bodies of the organiser's requests nest a few levels at most. */
const NIGHT_DEPTH = 8;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `3`, `"3"` or `W/"3"`: the night's revision as an entity tag. */
const REVISION_TAG = /^(?:W\/)?"?(\d{1,9})"?$/;

/** What a write's work gets: the club, tonight's row (its revision already the new one), who. */
export interface WriteContext {
	club: Club;
	night: NightRow;
	who: TableAccess;
	actionId: string;
	now: number;
}

/** A refusal of the pure module (or the server's own night problems): 422 refused. */
export function refused(problems: NightRefusal[]): ClubFailure {
	return new ClubFailure('refused', { problems });
}

/** The night's revision as an entity tag, on every answer that shows the night. */
export const revisionTag = (revision: number) => `"${revision}"`;

/**
 * What a write to the club's members or settings tells the live channel: the club, and the night
 * (its revision, and tonight's names and standings, which the members and the rule make).
 */
export const CLUB_CHANGE: readonly ChangeKind[] = ['club', 'night'];

/** 403 organiser-only unless the key is an organiser's; null to go on. */
export function notOrganiser(c: Context<Env>): Response | null {
	return c.get('who').role === 'organiser' ? null : fail(c, 'organiser-only');
}

function readHeaders(c: Context<Env>): { requestId: string; revision: number } {
	const requestId = c.req.header(IDEMPOTENCY_HEADER);
	if (!requestId || !UUID.test(requestId))
		throw new ClubFailure('invalid', { path: IDEMPOTENCY_HEADER });
	const match = c.req.header(IF_MATCH_HEADER);
	if (match === undefined) throw new ClubFailure('if-match-required');
	const tag = REVISION_TAG.exec(match.trim());
	if (!tag) throw new ClubFailure('invalid', { path: IF_MATCH_HEADER });
	return { requestId: requestId.toLowerCase(), revision: Number(tag[1]) };
}

interface Stored {
	request_hash: string;
	result: unknown;
}

/**
 * An organiser's write: `kind` names it in the audit, `schema` reads its body, `work` changes
 * the club and returns the answer (or throws `refused`). The answer is stored with the action,
 * so a retry of the same request (same Idempotency-Key) is answered with it, changing nothing.
 * `told`: what the live channel says it changed (the night, unless the write says more).
 */
export function organiserWrite<S extends v.GenericSchema>(
	db: Db,
	club: Club,
	kind: string,
	schema: S,
	work: (tx: Queryable, ctx: WriteContext, input: v.InferOutput<S>) => Promise<unknown>,
	told: readonly ChangeKind[] = ['night']
) {
	return async (c: Context<Env>) => {
		const denied = notOrganiser(c);
		if (denied) return denied;
		const who = c.get('who');
		const { requestId, revision } = readHeaders(c);
		const text = await readBody(c, MAX_BODY_BYTES);
		if (text === null) return fail(c, 'too-large');
		const input = readJsonBody(text, schema, NIGHT_DEPTH);
		const hash = createHash('sha256')
			.update(`${c.req.method} ${c.req.path}\n${text}`)
			.digest('hex');
		const now = Date.now();
		const answer = await db.transaction(async (tx) => {
			const night = await lockNight(tx, club.id, nightOf(now));
			const [stored] = await tx.query<Stored>(
				`SELECT request_hash, result FROM organiser_action WHERE club_id = $1 AND request_id = $2`,
				[club.id, requestId]
			);
			if (stored) {
				if (stored.request_hash !== hash) throw new ClubFailure('key-reused');
				return stored.result;
			}
			if (night.revision !== revision) throw new ClubFailure('stale', { revision: night.revision });
			night.revision += 1;
			await tx.query(`UPDATE night SET revision = $2 WHERE id = $1`, [night.id, night.revision]);
			const [action] = await tx.query<{ id: string }>(
				`INSERT INTO organiser_action
				   (club_id, night_id, actor_id, key_id, request_id, request_hash, kind, input, result, at)
				 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'null', $9) RETURNING id::text`,
				[
					club.id,
					night.id,
					who.tableId,
					who.keyId,
					requestId,
					hash,
					kind,
					JSON.stringify(input),
					now
				]
			);
			const ctx = { club, night, who, actionId: action!.id, now };
			const result = await work(tx, ctx, input);
			await tx.query(`UPDATE organiser_action SET result = $2 WHERE id = $1`, [
				action!.id,
				JSON.stringify(result)
			]);
			await notifyChange(tx, ...told);
			return result;
		});
		return c.json(answer as object);
	};
}

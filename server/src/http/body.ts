// A request's body, read under a cap, then as strict JSON and by the protocol's schema.

import type { Context } from 'hono';
import * as v from 'valibot';
import { MAX_BODY_BYTES } from '../../../src/lib/club/protocol';
import { issuePath, parseStrictJson } from '../../../src/lib/db/backup/parse';
import type { Env } from './auth';
import { ClubFailure } from './errors';

/**
 * A request's body as text, or null past `max` bytes (as said, or as sent). Read from Node's own
 * request when there is one, so no web Request is made for it (about a sixth of a batch's cost);
 * left unread past the cap, and the connection kept, so the phone hears why.
 */
export async function readBody(c: Context<Env>, max: number): Promise<string | null> {
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

/** Half of a surrogate pair without its other half: text no database column holds. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Every string of `value` with each lone surrogate as U+FFFD, as a text decoder reads broken
 * text. Only a `\u` escape in JSON makes one (the body is read as UTF-8), so most bodies skip
 * this walk.
 */
function wellFormed(value: unknown): unknown {
	if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
	if (Array.isArray(value)) return value.map(wellFormed);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, wellFormed(x)]));
	}
	return value;
}

/**
 * A body's JSON read strictly (no prototype keys, no deeper than `depth`), its text made
 * well-formed, then by `schema`; or the ClubFailure that refuses the whole request (400 with
 * the first issue's path).
 */
export function readJsonBody<S extends v.GenericSchema>(
	text: string,
	schema: S,
	depth: number
): v.InferOutput<S> {
	const json = parseStrictJson(text, MAX_BODY_BYTES, depth);
	if (!json.ok) {
		const code = json.problem.code;
		throw new ClubFailure(
			code === 'too-large' || code === 'too-deep' || code === 'forbidden-key' ? code : 'not-json'
		);
	}
	const value = /\\u[dD][89a-fA-F]/.test(text) ? wellFormed(json.value) : json.value;
	const parsed = v.safeParse(schema, value, { abortEarly: true });
	if (!parsed.success) {
		const issue = parsed.issues[0];
		throw new ClubFailure('invalid', issue ? { path: issuePath(issue) } : {});
	}
	return parsed.output;
}

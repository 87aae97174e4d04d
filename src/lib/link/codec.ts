// An evening in a link's fragment (`…/view#c1.…`), for the other phones at the table: what was
// entered and nothing derived (names, the rules as a preset and its changed knobs, each round's
// entry with seat numbers for players, the starters, optionally the live table's log). Totals
// are never in a link: the view recomputes them with the rules core, so it cannot disagree.
//
// This file is the framing, version 1: `c1.` + base64url( varint n · CRC-32 of the JSON (4
// bytes, big-endian) · n bytes of deflate-raw of the JSON ), the JSON being the compact array of
// `toWire` (wire.ts; its schema in schema.ts, the tiles' alphabet in tiles.ts).
// Decoding refuses, in this order: anything not starting `c<digits>.` or an earlier version
// than 1 (not-caboose), a later version (newer-version), a fragment over MAX_LINK_CHARS (too-large), bad
// base64url or a short or long body (damaged, truncated), output past MAX_JSON_BYTES while
// inflating (too-large: a bomb stops there), a CRC mismatch, JSON with a
// __proto__/constructor/prototype key, a preset, knob or event this version does not know
// (newer-version), the strict schema, setup problems, and any round or table event the rules
// core refuses (refused-round).

import * as v from 'valibot';
import { issuePath, readJson } from '../atoms';
import {
	crc32,
	deflateRaw,
	fromBase64Url,
	inflateRaw,
	readVarint,
	toBase64Url,
	writeVarint
} from './bytes';
import { WireSchema, unknownToThisVersion } from './schema';
import { newerLink, refuse, type DecodeResult, type EveningSnapshot } from './types';
import { fromWire, toWire, type Wire } from './wire';

export const LINK_FORMAT_VERSION = 1;
/** A QR code holds at most 2,953 bytes; a fragment far longer is no Caboose link. */
export const MAX_LINK_CHARS = 6000;
/** The JSON of an honest 13-round, 10-player evening with tiles is under 6 KB. */
export const MAX_JSON_BYTES = 128 * 1024;
/** The path of the read-only view. */
export const VIEW_PATH = '/view';

/** The link's fragment, without '#': `c1.` and the body. */
export async function encodeSnapshot(snapshot: EveningSnapshot): Promise<string> {
	const json = new TextEncoder().encode(JSON.stringify(toWire(snapshot)));
	const deflated = await deflateRaw(json);
	const crc = crc32(json);
	const head = [
		...writeVarint(deflated.length),
		(crc >>> 24) & 0xff,
		(crc >>> 16) & 0xff,
		(crc >>> 8) & 0xff,
		crc & 0xff
	];
	const body = new Uint8Array(head.length + deflated.length);
	body.set(head, 0);
	body.set(deflated, head.length);
	return `c${LINK_FORMAT_VERSION}.${toBase64Url(body)}`;
}

/** The whole link for a page at `origin` (e.g. 'https://example.org'). */
export async function snapshotLink(origin: string, snapshot: EveningSnapshot): Promise<string> {
	return `${origin}${VIEW_PATH}#${await encodeSnapshot(snapshot)}`;
}

/** Sizes for the bench: the JSON, its deflated bytes, and the fragment. */
export async function measureSnapshot(
	snapshot: EveningSnapshot
): Promise<{ json: number; deflated: number; fragment: number }> {
	const json = new TextEncoder().encode(JSON.stringify(toWire(snapshot)));
	const deflated = await deflateRaw(json);
	return {
		json: json.length,
		deflated: deflated.length,
		fragment: (await encodeSnapshot(snapshot)).length
	};
}

/** The fragment of a link: everything after the first '#', or the text itself when none. */
export function fragmentOf(link: string): string {
	const at = link.indexOf('#');
	return at === -1 ? link : link.slice(at + 1);
}

/**
 * A link (or just its fragment) back to an evening, recomputed by the rules core. Never throws
 * and never runs long: every refusal is a `LinkError`.
 */
export async function decodeLink(link: string): Promise<DecodeResult> {
	try {
		return await decode(typeof link === 'string' ? fragmentOf(link) : '');
	} catch (e) {
		// Nothing above should throw; if something does, the link is still only refused.
		return refuse('damaged', e instanceof Error ? e.message : String(e));
	}
}

/** The body's bytes, or why there are none (a link cut short says so). */
function readBody(text: string): Uint8Array | DecodeResult {
	const body = fromBase64Url(text);
	if (body) return body;
	// Only base64url characters, but cut at an odd place: a link that was cut short, if what is
	// there says more was to come.
	if (!/^[A-Za-z0-9_-]*$/.test(text)) return refuse('damaged', 'base64url');
	const whole = fromBase64Url(text.slice(0, text.length - (text.length % 4)));
	const declared = whole ? readVarint(whole, 0) : null;
	const cut = whole && (!declared || whole.length < declared.next + 4 + declared.value);
	return refuse(cut ? 'truncated' : 'damaged', 'base64url');
}

/** The JSON text of a body: its length, its CRC and its deflated bytes checked. */
async function unframe(body: Uint8Array): Promise<string | DecodeResult> {
	const length = readVarint(body, 0);
	if (!length) return refuse(body.length < 4 ? 'truncated' : 'damaged', 'length');
	const start = length.next + 4;
	if (body.length < start + length.value) return refuse('truncated', 'short');
	if (body.length > start + length.value) return refuse('damaged', 'long');
	const crc =
		((body[length.next]! << 24) |
			(body[length.next + 1]! << 16) |
			(body[length.next + 2]! << 8) |
			body[length.next + 3]!) >>>
		0;
	const inflated = await inflateRaw(body.subarray(start), MAX_JSON_BYTES);
	if (!inflated.ok) return refuse(inflated.reason, 'inflate');
	if (crc32(inflated.bytes) !== crc) return refuse('damaged', 'crc');
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes);
	} catch {
		return refuse('damaged', 'json');
	}
}

async function decode(fragment: string): Promise<DecodeResult> {
	const head = /^c([0-9]{1,6})\./.exec(fragment);
	if (!head) return refuse('not-caboose');
	const version = Number(head[1]);
	if (version > LINK_FORMAT_VERSION) {
		return newerLink({ found: version, reads: LINK_FORMAT_VERSION });
	}
	// No link format before 1 was ever made.
	if (version !== LINK_FORMAT_VERSION) return refuse('not-caboose', head[1]);
	if (fragment.length > MAX_LINK_CHARS) return refuse('too-large', String(fragment.length));

	const body = readBody(fragment.slice(head[0].length));
	if (!(body instanceof Uint8Array)) return body;
	const text = await unframe(body);
	if (typeof text !== 'string') return text;
	const json = readJson(text);
	if (!json.ok) {
		return refuse('damaged', json.forbiddenKey ? `forbidden-key ${json.forbiddenKey}` : 'json');
	}
	const unknown = unknownToThisVersion(json.value);
	if (unknown) return newerLink({ unknown });

	const parsed = v.safeParse(WireSchema, json.value, { abortEarly: true });
	if (!parsed.success) {
		const issue = parsed.issues[0];
		return refuse('damaged', `schema ${issuePath(issue)}: ${issue?.message ?? ''}`);
	}
	return fromWire(parsed.output as unknown as Wire);
}

// A request's body, read under a cap.

import type { Context } from 'hono';
import type { Env } from './auth';

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

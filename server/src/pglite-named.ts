// Named statements on PGlite. Its `query` parses and plans a statement anew every time (an
// unnamed one), which is about half of what the batch statement costs in WASM. Through PGlite's
// wire-protocol interface, a statement run often is parsed once (Parse with a name) and then only
// bound and executed: PostgreSQL plans it as it plans any prepared statement. Values are sent as
// text, as PGlite's `query` sends them; the rows come back as text (the batch statement's are).

import type { PGlite } from '@electric-sql/pglite';

const encoder = new TextEncoder();

/** A frontend message: its type byte, then its length (itself included) and its body. */
function message(type: string, ...parts: Uint8Array[]): Uint8Array {
	const body = concat(parts);
	return concat([new Uint8Array([type.charCodeAt(0)]), int32(4 + body.length), body]);
}

const cstring = (s: string) => encoder.encode(`${s}\0`);
const int16 = (n: number) => new Uint8Array([(n >> 8) & 0xff, n & 0xff]);
function int32(n: number): Uint8Array {
	const b = new Uint8Array(4);
	new DataView(b.buffer).setInt32(0, n);
	return b;
}

/** Parse: the statement `name`, its parameters' types left to the server (as `query` does). */
const parse = (name: string, sql: string) => message('P', cstring(name), cstring(sql), int16(0));

/** Bind: the unnamed portal of statement `name`, every value as text (null as null). */
function bind(name: string, values: unknown[]): Uint8Array {
	const parts: Uint8Array[] = [cstring(''), cstring(name), int16(0), int16(values.length)];
	for (const v of values) {
		if (v === null || v === undefined) parts.push(int32(-1));
		else {
			const bytes = encoder.encode(String(v));
			parts.push(int32(bytes.length), bytes);
		}
	}
	parts.push(int16(0));
	return message('B', ...parts);
}

/** Describe the unnamed portal: its columns' names come back before its rows. */
const DESCRIBE = message('D', encoder.encode('P'), cstring(''));
const EXECUTE = message('E', cstring(''), int32(0));
const SYNC = message('S');

function concat(parts: Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
}

type Message = { name: string; fields?: unknown[] };

/** The rows of a statement's answer, each as an object of its columns (text or null). */
function rowsOf(messages: Message[]): Record<string, string | null>[] {
	let columns: string[] = [];
	const rows: Record<string, string | null>[] = [];
	for (const m of messages) {
		if (m.name === 'rowDescription') columns = (m.fields as { name: string }[]).map((f) => f.name);
		else if (m.name === 'dataRow') {
			const values = m.fields as (string | null)[];
			rows.push(Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null])));
		}
	}
	return rows;
}

/**
 * Runs statements by name on `pg`'s one connection, each parsed once. Only inside a transaction
 * its caller holds (PGlite's protocol interface takes no lock of its own); an error throws as
 * `query`'s would, and leaves the statement prepared.
 */
export function namedStatements(
	pg: PGlite,
	nameOf: (sql: string) => string
): (sql: string, params: unknown[]) => Promise<Record<string, string | null>[]> {
	const parsed = new Set<string>();
	return async (sql, params) => {
		const name = nameOf(sql);
		if (!parsed.has(name)) {
			await pg.execProtocol(concat([parse(name, sql), SYNC]), { syncToFs: false });
			parsed.add(name);
		}
		const { messages } = await pg.execProtocol(
			concat([bind(name, params), DESCRIBE, EXECUTE, SYNC]),
			{ syncToFs: false }
		);
		return rowsOf(messages as Message[]);
	};
}

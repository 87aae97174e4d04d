// Bytes for a link: base64url (canonical only), a CRC-32, and deflate-raw through the platform's
// CompressionStream / DecompressionStream (browsers and Node 20 both have them). Inflating stops
// reading as soon as the output passes a cap, so a deflate bomb costs a few milliseconds.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/** base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
	let out = '';
	let i = 0;
	for (; i + 2 < bytes.length; i += 3) {
		const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
		out +=
			ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
	}
	const rest = bytes.length - i;
	if (rest === 1) {
		const n = bytes[i]! << 16;
		out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
	} else if (rest === 2) {
		const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
		out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
	}
	return out;
}

/**
 * base64url without padding, back to bytes; null for any other character, an impossible length,
 * or unused low bits that are not zero (so every byte string has exactly one spelling, and no
 * changed character can decode to the same bytes).
 */
export function fromBase64Url(text: string): Uint8Array | null {
	if (text.length % 4 === 1) return null;
	const out = new Uint8Array(Math.floor((text.length * 3) / 4));
	let o = 0;
	let acc = 0;
	let bits = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		const v = c < 128 ? VALUE[c]! : -1;
		if (v < 0) return null;
		acc = ((acc << 6) | v) & 0xffffff;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = (acc >> bits) & 0xff;
		}
	}
	if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) return null;
	return out;
}

let crcTable: Uint32Array | null = null;

/** CRC-32 (IEEE), as zip and PNG use it. */
export function crc32(bytes: Uint8Array): number {
	if (!crcTable) {
		crcTable = new Uint32Array(256);
		for (let n = 0; n < 256; n++) {
			let c = n;
			for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
			crcTable[n] = c >>> 0;
		}
	}
	let crc = 0xffffffff;
	for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

/** A whole number ≥ 0 as an unsigned LEB128 varint. */
export function writeVarint(n: number): number[] {
	const out: number[] = [];
	let v = n;
	do {
		let b = v % 128;
		v = Math.floor(v / 128);
		if (v > 0) b |= 0x80;
		out.push(b);
	} while (v > 0);
	return out;
}

/** Reads a varint of at most 4 bytes at `at`; null when it runs past the end or is too long. */
export function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } | null {
	let value = 0;
	let scale = 1;
	for (let i = at; i < bytes.length && i < at + 4; i++) {
		const b = bytes[i]!;
		value += (b & 0x7f) * scale;
		if ((b & 0x80) === 0) return { value, next: i + 1 };
		scale *= 128;
	}
	return null;
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
	const chunks: Uint8Array[] = [];
	let size = 0;
	const reader = stream.getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		chunks.push(value);
		size += value.length;
	}
	return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
	const out = new Uint8Array(size);
	let o = 0;
	for (const c of chunks) {
		out.set(c, o);
		o += c.length;
	}
	return out;
}

export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
	const stream = new CompressionStream('deflate-raw');
	const writer = stream.writable.getWriter();
	void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
	void writer.close().catch(() => {});
	return collect(stream.readable);
}

export type Inflated =
	{ ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' | 'damaged' | 'truncated' };

/**
 * Inflates deflate-raw data, reading at most `cap` bytes of output: past it the stream is
 * cancelled and the answer is 'too-large'. Data that stops before the deflate stream's end is
 * 'truncated'; anything else the inflater refuses (or trailing bytes) is 'damaged'.
 */
export async function inflateRaw(bytes: Uint8Array, cap: number): Promise<Inflated> {
	let stream: DecompressionStream;
	try {
		stream = new DecompressionStream('deflate-raw');
	} catch {
		return { ok: false, reason: 'damaged' };
	}
	const writer = stream.writable.getWriter();
	const reader = stream.readable.getReader();
	// The input is written without waiting: the output is read (and capped) at the same time.
	let inputError: unknown = null;
	const written = writer
		.write(bytes as Uint8Array<ArrayBuffer>)
		.then(() => writer.close())
		.catch((e: unknown) => {
			inputError = e;
		});
	const chunks: Uint8Array[] = [];
	let size = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.length;
			if (size > cap) {
				await reader.cancel().catch(() => {});
				await writer.abort().catch(() => {});
				return { ok: false, reason: 'too-large' };
			}
			chunks.push(value);
		}
	} catch (e) {
		await written;
		return { ok: false, reason: endedEarly(e ?? inputError) ? 'truncated' : 'damaged' };
	}
	await written;
	if (inputError) return { ok: false, reason: endedEarly(inputError) ? 'truncated' : 'damaged' };
	return { ok: true, bytes: concat(chunks, size) };
}

/** Node and Chromium word an unfinished stream differently; both mention its end. */
function endedEarly(e: unknown): boolean {
	const text = e instanceof Error ? `${e.message} ${String((e as { code?: unknown }).code)}` : '';
	return /unexpected end|end of (file|stream|input)|incomplete|Z_BUF_ERROR/i.test(text);
}

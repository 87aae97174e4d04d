// Hostile links: thousands of fragments that are not Caboose snapshots, damaged, truncated,
// oversized, deflate bombs, with __proto__ keys, or with rounds the rules refuse. Each one is
// refused with a LinkError: decodeLink never throws, and a bomb stops at the cap.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
	crc32,
	deflateRaw,
	fromBase64Url,
	inflateRaw,
	readVarint,
	toBase64Url,
	writeVarint
} from '../../src/lib/link/bytes';
import {
	decodeLink,
	encodeSnapshot,
	MAX_JSON_BYTES,
	MAX_LINK_CHARS,
	type DecodeResult,
	type LinkErrorKind
} from '../../src/lib/link/index';
import { tableSnapshot } from './link-fixtures';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A fragment in the link format around any bytes (a correct length and CRC of `json`). */
async function fragmentOfBytes(json: Uint8Array, version = 1): Promise<string> {
	const deflated = await deflateRaw(json);
	const crc = crc32(json);
	const body = new Uint8Array([
		...writeVarint(deflated.length),
		crc >>> 24,
		(crc >>> 16) & 0xff,
		(crc >>> 8) & 0xff,
		crc & 0xff,
		...deflated
	]);
	return `c${version}.${toBase64Url(body)}`;
}

const fragmentOfText = (text: string) => fragmentOfBytes(new TextEncoder().encode(text));

/** The compact array a valid fragment holds. */
async function wireOf(fragment: string): Promise<Json[]> {
	const body = fromBase64Url(fragment.slice(3))!;
	const len = readVarint(body, 0)!;
	const inflated = await inflateRaw(body.subarray(len.next + 4), MAX_JSON_BYTES);
	if (!inflated.ok) throw new Error('not a valid fragment');
	return JSON.parse(new TextDecoder().decode(inflated.bytes)) as Json[];
}

function refused(result: DecodeResult, kinds?: LinkErrorKind[]): void {
	expect(result.ok).toBe(false);
	if (!result.ok && kinds) expect(kinds).toContain(result.error.kind);
}

let valid: string;
let validTiles: string;
let wire: Json[];

beforeAll(async () => {
	valid = await encodeSnapshot(tableSnapshot('points', true));
	validTiles = await encodeSnapshot(tableSnapshot('tiles'));
	wire = await wireOf(validTiles);
	expect((await decodeLink(valid)).ok).toBe(true);
	expect((await decodeLink(validTiles)).ok).toBe(true);
});

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('hostile links (fast-check)', () => {
	it('arbitrary text is refused, never thrown', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.string({ maxLength: 400 }),
					fc.string({ unit: 'grapheme', maxLength: 200 }),
					fc.string({ maxLength: 400 }).map((s) => `c1.${s}`),
					fc.stringMatching(/^[A-Za-z0-9_-]{0,600}$/).map((s) => `c1.${s}`),
					fc.stringMatching(/^c[0-9]{1,8}\.[A-Za-z0-9_-]{0,50}$/)
				),
				async (text) => refused(await decodeLink(text))
			),
			{ numRuns: 1200, seed: 101 }
		);
	}, 60_000);

	it('a valid link with one character changed, removed or added is refused', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.boolean(),
				fc.nat(),
				fc.constantFrom('replace', 'delete', 'insert'),
				fc.oneof(fc.constantFrom(...B64), fc.string({ minLength: 1, maxLength: 1 })),
				async (tiles, at, how, ch) => {
					const link = tiles ? validTiles : valid;
					const i = at % link.length;
					if (how === 'replace' && link[i] === ch) return;
					const mutated =
						how === 'replace'
							? link.slice(0, i) + ch + link.slice(i + 1)
							: how === 'delete'
								? link.slice(0, i) + link.slice(i + 1)
								: link.slice(0, i) + ch + link.slice(i);
					refused(await decodeLink(mutated));
				}
			),
			{ numRuns: 1500, seed: 102 }
		);
	}, 60_000);

	it('every truncation of a valid link is refused', async () => {
		for (let n = 0; n < validTiles.length; n++) {
			refused(await decodeLink(validTiles.slice(0, n)));
		}
		// A link cut inside the body says so.
		refused(await decodeLink(validTiles.slice(0, validTiles.length - 40)), ['truncated']);
	}, 60_000);

	it('valid link format around JSON that is not a snapshot', async () => {
		const json: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>;
		await fc.assert(
			fc.asyncProperty(json, async (value) => {
				refused(await decodeLink(await fragmentOfText(JSON.stringify(value))), ['damaged']);
			}),
			{ numRuns: 400, seed: 103 }
		);
	}, 60_000);

	it('a valid snapshot with one element replaced by an arbitrary value is refused or still sound', async () => {
		// Most replacements are refused; the few that make another valid evening must decode to
		// an evening the rules core accepts (never a throw, never a half-checked one).
		await fc.assert(
			fc.asyncProperty(
				fc.nat(),
				fc.nat(),
				fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
				async (at, inner, value) => {
					const copy = structuredClone(wire);
					const i = at % copy.length;
					const slot = copy[i];
					if (Array.isArray(slot) && slot.length > 0) slot[inner % slot.length] = value;
					else copy[i] = value;
					const result = await decodeLink(await fragmentOfText(JSON.stringify(copy)));
					if (result.ok) expect(result.evening.state.rounds.length).toBeLessThanOrEqual(13);
				}
			),
			{ numRuns: 600, seed: 104 }
		);
	}, 60_000);
});

describe('hostile links (crafted)', () => {
	it('__proto__, constructor and prototype keys anywhere are refused', async () => {
		for (const key of ['__proto__', 'constructor', 'prototype']) {
			const copy = structuredClone(wire);
			copy[5] = JSON.parse(`{"${key}": {"polluted": true}}`) as Json;
			const result = await decodeLink(await fragmentOfText(JSON.stringify(copy)));
			refused(result, ['damaged']);
			if (!result.ok) expect(result.error.detail).toContain('forbidden-key');
			const raw = JSON.stringify(wire).replace('[', `[{"${key}":1},`);
			refused(await decodeLink(await fragmentOfText(raw)), ['damaged']);
		}
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	}, 60_000);

	it('an oversized fragment is refused before anything is decoded', async () => {
		refused(await decodeLink(`c1.${'A'.repeat(MAX_LINK_CHARS)}`), ['too-large']);
		refused(await decodeLink(`https://x/view#c1.${'A'.repeat(100_000)}`), ['too-large']);
	}, 60_000);

	it('deflate bombs stop at the cap of the decompressed size', async () => {
		// The largest bombs a link of at most MAX_LINK_CHARS can hold inflate to about 4.5 MB: it is
		// the cap on the inflated bytes that refuses these, not the length of the link.
		for (const size of [MAX_JSON_BYTES + 1, 1024 * 1024, 4 * 1024 * 1024]) {
			const zeros = await fragmentOfBytes(new Uint8Array(size));
			expect(zeros.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
			refused(await decodeLink(zeros), ['too-large']);
			const spaces = await fragmentOfBytes(new Uint8Array(size).fill(32));
			refused(await decodeLink(spaces), ['too-large']);
		}
		// An honest-looking but enormous JSON array.
		const json = new TextEncoder().encode(`[${'0,'.repeat(MAX_JSON_BYTES)}0]`);
		refused(await decodeLink(await fragmentOfBytes(json)), ['too-large']);
	}, 60_000);

	it('another version, another app, and broken bodies each say what they are', async () => {
		refused(await decodeLink(valid.replace(/^c1\./, 'c2.')), ['newer-version']);
		refused(await decodeLink(valid.replace(/^c1\./, 'c0.')), ['not-caboose']);
		refused(await decodeLink('#'), ['not-caboose']);
		refused(await decodeLink('https://example.org/view#hello'), ['not-caboose']);
		refused(await decodeLink('c1.'), ['truncated', 'damaged']);
		refused(await decodeLink(`${valid}AA`), ['damaged']);
		refused(await decodeLink(await fragmentOfText('not json')), ['damaged']);
		refused(await decodeLink(await fragmentOfBytes(new Uint8Array([0xff, 0xfe, 0x5b]))), [
			'damaged'
		]);
	}, 60_000);

	it('a link from a newer Caboose says so: a later format, or a knob, preset or event it lacks', async () => {
		const newer = async (change: (w: Json[]) => void) => {
			const copy = structuredClone(await wireOf(valid));
			change(copy);
			const result = await decodeLink(await fragmentOfText(JSON.stringify(copy)));
			refused(result, ['newer-version']);
			return result.ok ? null : result.error.newer;
		};
		expect(await newer((w) => (w[5] = { fooBar: true }))).toEqual({ unknown: 'knob fooBar' });
		expect(await newer((w) => (w[4] = 'martian-rules'))).toEqual({
			unknown: 'preset martian-rules'
		});
		expect(await newer((w) => (w[9] as Json[]).push(['juggle', 0]))).toEqual({
			unknown: 'event juggle'
		});
		const later = await decodeLink(valid.replace(/^c1\./, 'c2.'));
		expect(later.ok ? null : later.error).toEqual({
			kind: 'newer-version',
			newer: { found: 2, reads: 1 }
		});
	}, 60_000);

	it('rounds the rules refuse are refused, naming the round', async () => {
		const rounds = wire[8] as Json[][];
		/** The hand slot of a seat that did not go out in round `k` (0-based). */
		const notOut = (r: Json[][], k: number) => 2 + (((r[k]![0] as number) + 1) % 8);
		const cases: [string, (r: Json[][]) => void][] = [
			['hand-too-high', (r) => (r[3]![notOut(r, 3)] = 5000)],
			['out-holds-tiles', (r) => (r[3]![2 + (r[3]![0] as number)] = 5)],
			['no-outcome', (r) => (r[5]![0] = -2)],
			['hand-missing', (r) => r[6]!.splice(2)],
			[
				'tile-twice',
				(r) => {
					const slots = [2, 3, 4, 5, 6, 7, 8, 9].filter((i) => typeof r[7]![i] === 'string');
					const [a, b] = [slots[0]!, slots[1]!];
					r[7]![b] = `${r[7]![b] as string}${(r[7]![a] as string)[0]}`;
				}
			],
			['evening-over', (r) => r.push(r[0]!)]
		];
		for (const [code, breakIt] of cases) {
			const copy = structuredClone(wire);
			const r = copy[8] as Json[][];
			breakIt(r);
			const result = await decodeLink(await fragmentOfText(JSON.stringify(copy)));
			refused(result, ['refused-round']);
			if (!result.ok) {
				expect(result.error.detail, code).toBe(code);
				expect(result.error.round).toBeGreaterThan(0);
			}
		}
		expect(rounds.length).toBe(13);
	}, 60_000);

	it('a live table on an evening that is over, or naming a seat that does not exist, is refused', async () => {
		const copy = structuredClone(wire);
		copy[9] = [['tile', 0, 0]];
		refused(await decodeLink(await fragmentOfText(JSON.stringify(copy))), ['damaged']);
		const live = await wireOf(valid);
		live[9] = [['tile', 40, 0]];
		refused(await decodeLink(await fragmentOfText(JSON.stringify(live))), [
			'damaged',
			'refused-round'
		]);
		live[9] = [['knock', 7, 1, 1]];
		refused(await decodeLink(await fragmentOfText(JSON.stringify(live))), ['damaged']);
	}, 60_000);
});

// The tiles' alphabet of a link: a hand of tiles as a string, one character per tile.

import { MAX_SET_SIZE as MAX_SET, normalizeTile } from '../rules';
import type { Tile } from '../rules';

/** Tiles of the largest set, numbered 0 … (the triangular index of `tileIndex`). */
export const MAX_TILE_INDEX = ((MAX_SET + 1) * (MAX_SET + 2)) / 2 - 1;

/** A tile a|b (a ≥ b) as one number: a·(a+1)/2 + b. */
export function tileIndex(tile: Tile): number {
	const [a, b] = normalizeTile(tile);
	return (a * (a + 1)) / 2 + b;
}

export function tileFromIndex(i: number): Tile {
	let a = 0;
	while (((a + 1) * (a + 2)) / 2 <= i) a++;
	return [a, i - (a * (a + 1)) / 2];
}

/**
 * One character per tile index: deflate codes a character of a small alphabet in about 6.5
 * bits, where a decimal number and its comma cost twice that. Indices 0 … 91 are printable
 * ASCII without '"' and '\\' (nothing to escape in JSON); the larger sets' tiles continue at
 * U+00C0.
 */
const TILE_CHARS: string = (() => {
	let out = '';
	for (let c = 0x21; c <= 0x7e; c++) if (c !== 0x22 && c !== 0x5c) out += String.fromCharCode(c);
	for (let c = 0xc0; out.length <= MAX_TILE_INDEX; c++) out += String.fromCharCode(c);
	return out;
})();

export function tilesToText(tiles: readonly Tile[]): string {
	return tiles.map((t) => TILE_CHARS[tileIndex(t)]!).join('');
}

/** The tiles of a hand's text; null when a character is no tile. */
export function tilesFromText(text: string): Tile[] | null {
	const out: Tile[] = [];
	for (const ch of text) {
		const i = TILE_CHARS.indexOf(ch);
		if (i < 0 || ch.length !== 1) return null;
		out.push(tileFromIndex(i));
	}
	return out;
}

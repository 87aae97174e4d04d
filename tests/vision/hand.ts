// Shared by the tests of the hand as tiles (halves.test.ts, pips.test.ts), without the renderer.

/** A hand as sorted tile names, to compare hands whatever their order. */
export function handNames(tiles: readonly (readonly [number, number])[]): string[] {
	return tiles.map(([a, b]) => `${Math.min(a, b)}|${Math.max(a, b)}`).sort();
}

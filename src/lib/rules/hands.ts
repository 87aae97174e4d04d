// Hand values as typed, and a round as a score form holds it (RULES.md "Bad input"): text and
// picked tiles in, a RoundEntry and the problems of what was typed out.

import type { Problem, RoundEntry, Tile } from './types';

export type ParsedHand = { ok: true; value: number } | { ok: false; problem: Problem };

/**
 * A hand value as typed: a whole number ≥ 0 in plain decimal digits, surrounding spaces ignored.
 * Leading zeros are accepted ('007' is 7: what a phone keypad can produce, and unambiguous).
 * Refused with 'hand-not-whole' {params: {text}}: '', '-3', '+5', '1.5', '12abc', '1e3', '0x10'.
 */
export function parseHandValue(text: string): ParsedHand {
	const raw = typeof text === 'string' ? text : String(text);
	const t = raw.trim();
	if (/^[0-9]+$/.test(t)) {
		const value = Number(t);
		if (Number.isSafeInteger(value)) return { ok: true, value };
	}
	return { ok: false, problem: { code: 'hand-not-whole', params: { text: raw } } };
}

/** A round as a score form holds it: what was typed or picked, before it is a RoundEntry. */
export interface TypedRound {
	/** Players of the round, in seat order. */
	players: readonly string[];
	/** Everyone marked out, in the order they were marked (the form lets several be marked). */
	out: readonly string[];
	blocked: boolean;
	/** Per player: the hand's text as typed, or the tiles picked. */
	hands: Readonly<Record<string, string | readonly Tile[]>>;
}

/** A typed round read as the scoring core sees it, with the problems of what was typed. */
export interface ReadRound {
	entry: RoundEntry;
	/** Fields that did not parse ('hand-not-whole', with the player), and 'two-out'. */
	problems: Problem[];
}

/**
 * Reads a typed round. The first player marked out is `entry.out`; any further one is an empty
 * hand, which the core also reads as "went out"; tiles picked for a player marked out go in, so
 * the core refuses them. Several players marked out are one 'two-out' {params: {count}} about the
 * round (no player): the form says it once, not next to a field.
 */
export function readTypedRound(typed: TypedRound): ReadRound {
	const hands: RoundEntry['hands'] = {};
	const problems: Problem[] = [];
	const outs = typed.out.filter((p) => typed.players.includes(p));
	for (const player of typed.players) {
		const typedHand = typed.hands[player];
		const tiles = Array.isArray(typedHand) ? (typedHand as readonly Tile[]) : null;
		if (outs.includes(player)) {
			if (tiles && tiles.length > 0) hands[player] = tiles.map((t) => [t[0], t[1]] as Tile);
			else if (player !== outs[0]) hands[player] = [];
			continue;
		}
		if (tiles) {
			hands[player] = tiles.map((t) => [t[0], t[1]] as Tile);
			continue;
		}
		const text = typeof typedHand === 'string' ? typedHand : '';
		// Nothing typed is no hand: the core says whether one is needed (a void blocked round
		// needs none), once for all the empty fields.
		if (text.trim() === '') continue;
		const parsed = parseHandValue(text);
		if (parsed.ok) hands[player] = parsed.value;
		else problems.push({ ...parsed.problem, player });
	}
	if (outs.length > 1) problems.push({ code: 'two-out', params: { count: outs.length } });
	return { entry: { out: outs[0] ?? null, blocked: typed.blocked, hands }, problems };
}

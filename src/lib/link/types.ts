// What a link carries and what reading one answers. The wire form is in wire.ts, its schema in
// schema.ts, the tiles' alphabet in tiles.ts and the framing (`c1.` and the bytes) in codec.ts.

import type { Newer } from '../atoms';
import type { EveningSetup, EveningState, RoundEntry, RulesChoice, TableEvent } from '../rules';

/** A seat's key in a snapshot: its seat number as a string ('0', '1' …). */
export const seatKey = (seat: number): string => String(seat);

/** One saved round as a link carries it: player keys are seat keys. */
export interface SnapshotRound {
	entry: RoundEntry;
	/** The seat that started the round, when the scorekeeper chose it. */
	starter: number | null;
}

/** What a link carries: an evening as entered, players named by seat. */
export interface EveningSnapshot {
	/** The scorekeeper's evening id: a kept copy merges with an earlier copy of the same evening. */
	id: string;
	createdAt: number;
	updatedAt: number;
	/** Seat order; the player key of seat i is seatKey(i). */
	names: string[];
	/** The preset and the knobs that differ from it. */
	rules: RulesChoice;
	firstStarter: number;
	ended: boolean;
	rounds: SnapshotRound[];
	/** The live table's log of the round being played (round `rounds.length`), when shared. */
	table: TableEvent[] | null;
}

export type LinkErrorKind =
	| 'not-caboose'
	| 'damaged'
	| 'truncated'
	| 'too-large'
	/** Made by a newer Caboose: a later link format, or a knob, preset or event this one lacks. */
	| 'newer-version'
	| 'refused-round'
	/** This phone could not make the link or its QR code (never a storage failure). */
	| 'encode';

export interface LinkError {
	kind: LinkErrorKind;
	/** For refused-round: the round, 1-based (0 = the live table's round). */
	round?: number;
	/** A technical detail for tests: the rules code, the schema path. */
	detail?: string;
	/** For newer-version: the link format found, or what this version does not know. */
	newer?: Newer;
}

export interface DecodedEvening {
	snapshot: EveningSnapshot;
	setup: EveningSetup;
	/** Recomputed by the rules core from the entries. */
	state: EveningState;
}

export type DecodeResult = { ok: true; evening: DecodedEvening } | { ok: false; error: LinkError };

/** A link from a newer Caboose. */
export const newerLink = (newer: Newer): DecodeResult => ({
	ok: false,
	error: { kind: 'newer-version', newer }
});

/** A refused link. */
export const refuse = (kind: LinkErrorKind, detail?: string, round?: number): DecodeResult => ({
	ok: false,
	error: {
		kind,
		...(round !== undefined ? { round } : {}),
		...(detail !== undefined ? { detail } : {})
	}
});

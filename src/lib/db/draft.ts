// The shape of a draft (the round being typed), apart from the functions that store it: the entry
// form needs the shape at first paint, the storing loads with Dexie after it.

import type { RoundEntry } from '$lib/rules/types';

export type EntryMode = 'points' | 'tiles';

/** The entry form exactly as the scorekeeper left it. */
export interface DraftFields {
	/** Raw text of each points field, by player id. */
	text: Record<string, string>;
	mode: Record<string, EntryMode>;
	tiles: Record<string, [number, number][]>;
	/** Players marked "went out" (more than one is possible while typing, and refused). */
	out: string[];
	blocked: boolean;
	/** The starter the scorekeeper picked, if changed. */
	starter: number | null;
}

export function emptyDraftFields(): DraftFields {
	return { text: {}, mode: {}, tiles: {}, out: [], blocked: false, starter: null };
}

/** True when the fields hold nothing typed or chosen (no draft worth keeping). */
export function nothingTyped(fields: DraftFields): boolean {
	return (
		Object.values(fields.text).every((t) => t.trim() === '') &&
		Object.keys(fields.tiles).length === 0 &&
		fields.out.length === 0 &&
		!fields.blocked &&
		fields.starter === null
	);
}

/** A saved round as form fields: for editing it, or typing it again after an undo. */
export function fieldsFromEntry(entry: RoundEntry, starter: number | null): DraftFields {
	const fields = emptyDraftFields();
	for (const [player, hand] of Object.entries(entry.hands)) {
		if (typeof hand === 'number') {
			fields.text[player] = String(hand);
			fields.mode[player] = 'points';
		} else {
			fields.tiles[player] = hand.map((t) => [t[0], t[1]]);
			fields.mode[player] = 'tiles';
		}
	}
	if (entry.out !== null) fields.out = [entry.out];
	fields.blocked = entry.blocked;
	fields.starter = starter;
	return fields;
}

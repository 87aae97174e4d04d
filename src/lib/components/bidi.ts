// A player's name inside a line of other text, isolated so that a right-to-left name (Arabic,
// Hebrew, or one typed with a direction override) cannot reorder the rest of the line.
//
// `iso(name)` marks the name with Unicode's isolate characters (FSI … PDI); <Isolated text> then
// renders each marked stretch as a <bdi>, without the marks, so the text reads exactly as the
// message does ("Last round: Anna 5 · Ben 3") while each name is its own bidi island.

import { joinNames } from '$lib/format';

const FSI = '\u2068';
const PDI = '\u2069';
/** Isolates and embeddings a name could carry: dropped so the marks stay balanced. */
const ISOLATE_CHARS = /[\u2066-\u2069]/g;

/** A name to put in a message whose result <Isolated> will show. */
export function iso(name: string): string {
	return FSI + name.replace(ISOLATE_CHARS, '') + PDI;
}

/** Players named in a message: each isolated, joined as the reader's language joins names. */
export function isoNames(players: readonly string[], name: (player: string) => string): string {
	return joinNames(players.map((p) => iso(name(p))));
}

export interface Part {
	text: string;
	/** A name: shown in its own <bdi>. */
	isolated: boolean;
}

/** Splits a text made with iso() into plain stretches and names. */
export function isolatedParts(text: string): Part[] {
	const parts: Part[] = [];
	let rest = text;
	while (rest !== '') {
		const start = rest.indexOf(FSI);
		if (start < 0) {
			parts.push({ text: rest, isolated: false });
			break;
		}
		const end = rest.indexOf(PDI, start + 1);
		if (end < 0) {
			parts.push({ text: rest.replace(ISOLATE_CHARS, ''), isolated: false });
			break;
		}
		if (start > 0) parts.push({ text: rest.slice(0, start), isolated: false });
		parts.push({ text: rest.slice(start + 1, end), isolated: true });
		rest = rest.slice(end + 1);
	}
	return parts;
}

/** The same text without the marks (for an attribute: aria-label, title). */
export function plainText(text: string): string {
	return text.replace(ISOLATE_CHARS, '');
}

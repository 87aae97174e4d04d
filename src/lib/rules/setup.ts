// A new evening's setup (RULES.md "Players", "Bad input"): the names, the players' count and the
// rules, and the scoring core's view of a stored evening.

import { resolveRules, validateRules } from './resolve';
import { dealSize, playerRange } from './schedule';
import type { EveningSetup, Problem, RulesChoice } from './types';

/** RULES.md: a name has at most 40 characters (code points, after trimming). */
export const MAX_NAME_LENGTH = 40;
/** RULES.md: 2 to 10 players; a preset may allow fewer. */
export const MAX_SEATS = 10;

/**
 * Text as valid Unicode: a lone surrogate (half of a character, which a file or a paste can
 * carry, and which no database or other phone need take) becomes U+FFFD, the replacement
 * character. Whole characters, emoji included, are kept.
 */
export function wellFormed(text: string): string {
	if (!/[\uD800-\uDFFF]/.test(text)) return text;
	return Array.from(text, (ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '\uFFFD' : ch)).join('');
}

/**
 * A name as it is stored: valid Unicode (wellFormed), in its composed form (NFC), a control
 * character (a pasted tab or line break) turned into a space, invisible zero-width characters
 * (U+200B, U+2060, U+FEFF) dropped, trimmed. So "Ann" and "Ann"+U+200B are one name, and what setup accepts a backup of
 * it takes back. The zero-width joiners that emoji and some scripts need are kept.
 */
export function cleanName(name: string): string {
	return (
		wellFormed(name)
			.normalize('NFC')
			// eslint-disable-next-line no-control-regex
			.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
			.replace(/[\u200b\u2060\ufeff]/g, '')
			.trim()
	);
}

/** How a name is recognised across evenings: cleaned and case-insensitive (as RULES.md compares). */
export function playerKey(name: string): string {
	return cleanName(name).toLowerCase();
}

/**
 * Names and rules of a new evening. Problems about a name carry `player` = the seat index as a
 * string ('0', '1' …) so a screen can show the message next to that field.
 */
export function validateSetup(names: string[], choice: RulesChoice): Problem[] {
	const problems: Problem[] = [];
	const list = Array.isArray(names) ? names : [];
	const firstSeen = new Map<string, number>();
	list.forEach((name, i) => {
		const player = String(i);
		const text = typeof name === 'string' ? name : '';
		const trimmed = cleanName(text);
		if (trimmed === '') {
			problems.push({ code: 'name-empty', player });
			return;
		}
		const length = [...trimmed].length;
		if (length > MAX_NAME_LENGTH) {
			problems.push({ code: 'name-too-long', player, params: { max: MAX_NAME_LENGTH, length } });
		}
		const key = playerKey(text);
		const first = firstSeen.get(key);
		if (first === undefined) firstSeen.set(key, i);
		else problems.push({ code: 'name-duplicate', player, params: { name: trimmed, first } });
	});
	const rulesProblems = validateRules(choice);
	const rules = resolveRules(choice);
	const { min, max } = playerRange(rules);
	if (list.length < min || list.length > max) {
		problems.push({ code: 'player-count', params: { min, max, count: list.length } });
	}
	problems.push(...rulesProblems);
	// A deal the set cannot give: only an explicit deal can be too large (the tables fit).
	const tilesInSet = ((rules.set + 1) * (rules.set + 2)) / 2;
	const deal = dealSize(rules, list.length);
	if (deal !== null && list.length > 0 && deal * list.length > tilesInSet) {
		if (!rulesProblems.some((p) => p.params?.knob === 'deal')) {
			problems.push({
				code: 'bad-knob',
				params: { knob: 'deal', value: deal, max: Math.floor(tilesInSet / list.length) }
			});
		}
	}
	return problems;
}

/** An evening as stored: its rules choice, its seats in order and whether it was ended. */
export interface StoredEvening {
	rules: RulesChoice;
	players: readonly { id: string }[];
	endedAt: number | null;
}

/** The scoring core's view of a stored evening: the resolved rules and the seat ids in order. */
export function eveningSetup(evening: StoredEvening): EveningSetup {
	return {
		rules: resolveRules(evening.rules),
		players: evening.players.map((p) => p.id),
		ended: evening.endedAt !== null
	};
}

// Plays a rules case file (cases/README.md) through the scoring core, the way the
// app does: setup validation, then each round checked before it is accepted, then the evening
// recomputed from the accepted rounds.

import {
	checkRound,
	computeEvening,
	dealSize,
	resolveRules,
	starterAt,
	validateSetup,
	type EveningState,
	type Hand,
	type Problem,
	type RoundEntry,
	type RulesChoice
} from '../../src/lib/rules/index';

export interface CaseRound {
	/** The player the scorekeeper set to start this round (the rules' choice when absent). */
	starter?: string;
	out?: string | null;
	blocked?: boolean;
	hands?: Record<string, Hand>;
}

export interface RulesCase {
	name: string;
	source: string;
	rules: RulesChoice;
	players: string[];
	/** Who starts the first round under 'rotate' (the first seat when absent). */
	firstStarter?: string;
	rounds: CaseRound[];
	expect: {
		deal?: number | null;
		engines?: number[];
		rounds?: Record<string, number>[];
		totals?: Record<string, number>;
		ranking?: string[][];
		eliminated?: string[];
		winner?: string[] | null;
		/** Who starts each round, from the first, past the accepted ones too; null: the engine's holder. */
		starters?: (string | null)[];
		/** `code` (this project's addition): the refusal expected among the problems. */
		error?: { round?: number; setup?: boolean; code?: string };
	};
}

export interface CaseResult {
	setupProblems: Problem[];
	/** The first refused round, with its problems. */
	refused: { round: number; problems: Problem[] } | null;
	accepted: RoundEntry[];
	deal: number | null;
	state: EveningState | null;
	/** Who starts round i, after the accepted rounds and the starters set in them. */
	starter: (i: number) => string | null;
}

export function toEntry(r: CaseRound): RoundEntry {
	return { out: r.out ?? null, blocked: r.blocked ?? false, hands: r.hands ?? {} };
}

/** A player's seat; a name not among the players is a mistake in the case file. */
function seatOf(c: RulesCase, name: string): number {
	const seat = c.players.indexOf(name);
	if (seat < 0) throw new Error(`${c.name}: ${name} is not a player`);
	return seat;
}

export function playCase(c: RulesCase): CaseResult {
	const setupProblems = validateSetup(c.players, c.rules);
	const rules = resolveRules(c.rules);
	const deal = dealSize(rules, c.players.length);
	const first = c.firstStarter === undefined ? 0 : seatOf(c, c.firstStarter);
	if (setupProblems.length > 0) {
		return { setupProblems, refused: null, accepted: [], deal, state: null, starter: () => null };
	}
	const setup = { rules, players: c.players };
	const accepted: RoundEntry[] = [];
	let refused: CaseResult['refused'] = null;
	for (const [i, r] of c.rounds.entries()) {
		const entry = toEntry(r);
		const check = checkRound(setup, accepted, i, entry);
		if (check.errors.length > 0) {
			refused = { round: i, problems: check.errors };
			break;
		}
		accepted.push(entry);
	}
	// As the app stores them: a starter with each accepted round, null where none was set.
	const changed = c.rounds
		.slice(0, accepted.length)
		.map((r) => (r.starter === undefined ? null : seatOf(c, r.starter)));
	const starter = (i: number) => {
		const seat = starterAt(rules, c.players.length, first, changed, i);
		return seat === null ? null : (c.players[seat] ?? null);
	};
	const state = computeEvening(setup, accepted);
	return { setupProblems, refused, accepted, deal, state, starter };
}

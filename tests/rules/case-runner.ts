// Plays a rules case file (../shared/rules-cases/README.md) through the scoring core, the way the
// app does: setup validation, then each round checked before it is accepted, then the evening
// recomputed from the accepted rounds.

import {
	checkRound,
	computeEvening,
	dealSize,
	resolveRules,
	validateSetup,
	type EveningState,
	type Hand,
	type Problem,
	type RoundEntry,
	type RulesChoice
} from '../../src/lib/rules/index';

export interface CaseRound {
	out?: string | null;
	blocked?: boolean;
	hands?: Record<string, Hand>;
}

export interface RulesCase {
	name: string;
	source: string;
	rules: RulesChoice;
	players: string[];
	rounds: CaseRound[];
	expect: {
		deal?: number | null;
		engines?: number[];
		rounds?: Record<string, number>[];
		totals?: Record<string, number>;
		ranking?: string[][];
		eliminated?: string[];
		winner?: string[] | null;
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
}

export function toEntry(r: CaseRound): RoundEntry {
	return { out: r.out ?? null, blocked: r.blocked ?? false, hands: r.hands ?? {} };
}

export function playCase(c: RulesCase): CaseResult {
	const setupProblems = validateSetup(c.players, c.rules);
	const rules = resolveRules(c.rules);
	const deal = dealSize(rules, c.players.length);
	if (setupProblems.length > 0) {
		return { setupProblems, refused: null, accepted: [], deal, state: null };
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
	return { setupProblems, refused, accepted, deal, state: computeEvening(setup, accepted) };
}

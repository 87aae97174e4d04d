// The club night in words: every refusal of the night's pure functions (NightProblem, as the club
// server answers them to an organiser's action), the season's rule in one line, and who goes
// where after a game. The Records make a missing code a type error.
import * as m from '$lib/paraglide/messages.js';
import type { MissedNight, MoveRule, SeasonRanking, SeasonRule, SeasonTies } from '$lib/club/night';
import type {
	Game,
	GameRule,
	NightMove,
	NightRefusal,
	NightRefusalCode
} from '$lib/club/night-protocol';
import type { HereCount, NightOutcome } from '$lib/state/club/night.svelte';
import { formatNumber } from '$lib/format';
import { correctionProblemsText } from './correctionText';
import { seatTableName, tableName } from './tableName';

type Params = Record<string, string | number>;

/** A parameter as text: numbers in the locale's digits, anything missing as empty. */
function text(params: Params, key: string): string {
	const v = params[key];
	if (typeof v === 'number') return formatNumber(v);
	return v ?? '';
}

/** A player's (or member's) name from their id; a guest's id, or one no longer known, as is. */
export type NameOf = (player: string) => string;

const PROBLEMS: Record<NightRefusalCode, (p: Params, player: string) => string> = {
	'name-empty': () => m.night_problem_name_empty(),
	'name-too-long': (p) =>
		m.night_problem_name_too_long({ max: text(p, 'max'), length: text(p, 'length') }),
	'name-taken': (p, player) =>
		m.night_problem_name_taken({ name: text(p, 'name'), member: text(p, 'member') || player }),
	'id-taken': () => m.night_problem_id_taken(),
	'member-unknown': () => m.night_problem_member_unknown(),
	'alias-unknown': (p) => m.night_problem_alias_unknown({ name: text(p, 'name') }),
	'same-member': () => m.night_problem_same_member(),
	'guest-is-member': (p, player) =>
		m.night_problem_guest_is_member({ name: text(p, 'name') || player }),
	'player-twice': (p, player) => m.night_problem_player_twice({ name: text(p, 'name') || player }),
	'bad-table-sizes': (p) =>
		m.night_problem_bad_table_sizes({
			min: text(p, 'min'),
			max: text(p, 'max'),
			seats: text(p, 'seats')
		}),
	'no-players': () => m.night_problem_no_players(),
	'too-few-players': (p) => m.night_problem_too_few_players({ min: text(p, 'min') }),
	'sizes-do-not-fit': (p) =>
		m.night_problem_sizes_do_not_fit({
			min: text(p, 'min'),
			max: text(p, 'max'),
			fewer: text(p, 'fewer'),
			more: text(p, 'more')
		}),
	'bad-seed': () => m.night_problem_bad_seed(),
	'bad-tables': () => m.night_problem_bad_tables(),
	'bad-result': (p, player) => m.night_problem_bad_result({ name: player }),
	'bad-move-count': (p) => m.night_problem_bad_move_count({ max: text(p, 'max') }),
	'final-too-small': () => m.night_problem_final_too_small(),
	'night-unknown': (p) => m.night_problem_night_unknown({ night: text(p, 'night') }),
	'division-unknown': (p) => m.night_problem_division_unknown({ division: text(p, 'division') }),
	'bad-season-rule': () => m.night_problem_bad_season_rule(),
	'no-game': () => m.night_problem_no_game(),
	'game-not-over': (p) => m.night_problem_game_not_over({ table: tableName(Number(p.table)) })
};

/** One sentence for a refusal of the club night, names for ids by `nameOf`. */
export function nightProblemText(problem: NightRefusal, nameOf: NameOf = (p) => p): string {
	const player = problem.player === undefined ? '' : nameOf(problem.player);
	return PROBLEMS[problem.code](problem.params ?? {}, player);
}

/** "14 here: 3 tables of 5, 5, 4", or what stops a deal: "3 here: a table needs at least 4". */
export function hereText(c: HereCount, nameOf?: NameOf): string {
	const count = formatNumber(c.count);
	if ('problem' in c) {
		return m.night_count_problem({ count, problem: nightProblemText(c.problem, nameOf) });
	}
	const sizes = c.sizes.map((n) => formatNumber(n)).join(', ');
	return m.night_count({ count, tables: c.sizes.length, sizes });
}

/** Why an organiser's action did not happen, in words (nothing was stored). */
export function nightFailureText(outcome: NightOutcome, nameOf?: NameOf): string {
	if (outcome.ok) return '';
	switch (outcome.reason) {
		case 'refused':
			return outcome.problems.map((p) => nightProblemText(p, nameOf)).join(' ');
		case 'round-refused':
			return correctionProblemsText(outcome.problems, () => undefined);
		case 'stale':
			return m.night_stale();
		case 'organiser-only':
			return m.night_refused();
		case 'unreachable':
			return m.night_unreachable();
	}
}

const RANKING: Record<SeasonRanking, () => string> = {
	total: () => m.night_rule_total(),
	'per-round': () => m.night_rule_per_round(),
	placings: () => m.night_rule_placings()
};

function missedText(missed: MissedNight): string {
	switch (missed.kind) {
		case 'not-counted':
			return m.night_rule_missed_not_counted();
		case 'own-average':
			return m.night_rule_missed_own_average();
		case 'fixed':
			return m.night_rule_missed_fixed({ score: formatNumber(missed.score) });
		case 'best-nights':
			return m.night_rule_missed_best_nights({ count: missed.count });
	}
}

const TIES: Record<SeasonTies, () => string> = {
	shared: () => m.night_rule_ties_shared(),
	'more-nights': () => m.night_rule_ties_more_nights(),
	'best-night': () => m.night_rule_ties_best_night()
};

/**
 * The season's rule in one line: "Per round, lowest first · … · ties: better best night";
 * tonight's without what a missed night counts (nobody has missed tonight).
 */
export function seasonRuleText(rule: SeasonRule, missed = true): string {
	const parts = [RANKING[rule.ranking](), missed ? missedText(rule.missed) : '', TIES[rule.ties]()];
	return parts.filter((p) => p !== '').join(' · ');
}

/** How a game's seats were found, in one line, for the wall's seat chart. */
export function gameRuleText(rule: GameRule): string {
	switch (rule.kind) {
		case 'deal':
			return m.night_game_dealt();
		case 'draw-again':
			return m.night_game_drawn_again();
		case 'lowest-move-up':
			return m.night_game_moved_up({ count: rule.count });
		case 'final-table':
			return m.night_game_final({ count: rule.perTable });
	}
}

/** The heading of the column the ranking ranks by ("Per round", "Total", "Points per evening"). */
export function scoreLabel(ranking: SeasonRanking): string {
	if (ranking === 'per-round') return m.night_column_per_round();
	if (ranking === 'placings') return m.night_column_placings();
	return m.night_column_total();
}

/**
 * A figure in the ranking's unit ("no score" for none): an average (per round, points per
 * evening) always with one decimal, so "6.0" stands over "8.5"; a total as it is.
 */
export function scoreFigure(ranking: SeasonRanking, n: number | null): string {
	if (n === null) return m.night_no_score();
	return formatNumber(n, ranking === 'total' ? {} : { fractionDigits: 1 });
}

/** The same heading, short, for a phone's width and the printed sheet ("/rd", "Tot."). */
export function scoreShort(ranking: SeasonRanking): string {
	if (ranking === 'per-round') return m.night_column_per_round_short();
	if (ranking === 'placings') return m.night_column_placings_short();
	return m.night_column_total_short();
}

// (Apart, for the home page's card: the rest of these words are not its to load.)
export { tableName, seatTableName } from './tableName';

/** Each table of a game and where its evening stands, for TablesProgress. */
export function gameProgress(game: Game) {
	return game.tables.map(({ progress, ...table }) => ({
		name: seatTableName(table),
		round: progress.round,
		leader: progress.leader,
		over: progress.over,
		lastHeardAt: progress.lastHeardAt
	}));
}

/** Where one player goes for the next game, and why: "Anna: table 2 → table 1 (…)". */
export function moveText(move: NightMove, rule: MoveRule | null): string {
	const name = move.name;
	const from = tableName(move.from);
	const to = move.to === null ? '' : tableName(move.to);
	const count =
		rule?.kind === 'lowest-move-up' ? rule.count : rule?.kind === 'final-table' ? rule.perTable : 0;
	let line: string;
	switch (move.why) {
		case 'moves-up':
			line = m.night_move_moves_up({ name, from, to, count });
			break;
		case 'down-to-bottom':
			line = m.night_move_down_to_bottom({ name, from, to, count });
			break;
		case 'stays':
			line = m.night_move_stays({ name, from });
			break;
		case 'to-final':
			line = m.night_move_to_final({ name, from, to, count });
			break;
		case 'sits-out':
			line = m.night_move_sits_out({ name, from });
			break;
		case 'drawn':
			line = m.night_move_drawn({ name, from, to });
			break;
	}
	return move.byLot ? m.night_move_by_lot({ line }) : line;
}

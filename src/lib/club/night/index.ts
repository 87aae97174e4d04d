// The club night's pure domain (issue 44): members and who is here, seats, moves and a final,
// and a fair season. Pure like rules/: no Svelte, Dexie or DOM, and only relative imports of
// rules/, so the club server runs it under tsx and the app imports it for the organiser's screens.
// The server stores what these functions return, with the seed and the organiser's action.

export * from './problems';
export { DRAW_METHOD, SEED_PATTERN, isSeed, seededDraw, shuffled } from './random';
export type { SeededDraw } from './random';
export {
	addMember,
	checkName,
	guestId,
	isGuest,
	memberOf,
	mergeMembers,
	playerOf,
	renameMember,
	rosterIndex,
	splitAlias
} from './members';
export type { Alias, Member, PlayerId, Roster } from './members';
export { tonightsPlayers } from './check-in';
export type { NightPlayer } from './check-in';
export { dealTables, tableSizes } from './seats';
export type { Seating, SeatedTable, TableSizes } from './seats';
export { nextGame } from './moves';
export type { Move, MoveReason, MoveRule, NextGame, SeatResult, TableResult } from './moves';
export { SEASON_RANKINGS, SEASON_TIES, nightStandings, seasonStandings } from './season';
export type {
	DivisionStandings,
	MissedNight,
	PlayedEvening,
	PlayedNight,
	RankedBy,
	SeasonInput,
	SeasonRanking,
	SeasonRow,
	SeasonRule,
	SeasonTies
} from './season';

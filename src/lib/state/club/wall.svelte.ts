// The wall (routes/club/wall) and the printed sheet: tonight (GET /v1/night: the seats of the
// game being played, each table's progress, tonight's standings) and the season (GET /v1/season:
// the standings by the club's stated rule, one a division), each read again on a change of the
// club's live channel that may change it. For every key: a viewer's wall, the organiser's, a
// table's.
import type { ClubMembership } from '$lib/db/database';
import { clubMembership } from '$lib/db/outbox';
import { fetchNight, fetchSeason } from '$lib/club/night-client';
import type {
	Game,
	Night,
	NightMove,
	NightTable,
	Season,
	SeasonStandingsRow,
	SeatPlayer
} from '$lib/club/night-protocol';
import { mayBe, readResult, type Changed, type ReadResult } from './live';
import { ClubReading } from './reading.svelte';

type Division = Season['divisions'][number];

/** A line of a standings section: a division's heading, or a player's row. */
export type StandingsLine =
	{ kind: 'division'; division: string | null } | { kind: 'row'; row: SeasonStandingsRow };

/** A seat of the game being played, with the move that put its player there. */
export interface SeatLine {
	table: NightTable;
	seat: SeatPlayer;
	move: NightMove | null;
}

export type WallSection =
	| { kind: 'seats'; game: Game; lines: SeatLine[] }
	| { kind: 'tonight' | 'season'; lines: StandingsLine[] };

/**
 * Divisions as lines: a heading before each only when a division has players. A club with no
 * divisions, or whose divisions are all empty, has one standings: no lone "No division" over it.
 */
export function standingsLines(divisions: readonly Division[]): StandingsLine[] {
	const played = divisions.filter((d) => d.rows.length > 0);
	const headed = played.some((d) => d.division !== null);
	return played.flatMap((d) => [
		...(headed ? [{ kind: 'division' as const, division: d.division }] : []),
		...d.rows.map((row) => ({ kind: 'row' as const, row }))
	]);
}

/** The seats of a game, table by table in seat order, each with the move that put them there. */
export function seatLines(game: Game): SeatLine[] {
	const moves = Object.fromEntries(game.moves.map((m) => [m.player, m]));
	return game.tables.flatMap((table) =>
		table.players.map((seat) => ({ table, seat, move: moves[seat.player] ?? null }))
	);
}

/** What the wall shows, in order; a section with nothing in it is left out. */
export function wallSections(night: Night | null, season: Season | null): WallSection[] {
	const sections: WallSection[] = [];
	const game = night?.games.at(-1);
	if (game) sections.push({ kind: 'seats', game, lines: seatLines(game) });
	const tonight = night ? standingsLines(night.standings.divisions) : [];
	if (tonight.length > 0) sections.push({ kind: 'tonight', lines: tonight });
	const year = season ? standingsLines(season.divisions) : [];
	if (year.length > 0) sections.push({ kind: 'season', lines: year });
	return sections;
}

export class ClubWall extends ClubReading {
	night = $state.raw<Night | null>(null);
	season = $state.raw<Season | null>(null);
	readonly sections = $derived(wallSections(this.night, this.season));
	/** Reads once (for the printed sheet): whether both answered. */
	async load(): Promise<boolean> {
		const club = await clubMembership(this.db).catch(() => null);
		this.club = club;
		return club !== null && (await this.read(club, null)) === 'ok';
	}

	protected reads(): boolean {
		return true;
	}

	/**
	 * Tonight (the seats, each table's progress, tonight's standings) changes with the tables'
	 * evenings and the night; the season with the evenings and the club (names, rule, divisions).
	 */
	protected async read(club: ClubMembership, changed: Changed): Promise<ReadResult> {
		const [night, season] = await Promise.all([
			mayBe(changed, 'evenings', 'night') ? fetchNight(this.fetch, club) : null,
			mayBe(changed, 'evenings', 'club') ? fetchSeason(this.fetch, club) : null
		]);
		if (night?.ok) this.night = night.value;
		if (season?.ok) this.season = season.value;
		return readResult(night, season);
	}
}

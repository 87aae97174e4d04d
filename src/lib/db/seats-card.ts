// This table's seats at tonight's club night as the home page's card shows them, read from the
// meta row db/club-seats.ts keeps. No Dexie and no valibot (the home page's budget, db/peek.ts):
// the row was checked against the club's schema when it was stored, so this only refuses a row
// of another shape (an older build's) rather than trust it.

/** Where one player of this table's game before goes: a table (the final's, maybe) or out. */
export interface CardMove {
	name: string;
	/** null: sits out. */
	to: number | null;
	final: boolean;
}

/** This table's seats in tonight's latest game. */
export interface CardSeats {
	table: number;
	game: number;
	final: boolean;
	/** In seat order. */
	names: string[];
	/** An evening was started for these seats (on this phone, or the club says so). */
	started: boolean;
}

export interface SeatsCard {
	/** null: this table plays no part in the latest game (a final elsewhere, or it sits out). */
	seats: CardSeats | null;
	moves: CardMove[];
}

/** What db/club-seats.ts stores: the club's answer (GET /v1/night/mine) and this phone's start. */
export interface StoredSeats {
	server: string;
	/** The club's answer, as MineSchema read it. */
	mine: unknown;
	readAt: number;
	/** The evening started here for a game's table (before the club heard of it). */
	started: { game: number; table: number; eveningId: string } | null;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isWhole = (x: unknown): x is number => Number.isInteger(x);
const nameOf = (x: unknown): string | null =>
	isObject(x) && typeof x.name === 'string' ? x.name : null;

function movesOf(list: unknown): CardMove[] | null {
	if (!Array.isArray(list)) return null;
	const moves: CardMove[] = [];
	for (const m of list as unknown[]) {
		const name = nameOf(m);
		if (!isObject(m) || name === null || !(m.to === null || isWhole(m.to))) return null;
		moves.push({ name, to: m.to, final: m.why === 'to-final' });
	}
	return moves;
}

function seatsOf(
	seats: Record<string, unknown>,
	stored: Record<string, unknown>
): CardSeats | null {
	const { game, table, players } = seats;
	if (!isWhole(game) || !isWhole(table) || !Array.isArray(players)) return null;
	const names = (players as unknown[]).map(nameOf);
	if (names.some((n) => n === null)) return null;
	const here = isObject(stored.started) ? stored.started : null;
	const startedHere = here?.game === game && here.table === table;
	return {
		table,
		game,
		final: seats.final === true,
		names: names as string[],
		started: typeof seats.eveningId === 'string' || startedHere
	};
}

/**
 * The card for the club at `server`, or null: not this club's row, or neither seats nor moves.
 * Without seats the card still says where this table's players of the game before went.
 */
export function seatsCard(value: unknown, server: string): SeatsCard | null {
	if (!isObject(value) || value.server !== server || !isObject(value.mine)) return null;
	const { seats, moves } = value.mine;
	const cardMoves = movesOf(moves);
	if (cardMoves === null) return null;
	if (seats === null) return cardMoves.length > 0 ? { seats: null, moves: cardMoves } : null;
	const cardSeats = isObject(seats) ? seatsOf(seats, value) : null;
	return cardSeats && { seats: cardSeats, moves: cardMoves };
}

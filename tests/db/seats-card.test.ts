// The home page's club night card, read from the meta row without the club's schema: a row of
// this club in the shape db/club-seats.ts stores is a card; another club's, or another shape
// (an older build's), is none; an evening started here for these seats is started.
import { describe, expect, it } from 'vitest';
import { seatsCard, type StoredSeats } from '$lib/db/seats-card';

const SERVER = 'https://club.example';
const player = (name: string) => ({ player: `guest:${name}`, name, guest: true });

function stored(more: Partial<StoredSeats> = {}, seats: object = {}): StoredSeats {
	return {
		server: SERVER,
		mine: {
			night: '2026-11-28',
			revision: 3,
			seats: {
				game: 2,
				table: 1,
				final: true,
				players: [player('Anna'), player('Bo')],
				eveningId: null,
				...seats
			},
			houseRules: null,
			moves: [{ ...player('Cy'), from: 1, to: 2, why: 'stays', place: 3, total: 40, byLot: false }]
		},
		readAt: 1,
		started: null,
		...more
	};
}

describe('seatsCard', () => {
	it("reads this club's seats, players in seat order, and its players' moves", () => {
		expect(seatsCard(stored(), SERVER)).toEqual({
			seats: { table: 1, game: 2, final: true, names: ['Anna', 'Bo'], started: false },
			moves: [{ name: 'Cy', to: 2, final: false }]
		});
	});

	it('without seats in the latest game: no seats, only the moves, or none without moves', () => {
		const moves = (stored().mine as { moves: unknown[] }).moves;
		expect(seatsCard(stored({ mine: { seats: null, moves } }), SERVER)).toEqual({
			seats: null,
			moves: [{ name: 'Cy', to: 2, final: false }]
		});
	});

	it('is started once the club knows the evening, or one was started here for these seats', () => {
		expect(seatsCard(stored({}, { eveningId: 'e1' }), SERVER)?.seats?.started).toBe(true);
		const here = { game: 2, table: 1, eveningId: 'e2' };
		expect(seatsCard(stored({ started: here }), SERVER)?.seats?.started).toBe(true);
		// Started for the game before: these seats are not started yet.
		const before = { game: 1, table: 1, eveningId: 'e0' };
		expect(seatsCard(stored({ started: before }), SERVER)?.seats?.started).toBe(false);
	});

	it("is none for another club's row, no seats, or a row of another shape", () => {
		expect(seatsCard(stored(), 'https://other.example')).toBeNull();
		expect(seatsCard(undefined, SERVER)).toBeNull();
		expect(seatsCard(stored({ mine: { seats: null, moves: [] } }), SERVER)).toBeNull();
		expect(seatsCard(stored({}, { players: [{ name: 7 }] }), SERVER)).toBeNull();
		expect(seatsCard(stored({}, { game: '2' }), SERVER)).toBeNull();
		expect(seatsCard(stored({ mine: { seats: {}, moves: 'Cy' } }), SERVER)).toBeNull();
	});
});

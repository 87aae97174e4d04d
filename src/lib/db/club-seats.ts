// This table's seats at tonight's club night (GET /v1/night/mine), kept in the meta row
// `clubSeats`: the home page's card shows them offline (db/seats-card.ts reads them there), and
// New evening is filled from them. The evening started for them is noted in the same row, in the
// transaction that stores the evening, so the card stops offering Start evening at once.

import * as v from 'valibot';
import { MineSchema, type Mine } from '$lib/club/night-protocol';
import type { CabooseDb } from './rows';
import { CLUB_SEATS_KEY } from './outbox';
import type { StoredSeats } from './seats-card';

async function stored(db: CabooseDb): Promise<StoredSeats | null> {
	const value = (await db.meta.get(CLUB_SEATS_KEY))?.value as Partial<StoredSeats> | undefined;
	return typeof value?.server === 'string' ? (value as StoredSeats) : null;
}

/** Keeps the club's answer, read at `readAt`; a start noted here for the same seats stays. */
export async function keepClubSeats(
	db: CabooseDb,
	server: string,
	mine: Mine,
	readAt: number
): Promise<void> {
	await db.transaction('rw', db.meta, async () => {
		const before = await stored(db);
		const seats = mine.seats;
		const started =
			before?.server === server &&
			before.started?.game === seats?.game &&
			before.started?.table === seats?.table
				? before.started
				: null;
		const value: StoredSeats = { server, mine, readAt, started };
		await db.meta.put({ key: CLUB_SEATS_KEY, value });
	});
}

/** The seats kept for the club at `server` (read with the club's schema), or null. */
export async function keptClubSeats(db: CabooseDb, server: string): Promise<Mine | null> {
	const value = await stored(db);
	if (value?.server !== server) return null;
	const mine = v.safeParse(MineSchema, value.mine);
	return mine.success ? mine.output : null;
}

/** Inside the caller's transaction (over meta): an evening was started for these seats here. */
export async function noteStarted(
	db: CabooseDb,
	eveningId: string,
	seats: { game: number; table: number }
): Promise<void> {
	const value = await stored(db);
	if (!value) return;
	const started = { game: seats.game, table: seats.table, eveningId };
	await db.meta.put({ key: CLUB_SEATS_KEY, value: { ...value, started } });
}

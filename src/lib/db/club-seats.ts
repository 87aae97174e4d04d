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

/**
 * Inside the caller's transaction (over meta and evenings): the evening already started on this
 * phone for these seats and still kept (noted here, or the club says this phone claimed it), or
 * null. A second evening for the same seats would be claimed too, and the club keeps the last.
 */
export async function startedForSeats(
	db: CabooseDb,
	seats: { game: number; table: number }
): Promise<string | null> {
	const value = await stored(db);
	const same = (s: { game: number; table: number } | null | undefined) =>
		s?.game === seats.game && s.table === seats.table;
	const here = same(value?.started) ? value!.started!.eveningId : null;
	const mine = v.safeParse(MineSchema, value?.mine);
	const club = mine.success && same(mine.output.seats) ? mine.output.seats!.eveningId : null;
	for (const id of [here, club]) if (id !== null && (await db.evenings.get(id))) return id;
	return null;
}

/**
 * The seats kept for the club at `server` (read with the club's schema), and the evening this
 * phone already started for them (null: none yet); null: none kept.
 */
export async function keptClubSeats(
	db: CabooseDb,
	server: string
): Promise<{ mine: Mine; started: string | null } | null> {
	return db.transaction('r', db.meta, db.evenings, async () => {
		const value = await stored(db);
		if (value?.server !== server) return null;
		const mine = v.safeParse(MineSchema, value.mine);
		if (!mine.success) return null;
		const seats = mine.output.seats;
		return { mine: mine.output, started: seats ? await startedForSeats(db, seats) : null };
	});
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

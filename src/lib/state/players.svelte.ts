// Everyone who has played, and one player's record over all evenings, kept current (a round saved
// in another tab shows up without a reload); renaming a player. The screens' only way to players.
import { liveQuery } from 'dexie';
import { db as appDb } from '$lib/db/client';
import type { CabooseDb } from '$lib/db/database';
import {
	listPlayerStats,
	playerStats,
	renamePlayer,
	type PlayerEvening,
	type PlayerStats,
	type RenameResult,
	type RoundMark
} from '$lib/db/players';
import { attempt, dbFailure, type DbErrorKind, type Outcome } from './outcome';

export type { PlayerEvening, PlayerStats, RenameResult, RoundMark };

/** A read failure as its kind (the words are failureText's). */
function kindOf(error: unknown): DbErrorKind {
	const failure = dbFailure(error);
	return 'error' in failure ? failure.error : 'unknown';
}

export class PlayersDirectory {
	items = $state.raw<PlayerStats[]>([]);
	loaded = $state(false);
	/** A read failure, shown instead of the screen. */
	failure = $state<DbErrorKind | null>(null);
	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
	}

	/** Follows the database while a screen shows the list; returns the stop for `$effect`. */
	watch(): () => void {
		const subscription = liveQuery(() => listPlayerStats(this.#db)).subscribe({
			next: (items) => {
				this.items = items;
				this.loaded = true;
				this.failure = null;
			},
			error: (e: unknown) => {
				this.failure = kindOf(e);
				this.loaded = true;
			}
		});
		return () => subscription.unsubscribe();
	}
}

export class PlayerRecord {
	/** undefined while loading, null when there is no such player. */
	player = $state.raw<PlayerStats | null | undefined>(undefined);
	/** A read failure, shown instead of the screen. */
	failure = $state<DbErrorKind | null>(null);
	readonly id: string;
	readonly #db: CabooseDb;

	constructor(id: string, db: CabooseDb = appDb) {
		this.id = id;
		this.#db = db;
	}

	watch(): () => void {
		const subscription = liveQuery(() => playerStats(this.#db, this.id)).subscribe({
			next: (player) => {
				this.player = player;
				this.failure = null;
			},
			error: (e: unknown) => {
				this.failure = kindOf(e);
			}
		});
		return () => subscription.unsubscribe();
	}

	/** Renames the player everywhere; scores are untouched (rounds refer to the player's id). */
	rename(name: string): Promise<Outcome<RenameResult>> {
		return attempt(() => renamePlayer(this.#db, this.id, name));
	}
}

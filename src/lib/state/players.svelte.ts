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

export type { PlayerEvening, PlayerStats, RenameResult, RoundMark };

function message(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

export class PlayersDirectory {
	items = $state.raw<PlayerStats[]>([]);
	loaded = $state(false);
	error = $state<string | null>(null);
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
				this.error = null;
			},
			error: (e: unknown) => {
				this.error = message(e);
				this.loaded = true;
			}
		});
		return () => subscription.unsubscribe();
	}
}

export class PlayerRecord {
	/** undefined while loading, null when there is no such player. */
	player = $state.raw<PlayerStats | null | undefined>(undefined);
	error = $state<string | null>(null);
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
				this.error = null;
			},
			error: (e: unknown) => {
				this.error = message(e);
			}
		});
		return () => subscription.unsubscribe();
	}

	/** Renames the player everywhere; scores are untouched (rounds refer to the player's id). */
	rename(name: string): Promise<RenameResult> {
		return renamePlayer(this.#db, this.id, name);
	}
}

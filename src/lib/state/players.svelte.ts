// Everyone who has played, and one player's record over all evenings, kept current (a round saved
// in another tab shows up without a reload); renaming a player. The screens' only way to players.
import type { CabooseDb } from '$lib/db/database';
import {
	listPlayers,
	playerStats,
	renamePlayer,
	type PlayerEvening,
	type PlayerLine,
	type PlayerStats,
	type RenameResult,
	type RoundMark
} from '$lib/db/players';
import { appDb, follow } from './app-db';
import { attempt, type DbErrorKind, type Outcome } from './outcome';

export type { PlayerEvening, PlayerLine, PlayerStats, RenameResult, RoundMark };

export class PlayersDirectory {
	items = $state.raw<PlayerLine[]>([]);
	loaded = $state(false);
	/** A read failure, shown instead of the screen. */
	failure = $state<DbErrorKind | null>(null);
	readonly #db: CabooseDb;

	constructor(db: CabooseDb = appDb) {
		this.#db = db;
	}

	/** Follows the database while a screen shows the list; returns the stop for `$effect`. */
	watch(): () => void {
		return follow(
			this.#db,
			listPlayers,
			(items) => {
				this.items = items;
				this.loaded = true;
				this.failure = null;
			},
			(kind) => {
				this.failure = kind;
				this.loaded = true;
			}
		);
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
		return follow(
			this.#db,
			(db) => playerStats(db, this.id),
			(player) => {
				this.player = player;
				this.failure = null;
			},
			(kind) => {
				this.failure = kind;
			}
		);
	}

	/** Renames the player everywhere; scores are untouched (rounds refer to the player's id). */
	rename(name: string): Promise<Outcome<RenameResult>> {
		return attempt(() => renamePlayer(this.#db, this.id, name));
	}
}

// Everyone who has played, and one player's record over all evenings, kept current (a round saved
// in another tab shows up without a reload); renaming a player. The screens' only way to players.
import type { PlayerEvening, PlayerStats, RenameResult, RoundMark } from '$lib/db/players';
import { appDb, dbOf, follow, type DbSource } from './app-db';
import { attempt, type DbErrorKind, type Outcome } from './outcome';

export type { PlayerEvening, PlayerStats, RenameResult, RoundMark };

/** The players' db functions, loaded with Dexie after the screen's first paint. */
const players = () => import('$lib/db/players');

export class PlayersDirectory {
	items = $state.raw<PlayerStats[]>([]);
	loaded = $state(false);
	/** A read failure, shown instead of the screen. */
	failure = $state<DbErrorKind | null>(null);
	readonly #db: DbSource;

	constructor(db: DbSource = appDb) {
		this.#db = db;
	}

	/** Follows the database while a screen shows the list; returns the stop for `$effect`. */
	watch(): () => void {
		return follow(
			this.#db,
			players,
			(db, { listPlayerStats }) => listPlayerStats(db),
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
	readonly #db: DbSource;

	constructor(id: string, db: DbSource = appDb) {
		this.id = id;
		this.#db = db;
	}

	watch(): () => void {
		return follow(
			this.#db,
			players,
			(db, { playerStats }) => playerStats(db, this.id),
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
		return attempt(async () => {
			const { renamePlayer } = await players();
			return renamePlayer(await dbOf(this.#db), this.id, name);
		});
	}
}

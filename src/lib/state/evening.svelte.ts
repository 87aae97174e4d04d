// One evening as its screens see it: the stored evening and its rounds, read live from
// IndexedDB (a second tab's save shows up here too) and scored by the rules core on every change,
// from what the last read held. What is done to it lives beside it: the round being typed
// (next-round.svelte.ts), a correction (round-correction.svelte.ts), and end, resume, undo and
// delete (evening-actions.svelte.ts).

import {
	computeEvening,
	dealSize,
	engineAt,
	eveningSetup,
	starterAt,
	type Standing
} from '$lib/rules';
import type { EveningSetup, EveningState, RoundEntry, Ruleset } from '$lib/rules/types';
import type { CabooseDb, EveningRow, RoundRow } from '$lib/db/database';
import { readLiveEvening, type LiveEvening } from '$lib/db/rounds';
import { CSV_BOM, csvFormatFor, eveningCsv, eveningCsvFileName, type CsvLabels } from '$lib/db/csv';
import { appDb, follow } from './app-db';
import type { DbErrorKind } from './outcome';

export interface NextRound {
	index: number;
	engine: number;
	/** In seat order; eliminated players are not among them. */
	players: string[];
}

export class EveningSession {
	/** undefined while loading, null when there is no such evening. */
	evening = $state.raw<EveningRow | null | undefined>(undefined);
	rows = $state.raw<RoundRow[]>([]);
	/** The evening scored after its rounds (null while loading, or when there is no evening). */
	state = $state.raw<EveningState | null>(null);
	/** Where the evening stands after its rounds: the next round is placed from it. */
	standing = $state.raw<Standing | null>(null);
	/**
	 * The evening's revision as last read (+1 on every write to it; null when not known): every
	 * write from these screens names it, and one made from an older revision is refused.
	 */
	revision = $state<number | null>(null);
	/** A read failure (storage unavailable…), shown instead of the screen. */
	failure = $state<DbErrorKind | null>(null);

	readonly setup: EveningSetup | null = $derived(this.evening ? eveningSetup(this.evening) : null);
	readonly rules: Ruleset | null = $derived(this.setup?.rules ?? null);
	/** The saved rounds' entries, for an edit (the next round is placed from `standing`). */
	readonly entries: RoundEntry[] = $derived(this.rows.map((r) => r.entry));
	readonly names: Record<string, string> = $derived(
		Object.fromEntries((this.evening?.players ?? []).map((p) => [p.id, p.name]))
	);
	/** The round to play next (0-based index, its engine, the players still in), or null when the
	 * evening is over. */
	readonly next: NextRound | null = $derived(
		this.state?.next
			? { index: this.state.next.index, engine: this.state.next.engine, players: this.state.active }
			: null
	);
	/** Tiles each for the next round (counting only players still in). */
	readonly deal: number | null = $derived(
		this.rules && this.state ? dealSize(this.rules, this.state.active.length) : null
	);

	readonly db: CabooseDb;
	readonly id: string;

	constructor(id: string, db: CabooseDb = appDb) {
		this.db = db;
		this.id = id;
	}

	/**
	 * Follows the evening and its rounds; returns the stop, for `$effect`. Each read starts from
	 * what the last one answered: after a save, the live query reads and scores the new round
	 * only (`readLiveEvening`).
	 */
	watch(): () => void {
		const id = this.id;
		let held: LiveEvening | null = null;
		return follow(
			this.db,
			async (db) => (held = await readLiveEvening(db, id, held)),
			(read) => {
				this.evening = read?.evening ?? null;
				this.rows = read?.rows ?? [];
				this.state = read?.state ?? null;
				this.standing = read?.standing ?? null;
				this.revision = read?.revision ?? null;
				this.failure = null;
			},
			(kind) => {
				this.failure = kind;
			}
		);
	}

	name(id: string): string {
		return this.names[id] ?? id;
	}

	/**
	 * The seat that starts round `index`: as stored, else by the rules (null = engine holder). A
	 * starter changed for an earlier round moves the rotation: the round after it starts with the
	 * next seat after that starter.
	 */
	starterAt(index: number): number | null {
		if (!this.evening || !this.rules) return this.rows[index]?.starter ?? null;
		const { players, firstStarter } = this.evening;
		const changed = this.rows.map((r) => r.starter);
		return starterAt(this.rules, players.length, firstStarter, changed, index);
	}

	engineAt(index: number): number | null {
		return this.rules ? engineAt(this.rules, index) : null;
	}

	/** Players still in the evening before round `index` (for an edit: as they were then). */
	playersAt(index: number): string[] {
		if (!this.setup) return [];
		if (index >= this.entries.length) return this.state?.active ?? [];
		return computeEvening(this.setup, this.entries.slice(0, index)).active;
	}

	/** The seat of a player, or -1. */
	seatOf(player: string): number {
		return this.evening?.players.findIndex((p) => p.id === player) ?? -1;
	}

	/**
	 * The evening as a CSV file (a row per round, a column per player, totals) that the reader's
	 * spreadsheet opens with a double-click: ";" and a decimal comma for de, fr and it, and a
	 * byte-order mark so the names read as UTF-8.
	 */
	csv(labels: CsvLabels, locale: string): { text: string; file: string } | null {
		const { evening, rows, state } = this;
		if (!evening || !state) return null;
		const text = eveningCsv(evening, rows, state, labels, csvFormatFor(locale));
		return { text: CSV_BOM + text, file: eveningCsvFileName(evening) };
	}
}

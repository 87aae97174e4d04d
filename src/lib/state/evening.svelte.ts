// One evening as the screens see it: the stored evening and its rounds (live from IndexedDB, so a
// second tab's save shows up here too), scored by the rules core on every change.

import { liveQuery } from 'dexie';
import { computeEvening, dealSize, engineAt, starterSeat } from '$lib/rules';
import type { EveningSetup, EveningState, RoundEntry, Ruleset } from '$lib/rules/types';
import type { CabooseDb, EveningRow, RoundRow } from '$lib/db/database';
import { eveningSetup, listRounds } from '$lib/db/rounds';

export interface NextRound {
	index: number;
	engine: number;
	/** In seat order; eliminated players are not among them. */
	players: string[];
}

export class EveningView {
	/** undefined while loading, null when there is no such evening. */
	evening = $state<EveningRow | null | undefined>(undefined);
	rows = $state<RoundRow[]>([]);
	/** A read failure (storage unavailable…), shown instead of the screen. */
	failure = $state<string | null>(null);

	readonly setup: EveningSetup | null = $derived(this.evening ? eveningSetup(this.evening) : null);
	readonly rules: Ruleset | null = $derived(this.setup?.rules ?? null);
	readonly entries: RoundEntry[] = $derived(this.rows.map((r) => r.entry));
	readonly state: EveningState | null = $derived(
		this.setup ? computeEvening(this.setup, this.entries) : null
	);
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

	#db: CabooseDb;
	readonly id: string;

	constructor(db: CabooseDb, id: string) {
		this.#db = db;
		this.id = id;
	}

	/** Subscribes to the evening and its rounds; returns the unsubscribe for the component. */
	start(): () => void {
		const db = this.#db;
		const id = this.id;
		const subscription = liveQuery(() =>
			db.transaction('r', db.evenings, db.rounds, async () => ({
				evening: (await db.evenings.get(id)) ?? null,
				rows: await listRounds(db, id)
			}))
		).subscribe({
			next: ({ evening, rows }) => {
				this.evening = evening;
				this.rows = rows;
				this.failure = null;
			},
			error: (error: unknown) => {
				this.failure = error instanceof Error ? error.message : String(error);
			}
		});
		return () => subscription.unsubscribe();
	}

	name(id: string): string {
		return this.names[id] ?? id;
	}

	/** The seat that starts round `index`: as stored, else by the rules (null = engine holder). */
	starterAt(index: number): number | null {
		const stored = this.rows[index]?.starter;
		if (stored !== undefined && stored !== null) return stored;
		if (!this.evening || !this.rules) return null;
		return starterSeat(this.rules, this.evening.firstStarter, index, this.evening.players.length);
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
}

// The saved evenings for the home screen and the Evenings list, kept current: a round saved in
// another tab shows up here without a reload. This module never loads Dexie by itself: the home
// page imports it and must stay small (JS budget); the Evenings list brings Dexie with its `db`.
import type { CabooseDb } from '$lib/db/database';
import { deleteEvening, listEvenings, type EveningListItem } from '$lib/db/evenings';
import { peekDatabase, peekedEvenings, peekIsNewer, type Peek } from '$lib/db/peek';
import { computeEvening, eveningSetup, type PresetId } from '$lib/rules';

export interface EveningSummary {
	id: string;
	createdAt: number;
	names: string[];
	preset: PresetId;
	roundCount: number;
	over: boolean;
	/** Names of the best-placed players (several when tied); empty before the first round. */
	leader: string[];
	/** Only when the evening is over and at least one round was played. */
	winner: string[] | null;
	/** 1-based number of the next round, or null when over. */
	nextRound: number | null;
	/** Rounds in the schedule, or null when it is cyclic. */
	scheduleLength: number | null;
}

/** Totals are never stored: the leader and the end are recomputed from the hands as entered. */
export function summarise(item: EveningListItem): EveningSummary {
	const { evening, rounds } = item;
	const names = evening.players.map((p) => p.name);
	const setup = eveningSetup(evening);
	const state = computeEvening(
		setup,
		rounds.map((r) => r.entry)
	);
	const toNames = (keys: readonly string[]) =>
		keys.map((k) => evening.players.find((p) => p.id === k)?.name ?? k);
	const played = rounds.length > 0;
	return {
		id: evening.id,
		createdAt: evening.createdAt,
		names,
		preset: setup.rules.preset,
		roundCount: rounds.length,
		over: state.over,
		leader: played ? toNames(state.ranking[0] ?? []) : [],
		winner: state.over && played && state.winner ? toNames(state.winner) : null,
		nextRound: state.next ? state.next.index + 1 : null,
		scheduleLength: state.scheduleLength
	};
}

export class EveningsList {
	items = $state.raw<EveningSummary[]>([]);
	loaded = $state(false);
	error = $state<string | null>(null);
	/** The newest evening not yet over, for Continue. */
	readonly newestOpen = $derived(this.items.find((e) => !e.over));

	readonly #db: CabooseDb;

	constructor(db: CabooseDb) {
		this.#db = db;
	}

	/** Follows the database while a screen shows the list; returns the stop for `$effect`. */
	watch(): () => void {
		let stopped = false;
		let subscription: { unsubscribe(): void } | undefined;
		// The caller's `db` has loaded Dexie already, so this import costs no request.
		void import('dexie').then(({ liveQuery }) => {
			if (stopped) return;
			subscription = liveQuery(() => listEvenings(this.#db)).subscribe({
				next: (list) => {
					this.items = list.map(summarise);
					this.loaded = true;
					this.error = null;
				},
				error: (e: unknown) => {
					this.error = e instanceof Error ? e.message : String(e);
					this.loaded = true;
				}
			});
		});
		return () => {
			stopped = true;
			subscription?.unsubscribe();
		};
	}

	/** Deletes the evening with its rounds; the list updates itself. */
	async remove(id: string): Promise<void> {
		await deleteEvening(this.#db, id);
	}
}

/**
 * Dexie tells its other tabs about every write on this channel (dexie/src/live-query, the name
 * `x-storagemutated-1`). Listening to it keeps Continue current without loading Dexie; should the
 * name ever change, Continue is only as old as the last visit to the home page.
 */
const DEXIE_MUTATIONS = 'x-storagemutated-1';

/** The home page's evenings, read with a peek (no Dexie), for Continue. */
export class HomeEvenings {
	items = $state.raw<EveningSummary[]>([]);
	/** The newest evening not yet over, for Continue. */
	readonly newestOpen = $derived(this.items.find((e) => !e.over));

	/** Reads now and again after every write in another tab; returns the stop for `$effect`. */
	watch(): () => void {
		let stopped = false;
		let running = false;
		let again = false;
		const load = async (): Promise<void> => {
			if (running) {
				again = true;
				return;
			}
			running = true;
			try {
				const { peek } = await peekDatabase();
				// Newer data is for a newer build to show; the banner says so.
				if (!stopped) this.items = peek && !peekIsNewer(peek) ? summariseAll(peek) : [];
			} catch (e) {
				console.error('Caboose: the saved evenings could not be read', e);
			} finally {
				running = false;
				if (again && !stopped) {
					again = false;
					void load();
				}
			}
		};
		void load();
		const channel =
			typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DEXIE_MUTATIONS);
		if (channel) channel.onmessage = () => void load();
		return () => {
			stopped = true;
			channel?.close();
		};
	}
}

function summariseAll(peek: Peek): EveningSummary[] {
	const out: EveningSummary[] = [];
	for (const item of peekedEvenings(peek)) {
		try {
			out.push(summarise(item));
		} catch {
			// An evening this build cannot read is not offered for Continue.
		}
	}
	return out;
}

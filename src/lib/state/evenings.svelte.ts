// The saved evenings for the home screen and the Evenings list, kept current: a round saved in
// another tab shows up here without a reload. This module never loads Dexie by itself: the home
// page imports it and must stay small (JS budget); the Evenings list loads Dexie after its first
// paint (app-db.ts).
import { dbOf, type DbSource } from './app-db';
import { deleteEvening, type EveningListItem } from '$lib/db/evenings';
import { peekDatabase, peekedEvenings, peekIsNewer } from '$lib/db/peek';
import { listEveningPage, type ListedEvening } from '$lib/db/summaries';
import { computeEvening, resolveRules, type PresetId } from '$lib/rules';

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

/** The list's view of an evening and its stored summary (player ids become the seats' names). */
export function summaryOf({ evening, summary }: ListedEvening): EveningSummary {
	const toNames = (keys: readonly string[]) =>
		keys.map((k) => evening.players.find((p) => p.id === k)?.name ?? k);
	return {
		id: evening.id,
		createdAt: evening.createdAt,
		names: evening.players.map((p) => p.name),
		preset: summary.preset,
		roundCount: summary.roundCount,
		over: summary.over,
		leader: toNames(summary.leader),
		winner: summary.winner ? toNames(summary.winner) : null,
		nextRound: summary.nextRound,
		scheduleLength: summary.scheduleLength
	};
}

/**
 * The same, recomputed from every round: what the lists showed before summaries were stored.
 * The tests hold `summaryOf` equal to it.
 */
export function summarise(item: EveningListItem): EveningSummary {
	const { evening, rounds } = item;
	const names = evening.players.map((p) => p.name);
	const rules = resolveRules(evening.rules);
	const state = computeEvening(
		{ rules, players: evening.players.map((p) => p.id), ended: evening.endedAt !== null },
		rounds.map((r) => r.entry)
	);
	const toNames = (keys: readonly string[]) =>
		keys.map((k) => evening.players.find((p) => p.id === k)?.name ?? k);
	const played = rounds.length > 0;
	return {
		id: evening.id,
		createdAt: evening.createdAt,
		names,
		preset: rules.preset,
		roundCount: rounds.length,
		over: state.over,
		leader: played ? toNames(state.ranking[0] ?? []) : [],
		winner: state.over && played && state.winner ? toNames(state.winner) : null,
		nextRound: state.next ? state.next.index + 1 : null,
		scheduleLength: state.scheduleLength
	};
}

/** Evenings the list shows at first, and how many more each "Show older evenings" adds. */
export const EVENINGS_PAGE = 20;

export class EveningsList {
	items = $state.raw<EveningSummary[]>([]);
	loaded = $state(false);
	error = $state<string | null>(null);
	/** How many evenings are stored in all. */
	total = $state(0);
	/** How many of the newest evenings the list reads and shows. */
	limit = $state(EVENINGS_PAGE);
	readonly hasMore = $derived(this.total > this.items.length);
	/** The newest evening not yet over, for Continue. */
	readonly newestOpen = $derived(this.items.find((e) => !e.over));

	readonly #db: DbSource;

	/** `db` may be a loader ($lib/state/app-db): the list paints before Dexie has loaded. */
	constructor(db: DbSource) {
		this.#db = db;
	}

	/** Follows the database while a screen shows the list; returns the stop for `$effect`. */
	watch(): () => void {
		let stopped = false;
		let subscription: { unsubscribe(): void } | undefined;
		// Read inside the effect: showing more evenings subscribes again with the new limit.
		const limit = this.limit;
		void Promise.all([import('dexie'), dbOf(this.#db)]).then(([{ liveQuery }, db]) => {
			if (stopped) return;
			// One page of evenings with their stored summaries: no round is replayed here.
			subscription = liveQuery(() => listEveningPage(db, limit)).subscribe({
				next: (page) => {
					this.items = page.items.map(summaryOf);
					this.total = page.total;
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

	/** Shows the next page of older evenings. */
	more(): void {
		this.limit = this.items.length + EVENINGS_PAGE;
	}

	/** Deletes the evening with its rounds; the list updates itself. */
	async remove(id: string): Promise<void> {
		await deleteEvening(await dbOf(this.#db), id);
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
				// Stored summaries: no round is replayed unless a summary is missing or stale.
				if (!stopped)
					this.items = peek && !peekIsNewer(peek) ? peekedEvenings(peek).map(summaryOf) : [];
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

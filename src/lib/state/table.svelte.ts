// The live table of an evening's current round, as the table screen sees it: the round's event
// log, live from IndexedDB (a second tab's tap shows up here too), replayed by the pure reducer.
// Every tap is written to disk before the screen counts it, so a reload loses nothing.

import { untrack } from 'svelte';
import { liveQuery } from 'dexie';
import type { CabooseDb } from '$lib/db/database';
import { appendTableEvent, tableEvents, undoLastTableEvent } from '$lib/db/table';
import {
	checkTableEvent,
	replayTable,
	whatNow,
	type TableEvent,
	type TableProblemCode,
	type TableSetup,
	type TableState,
	type WhatNowCard
} from '$lib/rules';
import type { Ruleset } from '$lib/rules/types';

export interface TableRound {
	eveningId: string;
	roundIndex: number;
	rules: Ruleset;
	/** Player keys in seat order (players still in the evening). */
	players: string[];
	engine: number;
}

export type RecordResult = { ok: true } | { ok: false; problem: TableProblemCode | 'failed' };

export class TableView {
	/** The round's log as stored; null until the first read. */
	events = $state<TableEvent[] | null>(null);
	/** Which round `events` belongs to ("eveningId:index"). */
	loadedFor = $state<string | null>(null);
	failure = $state<string | null>(null);

	readonly #db: CabooseDb;
	readonly #round: () => TableRound | null;
	/** Taps are written one after the other, each judged on the state the previous one left. */
	#queue: Promise<unknown> = Promise.resolve();

	constructor(db: CabooseDb, round: () => TableRound | null) {
		this.#db = db;
		this.#round = round;
	}

	readonly round: TableRound | null = $derived.by(() => this.#round());
	readonly key: string | null = $derived(
		this.round ? `${this.round.eveningId}:${this.round.roundIndex}` : null
	);
	readonly setup: TableSetup | null = $derived(
		this.round
			? { rules: this.round.rules, players: this.round.players, engine: this.round.engine }
			: null
	);
	/** Null while the round's log is loading (never the previous round's table). */
	readonly state: TableState | null = $derived.by(() => {
		const r = this.round;
		if (!r || !this.events || this.loadedFor !== this.key) return null;
		return replayTable(r.rules, r.players, r.engine, this.events);
	});
	readonly cards: WhatNowCard[] = $derived(
		this.state && this.round ? whatNow(this.state, this.round.rules) : []
	);

	/** Follows the current round's log; call from an $effect so a new round re-subscribes. */
	watch(): () => void {
		// Only the round's identity matters: the evening's other changes keep the subscription.
		const key = this.key;
		const r = untrack(() => this.round);
		if (!r || key === null) return () => {};
		const db = this.#db;
		const sub = liveQuery(() => tableEvents(db, r.eveningId, r.roundIndex)).subscribe({
			next: (events) => {
				this.events = events;
				this.loadedFor = key;
				this.failure = null;
			},
			error: (error: unknown) => {
				this.failure = error instanceof Error ? error.message : String(error);
			}
		});
		return () => sub.unsubscribe();
	}

	/**
	 * Records what `make` builds from the table as it is once earlier taps are on disk. Refused
	 * events are not stored; the code says why.
	 */
	record(make: (state: TableState) => TableEvent): Promise<RecordResult> {
		const run = async (): Promise<RecordResult> => {
			const r = this.round;
			const setup = this.setup;
			const key = this.key;
			const events = this.events;
			if (!r || !setup || !events || this.loadedFor !== key)
				return { ok: false, problem: 'failed' };
			const state = replayTable(r.rules, r.players, r.engine, events);
			const event = make(state);
			const problem = checkTableEvent(setup, state, event);
			if (problem) return { ok: false, problem };
			try {
				await appendTableEvent(this.#db, r.eveningId, r.roundIndex, event);
			} catch (error) {
				this.failure = error instanceof Error ? error.message : String(error);
				return { ok: false, problem: 'failed' };
			}
			// Counted at once; the live query brings the same log a moment later.
			if (this.key === key) this.events = [...events, event];
			return { ok: true };
		};
		const next = this.#queue.then(run, run);
		this.#queue = next;
		return next;
	}

	/** Drops the round's last event. */
	undo(): Promise<boolean> {
		const run = async () => {
			const r = this.round;
			if (!r || !this.events || this.events.length === 0) return false;
			const key = this.key;
			const events = this.events;
			const gone = await undoLastTableEvent(this.#db, r.eveningId, r.roundIndex);
			if (gone && this.key === key) this.events = events.slice(0, -1);
			return gone !== null;
		};
		const next = this.#queue.then(run, run);
		this.#queue = next;
		return next;
	}
}

// The live table of an evening's current round, as the table screen sees it: the round's event
// log, live from IndexedDB (a second tab's tap shows up here too), replayed by the pure reducer.
// Every tap is written to disk before the screen counts it, so a reload loses nothing; taps are
// queued, each judged on the table the previous one left.

import { untrack } from 'svelte';
import { liveQuery } from 'dexie';
import { db as appDb } from '$lib/db/client';
import type { CabooseDb } from '$lib/db/database';
import { appendTableEvent, tableEvents, undoLastTableEvent } from '$lib/db/table';
import {
	checkTableEvent,
	replayTable,
	whatNow,
	type TableEvent,
	type TableSetup,
	type TableState,
	type WhatNowCard
} from '$lib/rules';
import type { Ruleset } from '$lib/rules/types';
import { attempt, dbFailure, done, type DbErrorKind, type Outcome } from './outcome';

export interface TableRound {
	eveningId: string;
	roundIndex: number;
	rules: Ruleset;
	/** Player keys in seat order (players still in the evening). */
	players: string[];
	engine: number;
}

export class TableSession {
	/** The round's log as stored; null until the first read. */
	events = $state<TableEvent[] | null>(null);
	/** Which round `events` belongs to ("eveningId:index"). */
	loadedFor = $state<string | null>(null);
	/** A read failure of the log, shown instead of the table. */
	failure = $state<DbErrorKind | null>(null);

	readonly #db: CabooseDb;
	readonly #round: () => TableRound | null;
	/** Taps are written one after the other, each judged on the state the previous one left. */
	#queue: Promise<unknown> = Promise.resolve();

	constructor(round: () => TableRound | null, db: CabooseDb = appDb) {
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
				const failure = dbFailure(error);
				this.failure = 'error' in failure ? failure.error : 'unknown';
			}
		});
		return () => sub.unsubscribe();
	}

	/**
	 * Records what `make` builds from the table as it is once earlier taps are on disk. Refused
	 * events are not stored; the code says why.
	 */
	record(make: (state: TableState) => TableEvent): Promise<Outcome> {
		// The round the tap was made on: if the evening moves on before the tap's turn in the
		// queue, it is refused, never written into the next round.
		const madeFor = this.key;
		const run = async (): Promise<Outcome> => {
			const r = this.round;
			const setup = this.setup;
			const key = this.key;
			const events = this.events;
			if (!r || !setup || !events || this.loadedFor !== key || key !== madeFor)
				return { ok: false, conflict: 'round-taken' };
			const state = replayTable(r.rules, r.players, r.engine, events);
			const event = make(state);
			const problem = checkTableEvent(setup, state, event);
			if (problem) return { ok: false, refused: problem };
			const written = await attempt(() =>
				appendTableEvent(this.#db, r.eveningId, r.roundIndex, event)
			);
			if (!written.ok) return written;
			// Counted at once; the live query brings the same log a moment later.
			if (this.key === key) this.events = [...events, event];
			return done(true);
		};
		const next = this.#queue.then(run, run);
		this.#queue = next;
		return next;
	}

	/** Drops the round's last event; whether there was one. */
	undo(): Promise<Outcome<boolean>> {
		const run = async (): Promise<Outcome<boolean>> => {
			const r = this.round;
			if (!r || !this.events || this.events.length === 0) return done(false);
			const key = this.key;
			const events = this.events;
			const gone = await attempt(() => undoLastTableEvent(this.#db, r.eveningId, r.roundIndex));
			if (!gone.ok) return gone;
			if (gone.value && this.key === key) this.events = events.slice(0, -1);
			return done(gone.value !== null);
		};
		const next = this.#queue.then(run, run);
		this.#queue = next;
		return next;
	}
}

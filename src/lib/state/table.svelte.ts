// The live table of an evening's current round, as the table screen sees it: the round's event
// log, live from IndexedDB (a second tab's tap shows up here too), replayed by the pure reducer.
// A tap is judged on the table as shown and counted at once; its write follows in a queue, one
// after the other. A write that fails takes its tap (and any tap judged after it) back off the
// table and says why, so the table never shows what is not on disk for longer than a write.

import { untrack } from 'svelte';
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
import type { CabooseDb } from '$lib/db/database';
import { appendTableEvent, tableEvents, undoLastTableEvent } from '$lib/db/table';
import { appDb, follow } from './app-db';
import { attempt, done, type DbErrorKind, type Outcome } from './outcome';
import { afterNextFrame } from '$lib/pwa/frame';

export interface TableRound {
	eveningId: string;
	roundIndex: number;
	rules: Ruleset;
	/** Player keys in seat order (players still in the evening). */
	players: string[];
	engine: number;
	/** Who starts the round: the turn pointer is there before the first tap (null: hidden). */
	starter?: string | null;
}

/** A tap counted on screen whose write has not committed yet. */
interface Pending {
	event: TableEvent;
	/** The round it was made on ("eveningId:index"): it is written there, whatever came since. */
	key: string;
	eveningId: string;
	roundIndex: number;
	/** Its place in the log once written: shown from the stored log as soon as that has it. */
	seq?: number;
}

export class TableSession {
	/** The round's log as stored; null until the first read. */
	#stored = $state.raw<TableEvent[] | null>(null);
	/** Taps counted but not yet on disk, in order. */
	#pending = $state.raw<Pending[]>([]);
	/** Which round `#stored` belongs to ("eveningId:index"). */
	loadedFor = $state<string | null>(null);
	/** A read failure of the log, shown instead of the table. */
	failure = $state<DbErrorKind | null>(null);

	readonly #db: CabooseDb;
	readonly #round: () => TableRound | null;
	/** Writes run one after the other, in the order the taps were counted. */
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

	/** The round's log as the table shows it: what is stored, then the taps being written. */
	readonly events: TableEvent[] | null = $derived.by(() => {
		const stored = this.#stored;
		if (!stored || this.loadedFor !== this.key) return null;
		const key = this.key;
		const unseen = this.#pending.filter(
			(p) => p.key === key && (p.seq === undefined || p.seq >= stored.length)
		);
		return [...stored, ...unseen.map((p) => p.event)];
	});
	/** Null while the round's log is loading (never the previous round's table). */
	readonly state: TableState | null = $derived(this.events ? this.#replay(this.events) : null);
	readonly cards: WhatNowCard[] = $derived(
		this.state && this.round ? whatNow(this.state, this.round.rules) : []
	);

	/** The table after `events`, the pointer first at the round's starter (not a stored event). */
	#replay(events: TableEvent[]): TableState | null {
		const r = this.round;
		if (!r) return null;
		const start: TableEvent[] = r.starter ? [{ type: 'turn', player: r.starter }] : [];
		return replayTable(r.rules, r.players, r.engine, [...start, ...events]);
	}

	/** Follows the current round's log; call from an $effect so a new round re-subscribes. */
	watch(): () => void {
		// Only the round's identity matters: the evening's other changes keep the subscription.
		const key = this.key;
		const r = untrack(() => this.round);
		if (!r || key === null) return () => {};
		return follow(
			this.#db,
			(db) => tableEvents(db, r.eveningId, r.roundIndex),
			(events) => {
				// Written taps the log now holds are shown from it; a late, older answer of the query
				// never takes a written tap off the table.
				this.#pending = this.#pending.filter(
					(p) => p.key !== key || p.seq === undefined || p.seq >= events.length
				);
				this.#stored = events;
				this.loadedFor = key;
				this.failure = null;
			},
			(kind) => {
				this.failure = kind;
			}
		);
	}

	/**
	 * Records what `make` builds from the table as shown. A refused event is not counted and the
	 * code says why; an accepted one is counted at once and written in turn. The promise settles
	 * when its write has (or has not) committed.
	 */
	record(make: (state: TableState) => TableEvent): Promise<Outcome> {
		const setup = this.setup;
		const r = this.round;
		const key = this.key;
		const state = this.state;
		// Not loaded yet: the table's controls are not shown then, so no tap can come.
		if (!setup || !state || !r || key === null)
			return Promise.resolve({ ok: false, conflict: 'round-taken' });
		const event = make(state);
		const problem = checkTableEvent(setup, state, event);
		if (problem) return Promise.resolve({ ok: false, refused: problem });
		const tap: Pending = { event, key, eveningId: r.eveningId, roundIndex: r.roundIndex };
		this.#pending = [...this.#pending, tap];
		return this.#enqueue(async (): Promise<Outcome> => {
			// A tap judged after a failed one was judged on a table that is not on disk.
			if (!this.#pending.includes(tap)) return { ok: false, conflict: 'round-taken' };
			// Counted on screen first: the write and the live query it wakes wait for that frame.
			await afterNextFrame();
			const written = await attempt(() =>
				appendTableEvent(this.#db, tap.eveningId, tap.roundIndex, event)
			);
			if (!written.ok) {
				// Off the table again: this tap and every tap counted after it.
				const at = this.#pending.indexOf(tap);
				this.#pending = this.#pending.slice(0, Math.max(at, 0));
				return written;
			}
			// On disk: it stays on the table until the live query brings the log that holds it.
			tap.seq = written.value;
			return done(true);
		});
	}

	/** Drops the round's last event (after the taps still being written); whether there was one. */
	undo(): Promise<Outcome<boolean>> {
		const r = this.round;
		const key = this.key;
		return this.#enqueue(async (): Promise<Outcome<boolean>> => {
			if (!r || this.key !== key) return done(false);
			const gone = await attempt(async () => {
				const db = this.#db;
				const removed = await undoLastTableEvent(db, r.eveningId, r.roundIndex);
				// Shown at once: the log as it is on disk now.
				const log = await tableEvents(db, r.eveningId, r.roundIndex);
				if (this.key === key) {
					// Every earlier tap is written by now (the queue): the log read here is the table.
					this.#pending = this.#pending.filter((p) => p.seq === undefined);
					this.#stored = log;
				}
				return removed;
			});
			if (!gone.ok) return gone;
			return done(gone.value !== null);
		});
	}

	#enqueue<T>(run: () => Promise<T>): Promise<T> {
		const next = this.#queue.then(run, run);
		this.#queue = next;
		return next;
	}
}

// Group commit: batches that arrive while others are being stored wait, then go in one statement
// together, so a statement's round trip and fixed cost are paid once for many tables (100 tables
// at once: half the database's CPU per batch).

import type { Db } from '../db';
import { BATCH_SQL, batchParams, type Batch, type Row } from './statement';

/** A batch waiting to be stored, and its caller. */
interface Pending extends Batch {
	resolve: (rows: Row[]) => void;
	reject: (error: unknown) => void;
}

/**
 * How many grouped statements run at once, and the most batches in one. On PGlite (one
 * connection, in this process, whose waiting statements db.ts already commits together) each
 * batch goes alone: grouping them there only added work (4.7–5.6 → 5.3–6.4 ms of CPU a batch).
 */
const LIMITS = {
	postgres: { slots: 3, most: 50 },
	pglite: { slots: Infinity, most: 1 }
} as const;

/**
 * Each batch is still all or nothing: a group whose statement fails is tried again batch by
 * batch, so one batch's fault fails only that batch. One evening's batches (a retry after a lost
 * answer, two phones of a table) and one key's go one after the other: never in one group, nor in
 * two groups at once. (Across server processes, the statement's own isolation does the same.)
 * Not coalesce.ts's plain kind: several groups run at once, and a group keeps them apart.
 */
export class BatchGroups {
	#queue: Pending[] = [];
	#running = 0;
	/** The keys and evenings of the groups being stored. */
	readonly #busy = new Set<string>();
	readonly #limits: (typeof LIMITS)[Db['engine']];
	constructor(private readonly db: Db) {
		this.#limits = LIMITS[db.engine];
	}

	store(batch: Batch): Promise<Row[]> {
		return new Promise((resolve, reject) => {
			this.#queue.push({ ...batch, resolve, reject });
			this.#pump();
		});
	}

	#pump() {
		while (this.#running < this.#limits.slots && this.#queue.length > 0) {
			const group = this.#take();
			if (group.length === 0) return;
			const busy = group.flatMap(touched);
			for (const id of busy) this.#busy.add(id);
			this.#running++;
			void this.#run(group).finally(() => {
				for (const id of busy) this.#busy.delete(id);
				this.#running--;
				this.#pump();
			});
		}
	}

	/** The oldest batches whose key and evenings no other batch of the group or under way has. */
	#take(): Pending[] {
		const group: Pending[] = [];
		const taken = new Set<string>();
		this.#queue = this.#queue.filter((p) => {
			if (group.length >= this.#limits.most) return true;
			const ids = touched(p);
			if (ids.some((id) => taken.has(id) || this.#busy.has(id))) {
				// Later batches of that key wait behind it: a table's batches keep their order.
				taken.add(keyOf(p));
				return true;
			}
			group.push(p);
			for (const id of ids) taken.add(id);
			return false;
		});
		return group;
	}

	async #run(group: Pending[]): Promise<void> {
		try {
			const rows = await this.db.atomic<Row>(BATCH_SQL, batchParams(group, Date.now()));
			for (const p of group) p.resolve(rows.filter((r) => r.key_id === p.who.keyId));
		} catch (error) {
			if (group.length === 1) return group[0]!.reject(error);
			await Promise.all(group.map((p) => this.#run([p])));
		}
	}
}

/** What a batch writes that another must not write at the same moment: its key, its evenings. */
const touched = (p: Batch) => [keyOf(p), ...p.checked.map((c) => c.op.eveningId)];
const keyOf = (p: Batch) => `key ${p.who.keyId}`;

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
 * batch, so one batch's fault fails only that batch. Not coalesce.ts's plain kind: several groups
 * run at once, and a group keeps a table's batches and an evening's writes apart.
 */
export class BatchGroups {
	#queue: Pending[] = [];
	#running = 0;
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
			this.#running++;
			void this.#run(group).finally(() => {
				this.#running--;
				this.#pump();
			});
		}
	}

	/**
	 * The oldest batches, at most one per table (a table's batches stay in the order sent) and no
	 * two touching the same evening (the statement writes each evening once).
	 */
	#take(): Pending[] {
		const group: Pending[] = [];
		const tables = new Set<string>();
		const evenings = new Set<string>();
		this.#queue = this.#queue.filter((p) => {
			if (group.length >= this.#limits.most || tables.has(p.who.tableId)) return true;
			const ids = p.checked.map((c) => c.op.eveningId);
			if (ids.some((id) => evenings.has(id))) return true;
			group.push(p);
			tables.add(p.who.tableId);
			for (const id of ids) evenings.add(id);
			return false;
		});
		return group;
	}

	async #run(group: Pending[]): Promise<void> {
		try {
			const rows = await this.db.atomic<Row>(BATCH_SQL, batchParams(group, Date.now()));
			for (const p of group) p.resolve(rows.filter((r) => r.table_id === p.who.tableId));
		} catch (error) {
			if (group.length === 1) return group[0]!.reject(error);
			await Promise.all(group.map((p) => this.#run([p])));
		}
	}
}

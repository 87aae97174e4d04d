// Who is told of a change: each open live channel of this process. A change is learnt from the
// database (a NOTIFY sent by the committing transaction, from any process over it), so several
// processes behind a load balancer all tell their own listeners; nothing else is kept between
// requests. A revoked key is a NOTIFY too: its channels close, on every process.

import { CHANGE_KINDS, changeKinds, type ChangeKind } from '../../src/lib/club/protocol';
import type { Db, Queryable } from './db';
import { revokedAmong } from './keys';

/** The channel every change is sent on: what changed (its kinds, the payload), or a revoked key. */
export const CHANGE_CHANNEL = 'club_change';
/** Every kind: what a listener is told when it cannot know which (the database back after it was away). */
const ANY: ReadonlySet<ChangeKind> = new Set(CHANGE_KINDS);
/** The payload of a revoked key: this, then the key's id. */
export const REVOKED = 'revoked ';

/** Tells every live channel, once `tx` commits, that these kinds of thing changed. */
export async function notifyChange(tx: Queryable, ...kinds: ChangeKind[]): Promise<void> {
	await tx.query(`SELECT pg_notify($1, $2)`, [CHANGE_CHANNEL, kinds.join(' ')]);
}

/** What an open live channel is told. */
export interface Listener {
	/** The key it was opened with. */
	keyId: string;
	/** Something stored changed (these kinds of it): read it again. */
	changed(kinds: ReadonlySet<ChangeKind>): void;
	/** The database is away: nothing is heard until `changed` again. */
	unavailable(): void;
	/** Its key was revoked: close it. */
	revoked(): void;
}

export class ChangeHub {
	private readonly listeners = new Set<Listener>();
	private stop: (() => Promise<void>) | null = null;
	/** False while the database is away (its LISTEN connection lost). */
	available = true;

	async start(db: Db): Promise<void> {
		this.stop = await db.listen(
			CHANGE_CHANNEL,
			(payload) => void this.heard(db, payload),
			() => this.lost()
		);
	}

	/** A notification, or (null) the database back after it was away: catch up then. */
	private async heard(db: Db, payload: string | null): Promise<void> {
		if (payload?.startsWith(REVOKED)) {
			this.revoked([payload.slice(REVOKED.length)]);
			// The revoked table's evenings leave the standings.
			return this.changed(new Set(['evenings']));
		}
		if (payload === null) {
			this.available = true;
			// Revokes sent while away are lost: ask which keys of the open channels were revoked.
			const keys = [...new Set([...this.listeners].map((l) => l.keyId))];
			this.revoked(await revokedAmong(db, keys).catch(() => []));
		}
		this.changed((payload === null ? null : changeKinds(payload)) ?? ANY);
	}

	private revoked(keyIds: string[]): void {
		for (const listener of this.listeners) {
			if (keyIds.includes(listener.keyId)) {
				this.listeners.delete(listener);
				listener.revoked();
			}
		}
	}

	private lost(): void {
		this.available = false;
		for (const listener of this.listeners) listener.unavailable();
	}

	private changed(kinds: ReadonlySet<ChangeKind>): void {
		for (const listener of this.listeners) listener.changed(kinds);
	}

	subscribe(listener: Listener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	async close(): Promise<void> {
		this.listeners.clear();
		await this.stop?.();
	}
}

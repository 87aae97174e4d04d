// Who is told of a change: each open live channel of this process. A change is learnt from the
// database (NOTIFY after a batch commits, from any process over it), so several processes behind
// a load balancer all tell their own listeners; nothing else is kept between requests.

import type { Db } from './db';

/** The channel every stored change is told on. */
export const CHANGE_CHANNEL = 'club_change';

export class ChangeHub {
	private readonly listeners = new Set<() => void>();
	private stop: (() => Promise<void>) | null = null;

	async start(db: Db): Promise<void> {
		this.stop = await db.listen(CHANGE_CHANNEL, () => this.changed());
	}

	changed(): void {
		for (const listener of this.listeners) listener();
	}

	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	async close(): Promise<void> {
		this.listeners.clear();
		await this.stop?.();
	}
}

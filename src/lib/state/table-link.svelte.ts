// "Every phone at the table", the scorekeeper's side: the link and QR code of the evening as it
// stands. The QR encoder loads when the dialog first asks for it.

import type { QrCode } from '$lib/link';
import { tableEvents } from '$lib/db/table';
import type { TableEvent } from '$lib/rules';
import type { EveningSession } from './evening.svelte';
import { dbFailure, type Failure } from './outcome';

/** The link of an evening being kept on this phone, and its QR code, made on demand. */
export class TableLink {
	/** Also send the live table of the round being played. */
	includeTable = $state(false);
	link = $state<string | null>(null);
	qr = $state<QrCode | null>(null);
	/** Made, but too long for one QR code (the link can still be shared). */
	tooLong = $state(false);
	busy = $state(false);
	/** The evening could not be read for the code (the words say so). */
	failure = $state<Failure | null>(null);

	readonly #session: () => EveningSession;
	/** Only the newest request may show its result (an older one can finish later). */
	#request = 0;

	constructor(session: () => EveningSession) {
		this.#session = session;
	}

	/** The evening's round being played has a live table to share. */
	get canIncludeTable(): boolean {
		return this.#session().next !== null;
	}

	/** Makes the link and its QR code of the evening as it is now (the QR always shows the latest). */
	async refresh(origin: string): Promise<void> {
		const session = this.#session();
		const evening = session.evening;
		if (!evening) return;
		const request = ++this.#request;
		this.busy = true;
		this.failure = null;
		try {
			const { qrCode, snapshotLink, snapshotOf } = await import('$lib/link');
			let table: TableEvent[] | null = null;
			if (this.includeTable && session.next) {
				table = await tableEvents(session.db, evening.id, session.next.index);
			}
			const snapshot = snapshotOf(
				$state.snapshot(evening),
				$state.snapshot(session.rows).map((r) => ({ entry: r.entry, starter: r.starter })),
				table
			);
			const link = await snapshotLink(origin, snapshot);
			const qr = await qrCode(link);
			if (request !== this.#request) return;
			this.link = link;
			this.qr = qr;
			this.tooLong = qr === null;
		} catch (error) {
			if (request === this.#request) this.failure = dbFailure(error);
		} finally {
			if (request === this.#request) this.busy = false;
		}
	}
}

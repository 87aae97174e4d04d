// "Every phone at the table", the scorekeeper's side: the link and QR code of the evening as it
// stands. The QR encoder loads when the dialog first asks for it.

import type { QrCode } from '$lib/link';
import { tableEvents } from '$lib/db/table';
import type { TableEvent } from '$lib/rules';
import type { EveningSession } from './evening.svelte';
import { attempt, type Failure } from './outcome';

/** The link of an evening being kept on this phone, and its QR code, made on demand. */
export class TableLink {
	/** Also send the live table of the round being played. */
	includeTable = $state(false);
	link = $state<string | null>(null);
	qr = $state<QrCode | null>(null);
	/** Made, but too long for one QR code (the link can still be shared). */
	tooLong = $state(false);
	busy = $state(false);
	/**
	 * The evening could not be read for the code (a storage failure), or the link or its code
	 * could not be made (a link failure of kind `encode`); failureText says which.
	 */
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
		const next = this.includeTable ? session.next : null;
		const table = await attempt(async (): Promise<TableEvent[] | null> => {
			if (!next) return null;
			return tableEvents(session.db, evening.id, next.index);
		});
		const made = table.ok
			? await this.#make(origin, evening, session, table.value)
			: { failure: table };
		if (request !== this.#request) return;
		if ('failure' in made) this.failure = made.failure;
		else {
			this.link = made.link;
			this.qr = made.qr;
			this.tooLong = made.qr === null;
		}
		this.busy = false;
	}

	/** The link and its QR code; a failure here is the link's, never the storage's. */
	async #make(
		origin: string,
		evening: NonNullable<EveningSession['evening']>,
		session: EveningSession,
		table: TableEvent[] | null
	): Promise<{ link: string; qr: QrCode | null } | { failure: Failure }> {
		try {
			const { qrCode, snapshotLink, snapshotOf } = await import('$lib/link');
			const snapshot = snapshotOf(
				$state.snapshot(evening),
				$state.snapshot(session.rows).map((r) => ({ entry: r.entry, starter: r.starter })),
				table
			);
			const link = await snapshotLink(origin, snapshot);
			return { link, qr: await qrCode(link) };
		} catch (error) {
			console.error('Caboose: the link could not be made', error);
			return { failure: { ok: false, link: { kind: 'encode' } } };
		}
	}
}

// "Every phone at the table": the scorekeeper's side (the link and QR code of the evening as it
// stands) and the viewer's side (a link decoded and recomputed, and Keep a copy). The screens
// reach the data only through these classes. The QR encoder and the database are loaded when
// they are first needed, so the round screen pays nothing until the dialog opens. The decoder is
// a static import: the view shows nothing before it, so it comes with the view's own code rather
// than in a second round of requests after it (the dialog, loaded on demand, has it too).

import type { DecodedEvening, EveningSnapshot, LinkError, LinkErrorKind, QrCode } from '$lib/link';
import { decodeLink } from '$lib/link/codec';
import { playerName } from '$lib/format';
import { replayTable, type TableEvent, type TableState } from '$lib/rules';
import type { EveningSession } from './evening.svelte';
import { appDb as database } from './app-db';
import { attempt, type Failure } from './outcome';

export type { DecodedEvening, EveningSnapshot, LinkError, LinkErrorKind, QrCode };

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
			const { tableEvents } = await import('$lib/db/table');
			return tableEvents(await database(), evening.id, next.index);
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

export type KeepState =
	| { kind: 'idle' }
	| { kind: 'saving' }
	| { kind: 'kept'; added: boolean; replaced: boolean }
	| { kind: 'failed'; failure: Failure };

/** A link opened on this phone: decoded, recomputed by the rules core, and kept on request. */
export class SharedEvening {
	status = $state<'loading' | 'ok' | 'error'>('loading');
	evening = $state.raw<DecodedEvening | null>(null);
	/** Why the link was refused (a link failure), for failureText. */
	failure = $state<Failure | null>(null);
	keep = $state<KeepState>({ kind: 'idle' });

	/** The player names by key (seat keys '0', '1' …). */
	readonly names: Record<string, string> = $derived(
		Object.fromEntries((this.evening?.snapshot.names ?? []).map((n, i) => [String(i), n]))
	);

	/** The live table of the round being played, when the link carries it. */
	readonly table: TableState | null = $derived.by(() => {
		const e = this.evening;
		const next = e?.state.next;
		if (!e || !next || !e.snapshot.table) return null;
		return replayTable(e.setup.rules, e.state.active, next.engine, e.snapshot.table);
	});

	/** Decodes a link or its fragment; a new fragment (scanned again) replaces the old view. */
	async open(fragment: string): Promise<void> {
		this.status = 'loading';
		this.keep = { kind: 'idle' };
		const result = await decodeLink(fragment);
		if (result.ok) {
			this.evening = result.evening;
			this.failure = null;
			this.status = 'ok';
		} else {
			this.evening = null;
			this.failure = { ok: false, link: result.error };
			this.status = 'error';
		}
	}

	name(key: string): string {
		return playerName(this.names, key);
	}

	/** Stores the evening on this phone, merged like an imported backup. */
	async keepCopy(): Promise<void> {
		const evening = this.evening;
		if (!evening || this.keep.kind === 'saving') return;
		this.keep = { kind: 'saving' };
		const kept = await attempt(async () => {
			const { keepSnapshot } = await import('$lib/db/link');
			return keepSnapshot(await database(), evening.snapshot);
		});
		if (!kept.ok) this.keep = { kind: 'failed', failure: kept };
		else if (!kept.value.ok)
			this.keep = { kind: 'failed', failure: { ok: false, backup: kept.value.problem } };
		else
			this.keep = {
				kind: 'kept',
				added: kept.value.result.added > 0,
				replaced: kept.value.result.replaced > 0
			};
	}
}

// "Every phone at the table", the viewer's side: a link decoded and recomputed, and Keep a copy.
// The read-only view is a cold load on a phone that may never have opened Caboose, so Dexie and
// the db code (about 35 KiB gzip) load only when Keep a copy is tapped (table-link.svelte.ts is
// the scorekeeper's side).

import type { DecodedEvening, EveningSnapshot, LinkError, LinkErrorKind, QrCode } from '$lib/link';
import { decodeLink } from '$lib/link/codec';
import { playerName } from '$lib/format';
import { replayTable, type TableState } from '$lib/rules';
import { attempt, type Failure } from './outcome';

export type { DecodedEvening, EveningSnapshot, LinkError, LinkErrorKind, QrCode };

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
			const { appDb } = await import('./app-db');
			return keepSnapshot(appDb, evening.snapshot);
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

// One evening as its screens see it, and everything they do to it. The stored evening and its
// rounds are read live from IndexedDB (a second tab's save shows up here too) and scored by the
// rules core on every change, from what the last read held; every write (save, edit, end,
// resume, undo, delete, the draft) goes through here and answers with a typed Outcome.

import { untrack } from 'svelte';
import {
	computeEvening,
	dealSize,
	engineAt,
	eveningSetup,
	scoreStoredEvening,
	starterAt,
	type Standing
} from '$lib/rules';
import type { EveningSetup, EveningState, RoundEntry, Ruleset } from '$lib/rules/types';
import type { DraftRow, EveningRow, RoundRow } from '$lib/db/database';
import type { LiveEvening } from '$lib/db/rounds';
import type { CsvLabels } from '$lib/db/csv';
import { peekEvening } from '$lib/db/peek';
import { appDb, dbOf, follow, type DbSource } from './app-db';
import { autosave, nothingTyped } from './draft.svelte';
import type { EntryForm } from './entry.svelte';
import { attempt, dbFailure, done, type DbErrorKind, type Outcome } from './outcome';

export type { EveningRow, RoundRow };

// The db functions an evening reads and writes with: loaded with Dexie, after the first paint.
const rounds = () => import('$lib/db/rounds');
const table = () => import('$lib/db/table');

export interface NextRound {
	index: number;
	engine: number;
	/** In seat order; eliminated players are not among them. */
	players: string[];
}

/** What Save did: stored (the round's index), refused or failed, or nothing to store yet (the
 * form shows its problems or asks to confirm a warning). */
export type SaveOutcome = Outcome<number> | null;

export class EveningSession {
	/** undefined while loading, null when there is no such evening. */
	evening = $state.raw<EveningRow | null | undefined>(undefined);
	rows = $state.raw<RoundRow[]>([]);
	/** The evening scored after its rounds (null while loading, or when there is no evening). */
	state = $state.raw<EveningState | null>(null);
	/** Where the evening stands after its rounds: the next round is placed from it. */
	standing = $state.raw<Standing | null>(null);
	/** A read failure (storage unavailable…), shown instead of the screen. */
	failure = $state<DbErrorKind | null>(null);
	/** A round is being written. */
	saving = $state(false);
	/**
	 * The evening comes from the database's live query: until then it was read without Dexie for
	 * the first paint, and the screens take no tap (nothing could be stored yet).
	 */
	live = $state(false);

	readonly setup: EveningSetup | null = $derived(this.evening ? eveningSetup(this.evening) : null);
	readonly rules: Ruleset | null = $derived(this.setup?.rules ?? null);
	/** The saved rounds' entries, for an edit (the next round is placed from `standing`). */
	readonly entries: RoundEntry[] = $derived(this.rows.map((r) => r.entry));
	readonly names: Record<string, string> = $derived(
		Object.fromEntries((this.evening?.players ?? []).map((p) => [p.id, p.name]))
	);
	/** The round to play next (0-based index, its engine, the players still in), or null when the
	 * evening is over. */
	readonly next: NextRound | null = $derived(
		this.state?.next
			? { index: this.state.next.index, engine: this.state.next.engine, players: this.state.active }
			: null
	);
	/** Tiles each for the next round (counting only players still in). */
	readonly deal: number | null = $derived(
		this.rules && this.state ? dealSize(this.rules, this.state.active.length) : null
	);

	/** The database, or its loader: Dexie loads after the screen's first paint. */
	readonly #db: DbSource;
	readonly id: string;
	/** The draft read with the evening for the first paint (undefined: not read that way). */
	#peekedDraft: DraftRow | null | undefined = undefined;
	/** The round this session has just saved, until the evening has moved past it. */
	#saved: number | null = null;
	/** Drops a draft write still waiting (set while a draft is kept). */
	#cancelDraft = () => {};

	constructor(id: string, db: DbSource = appDb) {
		this.#db = db;
		this.id = id;
	}

	/**
	 * Follows the evening and its rounds; returns the stop, for `$effect`. Each read starts from
	 * what the last one answered: after a save, the live query reads and scores the new round
	 * only (`readLiveEvening`).
	 */
	watch(): () => void {
		const id = this.id;
		let held: LiveEvening | null = null;
		return follow(
			this.#db,
			rounds,
			async (db, { readLiveEvening }) => (held = await readLiveEvening(db, id, held)),
			(read, live) => {
				this.evening = read?.evening ?? null;
				this.rows = read?.rows ?? [];
				this.state = read?.state ?? null;
				this.standing = read?.standing ?? null;
				this.live = live;
				this.failure = null;
			},
			(kind) => {
				this.failure = kind;
			},
			// The first paint shows the evening read without Dexie (null: Dexie decides).
			() =>
				peekEvening(id).then((peeked) => {
					if (!peeked) return null;
					this.#peekedDraft = peeked.draft;
					const { evening, rows } = peeked;
					// Not what a live read starts from: the first one reads everything.
					return {
						evening,
						rows,
						...scoreStoredEvening(evening, rows),
						revision: null,
						readFrom: 0
					};
				})
		);
	}

	name(id: string): string {
		return this.names[id] ?? id;
	}

	/**
	 * The seat that starts round `index`: as stored, else by the rules (null = engine holder). A
	 * starter changed for an earlier round moves the rotation: the round after it starts with the
	 * next seat after that starter.
	 */
	starterAt(index: number): number | null {
		if (!this.evening || !this.rules) return this.rows[index]?.starter ?? null;
		const { players, firstStarter } = this.evening;
		const changed = this.rows.map((r) => r.starter);
		return starterAt(this.rules, players.length, firstStarter, changed, index);
	}

	/**
	 * Who starts the next round, as the live table should point at first: the starter picked on
	 * the round screen (kept in the round's draft), else the rules' rotation. A player id, or null
	 * (the engine holder starts, or the evening is over).
	 */
	async nextStarter(): Promise<string | null> {
		const next = this.next;
		if (!next || !this.evening) return null;
		// Before the database has loaded, the draft read with the evening will do.
		const peeked = this.live ? undefined : this.#peekedDraft;
		// No draft at all (the usual case): the table is drawn without waiting for a module.
		const draft =
			peeked === null
				? null
				: await (
						peeked !== undefined
							? rounds().then(({ draftOf }) => draftOf(peeked, next.index))
							: Promise.all([dbOf(this.#db), rounds()]).then(([db, { loadDraft }]) =>
									loadDraft(db, this.id, next.index)
								)
					).catch(() => null);
		const seat = draft?.starter ?? this.starterAt(next.index);
		const player = seat === null ? undefined : this.evening.players[seat]?.id;
		return player !== undefined && next.players.includes(player) ? player : null;
	}

	engineAt(index: number): number | null {
		return this.rules ? engineAt(this.rules, index) : null;
	}

	/** Players still in the evening before round `index` (for an edit: as they were then). */
	playersAt(index: number): string[] {
		if (!this.setup) return [];
		if (index >= this.entries.length) return this.state?.active ?? [];
		return computeEvening(this.setup, this.entries.slice(0, index)).active;
	}

	/** The seat of a player, or -1. */
	seatOf(player: string): number {
		return this.evening?.players.findIndex((p) => p.id === player) ?? -1;
	}

	/**
	 * The evening as a CSV file (a row per round, a column per player, totals) that the reader's
	 * spreadsheet opens with a double-click: ";" and a decimal comma for de, fr and it, and a
	 * byte-order mark so the names read as UTF-8.
	 */
	async csv(labels: CsvLabels, locale: string): Promise<{ text: string; file: string } | null> {
		const { evening, rows, state } = this;
		if (!evening || !state) return null;
		const { CSV_BOM, csvFormatFor, eveningCsv, eveningCsvFileName } = await import('$lib/db/csv');
		const text = eveningCsv(evening, rows, state, labels, csvFormatFor(locale));
		return { text: CSV_BOM + text, file: eveningCsvFileName(evening) };
	}

	// ---- the next round's entry and its draft

	/**
	 * Keeps `form` (the next round's entry) as a draft: reads the round's draft once when the
	 * evening reaches that round, and writes what is typed shortly after each change, when the
	 * page is hidden, and when another tab upgrades. Returns the stop, for `$effect`.
	 */
	keepDraft(form: EntryForm): () => void {
		const source = this.#db;
		const id = this.id;
		const stopLoading = $effect.root(() => {
			$effect(() => {
				const index = form.context?.index ?? null;
				if (index === null || form.loadedFor === index) return;
				// The round just saved here: its draft is gone, and the evening moves on to the next
				// round as soon as the live read answers. Reading that round's draft meanwhile could
				// restore what another tab typed for it a moment ago (and take "Saved" away).
				if (index === this.#saved) return;
				this.#saved = null;
				// The round moved on without this form being saved (another tab saved it): what was
				// typed belonged to that round, never to this one.
				untrack(() => {
					if (form.loadedFor !== null) form.reset(null);
				});
				const next = this.next;
				Promise.all([
					// The database first: with the app's loader, it arrives after the first paint.
					dbOf(source).then(async (db) => (await rounds()).loadDraft(db, id, index)),
					next ? this.#wentOutOnTable(next) : null
				]).then(
					([fields, wentOut]) => {
						if (form.context?.index !== index || form.loadedFor === index) return;
						// What was typed while the draft was read wins over an older draft.
						if (fields && form.pristine) form.restore(fields, index);
						else {
							// No draft yet: who went out on the live table is marked out already.
							if (wentOut && form.pristine) form.out = [wentOut];
							form.loadedFor = index;
						}
					},
					(error: unknown) => {
						// Without its draft the round is typed afresh; the failure is only logged.
						dbFailure(error);
						if (form.context?.index === index && form.loadedFor !== index) form.loadedFor = index;
					}
				);
			});
		});
		// A form with nothing in it is no draft: an old one goes, and none is written.
		const saver = autosave(form, async (fields, index) => {
			try {
				const [db, { clearDraft, saveDraft }] = await Promise.all([dbOf(source), rounds()]);
				await (nothingTyped(fields) ? clearDraft(db, id) : saveDraft(db, id, index, fields));
			} catch (error) {
				// A draft that cannot be kept (the database closed under it) is only logged: the
				// form still holds what was typed.
				dbFailure(error);
			}
		});
		this.#cancelDraft = saver.cancel;
		return () => {
			stopLoading();
			saver.stop();
			this.#cancelDraft = () => {};
		};
	}

	/**
	 * Who went out on the live table of round `next` (a plain last tile, or a last double that
	 * ended the round), so End round opens the score entry with that player marked out; null when
	 * the table says not.
	 */
	async #wentOutOnTable(next: NextRound): Promise<string | null> {
		const rules = this.rules;
		if (!rules) return null;
		// The table's rules replay only here, after the first paint (which the database waits for).
		const db = await dbOf(this.#db);
		const [{ tableEvents }, { isRoundSaved }] = await Promise.all([table(), rounds()]);
		const [events, saved] = await Promise.all([
			tableEvents(db, this.id, next.index),
			isRoundSaved(db, this.id, next.index)
		]);
		// Just saved: the form reloads this round once more before the screen moves on, and must
		// not mark anyone out again (the form would count as typed, and "Saved" would go).
		if (saved || events.length === 0) return null;
		// The table's reducer loads only for a round played on the live table.
		const { replayTable } = await import('$lib/rules/table');
		const by = replayTable(rules, next.players, next.engine, events).ended?.by ?? null;
		return by !== null && next.players.includes(by) ? by : null;
	}

	/**
	 * Save round: the form's round is stored as the next round, checked again on disk. A round
	 * typed for a round another tab has since saved is refused, never stored as the next one.
	 */
	async saveNext(form: EntryForm): Promise<SaveOutcome> {
		const context = form.context;
		if (!context || this.saving) return null;
		const index = context.index;
		if (form.loadedFor !== null && form.loadedFor !== index)
			return { ok: false, conflict: 'round-taken' };
		const tried = form.attempt();
		if (tried.kind !== 'store') return null;
		this.saving = true;
		// A draft write still waiting must not bring the saved round back as a draft.
		this.#cancelDraft();
		try {
			const stored = await attempt(async () => {
				const { saveRound } = await rounds();
				return saveRound(await dbOf(this.#db), this.id, index, tried.entry, form.starter);
			});
			if (!stored.ok) return stored;
			if (!stored.value.ok) return stored.value;
			this.#saved = index;
			form.reset(null);
			return done(index);
		} finally {
			this.saving = false;
		}
	}

	/** Saves a correction of saved round `index` from `form`. */
	async saveEdit(form: EntryForm, index: number): Promise<SaveOutcome> {
		if (!form.context || this.saving) return null;
		const tried = form.attempt();
		if (tried.kind !== 'store') return null;
		this.saving = true;
		try {
			const stored = await attempt(async () => {
				const { editRound } = await rounds();
				return editRound(await dbOf(this.#db), this.id, index, tried.entry, form.starter);
			});
			if (!stored.ok) return stored;
			return stored.value.ok ? done(index) : stored.value;
		} finally {
			this.saving = false;
		}
	}

	// ---- the evening as a whole

	/** End evening (reversible with resume). */
	async end(): Promise<Outcome> {
		// A draft write still waiting must not bring the typed round back after the end.
		this.#cancelDraft();
		return settle(
			await attempt(async () => (await rounds()).endEvening(await dbOf(this.#db), this.id))
		);
	}

	async resume(): Promise<Outcome> {
		return settle(
			await attempt(async () => (await rounds()).resumeEvening(await dbOf(this.#db), this.id))
		);
	}

	/** Removes the last saved round; its 0-based index, or null when there was none. */
	async undo(): Promise<Outcome<number | null>> {
		this.#cancelDraft();
		return attempt(async () => (await rounds()).undoLastRound(await dbOf(this.#db), this.id));
	}

	/** Deletes the evening with its rounds, draft and live table. */
	async remove(): Promise<Outcome> {
		return attempt(async () => {
			const { deleteEvening } = await import('$lib/db/evenings');
			await deleteEvening(await dbOf(this.#db), this.id);
			return true as const;
		});
	}
}

/** A write that reports whether the evening was there: missing is a conflict. */
function settle(outcome: Outcome<boolean>): Outcome {
	if (!outcome.ok) return outcome;
	return outcome.value ? done(true) : { ok: false, conflict: 'missing-evening' };
}

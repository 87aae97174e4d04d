// The score entry form of one round: what was typed (kept raw, so a reload restores it exactly),
// the round it makes, and the rules core's verdict on it, live.

import {
	checkTypedRound,
	handValue,
	placeNext,
	placeRound,
	readTypedRound,
	tileKey,
	type ReadRound,
	type RoundPlace,
	type Standing
} from '$lib/rules';
import type {
	EveningSetup,
	Problem,
	RoundCheck,
	RoundEntry,
	Ruleset,
	Tile
} from '$lib/rules/types';
import { emptyDraftFields, nothingTyped, type DraftFields, type EntryMode } from '$lib/db/draft';

/** What the form needs to know about its round. */
export interface EntryContext {
	setup: EveningSetup;
	/** The evening's saved rounds (an edit sees all of them; its own index is replaced). */
	rounds?: RoundEntry[];
	/**
	 * For the next round: where the evening stands after its saved rounds, so that placing the
	 * round replays none of them (`rounds` is then not read).
	 */
	standing?: Standing;
	index: number;
	engine: number;
	/** Players of this round, in seat order (eliminated players have no field). */
	players: string[];
}

/** Problems a screen shows before Save is pressed: the ones about what was typed in a field. */
const FIELD_CODES = new Set([
	'hand-not-whole',
	'hand-too-high',
	'tile-outside-set',
	'tile-twice',
	'engine-in-hand',
	'out-holds-tiles'
]);

export class EntryForm {
	text = $state<Record<string, string>>({});
	mode = $state<Record<string, EntryMode>>({});
	tiles = $state<Record<string, [number, number][]>>({});
	out = $state<string[]>([]);
	blocked = $state(false);
	starter = $state<number | null>(null);
	/** Fields left at least once: their problems show before Save is pressed. */
	touched = $state<Record<string, boolean>>({});
	/** Save was pressed: every problem shows. */
	attempted = $state(false);
	/** The round (as JSON) whose warnings were shown; saving it again confirms them. */
	warnedFor = $state<string | null>(null);
	/**
	 * What the last refused Save said about the round as a whole (the hands missing, the round's
	 * own problems), as it said it: the screen's alert changes at the next Save, not at each
	 * keystroke (a screen reader would read it all again). A field's problems stand by the field.
	 */
	refusal = $state.raw<{ missing: string[]; problems: Problem[] } | null>(null);
	/** The round whose fields are loaded (draft or saved round); until then nothing is autosaved. */
	loadedFor = $state<number | null>(null);

	#context: () => EntryContext | null;

	constructor(context: () => EntryContext | null) {
		this.#context = context;
	}

	get context(): EntryContext | null {
		return this.#context();
	}

	get rules(): Ruleset | null {
		return this.context?.setup.rules ?? null;
	}

	/** The form as stored in a draft. */
	readonly fields: DraftFields = $derived({
		text: { ...this.text },
		mode: { ...this.mode },
		tiles: Object.fromEntries(
			Object.entries(this.tiles).map(([k, v]) => [
				k,
				v.map((t) => [t[0], t[1]] as [number, number])
			])
		),
		out: [...this.out],
		blocked: this.blocked,
		starter: this.starter
	});

	/** True when nothing was typed or chosen yet (no draft worth keeping). */
	readonly pristine: boolean = $derived(nothingTyped(this.fields));

	modeOf(player: string): EntryMode {
		return this.mode[player] ?? 'points';
	}

	isOut(player: string): boolean {
		return this.out.includes(player);
	}

	/** The value of a hand entered as tiles, under the rules. */
	tilesValue(player: string): number {
		const rules = this.rules;
		return rules ? handValue(rules, this.tiles[player] ?? []) : 0;
	}

	/** The round as the rules core sees it, plus the problems of what was typed (readTypedRound). */
	readonly built: ReadRound = $derived.by(() => {
		const players = this.context?.players ?? [];
		const hands: Record<string, string | readonly Tile[]> = {};
		for (const player of players) {
			hands[player] =
				this.modeOf(player) === 'tiles' ? (this.tiles[player] ?? []) : (this.text[player] ?? '');
		}
		return readTypedRound({ players, out: this.out, blocked: this.blocked, hands });
	});

	/**
	 * Where the round sits in the evening, worked out once per history: a keystroke then checks
	 * the round without replaying the rounds before it.
	 */
	readonly place: RoundPlace | null = $derived.by(() => {
		const ctx = this.context;
		if (!ctx) return null;
		return ctx.standing?.index === ctx.index
			? placeNext(ctx.setup, ctx.standing)
			: placeRound(ctx.setup, ctx.rounds ?? [], ctx.index);
	});

	/** The rules core's verdict on the round as typed. */
	readonly check: RoundCheck = $derived.by(() => {
		const place = this.place;
		if (!place) return { errors: this.built.problems, warnings: [] };
		return checkTypedRound(place, this.built);
	});

	readonly valid: boolean = $derived(this.check.errors.length === 0);

	/**
	 * Problems to show next to a player's field now: everything once Save was pressed; before,
	 * only about something typed or picked (an empty field just left is not a mistake yet, and a
	 * message appearing under it would move the buttons under the scorekeeper's finger).
	 */
	problemsFor(player: string): Problem[] {
		const entered = this.modeOf(player) === 'tiles' || (this.text[player] ?? '').trim() !== '';
		return this.check.errors.filter(
			(p) =>
				p.player === player &&
				p.code !== 'hand-missing' &&
				(this.attempted || (this.touched[player] && entered && FIELD_CODES.has(p.code)))
		);
	}

	/**
	 * Players of this round whose hand is still to be entered, once Save was pressed: said once
	 * for all of them, not once per empty field.
	 */
	readonly missingHands: string[] = $derived.by(() => {
		if (!this.attempted) return [];
		const players = this.context?.players ?? [];
		return players.filter((player) =>
			this.check.errors.some((p) => p.code === 'hand-missing' && p.player === player)
		);
	});

	/** Problems about the round as a whole (or about players without a field), after Save. */
	readonly roundProblems: Problem[] = $derived.by(() => {
		if (!this.attempted) return [];
		const players = this.context?.players ?? [];
		return this.check.errors.filter((p) => !p.player || !players.includes(p.player));
	});

	readonly warnings: Problem[] = $derived(this.check.warnings);

	/** Tiles already in another hand this round, by tile key: who holds them. */
	takenBy(player: string): Record<string, string> {
		const taken: Record<string, string> = {};
		for (const [other, tiles] of Object.entries(this.tiles)) {
			if (other === player || this.modeOf(other) !== 'tiles') continue;
			if (!(this.context?.players ?? []).includes(other)) continue;
			for (const t of tiles) taken[tileKey(t)] = other;
		}
		return taken;
	}

	setText(player: string, value: string): void {
		this.text[player] = value;
		if (this.modeOf(player) !== 'points') this.mode[player] = 'points';
		this.warnedFor = null;
	}

	touch(player: string): void {
		this.touched[player] = true;
	}

	toggleOut(player: string): void {
		this.out = this.isOut(player) ? this.out.filter((p) => p !== player) : [...this.out, player];
		this.warnedFor = null;
	}

	toggleBlocked(): void {
		this.blocked = !this.blocked;
		this.warnedFor = null;
	}

	setTiles(player: string, tiles: readonly Tile[]): void {
		this.tiles[player] = tiles.map((t) => [t[0], t[1]]);
		this.mode[player] = 'tiles';
		this.touched[player] = true;
		this.warnedFor = null;
	}

	usePoints(player: string): void {
		delete this.tiles[player];
		this.mode[player] = 'points';
		this.warnedFor = null;
	}

	/** What Save should do now: refuse, ask to confirm the warnings, or store `entry`. */
	attempt(): { kind: 'refused' } | { kind: 'warn' } | { kind: 'store'; entry: RoundEntry } {
		this.attempted = true;
		if (this.check.errors.length > 0) {
			this.refusal = { missing: [...this.missingHands], problems: [...this.roundProblems] };
			return { kind: 'refused' };
		}
		const entry = $state.snapshot(this.built.entry) as RoundEntry;
		const key = JSON.stringify(entry);
		if (this.warnings.length > 0 && this.warnedFor !== key) {
			this.warnedFor = key;
			return { kind: 'warn' };
		}
		return { kind: 'store', entry };
	}

	/** Loads typed fields (a draft, or a saved round to edit) for round `index`. */
	restore(fields: DraftFields, index: number | null): void {
		this.text = { ...fields.text };
		this.mode = { ...fields.mode };
		this.tiles = Object.fromEntries(
			Object.entries(fields.tiles).map(([k, v]) => [
				k,
				v.map((t) => [t[0], t[1]] as [number, number])
			])
		);
		this.out = [...fields.out];
		this.blocked = fields.blocked;
		this.starter = fields.starter;
		this.touched = Object.fromEntries(Object.keys(fields.text).map((k) => [k, true]));
		this.attempted = false;
		this.refusal = null;
		this.warnedFor = null;
		this.loadedFor = index;
	}

	/** An empty form for round `index` (null: not known yet, so nothing is autosaved). */
	reset(index: number | null): void {
		this.restore(emptyDraftFields(), index);
		this.touched = {};
	}
}

export { fieldsFromEntry } from '$lib/db/draft';

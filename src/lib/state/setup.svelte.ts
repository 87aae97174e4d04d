// The New evening form: seats in order, the preset and any changed knob, checked live by the
// rules core. Only the preset and the knobs the scorekeeper changed are stored (RulesChoice).
import type { CabooseDb, PlayerRow } from '$lib/db/database';
import type { Mine } from '$lib/club/night-protocol';
import {
	MAX_SEATS,
	PRESETS,
	dealSize,
	knobAllowsNone,
	playerKey,
	playerRange,
	resolveRules,
	scheduleEngines,
	scheduleLength,
	validateSetup,
	type Knob,
	type NumberKnob,
	type PresetId,
	type Problem,
	type Ruleset,
	type RulesChoice
} from '$lib/rules';
import { attempt, type Failure } from './outcome';

/**
 * Text as the knob's value: '' is null (for knobs that allow none), a whole number is that
 * number; anything else stays text, so the rules core refuses it by name (bad-knob).
 */
export function parseKnobText(knob: NumberKnob, text: string): unknown {
	const t = text.trim().replace(/^[−–]/, '-');
	if (t === '') return knobAllowsNone(knob) ? null : text;
	if (/^[+-]?\d+$/.test(t)) return Number(t);
	return text;
}

/** "12, 10, 8" as [12, 10, 8]; text that is not a list of whole numbers stays text. */
export function parseScheduleText(text: string): unknown {
	const parts = text
		.split(/[\s,;]+/)
		.map((s) => s.trim())
		.filter((s) => s !== '');
	if (parts.every((s) => /^\d+$/.test(s))) return parts.map(Number);
	return text;
}

function same(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

/** How the summary words the engine schedule. */
export type ScheduleShape =
	| { kind: 'one'; first: number }
	| { kind: 'run'; first: number; last: number; step: -2 | -1 | 1 | 2; count: number }
	| { kind: 'list'; list: number[]; count: number }
	| { kind: 'cyclic'; first: number; last: number; elimination: boolean };

export function scheduleShape(rules: Ruleset): ScheduleShape {
	const length = scheduleLength(rules);
	if (length === null) {
		const cycle = scheduleEngines(rules);
		return {
			kind: 'cyclic',
			first: cycle[0] ?? rules.set,
			last: cycle.at(-1) ?? 0,
			elimination: rules.elimination !== null
		};
	}
	const list = scheduleEngines(rules);
	const first = list[0];
	if (list.length === 1 && first !== undefined) return { kind: 'one', first };
	if (list.length >= 3 && first !== undefined) {
		const step = list[1]! - first;
		if (
			(step === -1 || step === 1 || step === -2 || step === 2) &&
			list.every((d, i) => d === first + i * step)
		) {
			return { kind: 'run', first, last: list.at(-1)!, step, count: list.length };
		}
	}
	return { kind: 'list', list, count: list.length };
}

export class SetupForm {
	/** Seats in order, as typed. */
	names = $state<string[]>(['', '']);
	preset = $state<PresetId>('swiss-jassshop');
	/** Knobs the scorekeeper changed; a value the core refuses is kept so it can be named. */
	overrides = $state<Partial<Record<Knob, unknown>>>({});
	/** What was typed into number knobs and the custom schedule, while it differs from the value. */
	texts = $state<Partial<Record<NumberKnob | 'schedule', string>>>({});
	firstStarter = $state(0);
	/** Start evening was pressed: show every problem. */
	attempted = $state(false);
	saving = $state(false);
	/** Why the evening was not stored (the storage failed); the rules' problems are `problems`. */
	failure = $state<Failure | null>(null);
	known = $state.raw<PlayerRow[]>([]);
	/**
	 * The known players' read has answered (or failed, or took a second): until then the page
	 * keeps what is below them hidden, which their arrival would push down under a finger.
	 */
	knownRead = $state(false);
	/** The club night's seats this evening is for (the form was filled from them), or null. */
	clubSeats = $state.raw<{ game: number; table: number; final: boolean } | null>(null);
	/** The evening this phone already started for those seats (open it; never a second). */
	startedEvening = $state<string | null>(null);

	readonly choice: RulesChoice = $derived({
		preset: this.preset,
		...this.overrides
	} as RulesChoice);
	readonly rules: Ruleset = $derived(resolveRules(this.choice));
	readonly problems: Problem[] = $derived(validateSetup(this.names, this.choice));
	readonly range = $derived(playerRange(this.rules));
	readonly deal = $derived(dealSize(this.rules, this.names.length));
	readonly schedule = $derived(scheduleShape(this.rules));
	readonly presetInfo = $derived(PRESETS[this.preset]);
	readonly changedCount = $derived(Object.keys(this.overrides).length);
	readonly canAdd = $derived(this.names.length < MAX_SEATS);
	/** Known players not already seated, most recently played first. */
	readonly pickable = $derived.by(() => {
		const seated = this.names.map(playerKey);
		return this.known.filter((p) => !seated.includes(p.key));
	});

	readonly #given: CabooseDb | undefined;

	/** `db`: the database (the app's by default, loaded with the form's reads and writes). */
	constructor(db?: CabooseDb) {
		this.#given = db;
	}

	/**
	 * The form's reads and writes and its database, loaded by import() when first used: the form
	 * shows and takes names before Dexie and the db have loaded. The modules themselves, not a
	 * module re-exporting them: Rollup put such a module beside the words, in a file that the
	 * evening screens' shared file imports and that imported it back (a screen failed to start).
	 */
	async #data() {
		const [{ appDb }, { createEvening, knownPlayers }, { clubMembership }, { keptClubSeats }] =
			await Promise.all([
				import('./app-db'),
				import('$lib/db/evenings'),
				import('$lib/db/outbox'),
				import('$lib/db/club-seats')
			]);
		const db = this.#given ?? appDb;
		return { db, createEvening, knownPlayers, clubMembership, keptClubSeats };
	}

	/** Reads the players of earlier evenings, for picking. Without them the form still works:
	 * picking is a shortcut only, so a failed read just offers none. */
	async loadKnown(): Promise<void> {
		const atLatest = setTimeout(() => (this.knownRead = true), 1000);
		const known = await attempt(async () => {
			const { knownPlayers, db } = await this.#data();
			return knownPlayers(db);
		});
		if (known.ok) this.known = known.value;
		clearTimeout(atLatest);
		this.knownRead = true;
	}

	/**
	 * Fills the form from this table's seats at tonight's club night, as the phone last read them
	 * (offline too): the players in seat order, the club's house rules. False: none are kept.
	 * `startedEvening` says whether their evening was started here already.
	 */
	async fillFromClubSeats(): Promise<boolean> {
		const kept = await attempt(async () => {
			const { clubMembership, keptClubSeats, db } = await this.#data();
			const club = await clubMembership(db);
			return club?.role === 'table' ? keptClubSeats(db, club.server) : null;
		});
		if (!kept.ok || !kept.value?.mine.seats) return false;
		this.fromClubSeats(kept.value.mine);
		this.startedEvening = kept.value.started;
		return true;
	}

	/** The seats' players in seat order and the club's house rules (the scorekeeper may still
	 * change anything); the evening started is claimed for those seats. */
	fromClubSeats(mine: Mine): void {
		const seats = mine.seats;
		if (!seats) return;
		this.names = seats.players.map((p) => p.name);
		this.firstStarter = 0;
		this.texts = {};
		const { preset, ...knobs } = mine.houseRules ?? { preset: this.preset };
		this.preset = preset;
		this.overrides = JSON.parse(JSON.stringify(knobs)) as Partial<Record<Knob, unknown>>;
		this.clubSeats = { game: seats.game, table: seats.table, final: seats.final };
	}

	// ---- seats

	/** The problem to show next to seat i, if any. */
	nameProblem(i: number): Problem | undefined {
		const seat = String(i);
		return this.problems.find(
			(p) =>
				// An empty seat is named only after Start evening: a message appearing when a field
				// is left would move the button the scorekeeper is tapping.
				p.player === seat && (p.code !== 'name-empty' || this.attempted)
		);
	}

	readonly countProblem = $derived(this.problems.find((p) => p.code === 'player-count'));

	setName(i: number, name: string): void {
		if (i >= 0 && i < this.names.length) this.names[i] = name;
	}

	/** Adds an empty seat at the end; returns its index, or null when the table is full. */
	addSeat(): number | null {
		if (!this.canAdd) return null;
		this.names.push('');
		return this.names.length - 1;
	}

	removeSeat(i: number): void {
		if (i < 0 || i >= this.names.length || this.names.length <= 1) return;
		this.names.splice(i, 1);
		if (this.firstStarter > i || this.firstStarter >= this.names.length) {
			this.firstStarter = Math.max(0, this.firstStarter - 1);
		}
	}

	/**
	 * Empty seats after the last name mean no one: Enter after the last name adds one. They go
	 * when the evening starts, as long as the rules' fewest players stay seated.
	 */
	#dropEmptyEnd(): void {
		while (this.names.length > this.range.min && (this.names.at(-1) ?? '').trim() === '') {
			this.removeSeat(this.names.length - 1);
		}
	}

	/** Swaps seat i with its neighbour (-1 up, +1 down). */
	move(i: number, by: -1 | 1): void {
		const j = i + by;
		if (i < 0 || j < 0 || i >= this.names.length || j >= this.names.length) return;
		[this.names[i], this.names[j]] = [this.names[j]!, this.names[i]!];
		if (this.firstStarter === i) this.firstStarter = j;
		else if (this.firstStarter === j) this.firstStarter = i;
	}

	/** Seats a known player in the first empty seat, or a new one; returns the seat or null. */
	pick(player: PlayerRow): number | null {
		let i = this.names.findIndex((n) => n.trim() === '');
		if (i === -1) i = this.addSeat() ?? -1;
		if (i === -1) return null;
		this.names[i] = player.name;
		return i;
	}

	// ---- rules

	setPreset(id: PresetId): void {
		this.preset = id;
		// A change that now equals the new preset's default is no longer a change.
		const defaults = PRESETS[id].defaults;
		for (const k of Object.keys(this.overrides) as Knob[]) {
			if (same(this.overrides[k], defaults[k])) delete this.overrides[k];
		}
		for (const k of Object.keys(this.texts) as (NumberKnob | 'schedule')[]) {
			if (!(k in this.overrides)) delete this.texts[k];
		}
	}

	/** Sets a knob; the preset's own value removes the override. */
	setKnob<K extends Knob>(knob: K, value: unknown): void {
		if (same(value, PRESETS[this.preset].defaults[knob])) delete this.overrides[knob];
		else this.overrides[knob] = value;
	}

	isChanged(knob: Knob): boolean {
		return knob in this.overrides;
	}

	/** The text shown in a number knob: what was typed, else the value in effect. */
	knobText(knob: NumberKnob): string {
		const typed = this.texts[knob];
		if (typed !== undefined) return typed;
		const v = this.rules[knob];
		return v === null ? '' : String(v);
	}

	setKnobText(knob: NumberKnob, text: string): void {
		this.texts[knob] = text;
		this.setKnob(knob, parseKnobText(knob, text));
	}

	/** 'custom' while the schedule is a list (or text being typed for one). */
	readonly scheduleMode = $derived(
		this.texts.schedule !== undefined || typeof this.rules.schedule !== 'string'
			? 'custom'
			: this.rules.schedule
	);

	scheduleText(): string {
		const typed = this.texts.schedule;
		if (typed !== undefined) return typed;
		return scheduleEngines(this.rules).join(', ');
	}

	setScheduleMode(mode: string): void {
		if (mode === 'custom') {
			// Start from the engines in effect, so the list is edited rather than typed anew.
			const text = scheduleEngines(this.rules).join(', ');
			this.texts.schedule = text;
			this.setKnob('schedule', parseScheduleText(text));
		} else {
			delete this.texts.schedule;
			this.setKnob('schedule', mode);
		}
	}

	setScheduleText(text: string): void {
		this.texts.schedule = text;
		this.setKnob('schedule', parseScheduleText(text));
	}

	resetRules(): void {
		this.overrides = {};
		this.texts = {};
	}

	/** The bad-knob problem of one knob (the schedule also answers for its custom list). */
	knobProblem(knob: Knob): Problem | undefined {
		return this.problems.find((p) => p.code === 'bad-knob' && p.params?.knob === knob);
	}

	/** Problems not shown next to a field of their own (an unknown preset, for one). */
	readonly otherProblems = $derived(
		this.problems.filter(
			(p) =>
				p.player === undefined &&
				p.code !== 'player-count' &&
				!(p.code === 'bad-knob' && typeof p.params?.knob === 'string')
		)
	);

	// ---- start

	/**
	 * Stores the evening when the core accepts it and returns its id; otherwise shows every
	 * problem and returns null, storing nothing.
	 */
	async startEvening(): Promise<string | null> {
		this.#dropEmptyEnd();
		this.attempted = true;
		this.failure = null;
		if (this.problems.length > 0 || this.saving) return null;
		this.saving = true;
		const starter =
			this.rules.start === 'rotate' && this.firstStarter < this.names.length
				? this.firstStarter
				: 0;
		const stored = await attempt(async () => {
			const { createEvening, db } = await this.#data();
			return createEvening(db, {
				names: $state.snapshot(this.names),
				rules: $state.snapshot(this.choice) as RulesChoice,
				firstStarter: starter,
				...(this.clubSeats
					? { claim: { game: this.clubSeats.game, table: this.clubSeats.table } }
					: {})
			});
		});
		this.saving = false;
		if (!stored.ok) {
			this.failure = stored;
			return null;
		}
		// A refusal repeats the problems this form already shows (the same validateSetup).
		return stored.value.ok ? stored.value.id : null;
	}
}

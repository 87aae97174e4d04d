// The knob table: every house-rule knob described once. Its allowed values (the backup's schema
// and resolving read them), the value every preset starts from (presets.ts changes a few), the
// group it is set in and its place there (the setup screen's order). The words (label, hint,
// each value's name, its summary line) are the components' (components/setup/knobs.ts), one
// exhaustive record, so this core stays free of Paraglide.
//
// Seeds: 000 = Swiss JassShop (de), 001 = Swiss "Station" (de), 002 = German "Talon" (de),
// 003 = Cardinal US (fr + en), 004 = Italian elimination (it).

/** A double-n set, n ∈ {6, 9, 12, 15, 18}. */
export const SET_SIZES = [6, 9, 12, 15, 18] as const;
/** The largest set's top pip: no tile or engine of any set is higher. */
export const MAX_SET_SIZE = 18;
export const SCHEDULE_NAMES = ['descending', 'cyclic', 'ascending', 'evens', 'odds'] as const;
/** A custom schedule holds at most this many engines (a file's or a link's too). */
export const MAX_SCHEDULE_LENGTH = 1000;
/**
 * The most points a knob may give one tile (a blank half, the double blank, a double) or the
 * going-out bonus (either way). Every number of an evening follows from the knobs' limits
 * (limits.ts): a hand, a round and a seat's total over the longest evening a club takes stay
 * far inside what its database holds (a seat's total in a 32-bit integer).
 */
export const MAX_TILE_POINTS = 10_000;
/** An elimination threshold at most: far above any seat's total that a real evening reaches. */
export const MAX_ELIMINATION = 1_000_000;
/** Tiles in the largest set: no deal gives anyone more. */
const MAX_DEAL = ((MAX_SET_SIZE + 1) * (MAX_SET_SIZE + 2)) / 2;
export const BLOCKED_RULES = ['count', 'void', 'lowest-zero'] as const;
export const MODES = ['penalty', 'plus'] as const;
export const START_RULES = ['engine-holder', 'rotate'] as const;
export const MARKER_REMOVALS = [
	'owner-plays-own',
	'any-player-plays',
	'owner-plays-anywhere'
] as const;
export const DOUBLE_RULES = ['satisfy', 'none', 'owner-or-anyone'] as const;
export const KNOCK_PENALTIES = ['draw-1', 'draw-2', 'skip-turn', 'none'] as const;
export const DOUBLE_FACTORS = [1, 2] as const;

export type SetSize = (typeof SET_SIZES)[number];
export type ScheduleName = (typeof SCHEDULE_NAMES)[number];
/** A named schedule, or a custom list of engine doubles (the evening ends when it is used up). */
export type Schedule = ScheduleName | number[];

/** Where the setup screen sets a knob: the evening's shape, scoring, the live table. */
export const KNOB_GROUPS = ['evening', 'scoring', 'table'] as const;
export type KnobGroup = (typeof KNOB_GROUPS)[number];

/** A knob's allowed values, as plain data, and where the setup screen sets it. */
export type KnobSpec = { group: KnobGroup } & (
	| { kind: 'one-of'; values: readonly unknown[]; base: unknown }
	/** A whole number from `min` to `max`, or also null ("none", an empty field) when `none`. */
	| { kind: 'whole'; min: number; max: number; none: boolean; base: number | null }
	| { kind: 'bool'; base: boolean }
	/** A named schedule, or a list of engines of the set (isSchedule). */
	| { kind: 'schedule'; base: Schedule }
);

const oneOf = <const T extends readonly unknown[]>(group: KnobGroup, values: T, base: T[number]) =>
	({ kind: 'one-of', group, values, base }) as const;
/** A whole number knob: every one has both limits, so no value of it can outgrow what holds it. */
const whole = <const None extends boolean>(
	group: KnobGroup,
	limits: { min: number; max: number; none: None },
	base: None extends true ? number | null : number
) => ({ kind: 'whole', group, ...limits, base }) as const;
const bool = (group: KnobGroup, base: boolean) => ({ kind: 'bool', group, base }) as const;
const schedule = (group: KnobGroup, base: Schedule) => ({ kind: 'schedule', group, base }) as const;

/**
 * Every knob, in the setup screen's order within its group. `base` is what every preset plays
 * unless its sheet says otherwise (presets.ts).
 */
export const KNOBS = {
	// Every sheet plays a double-12 set.
	set: oneOf('evening', SET_SIZES, 12),
	// Every sheet: 12-12 first, then 11-11 … down to 0-0 (13 rounds).
	schedule: schedule('evening', 'descending'),
	/** Cut the schedule to its first N rounds; null = the whole schedule. */
	rounds: whole('evening', { min: 1, max: MAX_SCHEDULE_LENGTH, none: true }, null),
	/** Tiles each, overriding the preset's deal table (needed for sets other than double-12). */
	deal: whole('evening', { min: 1, max: MAX_DEAL, none: true }, null),
	/**
	 * Who starts a round: the holder of the engine (000, 002, 003: the holder of the engine or the
	 * highest double starts), or the seat after the last starter.
	 */
	start: oneOf('evening', START_RULES, 'engine-holder'),
	mode: oneOf('evening', MODES, 'penalty'),
	/** Elimination threshold T, or null. */
	elimination: whole('evening', { min: 1, max: MAX_ELIMINATION, none: true }, null),
	/** Break equal totals by most rounds won (a US house rule). */
	tieBreakRoundsWon: bool('evening', false),

	blankHalf: whole('scoring', { min: 0, max: MAX_TILE_POINTS, none: false }, 0),
	doubleFactor: oneOf('scoring', DOUBLE_FACTORS, 1),
	doubleBlank: whole('scoring', { min: 0, max: MAX_TILE_POINTS, none: true }, null),
	doubleFlat: whole('scoring', { min: 0, max: MAX_TILE_POINTS, none: true }, null),
	// A bonus is usually 0, -5 or -10; either sign is allowed (plus-mode houses give +).
	goingOutBonus: whole('scoring', { min: -MAX_TILE_POINTS, max: MAX_TILE_POINTS, none: false }, 0),
	blocked: oneOf('scoring', BLOCKED_RULES, 'count'),

	// The live table's knobs (informational for scoring).
	/**
	 * What removes the marker from a personal train. 000 ("Sobald der Besitzer … anlegt, wird der
	 * Marker entfernt"), 001 ("nur entfernt, wenn der Spieler … an seinem eigenen Train"), 002 ("Der
	 * Besitzer … nimmt er den Marker wieder weg"), 003 ("he takes back his mini engine"), 004
	 * ("appena giocherete nel vostro treno … si richiuderà").
	 */
	markerRemoval: oneOf('table', MARKER_REMOVALS, 'owner-plays-own'),
	/**
	 * What an unsatisfied double obliges. 000 "Bedienen", 001 "muss … decken", 002 "alle Spieler
	 * verpflichtet", 003 "regular play is suspended", 004 "deve obbligatoriamente terminare il doppio".
	 */
	doubles: oneOf('table', DOUBLE_RULES, 'satisfy'),
	/** Penalty for not knocking with one tile left, when caught. */
	knockPenalty: oneOf('table', KNOCK_PENALTIES, 'none'),
	voluntaryMarker: bool('table', false),
	/** 000 variant: no marker when only the double obligation stopped you. */
	noMarkerWhenOnlyDoubleStopped: bool('table', false),
	/** A last tile that is a double ends the round at once (000, 004). */
	lastDoubleEndsRound: bool('table', false),
	/** Several Mexican trains allowed (004 coins) or only one (003). */
	severalMexicanTrains: bool('table', false),
	/** 003 "faster game": the first turn may lay every playable tile on the own train. */
	firstTurnAll: bool('table', false),
	/** 004: playing a double lets the player play again. */
	doubleReplay: bool('table', false)
} as const satisfies Record<string, KnobSpec>;

/** Every knob a RulesChoice may override (all of a Ruleset but the preset). */
export type Knob = keyof typeof KNOBS;
/** Every knob, in the table's order. */
export const KNOB_NAMES = Object.keys(KNOBS) as Knob[];

/** A knob's kind: how the setup screen sets it. */
export type KnobKind<K extends Knob> = (typeof KNOBS)[K]['kind'];
/** Knobs typed as a whole number (the others are picked from a list or switched on and off). */
export type NumberKnob = { [K in Knob]: KnobKind<K> extends 'whole' ? K : never }[Knob];
/** Knobs picked from a list of values. */
export type ListKnob = { [K in Knob]: KnobKind<K> extends 'one-of' ? K : never }[Knob];
/** Knobs switched on or off. */
export type BoolKnob = { [K in Knob]: KnobKind<K> extends 'bool' ? K : never }[Knob];

/** The values a knob described by `S` takes. */
type ValueOf<S> = S extends { kind: 'one-of'; values: readonly (infer V)[] }
	? V
	: S extends { kind: 'whole'; none: true }
		? number | null
		: S extends { kind: 'whole' }
			? number
			: S extends { kind: 'bool' }
				? boolean
				: S extends { kind: 'schedule' }
					? Schedule
					: never;

/** Every knob with a value: a Ruleset without its preset. */
export type KnobValues = { -readonly [K in Knob]: ValueOf<(typeof KNOBS)[K]> };

/** The value every preset starts from, for each knob. */
export function baseValues(): KnobValues {
	return Object.fromEntries(KNOB_NAMES.map((k) => [k, KNOBS[k].base])) as KnobValues;
}

const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

/** A named schedule, or a non-empty list of engine doubles from 0 to `top` (the set's top). */
export function isSchedule(x: unknown, top: number = MAX_SET_SIZE): x is Schedule {
	if (typeof x === 'string') return (SCHEDULE_NAMES as readonly string[]).includes(x);
	return (
		Array.isArray(x) &&
		x.length > 0 &&
		x.length <= MAX_SCHEDULE_LENGTH &&
		x.every((d) => isWhole(d) && d >= 0 && d <= top)
	);
}

/** Whether `x` is a value the knob allows (a schedule: of the largest set). */
export function knobAccepts(knob: Knob, x: unknown): boolean {
	const spec: KnobSpec = KNOBS[knob];
	switch (spec.kind) {
		case 'one-of':
			return spec.values.includes(x);
		case 'bool':
			return typeof x === 'boolean';
		case 'schedule':
			return isSchedule(x);
		case 'whole':
			return (x === null && spec.none) || (isWhole(x) && x >= spec.min && x <= spec.max);
	}
}

/** Whether the knob may be "none" (null). */
export function knobAllowsNone(knob: Knob): boolean {
	return knobAccepts(knob, null);
}

// The five presets (docs/rules.md), each default traced to the rule sheet it comes from.
// Sheets: 000 = Swiss JassShop (de), 001 = Swiss "Station" (de), 002 = German "Talon" (de),
// 003 = Cardinal US (fr + en), 004 = Italian elimination (it).

import { baseValues, type KnobValues } from './knobs';

/** In the order of RULES.md. */
export const PRESET_IDS = [
	'swiss-jassshop',
	'swiss-station',
	'german-talon',
	'cardinal-us',
	'italian-elimination'
] as const;

export type PresetId = (typeof PRESET_IDS)[number];

/** A complete ruleset: a preset with every knob resolved (each knob is described in knobs.ts). */
export type Ruleset = { preset: PresetId } & KnobValues;

export interface PresetInfo {
	id: PresetId;
	minPlayers: number;
	maxPlayers: number;
	/** Tiles each for a double-12 set, by player count (RULES.md "Deal size"). */
	deal: Partial<Record<number, number>>;
	defaults: Ruleset;
	/** The seed sheet(s) the preset comes from, e.g. '000' or '003'. */
	seeds: string;
}

/** What every preset shares unless its sheet says otherwise: each knob's base (knobs.ts). */
const BASE: KnobValues = baseValues();

export const PRESETS: Record<PresetId, PresetInfo> = {
	'swiss-jassshop': {
		id: 'swiss-jassshop',
		// 000: "Am besten … für vier oder mehr Spieler"; the deal table runs "bis zu 4" … "9 oder 10".
		minPlayers: 2,
		maxPlayers: 10,
		// 000: "Bei bis zu 4 Spielern … 15, bei 5 oder 6 … 12, bei 7 oder 8 … 10, bei 9 oder 10 … 8".
		deal: { 2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8 },
		defaults: {
			...BASE,
			preset: 'swiss-jassshop',
			// 000 "Der Punktwert": plain pips, blocked rounds count every hand; penalty points.
			// 000: "Wenn Ihr letzter Dominostein ein Pasch ist: In diesem Fall ist das Spiel sofort beendet".
			lastDoubleEndsRound: true
			// knockPenalty 'none': 000 never mentions knocking.
		},
		seeds: '000'
	},
	'swiss-station': {
		id: 'swiss-station',
		// 001: "12 Steine (3 – 5 Spieler) … nur zwei Spieler … 17 … mehr als fünf Spielern … 10";
		// the Station drawing has no room beyond 7 (RULES.md table: 2 to 7).
		minPlayers: 2,
		maxPlayers: 7,
		deal: { 2: 17, 3: 12, 4: 12, 5: 12, 6: 10, 7: 10 },
		defaults: {
			...BASE,
			preset: 'swiss-station',
			// 001: "Der doppelte Nuller zählt in diesem Fall 50 Punkte."
			doubleBlank: 50,
			// 001: "Eine Markierung des eigenen Train kann auch freiwillig erfolgen."
			voluntaryMarker: true,
			// 001: "Wer dies vergisst, muss einen Stein ziehen." (forgot to knock: draw one)
			knockPenalty: 'draw-1'
		},
		seeds: '001'
	},
	'german-talon': {
		id: 'german-talon',
		// 002: deal listed for 4 to 8 players only.
		minPlayers: 4,
		maxPlayers: 8,
		// 002 "Vorbereitung": 4 → 18, 5 → 14, 6 → 12, 7 → 10, 8 → 9.
		deal: { 4: 18, 5: 14, 6: 12, 7: 10, 8: 9 },
		defaults: {
			...BASE,
			preset: 'german-talon',
			// 002: "bis alle Doppeldominosteine einmal das Spiel begonnen haben. Dann wird einfach
			// wieder mit der Doppelzwölf angefangen."
			schedule: 'cyclic',
			// 002: "Für jeden Doppeldominostein werden 50 Punkte berechnet, für jede Seite … auf der
			// Null Augen sind, werden 25 Punkte berechnet und so für die Doppelnull auch 50 Punkte."
			doubleFlat: 50,
			blankHalf: 25,
			// 002: "zwei Strafsteine vom Talon ziehen" (skip a turn is its alternative).
			knockPenalty: 'draw-2'
			// lastDoubleEndsRound stays false as RULES.md lists only 000 and 004, although 002 also
			// says "es sei denn der Doppeldominostein wäre der letzte Stein, denn dann würde die Runde
			// enden"; the knob is informational and the scorekeeper can switch it on.
		},
		seeds: '002'
	},
	'cardinal-us': {
		id: 'cardinal-us',
		// 003: "Nombre de joueurs : 2 à 8 joueurs" / "PLAYERS: 2 to 8".
		minPlayers: 2,
		maxPlayers: 8,
		// 003: "2 to 4 → 15, 5 to 6 → 11, 7 to 8 → 8".
		deal: { 2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 8, 8: 8 },
		defaults: {
			...BASE,
			preset: 'cardinal-us',
			// 003: "Each blank scores 25 points and the double blank domino scores 50 points."
			blankHalf: 25,
			doubleBlank: 50,
			// 003: "the faulty player must draw another two box cars".
			knockPenalty: 'draw-2',
			// 003: "There is only one Mexican Train in a game." (severalMexicanTrains stays false)
			// 003 "Faster Game Play": every playable tile on the own train on the first turn.
			firstTurnAll: true
		},
		seeds: '003'
	},
	'italian-elimination': {
		id: 'italian-elimination',
		// 004: "Si gioca da 2 a 10 giocatori."
		minPlayers: 2,
		maxPlayers: 10,
		// 004: "da 8 a 15 tessere secondo il numero dei giocatori" (reading: the 000 table).
		deal: { 2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8 },
		defaults: {
			...BASE,
			preset: 'italian-elimination',
			// 004: "La tredicesima manche comincia con il doppio 0 e la quattordicesima di nuovo con il
			// doppio 12."
			schedule: 'cyclic',
			// 004: "Il doppio 0 vale 10."
			doubleBlank: 10,
			// 004: "La manche può essere dichiarata nulla se la situazione è totalmente bloccata".
			blocked: 'void',
			// 004: "I giocatori che raggiungono un punteggio fissato …, per esempio 100, vengono eliminati."
			elimination: 100,
			// 004: "Se giocate un doppio come ultima tessera, voi vincete la manche senza rigiocare."
			lastDoubleEndsRound: true,
			// 004: "monetine … per i 'treni messicani'" (several Mexican trains).
			severalMexicanTrains: true,
			// 004: "Giocare un doppio vi permette di rigiocare."
			doubleReplay: true
			// knockPenalty 'none': 004 never mentions knocking.
		},
		seeds: '004'
	}
};

export function isPresetId(x: unknown): x is PresetId {
	return typeof x === 'string' && (PRESET_IDS as readonly string[]).includes(x);
}

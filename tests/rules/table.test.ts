// The live table's reducer, row by row of RULES.md "The table during a round".
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveRules } from '$lib/rules/resolve';
import type { PresetId, Ruleset } from '$lib/rules/types';
import {
	MEXICAN,
	checkTableEvent,
	initialTable,
	obligation,
	parseTableEvent,
	replayTable,
	trainOf,
	whatNow,
	type TableEvent,
	type TableSetup,
	type TableState
} from '$lib/rules/table';

const PLAYERS = ['ann', 'ben', 'cleo', 'dan'];

function rules(preset: PresetId, knobs: Partial<Omit<Ruleset, 'preset'>> = {}): Ruleset {
	return { ...resolveRules({ preset }), ...knobs };
}

function play(r: Ruleset, events: TableEvent[], engine = 12): TableState {
	return replayTable(r, PLAYERS, engine, events);
}

function setupOf(r: Ruleset, engine = 12): TableSetup {
	return { rules: r, players: PLAYERS, engine };
}

const marker = (s: TableState, p: string) => trainOf(s, p)!.marker;
const codes = (s: TableState, r: Ruleset) => whatNow(s, r).map((c) => c.code);

describe('a clean table', () => {
	it('starts a round with no markers, no open double, no knocks, nothing started', () => {
		const s = play(rules('swiss-jassshop'), [], 9);
		expect(s.engine).toBe(9);
		expect(s.trains.map((t) => t.id)).toEqual([...PLAYERS, MEXICAN]);
		expect(s.trains.every((t) => !t.marker && !t.started && t.tiles === 0)).toBe(true);
		expect(s.openDoubles).toEqual([]);
		expect(s.oneTileLeft).toEqual({});
		expect(s.turn).toBeNull();
		expect(s.ended).toBeNull();
	});

	it('a new round replays its own (empty) log: nothing carries over from the last one', () => {
		const r = rules('cardinal-us');
		const before = play(r, [
			{ type: 'marker', player: 'ben', on: true },
			{ type: 'knock', player: 'ann', on: true },
			{ type: 'double', train: 'ben', value: 9, by: 'ben' }
		]);
		expect(before.openDoubles).toHaveLength(1);
		const next = play(r, [], 11);
		expect(next).toEqual(initialTable(setupOf(r, 11)));
	});
});

describe('personal train, started', () => {
	it('the first tile on a train starts it', () => {
		const s = play(rules('swiss-jassshop'), [{ type: 'tile', train: 'ben', by: 'ben' }]);
		expect(trainOf(s, 'ben')).toMatchObject({ started: true, tiles: 1 });
		expect(trainOf(s, 'ann')!.started).toBe(false);
	});

	it('a personal train without a marker is closed to the others', () => {
		const r = rules('swiss-jassshop');
		const s = play(r, []);
		const e: TableEvent = { type: 'tile', train: 'ben', by: 'ann' };
		expect(checkTableEvent(setupOf(r), s, e)).toBe('train-closed');
		const after = play(r, [e]);
		expect(after.skipped).toEqual([0]);
		expect(trainOf(after, 'ben')!.tiles).toBe(0);
	});
});

describe('marker on a train', () => {
	it('is placed when the owner cannot play (all) and opens the train to everyone', () => {
		const r = rules('german-talon');
		const s = play(r, [
			{ type: 'marker', player: 'ben', on: true },
			{ type: 'tile', train: 'ben', by: 'ann' }
		]);
		expect(s.skipped).toEqual([]);
		expect(trainOf(s, 'ben')!.tiles).toBe(1);
	});

	it('the scorekeeper can take it off by tapping again', () => {
		const s = play(rules('german-talon'), [
			{ type: 'marker', player: 'ben', on: true },
			{ type: 'marker', player: 'ben', on: false }
		]);
		expect(marker(s, 'ben')).toBe(false);
	});

	it('is placed voluntarily only where the preset allows it (001)', () => {
		const voluntary: TableEvent = { type: 'marker', player: 'ben', on: true, voluntary: true };
		const station = rules('swiss-station');
		expect(station.voluntaryMarker).toBe(true);
		expect(marker(play(station, [voluntary]), 'ben')).toBe(true);
		const talon = rules('german-talon');
		expect(checkTableEvent(setupOf(talon), play(talon, []), voluntary)).toBe(
			'voluntary-marker-not-allowed'
		);
		expect(marker(play(talon, [voluntary]), 'ben')).toBe(false);
	});

	it('voluntarily only on the own turn when the turn pointer is used (001 "am Zug")', () => {
		const r = rules('swiss-station');
		const s = play(r, [{ type: 'turn', player: 'ann' }]);
		expect(
			checkTableEvent(setupOf(r), s, { type: 'marker', player: 'ben', on: true, voluntary: true })
		).toBe('voluntary-marker-not-your-turn');
		// A voluntary marker does not end the turn; a forced one does.
		const own = play(r, [
			{ type: 'turn', player: 'ben' },
			{ type: 'marker', player: 'ben', on: true, voluntary: true }
		]);
		expect(own.turn).toBe('ben');
		const forced = play(r, [
			{ type: 'turn', player: 'ben' },
			{ type: 'marker', player: 'ben', on: true }
		]);
		expect(forced.turn).toBe('cleo');
	});

	describe('removal: owner-plays-own (001, 002, 003, 004, 000 default)', () => {
		const r = rules('swiss-jassshop');
		it('is the default of every preset', () => {
			for (const p of [
				'swiss-jassshop',
				'swiss-station',
				'german-talon',
				'cardinal-us',
				'italian-elimination'
			] as const) {
				expect(rules(p).markerRemoval).toBe('owner-plays-own');
			}
		});
		it('an opponent laying on the marked train leaves the marker', () => {
			const s = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: 'ben', by: 'ann' },
				{ type: 'tile', train: 'ben', by: 'cleo' }
			]);
			expect(marker(s, 'ben')).toBe(true);
			expect(trainOf(s, 'ben')!.tiles).toBe(2);
		});
		it('the owner laying elsewhere leaves it', () => {
			const s = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: MEXICAN, by: 'ben' }
			]);
			expect(marker(s, 'ben')).toBe(true);
		});
		it('the owner laying on the own train removes it', () => {
			const s = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: 'ben', by: 'ben' }
			]);
			expect(marker(s, 'ben')).toBe(false);
		});
		it('a tile by an unknown player does not remove it', () => {
			const s = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: 'ben', by: null }
			]);
			expect(marker(s, 'ben')).toBe(true);
		});
	});

	describe('removal: any-player-plays — exactly one tile by an opponent (000 variant)', () => {
		const r = rules('swiss-jassshop', { markerRemoval: 'any-player-plays' });
		it('the first opponent tile removes the marker, so a second opponent tile is refused', () => {
			const s = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: 'ben', by: 'ann' }
			]);
			expect(marker(s, 'ben')).toBe(false);
			expect(trainOf(s, 'ben')!.tiles).toBe(1);
			expect(checkTableEvent(setupOf(r), s, { type: 'tile', train: 'ben', by: 'cleo' })).toBe(
				'train-closed'
			);
		});
		it('the owner laying on it also removes it; laying elsewhere does not', () => {
			const own = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: 'ben', by: 'ben' }
			]);
			expect(marker(own, 'ben')).toBe(false);
			const elsewhere = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: MEXICAN, by: 'ben' }
			]);
			expect(marker(elsewhere, 'ben')).toBe(true);
		});
	});

	describe('removal: owner-plays-anywhere (000 variant)', () => {
		const r = rules('swiss-jassshop', { markerRemoval: 'owner-plays-anywhere' });
		it('the owner laying on the Mexican train removes their marker', () => {
			const s = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: MEXICAN, by: 'ben' }
			]);
			expect(marker(s, 'ben')).toBe(false);
		});
		it('the owner laying on another open train removes their own marker, not that one', () => {
			const s = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'marker', player: 'cleo', on: true },
				{ type: 'tile', train: 'cleo', by: 'ben' }
			]);
			expect(marker(s, 'ben')).toBe(false);
			expect(marker(s, 'cleo')).toBe(true);
		});
		it('opponents laying on the marked train leave it', () => {
			const s = play(r, [
				{ type: 'marker', player: 'ben', on: true },
				{ type: 'tile', train: 'ben', by: 'ann' },
				{ type: 'tile', train: 'ben', by: 'dan' }
			]);
			expect(marker(s, 'ben')).toBe(true);
		});
	});
});

describe('Mexican train', () => {
	it('is always open: anyone may start it, and a tile on it starts it', () => {
		const r = rules('cardinal-us');
		const s = play(r, [{ type: 'tile', train: MEXICAN, by: 'cleo' }]);
		expect(trainOf(s, MEXICAN)!.started).toBe(true);
		expect(s.skipped).toEqual([]);
	});

	it('the toggle starts and un-starts it', () => {
		const r = rules('cardinal-us');
		expect(trainOf(play(r, [{ type: 'mexican', on: true }]), MEXICAN)!.started).toBe(true);
		const off = play(r, [
			{ type: 'mexican', on: true },
			{ type: 'mexican', on: false }
		]);
		expect(trainOf(off, MEXICAN)!.started).toBe(false);
	});

	it('cannot be un-started while a double waits on it', () => {
		const r = rules('cardinal-us');
		const s = play(r, [{ type: 'double', train: MEXICAN, value: 3, by: 'ann' }]);
		expect(trainOf(s, MEXICAN)!.started).toBe(true);
		expect(checkTableEvent(setupOf(r), s, { type: 'mexican', on: false })).toBe(
			'train-has-open-double'
		);
	});

	it('only one under 003; several under 004 (coins), each a train of its own', () => {
		const us = rules('cardinal-us');
		const started = play(us, [{ type: 'mexican', on: true }]);
		expect(checkTableEvent(setupOf(us), started, { type: 'mexican-add' })).toBe(
			'one-mexican-train-only'
		);
		const it4 = rules('italian-elimination');
		expect(checkTableEvent(setupOf(it4), play(it4, []), { type: 'mexican-add' })).toBe(
			'mexican-not-started'
		);
		const two = play(it4, [{ type: 'mexican', on: true }, { type: 'mexican-add' }]);
		expect(two.trains.filter((t) => t.owner === null).map((t) => t.id)).toEqual([
			'mexican',
			'mexican-2'
		]);
		const onSecond = play(it4, [
			{ type: 'mexican', on: true },
			{ type: 'mexican-add' },
			{ type: 'tile', train: 'mexican-2', by: 'dan' }
		]);
		expect(trainOf(onSecond, 'mexican-2')!.tiles).toBe(2);
		expect(onSecond.skipped).toEqual([]);
	});
});

describe('unsatisfied double', () => {
	const satisfy = rules('cardinal-us');

	it('satisfy (000, 001, 003, 004): nobody plays elsewhere until it is covered', () => {
		const s = play(satisfy, [{ type: 'double', train: 'ben', value: 9, by: 'ben' }]);
		expect(s.openDoubles).toEqual([
			{ train: 'ben', value: 9, by: 'ben', exempt: null, last: false }
		]);
		expect(obligation(s, satisfy, 'ann')).toMatchObject({ value: 9 });
		expect(obligation(s, satisfy, 'ben')).toMatchObject({ value: 9 });
		expect(checkTableEvent(setupOf(satisfy), s, { type: 'tile', train: MEXICAN, by: 'cleo' })).toBe(
			'double-must-be-covered'
		);
		expect(codes(s, satisfy)).toContain('cover-double');
	});

	it('an opponent may cover it on a closed personal train (004 "anche se … chiuso")', () => {
		const s = play(satisfy, [
			{ type: 'double', train: 'ben', value: 9, by: 'ben' },
			{ type: 'tile', train: 'ben', by: 'cleo' }
		]);
		expect(s.skipped).toEqual([]);
		expect(s.openDoubles).toEqual([]);
		expect(trainOf(s, 'ben')!.tiles).toBe(2);
	});

	it('Covered clears it and moves the turn to the player after the one who covered (003)', () => {
		const s = play(satisfy, [
			{ type: 'turn', player: 'ben' },
			{ type: 'double', train: 'ben', value: 9, by: 'ben' },
			{ type: 'cannot-cover', player: 'ben' },
			{ type: 'still-cannot-cover', player: 'ben' },
			{ type: 'covered', by: 'cleo' }
		]);
		expect(s.openDoubles).toEqual([]);
		expect(s.turn).toBe('dan');
		expect(codes(s, satisfy)).not.toContain('cover-double');
	});

	it('Covered without a named player moves the turn on from whoever had it', () => {
		const s = play(satisfy, [
			{ type: 'turn', player: 'dan' },
			{ type: 'double', train: 'dan', value: 5, by: 'dan' },
			{ type: 'covered', by: null }
		]);
		expect(s.turn).toBe('ann');
	});

	it('Covered with nothing open is refused', () => {
		const r = satisfy;
		expect(checkTableEvent(setupOf(r), play(r, []), { type: 'covered', by: null })).toBe(
			'no-open-double'
		);
	});

	it('several open doubles are covered in reverse order of play (004)', () => {
		const r = rules('italian-elimination');
		const events: TableEvent[] = [
			{ type: 'mexican', on: true },
			{ type: 'double', train: 'ann', value: 9, by: 'ann' },
			{ type: 'double', train: MEXICAN, value: 4, by: 'ann' },
			{ type: 'double', train: 'ann', value: 7, by: 'ann' }
		];
		const s = play(r, events);
		// A train with an open double cannot take another one.
		expect(s.skipped).toEqual([3]);
		expect(s.openDoubles.map((d) => d.value)).toEqual([9, 4]);
		expect(codes(s, r)).toContain('cover-reverse-order');
		expect(codes(s, r)).toContain('double-replay');
		// The older double cannot be covered first.
		expect(checkTableEvent(setupOf(r), s, { type: 'tile', train: 'ann', by: 'ben' })).toBe(
			'cover-in-reverse-order'
		);
		const one = play(r, [...events, { type: 'covered', by: 'ben' }]);
		expect(one.openDoubles.map((d) => d.value)).toEqual([9]);
		expect(trainOf(one, MEXICAN)!.tiles).toBe(2);
		const both = play(r, [
			...events,
			{ type: 'covered', by: 'ben' },
			{ type: 'tile', train: 'ann', by: 'cleo' }
		]);
		expect(both.openDoubles).toEqual([]);
		expect(both.skipped).toEqual([3]);
	});

	it('another player cannot lay a new double while one is owed; its player may chain (002)', () => {
		const r = rules('german-talon');
		const s = play(r, [{ type: 'double', train: 'ann', value: 9, by: 'ann' }]);
		const chain: TableEvent = { type: 'double', train: MEXICAN, value: 3, by: 'ann' };
		expect(checkTableEvent(setupOf(r), s, chain)).toBeNull();
		expect(
			checkTableEvent(setupOf(r), s, { type: 'double', train: MEXICAN, value: 3, by: 'ben' })
		).toBe('double-must-be-covered');
	});

	it('a double is a value of the set, not the engine, and each is played once', () => {
		const r = satisfy;
		const st = setupOf(r, 12);
		const s = play(r, [
			{ type: 'double', train: 'ann', value: 3, by: 'ann' },
			{ type: 'covered', by: 'ann' }
		]);
		expect(checkTableEvent(st, s, { type: 'double', train: 'ann', value: 12, by: 'ann' })).toBe(
			'double-is-engine'
		);
		expect(checkTableEvent(st, s, { type: 'double', train: 'ann', value: 13, by: 'ann' })).toBe(
			'double-outside-set'
		);
		expect(checkTableEvent(st, s, { type: 'double', train: 'ann', value: 3, by: 'ann' })).toBe(
			'double-already-played'
		);
		expect(checkTableEvent(st, s, { type: 'double', train: 'nope', value: 4, by: 'ann' })).toBe(
			'unknown-train'
		);
		expect(checkTableEvent(st, s, { type: 'double', train: 'ann', value: 4, by: 'zed' })).toBe(
			'unknown-player'
		);
	});

	it('none (000 variant): the double stays uncovered but obliges nobody', () => {
		const r = rules('swiss-jassshop', { doubles: 'none' });
		const s = play(r, [{ type: 'double', train: 'ben', value: 9, by: 'ben' }]);
		expect(s.openDoubles).toHaveLength(1);
		expect(obligation(s, r, 'ann')).toBeNull();
		expect(checkTableEvent(setupOf(r), s, { type: 'tile', train: MEXICAN, by: 'ann' })).toBeNull();
		expect(codes(s, r)).toContain('double-no-obligation');
		expect(codes(s, r)).not.toContain('cover-double');
		expect(codes(s, r)).not.toContain('then-marker');
	});

	it('owner-or-anyone (001 alternative): the double’s player may play elsewhere, once', () => {
		const r = rules('swiss-station', { doubles: 'owner-or-anyone' });
		const s = play(r, [
			{ type: 'turn', player: 'ben' },
			{ type: 'double', train: 'ben', value: 9, by: 'ben' }
		]);
		expect(obligation(s, r, 'ben')).toBeNull();
		expect(obligation(s, r, 'cleo')).toMatchObject({ value: 9 });
		expect(codes(s, r)).toContain('cover-double-owner-free');
		expect(checkTableEvent(setupOf(r), s, { type: 'tile', train: MEXICAN, by: 'ben' })).toBeNull();
		expect(checkTableEvent(setupOf(r), s, { type: 'tile', train: MEXICAN, by: 'cleo' })).toBe(
			'double-must-be-covered'
		);
		// Once the turn has moved on, the player of the double is bound like everyone
		// ("so muss auch der Verursacher bei der nächsten Runde diesen Stein decken").
		const later = play(r, [
			{ type: 'turn', player: 'ben' },
			{ type: 'double', train: 'ben', value: 9, by: 'ben' },
			{ type: 'tile', train: MEXICAN, by: 'ben' }
		]);
		expect(later.turn).toBe('cleo');
		expect(obligation(later, r, 'ben')).toMatchObject({ value: 9 });
		expect(codes(later, r)).toContain('cover-double');
	});

	it('who cannot cover is told to draw one, then, still unable, places a marker (all)', () => {
		const r = satisfy;
		const drawing = play(r, [
			{ type: 'double', train: 'ben', value: 9, by: 'ben' },
			{ type: 'cannot-cover', player: 'cleo' }
		]);
		expect(drawing.drawing).toBe('cleo');
		expect(codes(drawing, r)).toEqual(expect.arrayContaining(['draw-one-to-cover', 'then-marker']));
		// The marker step comes only after the draw.
		expect(
			checkTableEvent(
				setupOf(r),
				play(r, [{ type: 'double', train: 'ben', value: 9, by: 'ben' }]),
				{
					type: 'still-cannot-cover',
					player: 'cleo'
				}
			)
		).toBe('not-drawn-yet');
		const failed = play(r, [
			{ type: 'turn', player: 'cleo' },
			{ type: 'double', train: 'ben', value: 9, by: 'ben' },
			{ type: 'cannot-cover', player: 'cleo' },
			{ type: 'still-cannot-cover', player: 'cleo' }
		]);
		expect(marker(failed, 'cleo')).toBe(true);
		expect(failed.drawing).toBeNull();
		expect(failed.openDoubles).toHaveLength(1);
		expect(failed.turn).toBe('dan');
		expect(codes(failed, r)[0]).toBe('marker-placed-after-failing');
	});

	it('drawing and then covering clears the prompt', () => {
		const s = play(satisfy, [
			{ type: 'double', train: 'ben', value: 9, by: 'ben' },
			{ type: 'cannot-cover', player: 'cleo' },
			{ type: 'covered', by: 'cleo' }
		]);
		expect(s.drawing).toBeNull();
		expect(marker(s, 'cleo')).toBe(false);
	});

	it('000 variant: no marker when only the double obligation stopped the player', () => {
		const r = rules('swiss-jassshop', { noMarkerWhenOnlyDoubleStopped: true });
		const s = play(r, [
			{ type: 'double', train: 'ben', value: 9, by: 'ben' },
			{ type: 'cannot-cover', player: 'cleo' },
			{ type: 'still-cannot-cover', player: 'cleo' }
		]);
		expect(marker(s, 'cleo')).toBe(false);
		expect(codes(s, r)).toEqual(
			expect.arrayContaining(['no-marker-only-double', 'then-no-marker'])
		);
	});

	it('covering a double on the owner’s train by the owner removes their marker (owner-plays-own)', () => {
		const s = play(satisfy, [
			{ type: 'marker', player: 'ben', on: true },
			{ type: 'double', train: 'ben', value: 9, by: 'ann' },
			{ type: 'covered', by: 'ben' }
		]);
		expect(marker(s, 'ben')).toBe(false);
	});

	it('a last tile that is a double ends the round at once (000, 004)', () => {
		const r = rules('swiss-jassshop');
		expect(r.lastDoubleEndsRound).toBe(true);
		const s = play(r, [{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true }]);
		expect(s.ended).toEqual({ by: 'ann', value: 2 });
		expect(s.openDoubles).toEqual([]);
		expect(codes(s, r)).toEqual(['last-double-ended']);
		expect(checkTableEvent(setupOf(r), s, { type: 'tile', train: 'ben', by: 'ben' })).toBe(
			'round-over'
		);
	});

	it('without that knob a last double stays open and the round ends when it is covered', () => {
		const r = rules('cardinal-us');
		expect(r.lastDoubleEndsRound).toBe(false);
		const open = play(r, [{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true }]);
		expect(open.ended).toBeNull();
		expect(codes(open, r)).toContain('last-double-open');
		const covered = play(r, [
			{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true },
			{ type: 'covered', by: 'ben' }
		]);
		expect(covered.ended).toEqual({ by: 'ann', value: 2 });
	});
});

describe('a plain last tile (the player went out)', () => {
	it('ends the round on the table with that player out, and nothing more is played', () => {
		const r = rules('swiss-jassshop');
		const s = play(r, [
			{ type: 'turn', player: 'ben' },
			{ type: 'tile', train: 'ben', by: 'ben', last: true }
		]);
		expect(s.ended).toEqual({ by: 'ben', value: null });
		expect(trainOf(s, 'ben')!.tiles).toBe(1);
		expect(codes(s, r)).toEqual(['last-tile-ended']);
		expect(whatNow(s, r)[0]!.params).toEqual({ player: 'ben' });
		expect(checkTableEvent(setupOf(r), s, { type: 'tile', train: 'cleo', by: 'cleo' })).toBe(
			'round-over'
		);
		// Without the flag the same tile is only a tile.
		const plain = play(r, [{ type: 'tile', train: 'ben', by: 'ben' }]);
		expect(plain.ended).toBeNull();
	});

	it('a last tile that covers a double ends the round; open doubles elsewhere do not matter', () => {
		const r = rules('italian-elimination');
		const covering = play(r, [
			{ type: 'double', train: 'ann', value: 5, by: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ben', last: true }
		]);
		expect(covering.openDoubles).toEqual([]);
		expect(covering.ended).toEqual({ by: 'ben', value: null });
		// 000 variant: no obligation, so a player may go out elsewhere while a double is open.
		const none = rules('swiss-jassshop', { doubles: 'none' });
		const elsewhere = play(none, [
			{ type: 'double', train: 'ann', value: 5, by: 'ann' },
			{ type: 'tile', train: 'cleo', by: 'cleo', last: true }
		]);
		expect(elsewhere.ended).toEqual({ by: 'cleo', value: null });
	});

	it('a last double still open: its player is out, passed over and never asked to cover', () => {
		const r = rules('cardinal-us');
		expect(r.lastDoubleEndsRound).toBe(false);
		const open = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true }
		]);
		// The pointer moves on: Ann has nothing to play or cover.
		expect(open.turn).toBe('ben');
		const setup = setupOf(r);
		for (const e of [
			{ type: 'covered', by: 'ann' },
			{ type: 'cannot-cover', player: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ann' }
		] satisfies TableEvent[]) {
			expect(checkTableEvent(setup, open, e)).toBe('player-went-out');
		}
		// Nobody can cover: the pointer goes round the table and passes Ann.
		const round = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true },
			{ type: 'cannot-cover', player: 'ben' },
			{ type: 'still-cannot-cover', player: 'ben' },
			{ type: 'next-turn' },
			{ type: 'next-turn' }
		]);
		expect(round.turn).toBe('ben');
		// Someone else then lays their own last tile: Ann emptied her hand first, she is out.
		const both = play(rules('cardinal-us', { doubles: 'none' }), [
			{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true },
			{ type: 'tile', train: 'mexican', by: 'cleo', last: true }
		]);
		expect(both.ended).toEqual({ by: 'ann', value: 2 });
	});

	it('once someone is out the table stops: the pointer stays, their knock goes, nothing more is taken', () => {
		const r = rules('german-talon');
		const setup = setupOf(r);
		const s = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'knock', player: 'ann', on: true },
			{ type: 'knock', player: 'cleo', on: true },
			{ type: 'tile', train: 'ann', by: 'ann', last: true }
		]);
		expect(s.ended).toEqual({ by: 'ann', value: null });
		// The pointer does not move on to Ben, and no tap says it did.
		expect(s.turn).toBe('ann');
		expect(s.moved).toBeNull();
		// Ann holds no tile: her "1 left" goes; Cleo still holds hers.
		expect(s.oneTileLeft).toEqual({ ann: false, cleo: true });
		for (const e of [
			{ type: 'next-turn' },
			{ type: 'turn', player: 'ben' },
			{ type: 'knock', player: 'ben', on: true },
			{ type: 'forgot-knock', player: 'dan' },
			{ type: 'marker', player: 'ben', on: true },
			{ type: 'mexican', on: true }
		] satisfies TableEvent[]) {
			expect(checkTableEvent(setup, s, e)).toBe('round-over');
		}
		// A log an older version wrote on past the end replays to the same table.
		const older = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ann', last: true },
			{ type: 'next-turn' },
			{ type: 'knock', player: 'ann', on: true }
		]);
		expect(older.turn).toBe('ann');
		expect(older.oneTileLeft.ann).toBe(false);
		expect(older.skipped).toEqual([2, 3]);
	});

	it('a last double: its knock goes at once; covered, the round ends and the pointer stays', () => {
		const r = rules('cardinal-us');
		const open = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'knock', player: 'ann', on: true },
			{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true }
		]);
		expect(open.oneTileLeft.ann).toBe(false);
		// Nobody knocks for a player with no tile.
		expect(checkTableEvent(setupOf(r), open, { type: 'knock', player: 'ann', on: true })).toBe(
			'player-went-out'
		);
		const covered = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true },
			{ type: 'tile', train: 'ann', by: 'ben' }
		]);
		expect(covered.ended).toEqual({ by: 'ann', value: 2 });
		expect(covered.turn).toBe('ben');
		// 000, 004: a last double ends the round at once, and the pointer stays on its player.
		const atOnce = play(rules('italian-elimination'), [
			{ type: 'turn', player: 'ann' },
			{ type: 'knock', player: 'ann', on: true },
			{ type: 'double', train: 'ann', value: 2, by: 'ann', last: true }
		]);
		expect(atOnce.ended).toEqual({ by: 'ann', value: 2 });
		expect(atOnce.turn).toBe('ann');
		expect(atOnce.oneTileLeft.ann).toBe(false);
	});

	it('a stored last tile reads back; a last flag that is not a boolean is refused', () => {
		expect(parseTableEvent({ type: 'tile', train: 'ann', by: 'ann', last: true })).toEqual({
			type: 'tile',
			train: 'ann',
			by: 'ann',
			last: true
		});
		expect(parseTableEvent({ type: 'tile', train: 'ann', by: 'ann', last: 1 })).toBeNull();
	});
});

describe('one tile left (the knock)', () => {
	it('the badge goes on and off', () => {
		const r = rules('german-talon');
		const on = play(r, [{ type: 'knock', player: 'cleo', on: true }]);
		expect(on.oneTileLeft).toEqual({ cleo: true });
		const off = play(r, [
			{ type: 'knock', player: 'cleo', on: true },
			{ type: 'knock', player: 'cleo', on: false }
		]);
		expect(off.oneTileLeft).toEqual({ cleo: false });
	});

	it.each([
		['swiss-station', 'draw-1'],
		['german-talon', 'draw-2'],
		['cardinal-us', 'draw-2'],
		['swiss-jassshop', 'none']
	] as const)('forgot to knock under %s records the penalty %s', (preset, penalty) => {
		const r = rules(preset);
		const s = play(r, [
			{ type: 'knock', player: 'ann', on: true },
			{ type: 'forgot-knock', player: 'dan' }
		]);
		expect(s.penalties).toEqual([{ player: 'dan', penalty, at: 1 }]);
		// A drawing penalty means dan no longer holds one tile; otherwise it is now announced.
		expect(s.oneTileLeft.dan).toBe(penalty === 'none');
		expect(whatNow(s, r)).toContainEqual({ code: 'knock-penalty', params: { penalty } });
	});

	it('skip a turn (002 alternative): the turn pointer passes over the player once', () => {
		const r = rules('german-talon', { knockPenalty: 'skip-turn' });
		const s = play(r, [
			{ type: 'forgot-knock', player: 'ben' },
			{ type: 'turn', player: 'ann' },
			{ type: 'next-turn' }
		]);
		expect(s.penalties[0]!.penalty).toBe('skip-turn');
		expect(s.turn).toBe('cleo');
		const round = play(r, [
			{ type: 'forgot-knock', player: 'ben' },
			{ type: 'turn', player: 'ann' },
			{ type: 'next-turn' },
			{ type: 'next-turn' },
			{ type: 'next-turn' },
			{ type: 'next-turn' }
		]);
		// ann → cleo (ben skipped) → dan → ann → ben: the skip was used up.
		expect(round.turn).toBe('ben');
	});
});

describe('whose turn', () => {
	it('is hidden until set, moves with one tap, wraps round the table', () => {
		const r = rules('cardinal-us');
		expect(play(r, []).turn).toBeNull();
		expect(checkTableEvent(setupOf(r), play(r, []), { type: 'next-turn' })).toBe('no-turn-pointer');
		const s = play(r, [
			{ type: 'turn', player: 'cleo' },
			{ type: 'next-turn' },
			{ type: 'next-turn' }
		]);
		expect(s.turn).toBe('ann');
		expect(
			play(r, [
				{ type: 'turn', player: 'cleo' },
				{ type: 'turn', player: null }
			]).turn
		).toBeNull();
	});

	it('a tile by the player whose turn it is moves the pointer; a double keeps it', () => {
		const r = rules('cardinal-us');
		const s = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ann' }
		]);
		expect(s.turn).toBe('ben');
		const d = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'double', train: 'ann', value: 8, by: 'ann' }
		]);
		expect(d.turn).toBe('ann');
		// The player covers their own double: their turn is over.
		const own = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'double', train: 'ann', value: 8, by: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ann' }
		]);
		expect(own.turn).toBe('ben');
	});
});

describe('how the pointer moved (said on screen, taken back in one tap)', () => {
	it('a tile moves it on by itself; Next player right after skips a player, and says so', () => {
		const r = rules('german-talon');
		const laid = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ann' }
		]);
		expect(laid.moved).toEqual({ from: 'ann', to: 'ben', why: 'played', skipped: false });
		// As on paper: Next player after Tile played. Ben had no turn at all.
		const twice = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ann' },
			{ type: 'next-turn' }
		]);
		expect(twice.turn).toBe('cleo');
		expect(twice.moved).toEqual({ from: 'ben', to: 'cleo', why: 'passed', skipped: true });
		// Back to Ben: the pointer set by hand says nothing more.
		const back = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ann' },
			{ type: 'next-turn' },
			{ type: 'turn', player: 'ben' }
		]);
		expect(back.turn).toBe('ben');
		expect(back.moved).toBeNull();
	});

	it('Next player on its own passes a turn with no tile; a marker or a failed cover is no play', () => {
		const r = rules('cardinal-us');
		const passed = play(r, [{ type: 'turn', player: 'ann' }, { type: 'next-turn' }]);
		expect(passed.moved).toEqual({ from: 'ann', to: 'ben', why: 'passed', skipped: false });
		const twice = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'next-turn' },
			{ type: 'next-turn' }
		]);
		expect(twice.moved?.skipped).toBe(false);
		const marker = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'marker', player: 'ann', on: true }
		]);
		expect(marker.moved).toEqual({ from: 'ann', to: 'ben', why: 'no-play', skipped: false });
		// The marker already moved it: Next player now skips Ben.
		const after = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'marker', player: 'ann', on: true },
			{ type: 'next-turn' }
		]);
		expect(after.moved?.skipped).toBe(true);
		const cover = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'double', train: 'ann', value: 8, by: 'ann' },
			{ type: 'cannot-cover', player: 'ann' },
			{ type: 'still-cannot-cover', player: 'ann' }
		]);
		expect(cover.moved).toEqual({ from: 'ann', to: 'ben', why: 'no-play', skipped: false });
		// Any other tap says nothing about the pointer.
		const knock = play(r, [
			{ type: 'turn', player: 'ann' },
			{ type: 'tile', train: 'ann', by: 'ann' },
			{ type: 'knock', player: 'cleo', on: true }
		]);
		expect(knock.moved).toBeNull();
	});
});

describe('rules cards', () => {
	it('a fresh table: the Mexican train and one tile a turn; 003 adds the faster first turn', () => {
		expect(codes(play(rules('swiss-jassshop'), []), rules('swiss-jassshop'))).toEqual([
			'mexican-start',
			'play-one-tile'
		]);
		expect(codes(play(rules('cardinal-us'), []), rules('cardinal-us'))[0]).toBe('first-turn-all');
		expect(codes(play(rules('swiss-station'), []), rules('swiss-station'))).toContain(
			'voluntary-marker'
		);
	});

	it('a marker on the table explains its removal by the knob', () => {
		for (const removal of [
			'owner-plays-own',
			'any-player-plays',
			'owner-plays-anywhere'
		] as const) {
			const r = rules('swiss-jassshop', { markerRemoval: removal });
			const s = play(r, [{ type: 'marker', player: 'ann', on: true }]);
			expect(codes(s, r)).toContain(`marker-${removal}`);
		}
	});
});

describe('undo', () => {
	it('drops the last event: the state is the replay of what is left', () => {
		const r = rules('cardinal-us');
		const events: TableEvent[] = [
			{ type: 'marker', player: 'ben', on: true },
			{ type: 'double', train: 'ann', value: 9, by: 'ann' },
			{ type: 'covered', by: 'cleo' }
		];
		// Undo (db/table.ts undoLastTableEvent) removes the last stored event.
		const undone = events.slice(0, -1);
		const s = play(r, undone);
		expect(s.openDoubles.map((d) => d.value)).toEqual([9]);
		expect(marker(s, 'ben')).toBe(true);
		expect(play(r, undone.slice(0, -1)).openDoubles).toEqual([]);
	});

	it('replaying a log is deterministic and never mutates earlier states', () => {
		const r = rules('italian-elimination');
		const events: TableEvent[] = [
			{ type: 'mexican', on: true },
			{ type: 'double', train: MEXICAN, value: 6, by: 'dan' }
		];
		const a = play(r, events);
		const b = play(r, events);
		expect(a).toEqual(b);
		const setup = setupOf(r);
		const before = initialTable(setup);
		const copy = structuredClone(before);
		replayTable(r, PLAYERS, 12, events);
		expect(before).toEqual(copy);
	});
});

describe('stored events', () => {
	it('parses what was stored and refuses damaged rows', () => {
		expect(parseTableEvent({ type: 'tile', train: 'ann', by: null })).toEqual({
			type: 'tile',
			train: 'ann',
			by: null
		});
		expect(
			parseTableEvent({ type: 'double', train: 'ann', value: 9, by: 'ann', last: true })
		).not.toBeNull();
		expect(parseTableEvent({ type: 'double', train: 'ann', value: '9', by: 'ann' })).toBeNull();
		expect(parseTableEvent({ type: 'marker', player: 'ann' })).toBeNull();
		expect(parseTableEvent({ type: 'explode' })).toBeNull();
		expect(parseTableEvent(null)).toBeNull();
	});
});

describe('any log, any rules (property)', () => {
	const player = fc.constantFrom(...PLAYERS);
	const who = fc.option(player, { nil: null });
	const train = fc.constantFrom(...PLAYERS, MEXICAN, 'mexican-2');
	const event: fc.Arbitrary<TableEvent> = fc.oneof(
		fc.record({ type: fc.constant('tile' as const), train, by: who, last: fc.boolean() }),
		fc.record({
			type: fc.constant('double' as const),
			train,
			value: fc.integer({ min: 0, max: 12 }),
			by: who,
			last: fc.boolean()
		}),
		fc.record({ type: fc.constant('covered' as const), by: who }),
		fc.record({ type: fc.constant('cannot-cover' as const), player }),
		fc.record({ type: fc.constant('still-cannot-cover' as const), player }),
		fc.record({
			type: fc.constant('marker' as const),
			player,
			on: fc.boolean(),
			voluntary: fc.boolean()
		}),
		fc.record({ type: fc.constant('mexican' as const), on: fc.boolean() }),
		fc.constant({ type: 'mexican-add' as const }),
		fc.record({ type: fc.constant('knock' as const), player, on: fc.boolean() }),
		fc.record({ type: fc.constant('forgot-knock' as const), player }),
		fc.record({ type: fc.constant('turn' as const), player: who }),
		fc.constant({ type: 'next-turn' as const })
	);
	const ruleset = fc
		.record({
			preset: fc.constantFrom(
				'swiss-jassshop',
				'swiss-station',
				'german-talon',
				'cardinal-us',
				'italian-elimination'
			) as fc.Arbitrary<PresetId>,
			markerRemoval: fc.constantFrom(
				'owner-plays-own',
				'any-player-plays',
				'owner-plays-anywhere'
			) as fc.Arbitrary<Ruleset['markerRemoval']>,
			doubles: fc.constantFrom('satisfy', 'none', 'owner-or-anyone') as fc.Arbitrary<
				Ruleset['doubles']
			>,
			noMarkerWhenOnlyDoubleStopped: fc.boolean(),
			lastDoubleEndsRound: fc.boolean()
		})
		.map(({ preset, ...knobs }) => rules(preset, knobs));

	it('never throws, applies or skips every event, and keeps the table sound', () => {
		fc.assert(
			fc.property(ruleset, fc.array(event, { maxLength: 40 }), (r, events) => {
				const s = play(r, events);
				expect(s.applied + s.skipped.length).toBe(events.length);
				// Only personal trains carry markers; one open double per train at most.
				expect(s.trains.filter((t) => t.owner === null).every((t) => !t.marker)).toBe(true);
				const trains = s.openDoubles.map((d) => d.train);
				expect(new Set(trains).size).toBe(trains.length);
				// Each double is played once and never the engine.
				expect(new Set(s.playedDoubles).size).toBe(s.playedDoubles.length);
				expect(s.playedDoubles).not.toContain(12);
				// Only 004-style rules have a second Mexican train.
				if (!r.severalMexicanTrains) expect(s.trains).toHaveLength(PLAYERS.length + 1);
				if (s.turn !== null) expect(PLAYERS).toContain(s.turn);
				// Whoever went out holds no tile: no knock stands for them.
				if (s.ended?.by) expect(s.oneTileLeft[s.ended.by]).not.toBe(true);
			})
		);
	});

	it('a refused event changes nothing', () => {
		fc.assert(
			fc.property(ruleset, fc.array(event, { minLength: 1, maxLength: 30 }), (r, events) => {
				const before = play(r, events.slice(0, -1));
				const after = play(r, events);
				const refused = checkTableEvent(setupOf(r), before, events.at(-1)!) !== null;
				if (refused) {
					expect({ ...after, skipped: [] }).toEqual({ ...before, skipped: [] });
				}
				// Once the round is over, every tap is refused: the table stops as it was.
				if (before.ended) expect(refused).toBe(true);
			})
		);
	});
});

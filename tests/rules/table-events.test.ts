import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
	isMexicanTrain,
	mexicanTrainId,
	mexicanTrainNumber,
	eventFields,
	parseTableEvent,
	renameEvent,
	TABLE_EVENT_TYPES,
	tableEventSchema,
	TableEventSchema
} from '$lib/rules';

describe('Mexican train ids', () => {
	it('are exactly the ids mexicanTrainId makes, and give back their number', () => {
		for (const k of [1, 2, 3, 9, 10, 42, 100]) {
			expect(mexicanTrainNumber(mexicanTrainId(k))).toBe(k);
			expect(isMexicanTrain(mexicanTrainId(k))).toBe(true);
		}
		for (const id of ['mexican-1', 'mexican-0', 'mexican-02', 'mexican-', 'mexican-x', 'ann']) {
			expect(mexicanTrainNumber(id), id).toBeNull();
			expect(isMexicanTrain(id), id).toBe(false);
		}
	});
});

describe('the table event schema', () => {
	it('reads every stored event back as it was written', () => {
		const events = [
			{ type: 'tile', train: 'ann', by: null },
			{ type: 'double', train: 'mexican', value: 18, by: 'ben', last: true },
			{ type: 'covered', by: null },
			{ type: 'marker', player: 'ann', on: true, voluntary: true },
			{ type: 'turn', player: null },
			{ type: 'next-turn' }
		];
		for (const e of events) expect(parseTableEvent(e)).toEqual(e);
	});

	it('refuses an unknown field, a double outside every set and a wrong type', () => {
		expect(parseTableEvent({ type: 'mexican', on: true, x: 1 })).toBeNull();
		expect(parseTableEvent({ type: 'double', train: 'ann', value: 19, by: null })).toBeNull();
		expect(parseTableEvent({ type: 'double', train: 'ann', value: -1, by: null })).toBeNull();
		expect(parseTableEvent({ type: 'double', train: 'ann', value: 1.5, by: null })).toBeNull();
		expect(parseTableEvent({ type: 'knock', player: 'ann', on: 'yes' })).toBeNull();
	});

	it('takes the schema of a player key from its user (a backup asks for id-like keys)', () => {
		const idLike = tableEventSchema(v.pipe(v.string(), v.regex(/^[a-z]+$/)));
		const event = { type: 'forgot-knock', player: 'Ann Smith' };
		expect(v.is(TableEventSchema, event)).toBe(true);
		expect(v.is(idLike, event)).toBe(false);
		expect(v.is(idLike, { type: 'forgot-knock', player: 'ann' })).toBe(true);
	});
});

describe('the table of event fields', () => {
	it('puts a field a link may leave out (`?`) last in its event', () => {
		for (const type of TABLE_EVENT_TYPES) {
			const kinds = eventFields(type).map(([, kind]) => kind);
			const optional = kinds.findIndex((k) => k.endsWith('?'));
			if (optional >= 0) expect(optional, type).toBe(kinds.length - 1);
		}
	});

	it('renames players and their trains, keeps Mexican trains, and drops an unknown player', () => {
		const rename = (k: string) => ({ ann: 'A', ben: 'B' })[k] ?? null;
		expect(renameEvent({ type: 'tile', train: 'ann', by: 'ben', last: true }, rename)).toEqual({
			type: 'tile',
			train: 'A',
			by: 'B',
			last: true
		});
		expect(renameEvent({ type: 'double', train: 'mexican-2', value: 4, by: null }, rename)).toEqual(
			{ type: 'double', train: 'mexican-2', value: 4, by: null }
		);
		expect(renameEvent({ type: 'turn', player: 'cleo' }, rename)).toBeNull();
		// 'mexican-1' is no Mexican train's id: it is renamed like a player's, and unknown.
		expect(renameEvent({ type: 'tile', train: 'mexican-1', by: null }, rename)).toBeNull();
		expect(renameEvent({ type: 'mexican-add' }, rename)).toEqual({ type: 'mexican-add' });
	});
});

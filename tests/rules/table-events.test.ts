import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
	isMexicanTrain,
	mexicanTrainId,
	mexicanTrainNumber,
	parseTableEvent,
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

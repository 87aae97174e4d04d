import { describe, expect, it } from 'vitest';
import {
	dealSize,
	playerRange,
	PRESET_IDS,
	PRESETS,
	resolveRules,
	type PresetId
} from '../../src/lib/rules/index';

// RULES.md "Deal size", double-12, players 2 to 10 ('—' = null).
const TABLE: Record<PresetId, (number | null)[]> = {
	'swiss-jassshop': [15, 15, 15, 12, 12, 10, 10, 8, 8],
	'swiss-station': [17, 12, 12, 12, 10, 10, null, null, null],
	'german-talon': [null, null, 18, 14, 12, 10, 9, null, null],
	'cardinal-us': [15, 15, 15, 11, 11, 8, 8, null, null],
	'italian-elimination': [15, 15, 15, 12, 12, 10, 10, 8, 8]
};

describe('deal size', () => {
	it.each(PRESET_IDS)('%s follows the RULES.md table', (preset) => {
		const rules = resolveRules({ preset });
		const row = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => dealSize(rules, n));
		expect(row).toEqual(TABLE[preset]);
	});

	it('player ranges are where the table has numbers', () => {
		for (const preset of PRESET_IDS) {
			const { min, max } = playerRange(resolveRules({ preset }));
			const counts = TABLE[preset].flatMap((d, i) => (d === null ? [] : [i + 2]));
			expect([min, max]).toEqual([Math.min(...counts), Math.max(...counts)]);
			expect([PRESETS[preset].minPlayers, PRESETS[preset].maxPlayers]).toEqual([min, max]);
		}
	});

	it('other sets have no table: the scorekeeper sets the deal', () => {
		expect(dealSize(resolveRules({ preset: 'swiss-jassshop', set: 9 }), 4)).toBeNull();
		expect(dealSize(resolveRules({ preset: 'swiss-jassshop', set: 9, deal: 11 }), 4)).toBe(11);
	});

	it('the ruleset deal overrides the table', () => {
		expect(dealSize(resolveRules({ preset: 'cardinal-us', deal: 7 }), 4)).toBe(7);
	});

	it('outside the table: null', () => {
		expect(dealSize(resolveRules({ preset: 'german-talon' }), 3)).toBeNull();
		expect(dealSize(resolveRules({ preset: 'swiss-jassshop' }), 11)).toBeNull();
	});
});

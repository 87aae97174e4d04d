// What the club set aside, in words (Settings): each reason a sentence, a round by its number
// and a knob by its label, never a path or a code the club's server uses.
import { describe, expect, it } from 'vitest';
import { setAsideEveningText, setAsideReasonText } from '$lib/components/clubText';
import type { SetAsideEvening } from '$lib/state/club/membership.svelte';

const put: SetAsideEvening = {
	eveningId: 'e1',
	names: ['Anna', 'Ben'],
	createdAt: Date.UTC(2025, 10, 7, 19),
	code: 'unstorable'
};

describe('what the club set aside, in words', () => {
	it('names the evening by its day and players, or as deleted', () => {
		expect(setAsideEveningText(put)).toMatch(/2025 · Anna, Ben$/);
		expect(setAsideEveningText({ ...put, names: null, createdAt: null })).toBe('A deleted evening');
	});

	it.each([
		['not-your-evening', undefined, /^Another table sent this evening to the club first/],
		['inconsistent', undefined, /do not belong together\.$/],
		['round-refused', 'evening.rounds[3]', /^The club's rules refuse round 4 of this evening\.$/],
		['round-refused', undefined, /refuse a round of this evening\.$/],
		['invalid', 'evening.evening.rules.goingOutBonus', /value for Going-out bonus\.$/],
		[
			'invalid',
			'evening.evening.players[0]',
			/^The club does not accept a value in this evening\.$/
		],
		['unstorable', undefined, /^The club's database cannot hold a value in this evening\.$/],
		['too-large', undefined, /too large for the club/],
		['server-error', undefined, /failed on this change each time it was sent/],
		['something-new', undefined, /^The club refused this change \(something-new\)\.$/]
	])('%s %s', (code, path, words) => {
		const text = setAsideReasonText({ ...put, code, ...(path ? { path } : {}) });
		expect(text).toMatch(words);
		expect(text).not.toMatch(/ops\[|evening\.evening|\.rules\.|rounds\[/);
	});
});

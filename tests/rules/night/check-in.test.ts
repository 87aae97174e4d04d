import { describe, expect, it } from 'vitest';
import { addMember, guestId, tonightsPlayers, type Roster } from '../../../src/lib/club/night';

let roster: Roster = { members: [], aliases: [] };
for (const [id, name] of [
	['m1', 'Anna'],
	['m2', 'Peter'],
	['m3', 'Hélène']
] as const) {
	const next = addMember(roster, id, name);
	if (next.ok) roster = next.value;
}

describe('who is here tonight', () => {
	it("is the members ticked, in the club's order, then the guests in the order added", () => {
		expect(tonightsPlayers(roster, ['m3', 'm1'], [' Zoë ', 'Karl'])).toEqual({
			ok: true,
			value: [
				{ id: 'm1', name: 'Anna', guest: false },
				{ id: 'm3', name: 'Hélène', guest: false },
				{ id: guestId('Zoë'), name: 'Zoë', guest: true },
				{ id: guestId('Karl'), name: 'Karl', guest: true }
			]
		});
	});

	it("refuses a guest with a member's name: the organiser ticks the member or tells them apart", () => {
		expect(tonightsPlayers(roster, [], ['peter'])).toEqual({
			ok: false,
			problems: [{ code: 'guest-is-member', player: 'm2', params: { name: 'Peter', guest: 0 } }]
		});
		expect(tonightsPlayers(roster, [], ['Peter B.']).ok).toBe(true);
	});

	it('says every problem at once, each with the guest it is about', () => {
		const answer = tonightsPlayers(roster, ['m1', 'm1', 'm9'], ['', 'Zoë', 'zoë', 'x'.repeat(41)]);
		expect(answer).toEqual({
			ok: false,
			problems: [
				{ code: 'player-twice', player: 'm1' },
				{ code: 'member-unknown', player: 'm9' },
				{ code: 'name-empty', params: { guest: 0 } },
				{ code: 'player-twice', params: { name: 'zoë', guest: 2 } },
				{ code: 'name-too-long', params: { max: 40, length: 41, guest: 3 } }
			]
		});
	});

	it('nobody ticked and no guest is an empty night (dealing it says there is nobody)', () => {
		expect(tonightsPlayers(roster, [], [])).toEqual({ ok: true, value: [] });
	});
});

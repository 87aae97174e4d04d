// Who is here tonight: the members the organiser ticked and the guests they added. The list is
// what the organiser deals tables from.

import { playerKey } from '../../rules';
import { checkName, guestId, rosterIndex, type PlayerId, type Roster } from './members';
import type { NightProblem, NightResult } from './problems';

export interface NightPlayer {
	id: PlayerId;
	name: string;
	guest: boolean;
}

/**
 * Tonight's players, members first in the roster's order, then guests in the order added. A
 * guest typed with a member's name is refused (`guest-is-member`): a table would count the two
 * as one person, so the organiser ticks the member or tells the guest apart ("Peter B.").
 */
export function tonightsPlayers(
	roster: Roster,
	here: readonly string[],
	guests: readonly string[]
): NightResult<NightPlayer[]> {
	const problems: NightProblem[] = [];
	const ticked = new Set<string>();
	const memberIds = new Set(roster.members.map((m) => m.id));
	for (const id of here) {
		if (ticked.has(id)) problems.push({ code: 'player-twice', player: id });
		else if (!memberIds.has(id)) {
			problems.push({ code: 'member-unknown', player: id });
		}
		ticked.add(id);
	}
	const index = rosterIndex(roster);
	const guestKeys = new Set<string>();
	const guestPlayers: NightPlayer[] = [];
	for (const [i, typed] of guests.entries()) {
		const checked = checkName(typed);
		if ('problem' in checked) {
			problems.push({ ...checked.problem, params: { ...checked.problem.params, guest: i } });
			continue;
		}
		const key = playerKey(checked.name);
		const member = index.get(key);
		if (member !== undefined) {
			const name = roster.members.find((m) => m.id === member)?.name ?? checked.name;
			problems.push({ code: 'guest-is-member', player: member, params: { name, guest: i } });
		} else if (guestKeys.has(key)) {
			problems.push({ code: 'player-twice', params: { name: checked.name, guest: i } });
		} else {
			guestKeys.add(key);
			guestPlayers.push({ id: guestId(checked.name), name: checked.name, guest: true });
		}
	}
	if (problems.length > 0) return { ok: false, problems };
	const members = roster.members
		.filter((m) => ticked.has(m.id))
		.map((m) => ({ id: m.id, name: m.name, guest: false }));
	return { ok: true, value: [...members, ...guestPlayers] };
}

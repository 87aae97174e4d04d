// The club's members, and the spellings typed at tables that are theirs. A name typed at a table
// is matched as the app matches names everywhere (the rules core's `playerKey`: cleaned and
// case-insensitive); the organiser merges two spellings of one person ("Hélène", "Helene") and
// renames. Each is a pure function from a roster to the next one, so the server stores the
// roster and records the action that changed it, and the same action on the same roster always
// gives the same roster.
//
// The invariant every function keeps: no two names in a roster (members' names and aliases) have
// the same playerKey, so a typed name is at most one member's.

import { cleanName, MAX_NAME_LENGTH, playerKey } from '../../rules';
import { refuse, type NightProblem, type NightResult } from './problems';

/** Who sits at a table tonight: a member's id, or a guest's (`guestId`). */
export type PlayerId = string;

export interface Member {
	/** The server's id for the member (a uuid); never one of the form `guest:…`. */
	id: string;
	/** The name the club shows. */
	name: string;
}

/** Another spelling of a member's name, as typed at a table (kept from a merge or a rename). */
export interface Alias {
	name: string;
	member: string;
}

export interface Roster {
	members: Member[];
	aliases: Alias[];
}

const GUEST_PREFIX = 'guest:';

/** A guest's id: one per name, as a table would tell the name apart. */
export function guestId(name: string): PlayerId {
	return GUEST_PREFIX + playerKey(name);
}

export function isGuest(player: PlayerId): boolean {
	return player.startsWith(GUEST_PREFIX);
}

/** Every spelling's playerKey and whose it is: built once, then each typed name is one look-up. */
export function rosterIndex(roster: Roster): Map<string, string> {
	const index = new Map<string, string>();
	for (const m of roster.members) index.set(playerKey(m.name), m.id);
	for (const a of roster.aliases) index.set(playerKey(a.name), a.member);
	return index;
}

/** The member a name typed at a table is, or null. */
export function memberOf(index: Map<string, string>, name: string): string | null {
	return index.get(playerKey(name)) ?? null;
}

/** Who a name typed at a table is tonight: the member whose name it is, or a guest of that name. */
export function playerOf(index: Map<string, string>, name: string): PlayerId {
	return memberOf(index, name) ?? guestId(name);
}

/** A name as the roster stores it (cleaned), or why it cannot be one. */
export function checkName(name: string): { name: string } | { problem: NightProblem } {
	const cleaned = cleanName(typeof name === 'string' ? name : '');
	if (cleaned === '') return { problem: { code: 'name-empty' } };
	const length = [...cleaned].length;
	if (length > MAX_NAME_LENGTH) {
		return { problem: { code: 'name-too-long', params: { max: MAX_NAME_LENGTH, length } } };
	}
	return { name: cleaned };
}

function nameTaken(roster: Roster, holder: string, name: string): NightResult<Roster> {
	const member = roster.members.find((m) => m.id === holder);
	return refuse('name-taken', { player: holder, params: { name, member: member?.name ?? holder } });
}

/** A new member. Refused when the name (by playerKey) is already a member's or an alias. */
export function addMember(roster: Roster, id: string, name: string): NightResult<Roster> {
	const checked = checkName(name);
	if ('problem' in checked) return { ok: false, problems: [checked.problem] };
	if (id === '' || isGuest(id) || roster.members.some((m) => m.id === id)) {
		return refuse('id-taken', { player: id });
	}
	const holder = rosterIndex(roster).get(playerKey(checked.name));
	if (holder !== undefined) return nameTaken(roster, holder, checked.name);
	return {
		ok: true,
		value: { members: [...roster.members, { id, name: checked.name }], aliases: roster.aliases }
	};
}

/**
 * A member's new name. The old spelling stays theirs as an alias, so the evenings typed with it
 * still count for them; a new spelling of the same key ("anna" to "Anna") only changes the name.
 * Renaming to one of the member's own aliases swaps the two.
 */
export function renameMember(roster: Roster, id: string, name: string): NightResult<Roster> {
	const member = roster.members.find((m) => m.id === id);
	if (!member) return refuse('member-unknown', { player: id });
	const checked = checkName(name);
	if ('problem' in checked) return { ok: false, problems: [checked.problem] };
	const key = playerKey(checked.name);
	const holder = rosterIndex(roster).get(key);
	if (holder !== undefined && holder !== id) return nameTaken(roster, holder, checked.name);
	const oldKey = playerKey(member.name);
	const aliases = roster.aliases.filter((a) => playerKey(a.name) !== key);
	if (oldKey !== key) aliases.push({ name: member.name, member: id });
	return {
		ok: true,
		value: {
			members: roster.members.map((m) => (m.id === id ? { id, name: checked.name } : m)),
			aliases
		}
	};
}

/**
 * Two spellings of one person: `gone` is folded into `keep`. Gone's name and aliases become
 * keep's aliases, so whatever was typed for either counts for keep from now on (the server moves
 * gone's check-ins and seats to keep in the same transaction).
 */
export function mergeMembers(roster: Roster, keep: string, gone: string): NightResult<Roster> {
	if (keep === gone) return refuse('same-member', { player: keep });
	const kept = roster.members.find((m) => m.id === keep);
	const folded = roster.members.find((m) => m.id === gone);
	if (!kept) return refuse('member-unknown', { player: keep });
	if (!folded) return refuse('member-unknown', { player: gone });
	return {
		ok: true,
		value: {
			members: roster.members.filter((m) => m.id !== gone),
			aliases: [
				...roster.aliases.map((a) => (a.member === gone ? { name: a.name, member: keep } : a)),
				{ name: folded.name, member: keep }
			]
		}
	};
}

/**
 * An alias becomes a member of its own: the way back from a merge of two people who only share
 * a spelling's likeness. `id` is the new member's.
 */
export function splitAlias(roster: Roster, alias: string, id: string): NightResult<Roster> {
	const key = playerKey(alias);
	const found = roster.aliases.find((a) => playerKey(a.name) === key);
	if (!found) return refuse('alias-unknown', { params: { name: cleanName(alias) } });
	if (id === '' || isGuest(id) || roster.members.some((m) => m.id === id)) {
		return refuse('id-taken', { player: id });
	}
	return {
		ok: true,
		value: {
			members: [...roster.members, { id, name: found.name }],
			aliases: roster.aliases.filter((a) => a !== found)
		}
	};
}

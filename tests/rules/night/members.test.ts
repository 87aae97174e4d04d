import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerKey } from '../../../src/lib/rules/index';
import {
	addMember,
	guestId,
	isGuest,
	memberOf,
	mergeMembers,
	playerOf,
	renameMember,
	rosterIndex,
	splitAlias,
	type NightResult,
	type Roster
} from '../../../src/lib/club/night';

const empty: Roster = { members: [], aliases: [] };

function ok(result: NightResult<Roster>): Roster {
	if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
	return result.value;
}

const club = (): Roster =>
	[
		['m1', 'Hélène'],
		['m2', 'Dieter'],
		['m3', 'Ivo']
	].reduce((r, [id, name]) => ok(addMember(r, id!, name!)), empty);

/** Every spelling in a roster, with whose it is. */
const spellings = (r: Roster) => [
	...r.members.map((m) => [m.name, m.id] as const),
	...r.aliases.map((a) => [a.name, a.member] as const)
];

describe('members and their spellings', () => {
	it('a name typed at a table is matched as the app matches names (playerKey)', () => {
		const index = rosterIndex(club());
		expect(memberOf(index, 'Hélène')).toBe('m1');
		expect(memberOf(index, '  hélène ')).toBe('m1');
		expect(memberOf(index, 'HE\u0301LE\u0300NE')).toBe('m1'); // decomposed accents: NFC
		expect(memberOf(index, 'Ivo\u200b')).toBe('m3'); // an invisible zero-width space
		expect(memberOf(index, 'Helene')).toBeNull(); // another spelling: the organiser merges
		expect(playerOf(index, 'dieter')).toBe('m2');
		expect(playerOf(index, 'Zoë')).toBe(guestId('zoë'));
		expect(isGuest(playerOf(index, 'Zoë'))).toBe(true);
	});

	it('adding a member refuses a bad name, a taken name and a taken id, with typed codes', () => {
		const r = club();
		expect(addMember(r, 'm9', '   ')).toEqual({ ok: false, problems: [{ code: 'name-empty' }] });
		expect(addMember(r, 'm9', 'x'.repeat(41))).toEqual({
			ok: false,
			problems: [{ code: 'name-too-long', params: { max: 40, length: 41 } }]
		});
		expect(addMember(r, 'm9', 'IVO')).toEqual({
			ok: false,
			problems: [{ code: 'name-taken', player: 'm3', params: { name: 'IVO', member: 'Ivo' } }]
		});
		expect(addMember(r, 'm1', 'Anna')).toMatchObject({
			ok: false,
			problems: [{ code: 'id-taken' }]
		});
		expect(addMember(r, 'guest:anna', 'Anna')).toMatchObject({
			ok: false,
			problems: [{ code: 'id-taken' }]
		});
		expect(ok(addMember(r, 'm4', ' Anna\t')).members.at(-1)).toEqual({ id: 'm4', name: 'Anna' });
	});

	it('a rename keeps the old spelling as an alias, so evenings typed before still count', () => {
		const r = ok(renameMember(club(), 'm2', 'Dieter K.'));
		expect(r.members.find((m) => m.id === 'm2')!.name).toBe('Dieter K.');
		expect(r.aliases).toEqual([{ name: 'Dieter', member: 'm2' }]);
		const index = rosterIndex(r);
		expect(memberOf(index, 'dieter')).toBe('m2');
		expect(memberOf(index, 'dieter k.')).toBe('m2');
	});

	it('a rename to another case of the same name only changes the name; back to an alias swaps', () => {
		expect(ok(renameMember(club(), 'm3', 'IVO')).aliases).toEqual([]);
		const renamed = ok(renameMember(club(), 'm2', 'Didi'));
		const back = ok(renameMember(renamed, 'm2', 'dieter'));
		expect(back.members.find((m) => m.id === 'm2')!.name).toBe('dieter');
		expect(back.aliases).toEqual([{ name: 'Didi', member: 'm2' }]);
	});

	it("a rename to another member's name or alias is refused", () => {
		const r = ok(renameMember(club(), 'm2', 'Didi'));
		expect(renameMember(r, 'm3', 'didi')).toMatchObject({
			ok: false,
			problems: [{ code: 'name-taken', player: 'm2', params: { name: 'didi', member: 'Didi' } }]
		});
		expect(renameMember(r, 'm3', 'Hélène')).toMatchObject({
			ok: false,
			problems: [{ code: 'name-taken' }]
		});
		expect(renameMember(r, 'nobody', 'X')).toMatchObject({
			ok: false,
			problems: [{ code: 'member-unknown' }]
		});
		expect(renameMember(r, 'm3', '')).toMatchObject({
			ok: false,
			problems: [{ code: 'name-empty' }]
		});
	});

	it('a merge folds one spelling of a person into the other, aliases and all', () => {
		let r = ok(addMember(club(), 'm4', 'Helene'));
		r = ok(renameMember(r, 'm4', 'Lene'));
		r = ok(mergeMembers(r, 'm1', 'm4'));
		expect(r.members.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
		const index = rosterIndex(r);
		for (const typed of ['Hélène', 'helene', 'LENE']) expect(memberOf(index, typed)).toBe('m1');
		expect(mergeMembers(r, 'm1', 'm1')).toMatchObject({
			ok: false,
			problems: [{ code: 'same-member' }]
		});
		expect(mergeMembers(r, 'm1', 'm4')).toMatchObject({
			ok: false,
			problems: [{ code: 'member-unknown', player: 'm4' }]
		});
	});

	it('a wrong merge is undone by splitting the alias into a member of its own', () => {
		const merged = ok(mergeMembers(ok(addMember(club(), 'm4', 'Ivan')), 'm3', 'm4'));
		const split = ok(splitAlias(merged, 'IVAN', 'm5'));
		expect(split.members.at(-1)).toEqual({ id: 'm5', name: 'Ivan' });
		expect(memberOf(rosterIndex(split), 'ivan')).toBe('m5');
		expect(memberOf(rosterIndex(split), 'ivo')).toBe('m3');
		expect(splitAlias(split, 'Ivan', 'm6')).toMatchObject({
			ok: false,
			problems: [{ code: 'alias-unknown' }]
		});
		expect(splitAlias(merged, 'Ivan', 'm1')).toMatchObject({
			ok: false,
			problems: [{ code: 'id-taken' }]
		});
	});

	it("any run of the organiser's actions keeps each spelling one member's, and matching total", () => {
		const names = [
			'Anna',
			'anna ',
			'ANNA',
			'Bea',
			'Béa',
			'Carl',
			'Karl',
			'Dora',
			' ',
			'x'.repeat(41)
		];
		const ids = ['a', 'b', 'c', 'd', 'e', 'guest:x'];
		const action = fc.oneof(
			fc.record({
				kind: fc.constant('add'),
				id: fc.constantFrom(...ids),
				name: fc.constantFrom(...names)
			}),
			fc.record({
				kind: fc.constant('rename'),
				id: fc.constantFrom(...ids),
				name: fc.constantFrom(...names)
			}),
			fc.record({
				kind: fc.constant('merge'),
				id: fc.constantFrom(...ids),
				other: fc.constantFrom(...ids)
			}),
			fc.record({
				kind: fc.constant('split'),
				id: fc.constantFrom(...ids),
				name: fc.constantFrom(...names)
			})
		);
		fc.assert(
			fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
				let roster = empty;
				for (const a of actions) {
					const before = spellings(roster);
					const next =
						a.kind === 'add'
							? addMember(roster, a.id, a.name)
							: a.kind === 'rename'
								? renameMember(roster, a.id, a.name)
								: a.kind === 'merge'
									? mergeMembers(roster, a.id, a.other)
									: splitAlias(roster, a.name, a.id);
					if (!next.ok) {
						expect(next.problems.length).toBe(1);
						continue;
					}
					roster = next.value;
					const keys = spellings(roster).map(([name]) => playerKey(name));
					expect(new Set(keys).size).toBe(keys.length);
					const ids = new Set(roster.members.map((m) => m.id));
					for (const [, member] of spellings(roster)) expect(ids.has(member)).toBe(true);
					// A spelling that named someone still names someone (a merge folds, never drops).
					const index = rosterIndex(roster);
					for (const [name] of before) expect(memberOf(index, name)).not.toBeNull();
				}
			})
		);
	});
});

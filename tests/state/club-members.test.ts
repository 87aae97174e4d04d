// The organiser's members screen (ClubMembers) against a club that answers as night-protocol.ts
// says, with the pure members module doing what the server does (addMember, renameMember,
// mergeMembers, splitAlias): each change is sent with the roster's revision and a fresh
// Idempotency-Key, a change the pure module refuses is refused in words before anything is sent,
// the club's refusals, a stale revision and a lost server are typed outcomes, and the roster
// shown is always the club's.
import 'fake-indexeddb/auto';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { joinClub } from '$lib/db/club';
import {
	addMember,
	mergeMembers,
	renameMember,
	splitAlias,
	type NightResult,
	type Roster
} from '$lib/club/night';
import {
	MemberChangeSchema,
	MergeSchema,
	NewMemberSchema,
	SplitSchema
} from '$lib/club/night-protocol';
import type { ClubMembership } from '$lib/db/database';
import { ClubMembers } from '$lib/state/club/members.svelte';
import { nightFailureText } from '$lib/components/club/night/nightText';
import { closeAll, freshDb } from '../db/helpers';
import { ORGANISER } from './fake-night-club';
import { untilState } from './wait';

class QuietEventSource extends EventTarget {
	static readonly CLOSED = 2;
	static opened: QuietEventSource[] = [];
	readyState = 1;
	constructor() {
		super();
		QuietEventSource.opened.push(this);
	}
	onerror: (() => void) | null = null;
	close() {}
}
beforeEach(() => {
	QuietEventSource.opened = [];
	vi.stubGlobal('EventSource', QuietEventSource);
});
afterEach(async () => {
	vi.unstubAllGlobals();
	await closeAll();
});

/** A club's roster in memory, changed by the pure module as the server changes it. */
function fakeMembersClub(names: string[], divisions: string[] = []) {
	const state = {
		revision: 1,
		roster: { members: [], aliases: [] } as Roster,
		divisionOf: new Map<string, string | null>(),
		writes: [] as {
			method: string;
			path: string;
			headers: Record<string, string>;
			body: unknown;
		}[],
		down: false,
		/** How many times the roster was read. */
		reads: 0,
		/** The next roster read answers the roster as it is now, once `release` is called. */
		holdNext: false,
		release: () => {},
		/** The next write is answered with this status and body instead. */
		answer: null as { status: number; body: unknown } | null
	};
	let next = 0;
	const newId = () => `m${++next}`;
	for (const name of names) {
		const added = addMember(state.roster, newId(), name);
		if (added.ok) state.roster = added.value;
	}
	const view = () => ({
		revision: state.revision,
		members: state.roster.members.map((m) => ({
			id: m.id,
			name: m.name,
			division: state.divisionOf.get(m.id) ?? null,
			aliases: state.roster.aliases.filter((a) => a.member === m.id).map((a) => a.name)
		}))
	});
	const settings = () => ({
		revision: state.revision,
		settings: {
			tableSizes: { min: 4, max: 6 },
			houseRules: null,
			seasonRule: { ranking: 'per-round', missed: { kind: 'not-counted' }, ties: 'shared' },
			divisions
		}
	});

	function change(method: string, path: string, body: unknown): NightResult<Roster> {
		const member = /^\/v1\/members\/([^/]+)(\/merge)?$/.exec(path);
		if (method === 'POST' && path === '/v1/members') {
			return addMember(state.roster, newId(), v.parse(NewMemberSchema, body).name);
		}
		if (method === 'POST' && path === '/v1/members/split') {
			return splitAlias(state.roster, v.parse(SplitSchema, body).spelling, newId());
		}
		if (method === 'POST' && member?.[2]) {
			return mergeMembers(state.roster, member[1]!, v.parse(MergeSchema, body).gone);
		}
		const patch = v.parse(MemberChangeSchema, body);
		const id = member![1]!;
		if (patch.division !== undefined) {
			if (patch.division !== null && !divisions.includes(patch.division)) {
				return {
					ok: false,
					problems: [{ code: 'division-unknown', params: { division: patch.division } }]
				};
			}
			state.divisionOf.set(id, patch.division);
		}
		return patch.name === undefined
			? { ok: true, value: state.roster }
			: renameMember(state.roster, id, patch.name);
	}

	function write(method: string, path: string, init: RequestInit): Response {
		const headers = init.headers as Record<string, string>;
		const body: unknown = JSON.parse(String(init.body));
		state.writes.push({ method, path, headers, body });
		if (state.answer) {
			const { status, body: answer } = state.answer;
			state.answer = null;
			return Response.json(answer, { status });
		}
		if (!/^[0-9a-f-]{36}$/.test(headers['Idempotency-Key'] ?? '')) {
			return Response.json({ error: 'invalid' }, { status: 400 });
		}
		if (headers['If-Match'] !== String(state.revision)) {
			return Response.json({ error: 'stale', revision: state.revision }, { status: 409 });
		}
		const result = change(method, path, body);
		if (!result.ok)
			return Response.json({ error: 'refused', problems: result.problems }, { status: 422 });
		state.roster = result.value;
		state.revision++;
		return Response.json(view());
	}

	const fetchFn = async (url: RequestInfo | URL, init: RequestInit = {}) => {
		const headers = init.headers as Record<string, string>;
		if (headers.Authorization !== `Bearer ${ORGANISER.token}`) {
			return Response.json({ error: 'organiser-only' }, { status: 403 });
		}
		if (state.down) throw new TypeError('Failed to fetch');
		const path = String(url).slice(ORGANISER.server.length);
		const method = init.method ?? 'GET';
		if (method !== 'GET') return write(method, path, init);
		if (path === '/v1/members') {
			state.reads++;
			const now = view();
			if (state.holdNext) {
				state.holdNext = false;
				await new Promise<void>((resolve) => (state.release = resolve));
			}
			return Response.json(now);
		}
		if (path === '/v1/club/settings') return Response.json(settings());
		return Response.json({ error: 'not-found' }, { status: 404 });
	};
	return { state, fetch: fetchFn as typeof fetch };
}

async function organiserMembers(
	club = fakeMembersClub(['Anna', 'Hélène', 'Helene B']),
	as = ORGANISER
) {
	const db = freshDb();
	await joinClub(db, as);
	let key = 0;
	const members = new ClubMembers(
		db,
		club.fetch,
		() => `00000000-0000-4000-8000-${String(++key).padStart(12, '0')}`
	);
	const stop = members.watch();
	return { members, club, stop };
}

const idOf = (members: ClubMembers, name: string) =>
	members.members!.members.find((m) => m.name === name)!.id;

describe('ClubMembers', () => {
	it('adds, renames, merges and splits: each sent with the revision shown and a fresh key', async () => {
		const { members, club, stop } = await organiserMembers();
		await untilState(() => expect(members.members?.members).toHaveLength(3));

		expect(await members.add('Bo')).toEqual({ ok: true });
		expect(members.members!.members.map((m) => m.name)).toEqual([
			'Anna',
			'Hélène',
			'Helene B',
			'Bo'
		]);

		// Renamed: the old name stays Anna's spelling.
		expect(await members.rename(idOf(members, 'Anna'), 'Anna K.')).toEqual({ ok: true });
		expect(members.members!.members[0]).toMatchObject({ name: 'Anna K.', aliases: ['Anna'] });

		// Helene B is Hélène: her spelling now, and no member of her own.
		const helene = idOf(members, 'Hélène');
		expect(await members.merge(helene, idOf(members, 'Helene B'))).toEqual({ ok: true });
		expect(members.members!.members.map((m) => m.name)).toEqual(['Anna K.', 'Hélène', 'Bo']);
		expect(members.members!.members[1]!.aliases).toEqual(['Helene B']);

		// A wrong merge undone: the spelling is a member of its own again.
		expect(await members.split('Helene B')).toEqual({ ok: true });
		expect(members.members!.members.map((m) => m.name)).toContain('Helene B');
		expect(members.members!.members.find((m) => m.id === helene)!.aliases).toEqual([]);

		expect(club.state.writes.map((w) => [w.method, w.path.replace(/m\d+/g, ':id')])).toEqual([
			['POST', '/v1/members'],
			['PATCH', '/v1/members/:id'],
			['POST', '/v1/members/:id/merge'],
			['POST', '/v1/members/split']
		]);
		expect(club.state.writes.map((w) => w.headers['If-Match'])).toEqual(['1', '2', '3', '4']);
		const keys = club.state.writes.map((w) => w.headers['Idempotency-Key']);
		expect(new Set(keys).size).toBe(keys.length);
		stop();
	});

	it('refuses in words before sending what the club would refuse', async () => {
		const { members, club, stop } = await organiserMembers();
		await untilState(() => expect(members.members?.members).toHaveLength(3));
		const refusals = [
			await members.add('  anna '),
			await members.add(''),
			await members.rename(idOf(members, 'Anna'), 'HELENE b'),
			await members.merge(idOf(members, 'Anna'), idOf(members, 'Anna')),
			await members.split('Nobody'),
			await members.setDivision(idOf(members, 'Anna'), 'Juniors')
		];
		expect(refusals.map((r) => nightFailureText(r, members.nameOf))).toEqual([
			"“anna” is already the club's member Anna.",
			'Type a name.',
			"“HELENE b” is already the club's member Helene B.",
			'A member cannot be merged with themselves.',
			"“Nobody” is no spelling of a member's name.",
			'The club has no division “Juniors”.'
		]);
		expect(club.state.writes).toEqual([]);
		stop();
	});

	it('puts a member in one of the club’s divisions, and out again', async () => {
		const { members, club, stop } = await organiserMembers(
			fakeMembersClub(['Anna'], ['Juniors', 'Seniors'])
		);
		await untilState(() => expect(members.divisions).toEqual(['Juniors', 'Seniors']));
		const anna = idOf(members, 'Anna');
		expect(await members.setDivision(anna, 'Juniors')).toEqual({ ok: true });
		expect(members.members!.members[0]!.division).toBe('Juniors');
		expect(await members.setDivision(anna, null)).toEqual({ ok: true });
		expect(members.members!.members[0]!.division).toBeNull();
		expect(club.state.writes.map((w) => w.body)).toEqual([
			{ division: 'Juniors' },
			{ division: null }
		]);
		stop();
	});

	it('says a club refusal, a stale revision, a lost server and a key that is not the organiser’s', async () => {
		const { members, club, stop } = await organiserMembers();
		await untilState(() => expect(members.members?.members).toHaveLength(3));

		club.state.answer = {
			status: 422,
			body: { error: 'refused', problems: [{ code: 'member-unknown' }] }
		};
		const refused = await members.rename(idOf(members, 'Anna'), 'Ann');
		expect(nightFailureText(refused, members.nameOf)).toMatch(/no longer in the club's list/);

		// Another organiser's phone changed the roster meanwhile: read again, nothing changed here.
		club.state.revision = 7;
		const stale = await members.add('Cy');
		expect(stale).toEqual({ ok: false, reason: 'stale', revision: 7 });
		expect(members.members!.revision).toBe(7);
		expect(members.members!.members.map((m) => m.name)).not.toContain('Cy');
		expect(await members.add('Cy')).toEqual({ ok: true });

		club.state.down = true;
		const lost = await members.add('Di');
		expect(lost).toEqual({ ok: false, reason: 'unreachable' });
		expect(nightFailureText(lost)).toMatch(/does not answer/);

		club.state.down = false;
		club.state.answer = { status: 403, body: { error: 'organiser-only' } };
		expect(await members.add('Di')).toEqual({ ok: false, reason: 'organiser-only' });
		stop();
	});

	it('keeps the newest roster when an older read answers last: the next change is not stale', async () => {
		const { members, club, stop } = await organiserMembers();
		await untilState(() => expect(QuietEventSource.opened).toHaveLength(1));
		await untilState(() => expect(members.members?.revision).toBe(1));
		// The live channel asks for a read; its answer is held back (revision 1).
		club.state.holdNext = true;
		QuietEventSource.opened[0]!.dispatchEvent(new Event('change'));
		await untilState(() => expect(club.state.holdNext).toBe(false));
		// A change meanwhile, read again after it: revision 2 with Bo.
		expect(await members.add('Bo')).toEqual({ ok: true });
		expect(members.members!.revision).toBe(2);
		// Another change on the channel: read after the held one, and held too, so once it is asked
		// the older read has been dealt with.
		const older = club.state.release;
		club.state.holdNext = true;
		QuietEventSource.opened[0]!.dispatchEvent(new Event('change'));
		older();
		await untilState(() => expect(club.state.holdNext).toBe(false));
		// The older read answered last: kept out.
		expect(members.members!.revision).toBe(2);
		expect(members.members!.members.map((m) => m.name)).toContain('Bo');
		club.state.release();
		expect(await members.add('Cy')).toEqual({ ok: true });
		stop();
	});

	it("reads the roster on the night's and the club's changes, not on a table's batch", async () => {
		const { members, club, stop } = await organiserMembers();
		onTestFinished(stop);
		await untilState(() => expect(QuietEventSource.opened).toHaveLength(1));
		await untilState(() => expect(members.members?.revision).toBe(1));
		const source = QuietEventSource.opened[0]!;
		const tell = (data: string) => source.dispatchEvent(new MessageEvent('change', { data }));
		const reads = club.state.reads;
		// A table sent rounds; another organiser's phone checked someone in: the revision this
		// screen's next write sends.
		club.state.revision = 5;
		tell('evenings');
		tell('night');
		await untilState(() => expect(members.members?.revision).toBe(5));
		expect(club.state.reads).toBe(reads + 1);
	});

	it('asks nothing of a key that is not the organiser’s', async () => {
		const table: ClubMembership = { ...ORGANISER, role: 'table', table: 'Table 1' };
		const club = fakeMembersClub(['Anna']);
		const spy = vi.fn(club.fetch);
		const { members, stop } = await organiserMembers(
			{ ...club, fetch: spy as typeof fetch },
			table
		);
		await untilState(() => expect(members.club?.role).toBe('table'));
		expect(members.members).toBeNull();
		expect(spy).not.toHaveBeenCalled();
		stop();
	});
});

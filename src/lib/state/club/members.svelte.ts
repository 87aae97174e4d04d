// The organiser's members screen (routes/club/members): the club's roster as its server holds it
// (GET /v1/members, the divisions from GET /v1/club/settings), read again on each change of the
// live channel but a table's batch (which changes neither), and the organiser's changes to it:
// add, rename, a division, two spellings of one person merged, a wrong merge split. The pure
// module refuses what it can before anything is sent (the same words the club's refusal would
// get); each change answers a typed outcome, and nothing shows as done before the club stored it.
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import type { Fetch } from '$lib/club/client';
import {
	addWrite,
	divisionWrite,
	fetchSettings,
	mergeWrite,
	renameWrite,
	splitWrite
} from '$lib/club/members-client';
import { fetchMembers } from '$lib/club/night-client';
import type { Members } from '$lib/club/night-protocol';
import {
	addMember,
	mergeMembers,
	renameMember,
	splitAlias,
	type NightResult,
	type Roster
} from '$lib/club/night';
import { appDb } from '../app-db';
import { readResult, type ReadResult } from './live';
import { rosterOf, type NightOutcome } from './night.svelte';
import { OrganiserScreen, type MakeWrite } from './organiser-writes.svelte';

export type Member = Members['members'][number];

export class ClubMembers extends OrganiserScreen {
	members = $state.raw<Members | null>(null);
	/** The divisions the club lists (age bands, tiers); a member may sit in one. */
	divisions = $state.raw<string[]>([]);
	readonly roster: Roster = $derived(rosterOf(this.members));
	readonly #key: () => string;

	constructor(
		db: CabooseDb = appDb,
		fetchFn: Fetch = (...a) => fetch(...a),
		key: () => string = () => crypto.randomUUID()
	) {
		super(db, fetchFn, key);
		this.#key = key;
	}

	/** The club's members and settings, and the night's revision that every write sends. */
	protected override readonly about = ['club', 'night'] as const;

	/** A member's name from their id (a member merged away meanwhile: the id as is). */
	nameOf = (id: string): string => this.members?.members.find((m) => m.id === id)?.name ?? id;

	protected async read(club: ClubMembership): Promise<ReadResult> {
		const keep = this.turn();
		const [members, settings] = await Promise.all([
			fetchMembers(this.fetch, club),
			fetchSettings(this.fetch, club)
		]);
		if (keep(members.ok || settings.ok)) {
			if (members.ok) this.members = members.value;
			if (settings.ok) this.divisions = settings.value.settings.divisions;
		}
		return readResult(members, settings);
	}

	add(name: string): Promise<NightOutcome> {
		return this.#send(addMember(this.roster, this.#key(), name), addWrite(name));
	}

	/** A new name; the old one stays the member's spelling, so evenings typed with it count. */
	rename(id: string, name: string): Promise<NightOutcome> {
		return this.#send(renameMember(this.roster, id, name), renameWrite(id, name));
	}

	/** `gone` is the same person as `keep`: gone's spellings become keep's. */
	merge(keep: string, gone: string): Promise<NightOutcome> {
		return this.#send(mergeMembers(this.roster, keep, gone), mergeWrite(keep, gone));
	}

	/** A spelling merged by mistake becomes a member of its own. */
	split(spelling: string): Promise<NightOutcome> {
		return this.#send(splitAlias(this.roster, spelling, this.#key()), splitWrite(spelling));
	}

	/** The member's division (null: none); only one the club lists. */
	setDivision(id: string, division: string | null): Promise<NightOutcome> {
		const checked: NightResult<null> =
			division !== null && !this.divisions.includes(division)
				? { ok: false, problems: [{ code: 'division-unknown', params: { division } }] }
				: { ok: true, value: null };
		return this.#send(checked, divisionWrite(id, division));
	}

	/** A change the pure module allows, sent; its refusal otherwise, and nothing is sent. */
	#send(checked: NightResult<unknown>, make: MakeWrite): Promise<NightOutcome> {
		if (!checked.ok) {
			return Promise.resolve({ ok: false, reason: 'refused', problems: checked.problems });
		}
		return this.writes.send(
			this.club,
			() => this.members?.revision ?? null,
			make,
			(club) => this.read(club)
		);
	}
}

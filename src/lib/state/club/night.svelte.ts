// The organiser's club night (routes/club/night): tonight as the club's server holds it (GET
// /v1/night, the members from GET /v1/members), each read again on a change of the live channel
// that may change it, and the organiser's actions: who is here (the whole list, PUT
// /v1/night/check-in), a deal and the next game (POST /v1/night/games). Each action answers a
// typed outcome; nothing is shown as done before the club stored it. Every write carries the
// night's revision the screen showed, so a second organiser's phone never undoes this one's
// unseen (409 stale: read again, decide again).
import type { ClubMembership } from '$lib/db/database';
import {
	checkInWrite,
	fetchMembers,
	fetchNight,
	gameWrite,
	type WriteAnswer
} from '$lib/club/night-client';
import type { Members, MoveRule, Night, NightRefusal } from '$lib/club/night-protocol';
import { tableSizes, tonightsPlayers, type Roster } from '$lib/club/night';
import { mayBe, readResult, type Changed, type ReadResult } from './live';
import { OrganiserScreen, ReadTurns, type MakeWrite } from './organiser-writes.svelte';

/** What a check-in or a game changes: tonight, not the club's members. */
const TONIGHT: Changed = new Set(['night']);

/** What an organiser's action came to (WriteAnswer; a refusal may be found before sending). */
export type NightOutcome = WriteAnswer;

/** Tonight's count and the tables it makes, or the problem that stops a deal. */
export type HereCount =
	{ count: number; sizes: number[] } | { count: number; problem: NightRefusal };

/** The club's members as the pure module's roster (names and other spellings). */
export function rosterOf(members: Members | null): Roster {
	const list = members?.members ?? [];
	return {
		members: list.map((m) => ({ id: m.id, name: m.name })),
		aliases: list.flatMap((m) => m.aliases.map((name) => ({ name, member: m.id })))
	};
}

/** How many are here and the tables they make: "14 here: 3 tables of 5, 5, 4". */
export function hereCount(night: Night, here: readonly string[], guests: readonly string[]) {
	const count = here.length + guests.length;
	const sizes = tableSizes(count, night.tableSizes);
	return sizes.ok ? { count, sizes: sizes.value } : { count, problem: sizes.problems[0]! };
}

export class ClubNight extends OrganiserScreen {
	night = $state.raw<Night | null>(null);
	members = $state.raw<Members | null>(null);
	/** Who is here as the organiser last asked, until the club has it (null: as the club has it). */
	#asked = $state.raw<{ here: string[]; guests: string[] } | null>(null);

	/** Members ticked as here tonight (as asked, until the club answers). */
	readonly here = $derived(this.#asked?.here ?? this.night?.checkIn?.here ?? []);
	readonly guests = $derived(this.#asked?.guests ?? this.night?.checkIn?.guests ?? []);
	readonly count = $derived<HereCount | null>(
		this.night ? hereCount(this.night, this.here, this.guests) : null
	);
	/** The game being played (the last dealt), or null before the first deal. */
	readonly game = $derived(this.night?.games.at(-1) ?? null);
	protected override readonly about = ['evenings', 'night', 'club'] as const;
	readonly #memberTurns = new ReadTurns();

	/**
	 * Tonight (each table's round, leader and last heard, tonight's standings, the revision every
	 * write sends) changes with the tables' evenings and the night; the members only with the club.
	 */
	protected async read(club: ClubMembership, changed: Changed): Promise<ReadResult> {
		const keepNight = mayBe(changed, 'evenings', 'night') ? this.turn() : null;
		const keepMembers = mayBe(changed, 'club') ? this.#memberTurns.take() : null;
		const [night, members] = await Promise.all([
			keepNight && fetchNight(this.fetch, club),
			keepMembers && fetchMembers(this.fetch, club)
		]);
		if (night && keepNight?.(night.ok) && night.ok) this.night = night.value;
		if (members && keepMembers?.(members.ok) && members.ok) this.members = members.value;
		return readResult(night, members);
	}

	/** Ticks (or unticks) a member as here tonight. */
	tick(member: string, here: boolean): Promise<NightOutcome> {
		const now = this.here.filter((id) => id !== member);
		return this.#checkIn(here ? [...now, member] : now, this.guests);
	}

	/** Adds a guest; a name that is a member's, or a guest's already, is refused before sending. */
	addGuest(name: string): Promise<NightOutcome> {
		const guests = [...this.guests, name];
		const checked = tonightsPlayers(rosterOf(this.members), this.here, guests);
		if (!checked.ok) {
			const problems = checked.problems.filter((p) => p.params?.guest === guests.length - 1);
			if (problems.length > 0) return Promise.resolve({ ok: false, reason: 'refused', problems });
		}
		return this.#checkIn(this.here, guests);
	}

	removeGuest(name: string): Promise<NightOutcome> {
		return this.#checkIn(
			this.here,
			this.guests.filter((g) => g !== name)
		);
	}

	/** Deals tonight's players to tables at random: the night's first game (or a deal again). */
	deal(): Promise<NightOutcome> {
		return this.#send((revision, key) => gameWrite({ rule: { kind: 'deal' } }, revision, key));
	}

	/** The next game's seats by the club's rule; `force`: a table still playing ends its game. */
	nextGame(rule: MoveRule, force = false): Promise<NightOutcome> {
		const game = force ? { rule, force } : { rule };
		return this.#send((revision, key) => gameWrite(game, revision, key));
	}

	async #checkIn(here: string[], guests: string[]): Promise<NightOutcome> {
		this.#asked = { here, guests };
		const answer = await this.#send((revision, key) =>
			checkInWrite({ here, guests }, revision, key)
		);
		// A later tap asked something else meanwhile: that one's answer will say.
		if (this.#asked?.here === here && this.#asked.guests === guests) this.#asked = null;
		return answer;
	}

	/** One write at a time, each with the revision the one before it left, then tonight again. */
	#send(make: MakeWrite): Promise<NightOutcome> {
		return this.writes.send(
			this.club,
			() => this.night?.revision ?? null,
			make,
			(club, stored) => this.read(club, stored ? TONIGHT : null)
		);
	}
}

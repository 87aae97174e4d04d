// The organiser's screen of one table tonight (routes/club/night/table/[n]): for each game the
// table played, its evening as the club holds it (GET /v1/night/evenings/:id), read again on each
// change of the live channel, and the organiser's correction of a round (POST
// /v1/night/corrections, with the night's revision the screen showed and a fresh Idempotency-Key,
// the same key again when the same correction is sent again after no answer).
import type { CabooseDb, ClubMembership } from '$lib/db/database';
import type { Fetch } from '$lib/club/client';
import {
	correctionWrite,
	fetchClubEvening,
	fetchNight,
	write,
	type WriteAnswer
} from '$lib/club/night-client';
import type { ClubEveningView, CorrectionInput, Night } from '$lib/club/night-protocol';
import { computeEvening, engineAt, eveningSetup } from '$lib/rules';
import type { EveningSetup, RoundEntry, RulesChoice } from '$lib/rules/types';
import type { EntryContext } from '../entry.svelte';
import { appDb } from '../app-db';
import { readResult, type ReadResult } from './live';
import { ClubReading } from './reading.svelte';

/** One game of this table tonight: its evening as the club holds it, or null (not started). */
export interface TableGame {
	game: number;
	eveningId: string | null;
	evening: ClubEveningView | null;
}

/** The form's context for correcting round `index` of `view`, or null when it cannot be read. */
export function correctionContext(view: ClubEveningView, index: number): EntryContext | null {
	let setup: EveningSetup;
	try {
		// The club checked the evening as a backup's (knobs by the knob table); resolving may refuse.
		setup = eveningSetup({ ...view.evening, rules: view.evening.rules as RulesChoice });
	} catch {
		return null;
	}
	const rounds: RoundEntry[] = view.rounds.map((r) => r.entry);
	if (!rounds[index]) return null;
	const engine = engineAt(setup.rules, index);
	if (engine === null) return null;
	const players = computeEvening(setup, rounds.slice(0, index)).active;
	return { setup, rounds, index, engine, players };
}

export class TableRounds extends ClubReading {
	night = $state.raw<Night | null>(null);
	games = $state.raw<TableGame[]>([]);
	/** A correction on its way to the club. */
	busy = $state(false);
	readonly table: number;
	readonly #key: () => string;
	/** The correction sent last and its key: sent again as it was, it keeps its key. */
	#last: { body: string; key: string } | null = null;

	constructor(
		table: number,
		db: CabooseDb = appDb,
		fetchFn: Fetch = (...a) => fetch(...a),
		key: () => string = () => crypto.randomUUID()
	) {
		super(db, fetchFn);
		this.table = table;
		this.#key = key;
	}

	protected reads(club: ClubMembership): boolean {
		return club.role === 'organiser';
	}

	protected async read(club: ClubMembership): Promise<ReadResult> {
		const night = await fetchNight(this.fetch, club);
		if (!night.ok) return readResult(night);
		const played = night.value.games.flatMap((g) => {
			const t = g.tables.find((x) => x.table === this.table);
			return t ? [{ game: g.number, eveningId: t.progress.eveningId }] : [];
		});
		const evenings = await Promise.all(
			played.map((p) => (p.eveningId ? fetchClubEvening(this.fetch, club, p.eveningId) : null))
		);
		this.night = night.value;
		this.games = played.map((p, i) => {
			const read = evenings[i];
			return { ...p, evening: read?.ok ? read.value : null };
		});
		const failed = evenings.find((e) => e && !e.ok);
		return readResult(night, failed);
	}

	/** Sends the organiser's correction of a round; on success (or a stale screen) reads again. */
	async correct(eveningId: string, round: number, entry: RoundEntry): Promise<WriteAnswer> {
		// Plain data, as the wire holds it (a tile is a pair of numbers).
		const plain = JSON.parse(JSON.stringify(entry)) as CorrectionInput['entry'];
		const input: CorrectionInput = { eveningId, round, entry: plain };
		const club = this.club;
		const night = this.night;
		if (!club || !night || this.busy) return { ok: false, reason: 'unreachable' };
		const body = JSON.stringify(input);
		const key = this.#last?.body === body ? this.#last.key : this.#key();
		this.#last = { body, key };
		this.busy = true;
		try {
			const answer = await write(this.fetch, club, correctionWrite(input, night.revision, key));
			if (answer.ok || answer.reason !== 'unreachable') this.#last = null;
			if (answer.ok || answer.reason === 'stale') await this.read(club);
			return answer;
		} finally {
			this.busy = false;
		}
	}
}

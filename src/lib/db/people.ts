// One person per name across phones. An evening imported from another phone keeps that phone's
// player ids, so the Players page groups ids into people: an id with a row of this phone is its
// own person; an id from elsewhere joins the player of this phone with the same name (compared by
// playerKey, as setup compares names). The scorekeeper's Merge and Split are stored in `people`
// and come first.
import type { Transaction } from 'dexie';
import { cleanName, playerKey } from '$lib/rules';
import type { CabooseDb, EveningRow, PersonRow, PlayerRow } from './rows';

export interface Person {
	/** The id of one of its players: the person's page and what Merge and Split name. */
	id: string;
	name: string;
	lastPlayedAt: number;
	/** Every player id that is this person (this phone's and other phones'). */
	ids: string[];
	/** The names those ids carry, the person's own first, each once. */
	names: string[];
}

interface Player {
	id: string;
	name: string;
	key: string;
	lastPlayedAt: number;
	/** A row of this phone's players (an id only seen at seats came from another phone). */
	row: boolean;
}

/** Every player id known: this phone's rows, then the seats' ids (latest name wins). */
function allPlayers(rows: PlayerRow[], evenings: EveningRow[]): Map<string, Player> {
	const out = new Map<string, Player>(rows.map((p) => [p.id, { ...p, row: true }]));
	for (const evening of [...evenings].sort((a, b) => a.createdAt - b.createdAt)) {
		for (const seat of evening.players) {
			const known = out.get(seat.id);
			if (known?.row) continue;
			out.set(seat.id, {
				id: seat.id,
				name: seat.name,
				key: playerKey(seat.name),
				lastPlayedAt: Math.max(known?.lastPlayedAt ?? 0, evening.createdAt),
				row: false
			});
		}
	}
	return out;
}

export interface People {
	people: Person[];
	/** The person a player id belongs to (undefined: an id nobody knows). */
	personOf(id: string): Person | undefined;
	/** The evenings they were read from (readers need them too: read once). */
	evenings: EveningRow[];
}

/** The people of these players, seats and choices (pure: the caller reads in one transaction). */
export function groupPeople(
	rows: PlayerRow[],
	evenings: EveningRow[],
	choices: PersonRow[]
): People {
	const players = allPlayers(rows, evenings);
	const chosen = new Map(choices.map((c) => [c.playerId, c.person]));
	const rowByKey = new Map(rows.map((r) => [r.key, r.id]));
	// An id from elsewhere whose name no row here has: the first such id names the group.
	const firstByKey = new Map<string, string>();
	for (const p of [...players.values()].sort((a, b) => a.id.localeCompare(b.id))) {
		if (!p.row && !firstByKey.has(p.key)) firstByKey.set(p.key, p.id);
	}
	const personId = (p: Player): string => {
		const choice = chosen.get(p.id);
		if (choice !== undefined) return choice;
		if (p.row) return p.id;
		const here = rowByKey.get(p.key);
		return here !== undefined ? (chosen.get(here) ?? here) : firstByKey.get(p.key)!;
	};
	const groups = new Map<string, Player[]>();
	const of = new Map<string, string>();
	for (const p of players.values()) {
		const id = personId(p);
		of.set(p.id, id);
		groups.set(id, [...(groups.get(id) ?? []), p]);
	}
	const byId = new Map<string, Person>();
	for (const [id, members] of groups) {
		members.sort(
			(a, b) => Number(b.id === id) - Number(a.id === id) || b.lastPlayedAt - a.lastPlayedAt
		);
		const first = members[0]!;
		byId.set(id, {
			id,
			name: first.name,
			lastPlayedAt: Math.max(...members.map((m) => m.lastPlayedAt)),
			ids: members.map((m) => m.id),
			names: [...new Set(members.map((m) => m.name))]
		});
	}
	return {
		people: [...byId.values()],
		personOf: (id) => byId.get(of.get(id) ?? id),
		evenings
	};
}

/** The tables `readPeople` reads, for a caller's transaction. */
export function peopleTables(db: CabooseDb) {
	return [db.players, db.evenings, db.people];
}

/** Inside the caller's transaction (over `peopleTables`): everyone, grouped into people. */
export async function readPeople(db: CabooseDb): Promise<People> {
	const [rows, evenings, choices] = await Promise.all([
		db.players.toArray(),
		db.evenings.toArray(),
		db.people.toArray()
	]);
	return groupPeople(rows, evenings, choices);
}

/**
 * Inside the caller's read-write transaction: stores who `person` is now, so a later rename or an
 * import cannot move its players by their names.
 */
export async function pinPerson(db: CabooseDb, person: Person, as = person.id): Promise<void> {
	await db.people.bulkPut(person.ids.map((playerId) => ({ playerId, person: as })));
}

export type MergeResult =
	{ ok: true; id: string } | { ok: false; problem: 'missing' | 'same' | 'same-evening' };

/**
 * Makes `other` the same person as `keep` (whose name stays), in one transaction. Two people who
 * sat at one evening are two people: refused.
 */
export async function mergePeople(
	db: CabooseDb,
	keep: string,
	other: string
): Promise<MergeResult> {
	return db.transaction('rw', peopleTables(db), async (): Promise<MergeResult> => {
		const people = await readPeople(db);
		const a = people.personOf(keep);
		const b = people.personOf(other);
		if (!a || !b) return { ok: false, problem: 'missing' };
		if (a.id === b.id) return { ok: false, problem: 'same' };
		const [inA, inB] = [new Set(a.ids), new Set(b.ids)];
		const together = people.evenings.some(
			(e) => e.players.some((s) => inA.has(s.id)) && e.players.some((s) => inB.has(s.id))
		);
		if (together) return { ok: false, problem: 'same-evening' };
		await pinPerson(db, a);
		await pinPerson(db, b, a.id);
		return { ok: true, id: a.id };
	});
}

export type SplitResult =
	{ ok: true; count: number } | { ok: false; problem: 'missing' | 'single' };

/** Makes each player id of a person a person of its own again, in one transaction. */
export async function splitPerson(db: CabooseDb, id: string): Promise<SplitResult> {
	return db.transaction('rw', peopleTables(db), async (): Promise<SplitResult> => {
		const person = (await readPeople(db)).personOf(id);
		if (!person) return { ok: false, problem: 'missing' };
		if (person.ids.length < 2) return { ok: false, problem: 'single' };
		await db.people.bulkPut(person.ids.map((playerId) => ({ playerId, person: playerId })));
		return { ok: true, count: person.ids.length };
	});
}

/**
 * Names as an older build stored them (a pasted tab, a zero-width space), cleaned as setup cleans
 * them now, so what is stored exports and restores. Two seats of one evening that become one name
 * keep a number ("Ann", "Ann 2"); a player row whose name becomes another's is dropped (its seats
 * keep its id, and join that player by name).
 */
export async function cleanStoredNames(tx: Transaction): Promise<void> {
	const clean = (name: string) => cleanName(name) || name.trim() || '?';
	const rows = ((await tx.table('players').toArray()) as PlayerRow[]).sort(
		(a, b) => b.lastPlayedAt - a.lastPlayedAt
	);
	const taken = new Set<string>();
	const keep: PlayerRow[] = [];
	const drop: string[] = [];
	for (const row of rows) {
		const name = clean(row.name);
		const key = playerKey(name);
		if (taken.has(key)) drop.push(row.id);
		else keep.push({ ...row, name, key });
		taken.add(key);
	}
	await tx.table('players').bulkDelete(drop);
	await tx.table('players').bulkPut(keep);
	const evenings = (await tx.table('evenings').toArray()) as EveningRow[];
	for (const evening of evenings) {
		const seen = new Set<string>();
		const players = evening.players.map((seat) => {
			const base = clean(seat.name);
			let name = base;
			for (let n = 2; seen.has(playerKey(name)); n++) name = `${base} ${n}`;
			seen.add(playerKey(name));
			return { id: seat.id, name };
		});
		if (players.some((p, i) => p.name !== evening.players[i]!.name)) {
			await tx.table('evenings').put({ ...evening, players });
		}
	}
}

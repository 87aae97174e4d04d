// A club server's night, answered in memory as night-protocol.ts says (GET /v1/night,
// /v1/members, /v1/season, PUT /v1/night/check-in, POST /v1/night/games), with the pure night
// module doing what the server does with it: tonightsPlayers, dealTables, nextGame. Each write
// is checked for its Idempotency-Key and If-Match, as the real server checks them.
import * as v from 'valibot';
import { dealTables, nextGame, tonightsPlayers, type MoveRule } from '$lib/club/night';
import {
	CheckInSchema,
	NewGameSchema,
	NightSchema,
	SeasonSchema,
	type Game,
	type Night,
	type Season,
	type SeasonStandingsRow
} from '$lib/club/night-protocol';
import type { ClubMembership } from '$lib/db/database';

export const ORGANISER: ClubMembership = {
	server: 'https://club.example',
	token: 'O'.repeat(43),
	club: 'Domino club',
	table: 'Ruth',
	role: 'organiser',
	joinedAt: 1,
	revoked: false
};

const SEED = '0123456789abcdef0123456789abcdef';

/** A season row with every figure, for a player of `name` at `place`. */
export function seasonRow(name: string, place: number, more: Partial<SeasonStandingsRow> = {}) {
	return {
		player: `id-${name}`,
		name,
		place,
		score: 10 + place,
		total: 100 + place,
		rounds: 10,
		evenings: 1,
		points: 0,
		nightsPlayed: 3,
		nightsCounted: 3,
		nightsMissed: 1,
		nightsFilled: 0,
		bestNight: 9,
		rankedBy: place === 1 ? null : ('score' as const),
		...more
	};
}

export function fakeNightClub(memberNames: string[]) {
	const members = memberNames.map((name, i) => ({
		id: `m${i + 1}`,
		name,
		division: null,
		aliases: [] as string[]
	}));
	const state = {
		revision: 1,
		here: [] as string[],
		guests: [] as string[],
		games: [] as Game[],
		/** Each write as sent: method, path, headers, body. */
		writes: [] as {
			method: string;
			path: string;
			headers: Record<string, string>;
			body: unknown;
		}[],
		/** The next write is answered with this status and body instead. */
		answer: null as { status: number; body: unknown } | null,
		down: false,
		/** Each read's path, in the order asked. */
		reads: [] as string[],
		seasonRows: [] as ReturnType<typeof seasonRow>[]
	};
	const roster = () => ({ members: members.map((m) => ({ id: m.id, name: m.name })), aliases: [] });

	const night = (): Night => {
		const players = tonightsPlayers(roster(), state.here, state.guests);
		return v.parse(NightSchema, {
			club: 'Domino club',
			night: '2026-11-26',
			revision: state.revision,
			tableSizes: { min: 4, max: 6 },
			checkIn: {
				here: state.here,
				guests: state.guests,
				players: players.ok ? players.value.map((p) => ({ player: p.id, ...p })) : []
			},
			games: state.games,
			standings: {
				rule: { ranking: 'per-round', missed: { kind: 'not-counted' }, ties: 'shared' },
				divisions: [{ division: null, rows: [], count: 0 }]
			}
		});
	};
	const season = (): Season =>
		v.parse(SeasonSchema, {
			club: 'Domino club',
			season: '2026',
			rule: { ranking: 'per-round', missed: { kind: 'own-average' }, ties: 'best-night' },
			nights: ['2026-11-05', '2026-11-12', '2026-11-19', '2026-11-26'],
			divisions: [{ division: null, rows: state.seasonRows, count: state.seasonRows.length }]
		});

	const refused = (problems: unknown[]) =>
		Response.json({ error: 'refused', problems }, { status: 422 });

	function game(rule: Game['rule'], tables: { table: number; players: string[] }[]): Game {
		const names = tonightsPlayers(roster(), state.here, state.guests);
		const nameOf = (id: string) =>
			(names.ok ? names.value.find((p) => p.id === id)?.name : undefined) ?? id;
		return {
			number: state.games.length + 1,
			rule,
			seed: SEED,
			method: 1,
			at: 1,
			by: 'Ruth',
			tables: tables.map((t) => ({
				table: t.table,
				phone: `Table ${t.table}`,
				final: false,
				players: t.players.map((p) => ({
					player: p,
					name: nameOf(p),
					guest: p.startsWith('guest:')
				})),
				progress: { eveningId: null, round: 0, leader: [], over: false, lastHeardAt: null }
			})),
			moves: [],
			finalTables: []
		};
	}

	function postGame(body: unknown): Response {
		const { rule } = v.parse(NewGameSchema, body);
		if (rule.kind === 'deal') {
			const players = tonightsPlayers(roster(), state.here, state.guests);
			if (!players.ok) return refused(players.problems);
			const dealt = dealTables(
				players.value.map((p) => p.id),
				{ min: 4, max: 6 },
				SEED
			);
			if (!dealt.ok) return refused(dealt.problems);
			state.games.push(game(rule, dealt.value.tables));
			return Response.json({ ok: true });
		}
		const last = state.games.at(-1);
		if (!last) return refused([{ code: 'no-game' }]);
		// Every seat's place is its seat number: the first seated is the best.
		const results = last.tables.map((t) => ({
			table: t.table,
			results: t.players.map((p, i) => ({
				player: p.player,
				total: i * 10,
				rounds: 3,
				place: i + 1
			}))
		}));
		const next = nextGame(results, rule as MoveRule, { min: 4, max: 6 }, SEED);
		if (!next.ok) return refused(next.problems);
		const g = game(rule, next.value.seating.tables);
		const names = new Map(last.tables.flatMap((t) => t.players.map((p) => [p.player, p.name])));
		g.moves = next.value.moves.map((m) => ({ ...m, name: names.get(m.player) ?? m.player }));
		state.games.push(g);
		return Response.json({ ok: true });
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
		let answer: Response;
		if (method === 'PUT' && path === '/v1/night/check-in') {
			const checkIn = v.parse(CheckInSchema, body);
			const players = tonightsPlayers(roster(), checkIn.here, checkIn.guests);
			if (!players.ok) return refused(players.problems);
			state.here = checkIn.here;
			state.guests = checkIn.guests;
			answer = Response.json({ revision: state.revision + 1 });
		} else if (method === 'POST' && path === '/v1/night/games') {
			answer = postGame(body);
		} else return Response.json({ error: 'not-found' }, { status: 404 });
		if (answer.ok) state.revision++;
		return answer;
	}

	const fetchFn = async (url: RequestInfo | URL, init: RequestInit = {}) => {
		const headers = init.headers as Record<string, string>;
		if (headers.Authorization !== `Bearer ${ORGANISER.token}`) {
			return Response.json({ error: 'token-unknown' }, { status: 401 });
		}
		if (state.down) throw new TypeError('Failed to fetch');
		const path = String(url).slice(ORGANISER.server.length);
		const method = init.method ?? 'GET';
		if (method !== 'GET') return write(method, path, init);
		state.reads.push(path);
		if (path === '/v1/night') return Response.json(night());
		if (path === '/v1/season') return Response.json(season());
		if (path === '/v1/members') return Response.json({ revision: 1, members });
		return Response.json({ error: 'not-found' }, { status: 404 });
	};
	return { state, members, fetch: fetchFn as typeof fetch };
}

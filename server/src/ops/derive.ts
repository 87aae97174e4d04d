// What the rules core makes of an evening a table sends, derived once when it is stored, so the
// standings are sums over stored rows and scoring lives in one place (src/lib/rules).

import type { ClubPutOp } from '../../../src/lib/club/protocol';
import { playerKey, scoreStoredEvening } from '../../../src/lib/rules';
import { nightOf } from '../night';

export interface SeatResult {
	seat: number;
	key: string;
	name: string;
	total: number;
	rounds: number;
	place: number;
	seats: number;
}

export interface Derived {
	night: string;
	roundCount: number;
	over: boolean;
	leader: string[];
	seats: SeatResult[];
}

/** Each seat's total, rounds and place, the evening's night, its leaders and whether it is over. */
export function deriveEvening(op: ClubPutOp): Derived {
	const { evening, rounds } = op.evening;
	const { state } = scoreStoredEvening(evening, rounds);
	const place = new Map<string, number>();
	let before = 0;
	for (const group of state.ranking) {
		for (const id of group) place.set(id, before + 1);
		before += group.length;
	}
	const seats = evening.players.map((p, seat) => ({
		seat,
		key: playerKey(p.name),
		name: p.name,
		total: state.totals[p.id] ?? 0,
		rounds: state.rounds.filter((r) => p.id in r.scores).length,
		place: place.get(p.id) ?? evening.players.length,
		seats: evening.players.length
	}));
	const names = new Map(evening.players.map((p) => [p.id, p.name]));
	return {
		night: nightOf(evening.createdAt),
		roundCount: rounds.length,
		over: state.over,
		leader: rounds.length > 0 ? (state.ranking[0] ?? []).map((id) => names.get(id) ?? id) : [],
		seats
	};
}

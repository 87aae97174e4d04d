// The club's words for what it set aside: which evening, and why, from the code and the path the
// club gave (`evening.rounds[3]`: round 4; `….rules.goingOutBonus`: that knob, by its label).
import * as m from '$lib/paraglide/messages.js';
import type { SetAsideEvening } from '$lib/state/club/membership.svelte';
import { formatDay, formatNumber, joinNames } from '$lib/format';
import { knobLabel } from './setup/knobLabels';

/** The evening a set-aside change belongs to: its day and its players, or "a deleted evening". */
export function setAsideEveningText(item: SetAsideEvening): string {
	if (item.names === null || item.createdAt === null) return m.club_aside_deleted();
	return `${formatDay(item.createdAt)} · ${joinNames(item.names)}`;
}

/** Why the change was set aside, in one sentence. */
export function setAsideReasonText(item: SetAsideEvening): string {
	const round = /rounds\[(\d+)\]/.exec(item.path ?? '');
	const knob = /rules\.(\w+)/.exec(item.path ?? '');
	switch (item.code) {
		case 'not-your-evening':
			return m.club_aside_not_your_evening();
		case 'inconsistent':
			return m.club_aside_inconsistent();
		case 'round-refused':
			return round
				? m.club_aside_round_refused({ k: formatNumber(Number(round[1]) + 1) })
				: m.club_aside_a_round_refused();
		case 'invalid':
			return knob ? m.club_aside_knob({ knob: knobLabel(knob[1]!) }) : m.club_aside_invalid();
		case 'unstorable':
			return m.club_aside_unstorable();
		case 'too-large':
			return m.club_aside_too_large();
		case 'server-error':
			return m.club_aside_server_error();
		// A club night's claim (the evening a table's phone started for its seats).
		case 'not-your-table':
			return m.club_aside_not_your_table();
		case 'not-found':
			return m.club_aside_no_game();
		default:
			return m.club_aside_other({ code: item.code });
	}
}

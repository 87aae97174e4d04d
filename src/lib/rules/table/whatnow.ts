// The rules cards for what is on the table ("what now?"): codes with parameters, most pressing
// first; the screen turns each code into words.

import type { Ruleset } from '../types';
import { topDouble, trainOf, type TableState } from './state';
import { MEXICAN } from './trains';

/** A rules card for what is on the table: the screen turns the code into words. */
export type WhatNowCode =
	/** Nobody may play elsewhere until the double is covered (satisfy). */
	| 'cover-double'
	/** The double's player may play elsewhere; the others must cover (001 alternative). */
	| 'cover-double-owner-free'
	/** An uncovered double, but no obligation (000 variant). */
	| 'double-no-obligation'
	/** Several open doubles: the newest first (004). */
	| 'cover-reverse-order'
	/** Who cannot cover draws one tile… */
	| 'draw-one-to-cover'
	/** …then, still unable, places a marker… */
	| 'then-marker'
	/** …except under the 000 variant. */
	| 'then-no-marker'
	| 'marker-placed-after-failing'
	| 'no-marker-only-double'
	/** The player of a double plays again (004). */
	| 'double-replay'
	/** The round ended on a last double. */
	| 'last-double-ended'
	/** The round ended on a plain last tile: its player went out. */
	| 'last-tile-ended'
	/** A last double still open: the round ends when it is covered. */
	| 'last-double-open'
	| 'marker-owner-plays-own'
	| 'marker-any-player-plays'
	| 'marker-owner-plays-anywhere'
	| 'voluntary-marker'
	| 'knock-penalty'
	| 'mexican-start'
	| 'mexican-several'
	| 'first-turn-all'
	| 'play-one-tile';

export interface WhatNowCard {
	code: WhatNowCode;
	/** Parameters for the words: the double, the train, a player key, the penalty. */
	params?: Record<string, string | number>;
}

/** The rules cards for the situation, most pressing first. */
export function whatNow(state: TableState, rules: Ruleset): WhatNowCard[] {
	const cards: WhatNowCard[] = [];
	if (state.ended) {
		const { value, by } = state.ended;
		cards.push(
			value === null
				? { code: 'last-tile-ended', params: { player: by ?? '' } }
				: { code: 'last-double-ended', params: { value, player: by ?? '' } }
		);
		return cards;
	}
	const top = topDouble(state);
	if (state.lastFailure) {
		cards.push({
			code: state.lastFailure.marker ? 'marker-placed-after-failing' : 'no-marker-only-double',
			params: { player: state.lastFailure.player }
		});
	}
	if (top) {
		const params = { value: top.value, train: top.train, player: top.by ?? '' };
		if (rules.doubles === 'none') cards.push({ code: 'double-no-obligation', params });
		else if (rules.doubles === 'owner-or-anyone' && top.exempt !== null) {
			cards.push({ code: 'cover-double-owner-free', params });
		} else cards.push({ code: 'cover-double', params });
		if (state.openDoubles.length > 1) {
			cards.push({ code: 'cover-reverse-order', params: { count: state.openDoubles.length } });
		}
		if (state.openDoubles.some((d) => d.last)) cards.push({ code: 'last-double-open', params });
		if (rules.doubles !== 'none') {
			if (state.drawing !== null) {
				cards.push({ code: 'draw-one-to-cover', params: { player: state.drawing } });
			}
			cards.push({ code: rules.noMarkerWhenOnlyDoubleStopped ? 'then-no-marker' : 'then-marker' });
		}
		if (rules.doubleReplay) cards.push({ code: 'double-replay' });
		return cards;
	}
	const anyStarted = state.trains.some((t) => t.started);
	if (!anyStarted && rules.firstTurnAll) cards.push({ code: 'first-turn-all' });
	const knocked = Object.entries(state.oneTileLeft).filter(([, on]) => on);
	if (knocked.length > 0 || state.penalties.length > 0) {
		cards.push({ code: 'knock-penalty', params: { penalty: rules.knockPenalty } });
	}
	if (state.trains.some((t) => t.marker)) {
		cards.push({ code: `marker-${rules.markerRemoval}` });
	}
	const mexican = trainOf(state, MEXICAN);
	if (mexican && !mexican.started) cards.push({ code: 'mexican-start' });
	else if (rules.severalMexicanTrains) cards.push({ code: 'mexican-several' });
	if (rules.voluntaryMarker) cards.push({ code: 'voluntary-marker' });
	cards.push({ code: 'play-one-tile' });
	return cards;
}

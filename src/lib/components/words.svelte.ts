// The words for failures and problems (failureText.ts and problemText.ts, with their messages,
// about 15 KB) are not part of any screen's first paint: they load once the page has settled, or
// at their first use, and whatever asked for them before then is said again as they arrive (a
// $state read). An event handler that keeps the text as a string awaits `failureWords()`.
import type * as FailureText from './failureText';
import type * as ProblemText from './problemText';
import { whenSettled } from '$lib/pwa/settled';

type Words = typeof FailureText & typeof ProblemText;

let words = $state.raw<Words | null>(null);
let loading: Promise<Words> | null = null;

/** The words, loaded if need be. */
export function failureWords(): Promise<Words> {
	loading ??= Promise.all([import('./failureText'), import('./problemText')]).then(
		([failure, problem]) => (words = { ...failure, ...problem })
	);
	return loading;
}

void whenSettled().then(failureWords);

/** A function of the words that answers at once: '' until they are here, then the words. */
function sayLater<A extends unknown[]>(pick: (w: Words) => (...args: A) => string) {
	return (...args: A): string => {
		if (words) return pick(words)(...args);
		void failureWords();
		return '';
	};
}

export const failureText = sayLater((w) => w.failureText);
export const dbErrorText = sayLater((w) => w.dbErrorText);
export const problemText = sayLater((w) => w.problemText);
export const problemTextWithPlayer = sayLater((w) => w.problemTextWithPlayer);

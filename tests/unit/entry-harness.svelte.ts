// A round's entry form outside the app: a setup, its saved rounds and the round to enter.
import { computeEvening, resolveRules } from '$lib/rules';
import type { RoundEntry, RulesChoice } from '$lib/rules/types';
import { EntryForm, type EntryContext } from '$lib/state/entry.svelte';

export const NAMES: Record<string, string> = { a: 'Anna', b: 'Ben', c: 'Cleo', d: 'Dario' };

export function makeForm(
	choice: RulesChoice = { preset: 'swiss-jassshop' },
	players = ['a', 'b', 'c', 'd'],
	rounds: RoundEntry[] = []
): { form: EntryForm; context: EntryContext } {
	const setup = { rules: resolveRules(choice), players };
	const state = computeEvening(setup, rounds);
	const context: EntryContext = {
		setup,
		rounds,
		index: state.next!.index,
		engine: state.next!.engine,
		players: state.active
	};
	const form = new EntryForm(() => context);
	form.reset(context.index);
	return { form, context };
}

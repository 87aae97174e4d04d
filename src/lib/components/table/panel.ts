// What each panel of the live table is given: the table as it stands, the rules, the round's
// players, their names, and the one way to record a tap.
import type { TableEvent, TableState } from '$lib/rules';
import type { Ruleset } from '$lib/rules/types';

export interface TablePanelProps {
	table: TableState;
	rules: Ruleset;
	/** Players of the round, in seat order. */
	players: string[];
	name: (player: string) => string;
	/** Records what the tap makes of the table as shown (state/table.svelte.ts). */
	send: (make: (s: TableState) => TableEvent) => void;
}

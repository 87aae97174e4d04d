// A club night's table in words, for the seat chart, the moves and the home page's card.
import * as m from '$lib/paraglide/messages.js';
import type { NightTable } from '$lib/club/night-protocol';
import { formatNumber } from '$lib/format';

/** A table's name when no phone's name is known for it: "Table 3". */
export function tableName(table: number): string {
	return m.night_table({ table: formatNumber(table) });
}

/** A game's table as the seat chart names it: "Table 2", "Final table 1". */
export function seatTableName(table: Pick<NightTable, 'table' | 'final'>): string {
	return table.final
		? m.night_final_table({ table: formatNumber(table.table) })
		: tableName(table.table);
}

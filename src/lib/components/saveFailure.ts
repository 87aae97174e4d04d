// What the entry screens say when the database refused a write: the device is full, another tab
// upgraded Caboose, the connection closed. The typed entry stays on screen in every case.
import { describeDbError } from '$lib/db/errors';
import * as m from '$lib/paraglide/messages.js';

/** The message for a failed save, or null when the failure is none of the known kinds. */
export function saveFailureText(error: unknown): string | null {
	switch (describeDbError(error)) {
		case 'quota':
			return m.data_save_quota();
		case 'version':
			return m.data_save_version();
		case 'closed':
			return m.data_save_closed();
		default:
			return null;
	}
}

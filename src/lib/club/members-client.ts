// The organiser's members screen (routes/club/members) in the club night's protocol: the roster
// and the club's divisions read, and each change to the roster as an organiser's write
// (night-client.ts sends it with its Idempotency-Key and If-Match).
import * as v from 'valibot';
import type { ClubAddress, Fetch } from './client';
import { read, type ReadAnswer, type Write } from './night-client';
import { SettingsAnswerSchema } from './night-protocol';

export type SettingsAnswer = v.InferOutput<typeof SettingsAnswerSchema>;

/** GET /v1/club/settings: the club's table sizes, rules and divisions (every key reads them). */
export function fetchSettings(
	fetchFn: Fetch,
	to: ClubAddress
): Promise<ReadAnswer<SettingsAnswer>> {
	return read(fetchFn, to, '/v1/club/settings', SettingsAnswerSchema);
}

/** A member write: `path` and `body` as the protocol has them, the revision, a fresh key. */
function memberWrite(
	method: Write['method'],
	path: string,
	body: unknown
): (revision: number, key: string) => Write {
	return (revision, key) => ({ method, path, body, revision, key });
}

/** POST /v1/members: a new member. */
export const addWrite = (name: string) => memberWrite('POST', '/v1/members', { name });

/** PATCH /v1/members/:id: a new name (the old one stays the member's spelling). */
export const renameWrite = (id: string, name: string) =>
	memberWrite('PATCH', `/v1/members/${encodeURIComponent(id)}`, { name });

/** PATCH /v1/members/:id: the member's division (null: none). */
export const divisionWrite = (id: string, division: string | null) =>
	memberWrite('PATCH', `/v1/members/${encodeURIComponent(id)}`, { division });

/** POST /v1/members/:keep/merge: `gone` is the same person as `keep`. */
export const mergeWrite = (keep: string, gone: string) =>
	memberWrite('POST', `/v1/members/${encodeURIComponent(keep)}/merge`, { gone });

/** POST /v1/members/split: a spelling merged by mistake becomes a member of its own. */
export const splitWrite = (spelling: string) =>
	memberWrite('POST', '/v1/members/split', { spelling });

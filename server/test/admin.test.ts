// The admin's commands (server/src/admin.ts) on this run's engine, in process: a command line read
// strictly (an unknown option is refused with the usage, never taken into a name), and an evening
// the phones can no longer delete listed and removed from the club by the organiser.

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAdmin, runAdmin, USAGE } from '../src/admin';
import { readConfig } from '../src/config';
import { call, count, evening, push, put, releaseDb, testClub, type TestClub } from './helpers';

let t: TestClub;
beforeEach(async () => {
	t = await testClub();
});
afterEach(async () => {
	await t.close();
});
afterAll(releaseDb);

const config = readConfig({ APP_ORIGIN: 'http://app.test' });
const admin = (...args: string[]) => runAdmin(t.db, t.club, config, args);

describe('the command line', () => {
	it('refuses an unknown option with the usage, and never makes it part of a name', async () => {
		const refused = await admin('invite', '--admin', 'Org');
		expect(refused.ok).toBe(false);
		expect(refused.lines[0]).toBe('Unknown option "--admin" for invite.');
		expect(refused.lines).toContain('       npm run club -- invite [--viewer] "<table name>"');
		expect(await count(t.db, 'club_table')).toBe(0);
		expect(parseAdmin(['tables', '--viewer'])).toEqual({
			error: 'Unknown option "--viewer" for tables.'
		});
		expect(parseAdmin(['frobnicate'])).toEqual({ error: 'Unknown command "frobnicate".' });
	});

	it('takes a name of several words, --viewer anywhere, and a name after --', async () => {
		expect(parseAdmin(['invite', 'Bar', '--viewer', 'TV'])).toEqual({
			command: 'invite',
			operand: 'Bar TV',
			options: new Set(['--viewer'])
		});
		expect(parseAdmin(['invite', '--', '-5 Table'])).toMatchObject({ operand: '-5 Table' });
		const invited = await admin('invite', '--viewer', 'Bar', 'TV');
		expect(invited.lines[0]).toBe(
			'Viewer "Bar TV" of Domino Friends: open this link on its screen.'
		);
	});
});

describe("the organiser's link", () => {
	it('is invited with --organiser, listed with its role, and is an organiser to /v1/me', async () => {
		expect(USAGE).toContain('       npm run club -- invite --organiser "<organiser\'s name>"');
		const invited = await admin('invite', '--organiser', 'Ruth');
		expect(invited.ok).toBe(true);
		expect(invited.lines[0]).toBe(
			'Organiser "Ruth" of Domino Friends: open this link on the organiser\'s phone.'
		);
		const token = new URL(invited.link!).hash.match(/token=([^&]+)/)![1]!;
		expect((await call(t.app, '/v1/me', token)).body).toMatchObject({
			role: 'organiser',
			table: 'Ruth'
		});
		expect((await admin('tables')).lines[0]).toMatch(/^Ruth\torganiser\tactive\t/);
		const both = await admin('invite', '--organiser', '--viewer', 'Ivo');
		expect(both.ok).toBe(false);
		expect(await count(t.db, 'club_table')).toBe(1);
	});
});

describe('an evening the phones can no longer delete', () => {
	it('is listed by table, then removed from the club once confirmed', async () => {
		const token = await t.invite('Table 3');
		const kept = evening(['Ann', 'Bo'], 2, undefined, Date.UTC(2026, 10, 27, 19, 15));
		const gone = evening(['Cy', 'Di', 'Ed'], 3, undefined, Date.UTC(2026, 10, 28, 19, 15));
		expect((await push(t.app, token, [put(kept, 3), put(gone, 4)])).status).toBe(200);

		const listed = await admin('evenings', 'table 3');
		expect(listed.ok).toBe(true);
		expect(listed.lines[0]).toBe('Domino Friends holds 2 evenings of "table 3", newest first:');
		expect(listed.lines[1]).toMatch(
			new RegExp(`^${gone.evening.id}  started 2026-11-2\\d \\d\\d:15 \\(Cy, Di, Ed; 3 rounds\\)$`)
		);
		expect(listed.lines[2]).toContain(`${kept.evening.id}  started`);
		expect((await admin('evenings', 'Table 9')).lines).toEqual([
			'No table "Table 9" in Domino Friends.'
		]);

		// Without --yes: what it is and what removing it does, and nothing removed.
		const asked = await admin('remove-evening', gone.evening.id.slice(0, 8));
		expect(asked.ok).toBe(true);
		expect(asked.lines).toEqual([
			expect.stringMatching(/^The evening of "Table 3" started .* \(Cy, Di, Ed; 3 rounds\)\.$/),
			"Removing it takes it out of the club's standings for good; phones keep their own copy.",
			`To remove it: npm run club -- remove-evening ${gone.evening.id} --yes`
		]);
		expect(await count(t.db, 'round')).toBe(5);

		const removed = await admin('remove-evening', gone.evening.id, '--yes');
		expect(removed.ok).toBe(true);
		expect(removed.lines[0]).toMatch(
			/^Removed from Domino Friends: the evening of "Table 3" started/
		);
		expect(await count(t.db, 'round')).toBe(2);
		const names = (
			await call<{ seasonStandings: { name: string }[] }>(t.app, '/v1/standings', token)
		).body.seasonStandings.map((s) => s.name);
		expect(names.sort()).toEqual(['Ann', 'Bo']);
		// An older copy sent later changes nothing; the list no longer shows it.
		expect((await push(t.app, token, [put(gone, 4)])).body.applied).toEqual([]);
		expect(await count(t.db, 'round')).toBe(2);
		expect((await admin('evenings', 'Table 3')).lines[0]).toContain('holds 1 evening of');
		expect((await admin('remove-evening', gone.evening.id, '--yes')).ok).toBe(false);
		expect((await admin('remove-evening', 'abc')).ok).toBe(false);
	});
});

// The one error-to-words function: every kind of failure in words, no internal path or id.
import { describe, expect, it } from 'vitest';
import { tableProblemText } from '$lib/components/table/tableText';
import { failureText, whereInBackup } from '$lib/components/failureText';

describe('failureText', () => {
	it('says where in a backup file a refusal is, in words, without ids or paths', () => {
		const text = failureText(
			{
				ok: false,
				backup: { code: 'invalid', path: 'evenings[0].rounds[2].entry.hands.929794ef-aaaa' }
			},
			{ doing: 'import' }
		);
		expect(text).toBe(
			'Not imported: the backup is damaged or was edited (evening 1 of the file, round 3). Nothing was changed.'
		);
		expect(text).not.toMatch(/929794ef|\[|entry|hands/);
		expect(whereInBackup('evenings[4].evening.players[1].name')).toBe('evening 5 of the file');
		expect(whereInBackup('players[2].key')).toBe("player 3 of the file's list of players");
		expect(whereInBackup(undefined)).toBe('the file as a whole');
	});

	it('words a storage failure for what was being done', () => {
		expect(failureText({ ok: false, error: 'quota' })).toMatch(/^Not saved: .*storage space/);
		expect(failureText({ ok: false, error: 'quota' }, { doing: 'change' })).toMatch(
			/^Nothing was changed: .*storage space/
		);
		expect(failureText({ ok: false, error: 'closed' }, { doing: 'read' })).toMatch(
			/^The saved evenings cannot be read/
		);
		expect(failureText({ ok: false, error: 'unknown' }, { doing: 'import' })).toMatch(
			/^Not imported/
		);
	});

	it('words conflicts and refusals, naming players', () => {
		expect(failureText({ ok: false, conflict: 'round-taken' })).toMatch(/already saved elsewhere/);
		expect(failureText({ ok: false, conflict: 'no-such-round' }, { round: 7 })).toBe(
			'There is no saved round 7.'
		);
		expect(
			failureText(
				{ ok: false, problems: [{ code: 'hand-missing', player: 'b' }] },
				{ name: () => 'Ben' }
			)
		).toBe('\u2068Ben\u2069: The hand is missing.');
		expect(
			failureText({ ok: false, refused: 'no-open-double' }, { refused: tableProblemText })
		).toMatch(/double/i);
		// Without the table's words (a screen that never sends taps), a plain refusal.
		expect(failureText({ ok: false, refused: 'no-open-double' })).toBe(
			'The table does not allow that now.'
		);
	});

	it('says a link refusal and what the phone could not do, never as a storage failure', () => {
		expect(failureText({ ok: false, link: { kind: 'truncated' } })).toMatch(/cut short/);
		expect(failureText({ ok: false, link: { kind: 'encode' } }, { doing: 'read' })).toBe(
			'The code could not be made on this phone. Try again.'
		);
		expect(
			failureText({ ok: false, link: { kind: 'newer-version', newer: { found: 3, reads: 1 } } })
		).toMatch(/link format 3.*newer version of Caboose.*format 1.*Update/);
		expect(failureText({ ok: false, device: 'share' })).toMatch(/could not be shared/);
		expect(failureText({ ok: false, device: 'copy' })).toMatch(/^Could not copy/);
		expect(failureText({ ok: false, device: 'photo' })).toMatch(/photo could not be opened/);
	});
});

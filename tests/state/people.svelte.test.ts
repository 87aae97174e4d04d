// @vitest-environment jsdom
// The Players page's Merge and Split through their state classes: the list that follows the
// database shows one person per name across phones, and each choice at once.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { PlayersDirectory } from '$lib/state/players.svelte';
import { PeopleChoice } from '$lib/state/people.svelte';
import { backupJson, exportBackup, importBackupText } from '$lib/db/backup';
import { closeAll, freshDb, newEvening } from '../db/helpers';
import { untilState } from './wait';

afterEach(closeAll);

const names = (d: PlayersDirectory) =>
	d.items.map((p) => `${p.name} ${p.eveningsPlayed}${p.parts > 1 ? ' joined' : ''}`).sort();

describe('PeopleChoice', () => {
	it('merges and splits; the followed list shows each choice', async () => {
		const db = freshDb();
		const rules = { preset: 'swiss-jassshop' } as const;
		await newEvening(db, { names: ['Ann', 'Ben'], rules, firstStarter: 0 });
		const other = freshDb();
		await newEvening(other, { names: ['Ann', 'Cleo'], rules, firstStarter: 0 });
		await importBackupText(db, backupJson(await exportBackup(other)));

		const directory = new PlayersDirectory(db);
		const stop = $effect.root(() => {
			$effect(() => directory.watch());
		});
		flushSync();
		await untilState(() => expect(names(directory)).toEqual(['Ann 2 joined', 'Ben 1', 'Cleo 1']));

		const choice = new PeopleChoice(db);
		const ann = directory.items.find((p) => p.name === 'Ann')!.id;
		const splitting = choice.split(ann);
		expect(choice.busy).toBe(true);
		expect(await splitting).toEqual({ ok: true, value: { ok: true, count: 2 } });
		expect(choice.busy).toBe(false);
		await untilState(() => expect(names(directory)).toEqual(['Ann 1', 'Ann 1', 'Ben 1', 'Cleo 1']));

		const [first, second] = directory.items.filter((p) => p.name === 'Ann').map((p) => p.id);
		expect(await choice.merge(first!, second!)).toMatchObject({ ok: true, value: { ok: true } });
		await untilState(() => expect(names(directory)).toEqual(['Ann 2 joined', 'Ben 1', 'Cleo 1']));
		const ben = directory.items.find((p) => p.name === 'Ben')!.id;
		const cleo = directory.items.find((p) => p.name === 'Cleo')!.id;
		expect(await choice.merge(ben, cleo)).toEqual({ ok: true, value: { ok: true, id: ben } });
		expect(await choice.merge(first!, ben)).toEqual({
			ok: true,
			value: { ok: false, problem: 'same-evening' }
		});
		stop();
	});
});

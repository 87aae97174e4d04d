// @vitest-environment jsdom
// The live table's state class on fake-indexeddb: taps are queued (each judged on the table the
// previous one left), a refused tap stores nothing, a tap for a round that moved on is never
// written into the new round, and undo drops the last event.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

const waitFor = vi.waitFor;

import { flushSync } from 'svelte';
import { resolveRules } from '$lib/rules';
import { TableSession, type TableRound } from '$lib/state/table.svelte';
import { tableEvents } from '$lib/db/table';
import { closeAll, freshDb } from '../db/helpers';

afterEach(closeAll);

const rules = resolveRules({ preset: 'swiss-jassshop' });

function tableAt(roundIndex: number, starter: string | null = null) {
	const db = freshDb();
	let round = $state<TableRound | null>({
		eveningId: 'e1',
		roundIndex,
		rules,
		players: ['a', 'b', 'c'],
		engine: 12,
		starter
	});
	const session = new TableSession(() => round, db);
	let stop = () => {};
	const cleanup = $effect.root(() => {
		$effect(() => {
			stop();
			stop = session.watch();
		});
	});
	flushSync();
	return {
		db,
		session,
		moveTo(index: number) {
			round = { ...round!, roundIndex: index };
			flushSync();
		},
		stop() {
			stop();
			cleanup();
		}
	};
}

describe('TableSession', () => {
	it('judges each queued tap on the table the previous tap left', async () => {
		const t = tableAt(0);
		await waitFor(() => expect(t.session.state).not.toBeNull());
		// Sent in one go, as fast fingers do: "covered" is only valid once the double is on disk.
		const [played, covered] = await Promise.all([
			t.session.record(() => ({ type: 'double', train: 'a', value: 9, by: 'a' })),
			t.session.record((s) => ({ type: 'covered', by: s.turn }))
		]);
		expect(played).toEqual({ ok: true, value: true });
		expect(covered).toEqual({ ok: true, value: true });
		expect((await tableEvents(t.db, 'e1', 0)).map((e) => e.type)).toEqual(['double', 'covered']);
		expect(t.session.state!.openDoubles).toHaveLength(0);
		t.stop();
	});

	it('stores nothing for a tap the rules refuse, and says why', async () => {
		const t = tableAt(0);
		await waitFor(() => expect(t.session.state).not.toBeNull());
		expect(await t.session.record(() => ({ type: 'covered', by: null }))).toEqual({
			ok: false,
			refused: 'no-open-double'
		});
		expect(await tableEvents(t.db, 'e1', 0)).toEqual([]);
		t.stop();
	});

	it('never writes a tap into a round it was not made for', async () => {
		const t = tableAt(0);
		await waitFor(() => expect(t.session.state).not.toBeNull());
		const first = t.session.record(() => ({ type: 'knock', player: 'a', on: true }));
		const queued = t.session.record(() => ({ type: 'marker', player: 'b', on: true }));
		// The evening moves on (another tab saved the round) before the queued writes run.
		t.moveTo(1);
		await waitFor(() => expect(t.session.state).not.toBeNull());
		// Round 1 starts clean: the taps made on round 0 are not on its table.
		expect(t.session.state!.oneTileLeft.a).not.toBe(true);
		const made = t.session.record(() => ({ type: 'marker', player: 'c', on: true }));
		expect(await first).toEqual({ ok: true, value: true });
		expect(await queued).toEqual({ ok: true, value: true });
		expect(await made).toEqual({ ok: true, value: true });
		expect((await tableEvents(t.db, 'e1', 0)).map((e) => e.type)).toEqual(['knock', 'marker']);
		expect(await tableEvents(t.db, 'e1', 1)).toEqual([{ type: 'marker', player: 'c', on: true }]);
		t.stop();
	});

	it('counts a tap at once, before its write commits', async () => {
		const t = tableAt(0);
		await waitFor(() => expect(t.session.state).not.toBeNull());
		const written = t.session.record(() => ({ type: 'marker', player: 'b', on: true }));
		// No await yet: the write is still on its way to IndexedDB.
		expect(t.session.state!.trains.find((x) => x.id === 'b')?.marker).toBe(true);
		expect(await tableEvents(t.db, 'e1', 0)).toEqual([]);
		expect(await written).toEqual({ ok: true, value: true });
		expect(await tableEvents(t.db, 'e1', 0)).toHaveLength(1);
		t.stop();
	});

	it('takes a tap back off the table when its write fails, and says why', async () => {
		const t = tableAt(0);
		await waitFor(() => expect(t.session.state).not.toBeNull());
		t.db.close();
		const silenced = console.error;
		console.error = () => {};
		try {
			const written = t.session.record(() => ({ type: 'marker', player: 'b', on: true }));
			const after = t.session.record(() => ({ type: 'knock', player: 'a', on: true }));
			expect(t.session.state!.trains.find((x) => x.id === 'b')?.marker).toBe(true);
			expect(await written).toEqual({ ok: false, error: 'closed' });
			expect(await after).toEqual({ ok: false, conflict: 'round-taken' });
		} finally {
			console.error = silenced;
		}
		expect(t.session.state!.trains.find((x) => x.id === 'b')?.marker).toBe(false);
		expect(t.session.state!.oneTileLeft.a).not.toBe(true);
		t.stop();
	});

	it("points at the round's starter before the first tap, without storing it", async () => {
		const t = tableAt(0, 'b');
		await waitFor(() => expect(t.session.state).not.toBeNull());
		expect(t.session.state!.turn).toBe('b');
		expect(t.session.events).toEqual([]);
		await t.session.record(() => ({ type: 'next-turn' }));
		expect(t.session.state!.turn).toBe('c');
		expect(await tableEvents(t.db, 'e1', 0)).toEqual([{ type: 'next-turn' }]);
		t.stop();
	});

	it('undo drops the last event, and says when there was none', async () => {
		const t = tableAt(0);
		await waitFor(() => expect(t.session.state).not.toBeNull());
		expect(await t.session.undo()).toEqual({ ok: true, value: false });
		await t.session.record(() => ({ type: 'knock', player: 'a', on: true }));
		expect(t.session.state!.oneTileLeft.a).toBe(true);
		expect(await t.session.undo()).toEqual({ ok: true, value: true });
		expect(t.session.state!.oneTileLeft.a).not.toBe(true);
		expect(await tableEvents(t.db, 'e1', 0)).toEqual([]);
		t.stop();
	});
});

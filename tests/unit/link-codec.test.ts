// The link codec: evenings of every preset round-trip exactly (entries, not totals), the view
// recomputes the same standings, and the size of a full table's evening fits one QR code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	computeEvening,
	PRESET_IDS,
	resolveRules,
	type RoundEntry,
	type TableEvent
} from '../../src/lib/rules/index';
import {
	decodeLink,
	encodeSnapshot,
	fragmentOf,
	qrCode,
	snapshotLink,
	snapshotOf,
	tileFromIndex,
	tileIndex,
	tilesFromText,
	tilesToText,
	type EveningSnapshot
} from '../../src/lib/link/index';
import { eveningArb } from '../rules/arbitraries';
import { tableEvening, tableLog, tableSnapshot } from './link-fixtures';

/** An entry with its hands' keys in seat order and `last: false` spelled as absent. */
function normal(entry: RoundEntry): RoundEntry {
	const hands = Object.fromEntries(
		Object.entries(entry.hands)
			.sort(([a], [b]) => Number(a) - Number(b))
			.map(([k, h]) => [k, typeof h === 'number' ? h : h.map((t) => [t[0], t[1]])])
	);
	return { out: entry.out, blocked: entry.blocked, hands } as RoundEntry;
}

async function roundTrip(snapshot: EveningSnapshot) {
	const link = await snapshotLink('https://caboose.example', snapshot);
	const decoded = await decodeLink(link);
	if (!decoded.ok) throw new Error(`refused: ${JSON.stringify(decoded.error)}`);
	return { link, decoded: decoded.evening };
}

describe('tiles', () => {
	it('numbers every tile of the largest set once, and spells it as one character', () => {
		const seen = new Set<number>();
		for (let a = 0; a <= 18; a++) {
			for (let b = 0; b <= a; b++) {
				const i = tileIndex([b, a]);
				expect(tileFromIndex(i)).toEqual([a, b]);
				seen.add(i);
			}
		}
		expect(seen.size).toBe(190);
		const all = [...seen].map(tileFromIndex);
		expect(tilesFromText(tilesToText(all))).toEqual(all);
		expect(tilesToText(all)).not.toMatch(/["\\]/);
	}, 60_000);
});

describe('round trip', () => {
	it('every preset, with points, tiles and both mixed', async () => {
		for (const preset of PRESET_IDS) {
			for (const as of ['points', 'tiles', 'mixed'] as const) {
				const names = preset === 'swiss-station' ? ['Ann', 'Bo', 'Cy', 'Di'] : undefined;
				const { evening, rounds } = tableEvening(as, {
					rules: { preset },
					...(names ? { names } : {}),
					rounds: 9,
					seed: preset.length
				});
				const snapshot = snapshotOf(evening, rounds);
				const { decoded } = await roundTrip(snapshot);
				expect(decoded.snapshot.names).toEqual(evening.players.map((p) => p.name));
				expect(decoded.snapshot.rules).toEqual(snapshot.rules);
				expect(decoded.snapshot.rounds.map((r) => normal(r.entry))).toEqual(
					snapshot.rounds.map((r) => normal(r.entry))
				);
				expect(decoded.snapshot.rounds.map((r) => r.starter)).toEqual(rounds.map((r) => r.starter));
				// The same standings as the scorekeeper's phone computes from its own ids.
				const here = computeEvening(
					{ rules: resolveRules(evening.rules), players: evening.players.map((p) => p.id) },
					rounds.map((r) => r.entry)
				);
				const seatTotals = evening.players.map((p) => here.totals[p.id]);
				expect(evening.players.map((_, i) => decoded.state.totals[String(i)])).toEqual(seatTotals);
			}
		}
	}, 60_000);

	it('generated evenings of every preset and knob, eliminations and ended evenings', async () => {
		await fc.assert(
			fc.asyncProperty(eveningArb(14), fc.boolean(), async (ev, ended) => {
				const players = ev.setup.players.map((id, i) => ({ id, name: `Player ${i + 1}` }));
				const snapshot = snapshotOf(
					{
						id: 'evening-1',
						createdAt: 1,
						updatedAt: 2,
						players,
						rules: ev.setup.rules,
						firstStarter: players.length - 1,
						endedAt: ended ? 2 : null
					},
					ev.rounds.map((entry) => ({ entry, starter: null }))
				);
				const { decoded } = await roundTrip(snapshot);
				expect(decoded.snapshot.rounds.map((r) => normal(r.entry))).toEqual(
					snapshot.rounds.map((r) => normal(r.entry))
				);
				expect(resolveRules(decoded.snapshot.rules)).toEqual(ev.setup.rules);
				expect(decoded.snapshot.ended).toBe(ended);
				expect(decoded.snapshot.firstStarter).toBe(players.length - 1);
				const theirs = computeEvening({ ...ev.setup, ended }, ev.rounds);
				const seat = (k: string) => String(ev.setup.players.indexOf(k));
				expect(decoded.state.over).toBe(theirs.over);
				expect(decoded.state.eliminated).toEqual(theirs.eliminated.map(seat));
				expect(decoded.state.ranking).toEqual(theirs.ranking.map((g) => g.map(seat)));
				expect(decoded.state.winner).toEqual(theirs.winner?.map(seat) ?? null);
			}),
			{ numRuns: 150, seed: 10 }
		);
	}, 60_000);

	it('an evening with eliminated players (Italian elimination at 40)', async () => {
		const { evening, rounds } = tableEvening('mixed', {
			rules: { preset: 'italian-elimination', elimination: 40 },
			names: ['Ada', 'Bruno', 'Carla', 'Dario', 'Elena'],
			rounds: 13,
			seed: 3
		});
		const snapshot = snapshotOf(evening, rounds);
		const { decoded } = await roundTrip(snapshot);
		expect(decoded.state.eliminated.length).toBeGreaterThan(0);
		expect(decoded.snapshot.rules).toEqual({ preset: 'italian-elimination', elimination: 40 });
	}, 60_000);

	it('the live table: seats and trains come back as seat keys', async () => {
		const { evening, rounds } = tableEvening('points', { rounds: 4 });
		const log = tableLog(evening);
		const snapshot = snapshotOf(evening, rounds, log);
		const { decoded } = await roundTrip(snapshot);
		const seat = (id: string) => String(evening.players.findIndex((p) => p.id === id));
		const expected = log.map((e) => {
			const c = { ...e } as Record<string, unknown>;
			for (const f of ['train', 'by', 'player']) {
				if (typeof c[f] === 'string' && c[f] !== 'mexican') c[f] = seat(c[f] as string);
			}
			return c as TableEvent;
		});
		expect(decoded.snapshot.table).toEqual(expected);
	}, 60_000);

	it('a plain last tile travels (round trip); only it carries the extra element', async () => {
		const { evening, rounds } = tableEvening('points', { rounds: 2 });
		const [a, b] = evening.players.map((p) => p.id);
		const log: TableEvent[] = [
			{ type: 'tile', train: a!, by: a! },
			{ type: 'tile', train: b!, by: b!, last: true }
		];
		const { decoded } = await roundTrip(snapshotOf(evening, rounds, log));
		expect(decoded.snapshot.table).toEqual([
			{ type: 'tile', train: '0', by: '0' },
			{ type: 'tile', train: '1', by: '1', last: true }
		]);
	}, 60_000);

	it('a link made before tiles had a last flag still reads, with no tile marked last', async () => {
		// Encoded by the codec before this change (tiles as [type, train, by]).
		const old =
			'c1.Yk_qRbRdybEKwkAQhOF3mXoCt4VISn2NZYtIAp4ue8IaLCTvLkdI43Tf_Irm8-A1nqCcx1M59ifFJWICcV0CRuSnZg6PKTPv7QV-NxYWqlEV7-oLuo2Kua23TuFIofRr78JY3c3sBw';
		const decoded = await decodeLink(old);
		if (!decoded.ok) throw new Error(`refused: ${JSON.stringify(decoded.error)}`);
		expect(decoded.evening.snapshot.table).toEqual([
			{ type: 'tile', train: '0', by: '0' },
			{ type: 'double', train: '1', value: 9, by: '1', last: true },
			{ type: 'tile', train: '1', by: null }
		]);
	});

	it('every kind of table event travels, in the same bytes as before the table of fields', async () => {
		const { evening, rounds } = tableEvening('points', {
			rules: { preset: 'swiss-jassshop', severalMexicanTrains: true },
			rounds: 3
		});
		const [a, b, c] = evening.players.map((p) => p.id) as [string, string, string];
		const log: TableEvent[] = [
			{ type: 'tile', train: a, by: b },
			{ type: 'tile', train: 'mexican-2', by: null, last: true },
			{ type: 'tile', train: a, by: null, last: false },
			{ type: 'double', train: 'mexican', value: 9, by: null, last: true },
			{ type: 'double', train: b, value: 0, by: c },
			{ type: 'double', train: b, value: 3, by: c, last: false },
			{ type: 'covered', by: a },
			{ type: 'covered', by: null },
			{ type: 'cannot-cover', player: b },
			{ type: 'still-cannot-cover', player: b },
			{ type: 'marker', player: b, on: true, voluntary: false },
			{ type: 'marker', player: b, on: false },
			{ type: 'marker', player: c, on: true, voluntary: true },
			{ type: 'mexican', on: true },
			{ type: 'mexican-add' },
			{ type: 'knock', player: a, on: false },
			{ type: 'forgot-knock', player: a },
			{ type: 'turn', player: null },
			{ type: 'turn', player: c },
			{ type: 'next-turn' }
		];
		// Encoded by the hand-written wire mapping before the rules core's table of event fields.
		const before =
			'c1.1gIM_AU2bZBLbtswFEX38saXAD_6WJk1KZJOCnSQmcABLdENa5ksSMkxUHQBXUkX4o0llCzELsoRz-Hle-RrqdqJXnZqywpTNqywmx3bmHrLRCd7ZYtdaaotQdRNyde1kOCbhVr65L0h0L31BHp4cSZm_BwOzrv9uzr_GULvLIEeo_Hnv8ElAj25aXA5-MX4xL7Z0UbSoPTqUmI_TErpJfwk_KJkjzaa4as9uc7452icT3Q3xsn-BgdH25bw0zCgqFEplBxSQlSLqyVUpdHKC1bZLOkGqoDkqAVqpdEqCGyq7IVaIkqiLlA3aLRG29LoBkvgEBorsEu1K8Vnk7kP03YOCTRXsVULcEjwW6VW1YWjjbanf2it3Rnvw8hmT0vdNLphYP85OJi4nyG3vBU3KHNiFsus6YaY6XvKvPeh2-d_zpd3IX4PI1vlPIcp-o-XLiTz1tvTyGbWWr8B';
		const snapshot = snapshotOf(evening, rounds, log);
		expect(await encodeSnapshot(snapshot)).toBe(before);
		const { decoded } = await roundTrip(snapshot);
		const seat = (id: string) => String(evening.players.findIndex((p) => p.id === id));
		const expected = log.map((e) => {
			const c = { ...e } as Record<string, unknown>;
			for (const f of ['train', 'by', 'player']) {
				if (typeof c[f] === 'string' && !String(c[f]).startsWith('mexican')) {
					c[f] = seat(c[f] as string);
				}
			}
			// `last: false` travels as absent; `voluntary: false` as said.
			if (c.last === false) delete c.last;
			return c as TableEvent;
		});
		expect(decoded.snapshot.table).toEqual(expected);
	}, 60_000);

	it('only knobs that differ from the preset travel; the preset id is the rules vocabulary', () => {
		const { evening, rounds } = tableEvening('points', {
			rules: { preset: 'cardinal-us', blankHalf: 25, rounds: 5, mode: 'plus' },
			rounds: 2
		});
		expect(snapshotOf(evening, rounds).rules).toEqual({
			preset: 'cardinal-us',
			rounds: 5,
			mode: 'plus'
		});
	}, 60_000);

	it('takes evening ids of up to 100 characters, as backups do', async () => {
		const snapshot = { ...tableSnapshot('points'), id: 'e'.repeat(100) };
		expect((await roundTrip(snapshot)).decoded.snapshot.id).toBe(snapshot.id);
		const tooLong = await decodeLink(await encodeSnapshot({ ...snapshot, id: 'e'.repeat(101) }));
		expect(tooLong.ok ? null : tooLong.error.kind).toBe('damaged');
	}, 60_000);

	it('a link is `…/view#c1.` and base64url, and only the fragment matters', async () => {
		const snapshot = tableSnapshot('points');
		const link = await snapshotLink('https://x.example', snapshot);
		expect(link).toMatch(/^https:\/\/x\.example\/view#c1\.[A-Za-z0-9_-]+$/);
		expect(fragmentOf(link)).toBe(await encodeSnapshot(snapshot));
		expect((await decodeLink(fragmentOf(link))).ok).toBe(true);
	}, 60_000);
});

describe('size', () => {
	it('13 rounds, 8 players fit a QR code of version 25 or lower at error correction M', async () => {
		const origin = 'https://caboose-scores.example.org';
		for (const as of ['points', 'tiles', 'mixed'] as const) {
			for (const withTable of [false, true]) {
				const link = await snapshotLink(origin, tableSnapshot(as, withTable));
				const qr = await qrCode(link);
				expect(qr, `${as}${withTable ? ' + table' : ''}`).not.toBeNull();
				expect(qr!.version, `${as}: ${link.length} characters`).toBeLessThanOrEqual(25);
			}
		}
	}, 60_000);
});

// The organiser's club night (ClubNight) and the wall (ClubWall, WallPages) against a club that
// answers as night-protocol.ts says (fake-night-club.ts, the pure night module behind it):
// ticks send the whole list with the night's revision and a fresh Idempotency-Key, a guest with
// a member's name is refused before anything is sent, a deal and a move come back as seats and
// moves, a refusal, a stale revision and a lost server are typed outcomes, and nothing shows as
// done before the club stored it. The browser's EventSource is a fake here.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { joinClub } from '$lib/db/club';
import { ClubNight, hereCount } from '$lib/state/club/night.svelte';
import { ClubWall, standingsLines, wallSections } from '$lib/state/club/wall.svelte';
import { WallPages, cutPages, linesThatFit } from '$lib/state/club/wall-pages.svelte';
import { closeAll, freshDb } from '../db/helpers';
import { ORGANISER, fakeNightClub, seasonRow } from './fake-night-club';
import { FakeEventSource } from './fake-event-source';
import { untilState } from './wait';

beforeEach(() => {
	FakeEventSource.opened = [];
	vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(async () => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
	await closeAll();
});

const NAMES = ['Anna', 'Bo', 'Cy', 'Dieter', 'Ed', 'Fee', 'Gil', 'Hélène', 'Ivo', 'Jo', 'Kai'];

async function organiserNight(club = fakeNightClub(NAMES)) {
	const db = freshDb();
	await joinClub(db, ORGANISER);
	const night = new ClubNight(db, club.fetch);
	const stop = night.watch();
	await untilState(() => expect(night.night).not.toBeNull());
	await untilState(() => expect(night.members?.members).toHaveLength(NAMES.length));
	return { night, club, stop };
}

describe('ClubNight', () => {
	it('ticks members and adds guests: the whole list each time, with the revision shown', async () => {
		const { night, club, stop } = await organiserNight();
		expect(night.count).toEqual({ count: 0, problem: { code: 'no-players' } });
		for (const m of club.members) expect((await night.tick(m.id, true)).ok).toBe(true);
		for (const g of ['Lea', 'Mo', 'Nina']) expect((await night.addGuest(g)).ok).toBe(true);
		expect(club.state.here).toHaveLength(11);
		expect(club.state.guests).toEqual(['Lea', 'Mo', 'Nina']);
		// 14 here: three tables of 5, 5, 4.
		expect(night.count).toEqual({ count: 14, sizes: [5, 5, 4] });
		const keys = club.state.writes.map((w) => w.headers['Idempotency-Key']);
		expect(new Set(keys).size).toBe(keys.length);
		// Each write carried the revision the one before it left.
		expect(club.state.writes.map((w) => w.headers['If-Match'])).toEqual(
			Array.from({ length: 14 }, (_, i) => String(i + 1))
		);
		expect(club.state.writes.at(-1)).toMatchObject({
			method: 'PUT',
			path: '/v1/night/check-in',
			body: { here: club.members.map((m) => m.id), guests: ['Lea', 'Mo', 'Nina'] }
		});
		// Unticked and removed again.
		expect((await night.tick('m1', false)).ok).toBe(true);
		expect((await night.removeGuest('Mo')).ok).toBe(true);
		expect(night.here).not.toContain('m1');
		expect(night.guests).toEqual(['Lea', 'Nina']);
		stop();
	});

	it('refuses a guest with a member’s name before sending, and says what stops a deal', async () => {
		const { night, club, stop } = await organiserNight();
		const outcome = await night.addGuest('  hÉlÈne ');
		expect(outcome).toMatchObject({
			ok: false,
			reason: 'refused',
			problems: [{ code: 'guest-is-member', params: { name: 'Hélène' } }]
		});
		expect(club.state.writes).toEqual([]);
		await night.tick('m1', true);
		await night.tick('m2', true);
		await night.tick('m3', true);
		expect(night.count).toMatchObject({ count: 3, problem: { code: 'too-few-players' } });
		stop();
	});

	it('deals tables, then moves the lowest up: seats and who goes where', async () => {
		const { night, club, stop } = await organiserNight();
		for (const m of club.members) await night.tick(m.id, true);
		for (const g of ['Lea', 'Mo', 'Nina']) await night.addGuest(g);
		expect((await night.nextGame({ kind: 'draw-again' })).ok).toBe(false);
		expect(await night.deal()).toEqual({ ok: true });
		expect(night.game?.tables.map((t) => t.players.length)).toEqual([5, 5, 4]);
		expect(
			night.game?.tables
				.flatMap((t) => t.players.map((p) => p.name))
				.sort((a, b) => (a < b ? -1 : 1))
		).toEqual([...NAMES, 'Lea', 'Mo', 'Nina'].sort((a, b) => (a < b ? -1 : 1)));
		expect(await night.nextGame({ kind: 'lowest-move-up', count: 3 })).toEqual({ ok: true });
		expect(night.game?.number).toBe(2);
		expect(night.game?.moves.filter((m) => m.why === 'moves-up')).toHaveLength(6);
		expect(club.state.writes.at(-1)?.body).toEqual({ rule: { kind: 'lowest-move-up', count: 3 } });
		// A count the smallest table cannot give is the club's refusal, in its code.
		expect(await night.nextGame({ kind: 'lowest-move-up', count: 4 })).toMatchObject({
			ok: false,
			reason: 'refused',
			problems: [{ code: 'bad-move-count', params: { max: 3 } }]
		});
		stop();
	});

	it('reads the night again on a stale revision; says a lost server and a refused key', async () => {
		const { night, club, stop } = await organiserNight();
		// Another organiser's phone wrote meanwhile.
		club.state.revision = 7;
		club.state.here = ['m2'];
		expect(await night.tick('m1', true)).toEqual({ ok: false, reason: 'stale', revision: 7 });
		expect(night.night?.revision).toBe(7);
		expect(night.here).toEqual(['m2']);
		club.state.down = true;
		expect(await night.tick('m3', true)).toEqual({ ok: false, reason: 'unreachable' });
		// Nothing shown as done: the tick is undone on screen.
		expect(night.here).toEqual(['m2']);
		club.state.down = false;
		club.state.answer = { status: 403, body: { error: 'organiser-only' } };
		expect(await night.deal()).toEqual({ ok: false, reason: 'organiser-only' });
		stop();
	});

	it('asks nothing of a key that is not the organiser’s', async () => {
		const club = fakeNightClub(NAMES);
		const db = freshDb();
		await joinClub(db, { ...ORGANISER, role: 'viewer' });
		const night = new ClubNight(db, club.fetch);
		const stop = night.watch();
		await untilState(() => expect(night.club?.role).toBe('viewer'));
		expect(night.night).toBeNull();
		expect(FakeEventSource.opened).toEqual([]);
		stop();
	});
});

describe('the count of who is here', () => {
	const night = { tableSizes: { min: 5, max: 6 } } as Parameters<typeof hereCount>[0];
	it('gives the tables, or the nearest counts that fit', () => {
		expect(
			hereCount(night, ['a', 'b', 'c', 'd', 'e'], ['f', 'g', 'h', 'i', 'j', 'k', 'l'])
		).toEqual({ count: 12, sizes: [6, 6] });
		expect(hereCount(night, ['a', 'b', 'c', 'd', 'e', 'f'], ['g'])).toMatchObject({
			count: 7,
			problem: { code: 'sizes-do-not-fit', params: { fewer: 6, more: 10 } }
		});
	});
});

describe('the wall', () => {
	it('shows the seats, tonight and the season, and pages through them by itself', async () => {
		const club = fakeNightClub(NAMES);
		club.state.seasonRows = Array.from({ length: 40 }, (_, i) => seasonRow(`P${i + 1}`, i + 1));
		const db = freshDb();
		await joinClub(db, { ...ORGANISER, role: 'viewer' });
		const wall = new ClubWall(db, club.fetch);
		const stop = wall.watch();
		await untilState(() => expect(wall.season?.divisions[0]?.rows).toHaveLength(40));
		expect(wall.sections.map((s) => s.kind)).toEqual(['season']);

		const pages = new WallPages();
		pages.show(wall.sections.map((s) => s.lines.length));
		// 700 px for lines of 34 px: 20 a page, two pages.
		pages.measure(700, 34);
		expect([pages.perPage, pages.count]).toEqual([20, 2]);
		vi.useFakeTimers();
		const turning = pages.watch();
		vi.advanceTimersByTime(12_000);
		expect(pages.page).toBe(1);
		expect(pages.current).toEqual({ section: 0, from: 20, to: 40 });
		vi.advanceTimersByTime(12_000);
		expect(pages.page).toBe(0);
		turning();
		// A taller screen holds everyone: one page, and the page shown stays one that exists.
		pages.page = 1;
		pages.measure(2000, 34);
		expect([pages.count, pages.page]).toEqual([1, 0]);
		stop();
	});

	it('heads each division only when a division has players', () => {
		const row = seasonRow('Anna', 1);
		expect(standingsLines([{ division: null, rows: [row], count: 1 }])).toEqual([
			{ kind: 'row', row }
		]);
		expect(
			standingsLines([
				{ division: 'Juniors', rows: [row], count: 1 },
				{ division: null, rows: [], count: 0 }
			])
		).toEqual([
			{ kind: 'division', division: 'Juniors' },
			{ kind: 'row', row }
		]);
		// Divisions listed but nobody in one: one standings, no "No division" heading over it.
		expect(
			standingsLines([
				{ division: 'Juniors', rows: [], count: 0 },
				{ division: null, rows: [row], count: 1 }
			])
		).toEqual([{ kind: 'row', row }]);
		// Some in a division: the others under "No division" (a null heading).
		const bo = seasonRow('Bo', 2);
		expect(
			standingsLines([
				{ division: 'Juniors', rows: [row], count: 1 },
				{ division: null, rows: [bo], count: 1 }
			])
		).toEqual([
			{ kind: 'division', division: 'Juniors' },
			{ kind: 'row', row },
			{ kind: 'division', division: null },
			{ kind: 'row', row: bo }
		]);
		expect(wallSections(null, null)).toEqual([]);
	});

	it('cuts sections into pages that never mix two sections', () => {
		expect(cutPages([3, 0, 5], 2)).toEqual([
			{ section: 0, from: 0, to: 2 },
			{ section: 0, from: 2, to: 3 },
			{ section: 2, from: 0, to: 2 },
			{ section: 2, from: 2, to: 4 },
			{ section: 2, from: 4, to: 5 }
		]);
		expect(linesThatFit(0, 30)).toBe(1);
		expect(linesThatFit(95, 30)).toBe(3);
	});
});

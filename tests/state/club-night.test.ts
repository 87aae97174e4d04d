// The organiser's club night (ClubNight) and the wall (ClubWall, WallPages) against a club that
// answers as night-protocol.ts says (fake-night-club.ts, the pure night module behind it):
// ticks send the whole list with the night's revision and a fresh Idempotency-Key, a guest with
// a member's name is refused before anything is sent, a deal and a move come back as seats and
// moves, a refusal, a stale revision and a lost server are typed outcomes, and nothing shows as
// done before the club stored it. The browser's EventSource is a fake here.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
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

/** A viewer's wall following `club`. */
async function viewerWall(club: ReturnType<typeof fakeNightClub>) {
	const db = freshDb();
	await joinClub(db, { ...ORGANISER, role: 'viewer' });
	const wall = new ClubWall(db, club.fetch);
	return { wall, stop: wall.watch() };
}

/** Tells the live channel that `data` changed: the reads it asks for, once `shown` passes. */
async function readsOn(
	club: ReturnType<typeof fakeNightClub>,
	data: string | undefined,
	shown: () => void
) {
	const from = club.state.reads.length;
	FakeEventSource.opened[0]!.change(data);
	await untilState(shown);
	return club.state.reads.slice(from).sort();
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

	it("reads tonight on a table's batch or the night's change, the members only on the club's", async () => {
		const { night, club, stop } = await organiserNight();
		onTestFinished(stop);
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		for (const m of club.members.slice(0, 4)) await night.tick(m.id, true);
		const before = club.state.reads.length;
		expect(await night.deal()).toEqual({ ok: true });
		// A check-in or a deal changes tonight, not the members.
		expect(club.state.reads.slice(before)).toEqual(['/v1/night']);
		// A table's batch: its round (its leader, tonight's standings) is on the night.
		club.state.games[0]!.tables[0]!.progress.round = 2;
		const round = () => expect(night.game?.tables[0]?.progress.round).toBe(2);
		expect(await readsOn(club, 'evenings', round)).toEqual(['/v1/night']);
		// A table's claim, a check-in from another phone: the night.
		club.state.revision = 9;
		const revision = () => expect(night.night?.revision).toBe(9);
		expect(await readsOn(club, 'night', revision)).toEqual(['/v1/night']);
		// A member added: the club, and the night.
		club.members.push({ id: 'm12', name: 'Lu', division: null, aliases: [] });
		const lu = () => expect(night.members?.members.map((m) => m.name)).toContain('Lu');
		expect(await readsOn(club, 'club night', lu)).toEqual(['/v1/members', '/v1/night']);
		// An older server does not say: anything may have changed.
		club.members.push({ id: 'm13', name: 'Max', division: null, aliases: [] });
		const max = () => expect(night.members?.members.map((m) => m.name)).toContain('Max');
		expect(await readsOn(club, undefined, max)).toEqual(['/v1/members', '/v1/night']);
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
		const { wall, stop } = await viewerWall(club);
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

	it('reads tonight on a change of the night, the season on a change of the club, both on a batch', async () => {
		const club = fakeNightClub(NAMES);
		const { wall, stop } = await viewerWall(club);
		onTestFinished(stop);
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		await untilState(() => expect(wall.season).not.toBeNull());
		club.state.revision = 2;
		const tonight = () => expect(wall.night?.revision).toBe(2);
		expect(await readsOn(club, 'night', tonight)).toEqual(['/v1/night']);
		club.state.seasonRows = [seasonRow('Anna', 1)];
		const anna = () => expect(wall.season?.divisions[0]?.rows[0]?.name).toBe('Anna');
		expect(await readsOn(club, 'club night', anna)).toEqual(['/v1/night', '/v1/season']);
		club.state.seasonRows = [seasonRow('Bo', 1)];
		const bo = () => expect(wall.season?.divisions[0]?.rows[0]?.name).toBe('Bo');
		expect(await readsOn(club, 'evenings', bo)).toEqual(['/v1/night', '/v1/season']);
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

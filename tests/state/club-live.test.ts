// Following the club's live channel (live.ts): a reader is told what changed, reads only on the
// kinds it is about, and a burst heard while it reads is one read more, told every kind of it.
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { followClub, type Changed, type LiveReader } from '$lib/state/club/live';
import { FakeEventSource } from './fake-event-source';
import { untilState } from './wait';

const CLUB = { server: 'https://club.example', token: 'T'.repeat(43) };

beforeEach(() => {
	FakeEventSource.opened = [];
	vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
	vi.unstubAllGlobals();
});

describe('followClub', () => {
	it('reads on the kinds it is about, once after a read under way, told every kind since', async () => {
		const asked: Changed[] = [];
		let answer = () => {};
		const reader: LiveReader = {
			read: (changed) => {
				asked.push(changed);
				return new Promise((resolve) => (answer = () => resolve('ok')));
			},
			update: () => {},
			about: ['evenings', 'club']
		};
		const stop = followClub(CLUB, reader);
		onTestFinished(stop);
		// The first read: anything may be new.
		expect(asked).toEqual([null]);
		answer();
		await untilState(() => expect(FakeEventSource.opened).toHaveLength(1));
		const source = FakeEventSource.opened[0]!;
		source.change('night');
		source.change('correction');
		expect(asked).toHaveLength(1);
		source.change('evenings');
		expect(asked[1]).toEqual(new Set(['evenings']));
		// While it reads: a burst, read once after it with every kind it is about.
		source.change('club night');
		source.change('evenings');
		source.change('night');
		expect(asked).toHaveLength(2);
		answer();
		await untilState(() => expect(asked).toHaveLength(3));
		expect(asked[2]).toEqual(new Set(['club', 'night', 'evenings']));
		answer();
		// An older server does not say what changed: anything may have.
		source.change();
		await untilState(() => expect(asked).toHaveLength(4));
		expect(asked[3]).toBeNull();
		answer();
	});
});

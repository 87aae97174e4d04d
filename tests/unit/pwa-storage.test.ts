import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type CabooseDb, type EveningRow, type RoundRow } from '$lib/db/database';
import { anyFinished, eveningFinished } from '$lib/state/finished';
import {
	clearMarker,
	dataVanished,
	MARKER_KEY,
	noteSaved,
	readMarker,
	rememberGet,
	rememberSet,
	protectionNoticeDue,
	requestProtection,
	storageProtection,
	type MarkerStore
} from '$lib/pwa/storage';
import fixtureV1 from '../db/fixtures/v1.json';

function memoryStore(): MarkerStore & { map: Map<string, string> } {
	const map = new Map<string, string>();
	return {
		map,
		getItem: (k) => map.get(k) ?? null,
		setItem: (k, v) => void map.set(k, v),
		removeItem: (k) => void map.delete(k)
	};
}

const broken: MarkerStore = {
	getItem: () => {
		throw new Error('SecurityError');
	},
	setItem: () => {
		throw new Error('QuotaExceededError');
	},
	removeItem: () => {
		throw new Error('SecurityError');
	}
};

describe('the saved-data marker kept outside IndexedDB', () => {
	it('remembers how many evenings were saved and when', () => {
		const store = memoryStore();
		expect(readMarker(store)).toBeNull();
		noteSaved(3, 1_700_000_000_000, store);
		expect(readMarker(store)).toEqual({ evenings: 3, lastSavedAt: 1_700_000_000_000 });
		noteSaved(0, 1_700_000_100_000, store);
		expect(readMarker(store)).toEqual({ evenings: 0, lastSavedAt: 1_700_000_100_000 });
		clearMarker(store);
		expect(readMarker(store)).toBeNull();
	});

	it('ignores a count that is not one', () => {
		const store = memoryStore();
		noteSaved(-1, 1, store);
		noteSaved(1.5, 1, store);
		noteSaved(Number.NaN, 1, store);
		expect(store.map.size).toBe(0);
	});

	it('treats a damaged or foreign marker as no marker', () => {
		const store = memoryStore();
		for (const raw of [
			'{',
			'null',
			'42',
			'{"evenings":"3","lastSavedAt":1}',
			'{"evenings":-2,"lastSavedAt":1}',
			'{"evenings":2.5,"lastSavedAt":1}',
			'{"evenings":2}'
		]) {
			store.setItem(MARKER_KEY, raw);
			expect(readMarker(store), raw).toBeNull();
		}
	});

	it('never throws when storage is disabled or full', () => {
		expect(readMarker(broken)).toBeNull();
		expect(() => noteSaved(2, 1, broken)).not.toThrow();
		expect(() => clearMarker(broken)).not.toThrow();
		expect(rememberGet('k', broken)).toBeNull();
		expect(() => rememberSet('k', 'v', broken)).not.toThrow();
		expect(readMarker(null)).toBeNull();
	});

	it('says data vanished only when evenings were saved and none are left', () => {
		expect(dataVanished(null, 0)).toBe(false);
		expect(dataVanished({ evenings: 0, lastSavedAt: 1 }, 0)).toBe(false);
		expect(dataVanished({ evenings: 2, lastSavedAt: 1 }, 2)).toBe(false);
		expect(dataVanished({ evenings: 2, lastSavedAt: 1 }, 5)).toBe(false);
		expect(dataVanished({ evenings: 2, lastSavedAt: 1 }, 0)).toBe(true);
	});
});

describe('storage protection', () => {
	it('tells the answer once, ever: a changed answer does not bring the notice back', () => {
		expect(protectionNoticeDue('protected', null)).toBe(true);
		expect(protectionNoticeDue('unprotected', null)).toBe(true);
		expect(protectionNoticeDue('unsupported', null)).toBe(false);
		expect(protectionNoticeDue('unprotected', 'protected')).toBe(false);
		expect(protectionNoticeDue('protected', 'unprotected')).toBe(false);
		expect(protectionNoticeDue('protected', 'protected')).toBe(false);
	});

	it('reports what the browser answers', async () => {
		expect(await storageProtection(undefined)).toBe('unsupported');
		expect(await storageProtection({ persisted: async () => true })).toBe('protected');
		expect(await storageProtection({ persisted: async () => false })).toBe('unprotected');
		expect(
			await storageProtection({
				persisted: () => Promise.reject(new Error('no'))
			})
		).toBe('unsupported');
	});

	it('asks only when not yet protected', async () => {
		let asked = 0;
		const granted = {
			persisted: async () => false,
			persist: async () => (++asked, true)
		};
		expect(await requestProtection(granted)).toBe('protected');
		expect(asked).toBe(1);
		const already = { persisted: async () => true, persist: async () => (++asked, true) };
		expect(await requestProtection(already)).toBe('protected');
		expect(asked).toBe(1);
		const denied = { persisted: async () => false, persist: async () => false };
		expect(await requestProtection(denied)).toBe('unprotected');
		expect(await requestProtection({})).toBe('unsupported');
	});
});

describe('the first finished evening', () => {
	const evenings = fixtureV1.tables.evenings as EveningRow[];
	const rounds = fixtureV1.tables.rounds as unknown as RoundRow[];
	const open = evenings.find((e) => e.id === 'e-open')!;
	const openRounds = rounds.filter((r) => r.eveningId === 'e-open');

	it('is an evening the scorekeeper ended', () => {
		const ended = evenings.find((e) => e.id === 'e-ended')!;
		expect(eveningFinished(ended, [])).toBe(true);
	});

	it('is not an evening with rounds still to play', () => {
		// The fixture's open evening has a three-round schedule and one round saved.
		expect(eveningFinished(open, openRounds)).toBe(false);
	});

	it('is an evening played to its last round', () => {
		const played: RoundRow[] = [0, 1, 2].map((index) => ({
			id: `e-open:${index}`,
			eveningId: 'e-open',
			index,
			entry: { out: 'p-ben', blocked: false, hands: { 'p-anna': 10 + index } },
			starter: null,
			savedAt: 1
		}));
		// Saved out of order: the order of play is the index.
		expect(eveningFinished(open, [played[2]!, played[0]!, played[1]!])).toBe(true);
	});

	it('is never an evening whose rules this build cannot read', () => {
		const strange = { ...open, rules: { preset: 'from-the-future' } } as unknown as EveningRow;
		expect(eveningFinished(strange, openRounds)).toBe(false);
	});

	describe('in the database', () => {
		let db: CabooseDb;
		afterEach(async () => {
			db.close();
			await db.delete();
		});

		it('is found among stored evenings', async () => {
			db = createDatabase(`pwa-finished-${crypto.randomUUID()}`);
			expect(await anyFinished(db)).toBe(false);
			await db.evenings.add({ ...open });
			await db.rounds.bulkAdd(openRounds);
			expect(await anyFinished(db)).toBe(false);
			await db.evenings.update('e-open', { endedAt: 5 });
			expect(await anyFinished(db)).toBe(true);
		});
	});
});

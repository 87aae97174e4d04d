// Saving a round as the evening grows: median time of saveRound (the app's own transaction, on
// fake-indexeddb in Node) after 1, 13, 50 and 200 rounds of a cyclic evening, and, beside it, the
// same save when the evening's stored standing is missing, so the rounds are read and replayed
// (what every save did before standings were kept). Prints figures; asserts nothing.
// Usage: npx tsx scripts/bench-save.ts
import 'fake-indexeddb/auto';
import { createDatabase, type SummaryRow } from '../src/lib/db/database';
import { createEvening } from '../src/lib/db/evenings';
import { saveRound, undoLastRound } from '../src/lib/db/rounds';
import type { RoundEntry } from '../src/lib/rules/index';

const SAMPLES = 31;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(before: number, replay: boolean): Promise<number> {
	const db = createDatabase(`bench-save-${before}-${replay}`);
	const created = await createEvening(db, {
		names: ['Anna', 'Ben', 'Cleo', 'Dan'],
		rules: { preset: 'swiss-jassshop', schedule: 'cyclic' },
		firstStarter: 0
	});
	if (!created.ok) throw new Error('evening refused');
	const id = created.id;
	const seats = (await db.evenings.get(id))!.players.map((p) => p.id);
	const round = (i: number): RoundEntry => {
		const out = seats[i % seats.length]!;
		const hands: RoundEntry['hands'] = {};
		for (const s of seats) if (s !== out) hands[s] = (i * 7 + s.length) % 40;
		return { out, blocked: false, hands };
	};
	let played = 0;
	const save = async () => {
		const result = await saveRound(db, id, played, round(played));
		if (!result.ok) throw new Error(`round ${played} refused: ${JSON.stringify(result)}`);
		played++;
	};
	while (played < before) await save();
	const samples: number[] = [];
	for (let i = 0; i < SAMPLES; i++) {
		if (replay) {
			const summary = (await db.summaries.get(id))!;
			await db.summaries.put({ ...summary, standing: undefined } as SummaryRow);
		}
		const t0 = performance.now();
		await save();
		samples.push(performance.now() - t0);
		// Back to the same length (undo stores the summary of the rounds left, standing and all),
		// so every sample saves the round after `before`.
		await undoLastRound(db, id);
		played--;
	}
	db.close();
	await db.delete();
	return median(samples);
}

console.log('Saving a round (saveRound on fake-indexeddb, median of 31, 4 players):');
await measure(13, false); // warm up the JIT
for (const before of [1, 13, 50, 200]) {
	const kept = await measure(before, false);
	const replayed = await measure(before, true);
	console.log(
		`  after ${String(before).padStart(3)} rounds: ${kept.toFixed(2)} ms; replaying the rounds: ${replayed.toFixed(2)} ms`
	);
}

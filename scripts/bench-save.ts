// Saving a round as the evening grows: median time of saveRound (the app's own transaction, on
// fake-indexeddb in Node) after 1, 13, 50 and 200 rounds of a cyclic evening, and, beside it, the
// same save when the evening's stored standing is missing, so the rounds are read and replayed
// (what every save did before standings were kept). Then what the screen's live read that a save
// wakes costs: continued from what it held (readLiveEvening), and reading everything again (what
// every live read did before summaries named their write). Prints figures; asserts nothing.
// Usage: npx tsx scripts/bench-save.ts
import 'fake-indexeddb/auto';
import { median } from './bench/stats.js';
import { createDatabase, type SummaryRow } from '../src/lib/db/database';
import { createEvening } from '../src/lib/db/evenings';
import { readLiveEvening, saveRound, undoLastRound } from '../src/lib/db/rounds';
import type { RoundEntry } from '../src/lib/rules/index';

const SAMPLES = 31;

interface Figures {
	save: number;
	/** The live read after the save, from what the screen held before it. */
	continued: number;
	/** The same read from nothing: every round read and scored. */
	whole: number;
}

async function measure(before: number, replay: boolean): Promise<Figures> {
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
	const samples: Figures[] = [];
	for (let i = 0; i < SAMPLES; i++) {
		if (replay) {
			const summary = (await db.summaries.get(id))!;
			await db.summaries.put({ ...summary, standing: undefined } as SummaryRow);
		}
		const held = await readLiveEvening(db, id, null);
		const t0 = performance.now();
		await save();
		const t1 = performance.now();
		const continued = await readLiveEvening(db, id, held);
		const t2 = performance.now();
		await readLiveEvening(db, id, null);
		const t3 = performance.now();
		if (!replay && continued?.readFrom !== before) throw new Error('the read did not continue');
		samples.push({ save: t1 - t0, continued: t2 - t1, whole: t3 - t2 });
		// Back to the same length (undo stores the summary of the rounds left, standing and all),
		// so every sample saves the round after `before`.
		await undoLastRound(db, id);
		played--;
	}
	db.close();
	await db.delete();
	return {
		save: median(samples.map((f) => f.save)) ?? NaN,
		continued: median(samples.map((f) => f.continued)) ?? NaN,
		whole: median(samples.map((f) => f.whole)) ?? NaN
	};
}

console.log('Saving a round (saveRound on fake-indexeddb, median of 31, 4 players):');
await measure(13, false); // warm up the JIT
const reads: string[] = [];
for (const before of [1, 13, 50, 200]) {
	const kept = await measure(before, false);
	const replayed = await measure(before, true);
	const n = String(before).padStart(3);
	console.log(
		`  after ${n} rounds: ${kept.save.toFixed(2)} ms; replaying the rounds: ${replayed.save.toFixed(2)} ms`
	);
	reads.push(
		`  after ${n} rounds: ${kept.continued.toFixed(2)} ms; reading everything: ${kept.whole.toFixed(2)} ms`
	);
}
console.log(
	"The screen's live read that the save wakes (readLiveEvening, continued from what it held):"
);
for (const line of reads) console.log(line);

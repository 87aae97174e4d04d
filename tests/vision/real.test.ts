// The counter on the shared real photos (../shared/real-photos, never copied here). Skips with a
// clear line when the folder is absent. Guards the figures reached, not a target.
import { describe, expect, it } from 'vitest';
import { countPips } from '../../src/lib/vision/pips';
import { decodeReal, realPhotos, REAL_DIR } from './real';

const photos = realPhotos();
if (!photos) console.log(`real photos: skipped, ${REAL_DIR} is absent`);

describe.skipIf(!photos)('countPips on real photos', { timeout: 120_000 }, () => {
	it('counts most within ±2, sees tiles wherever there are pips, and is never confidently wrong', async () => {
		let within2 = 0;
		let exact = 0;
		for (const p of photos!) {
			const res = countPips(await decodeReal(p));
			const err = Math.abs(res.total - p.total);
			if (err === 0) exact++;
			if (err <= 2) within2++;
			expect(err > 2 && res.confidence === 'high', `${p.file}: ${res.total} for ${p.total}`).toBe(
				false
			);
			if (p.total > 0) expect(res.flags, p.file).not.toContain('no-tiles');
		}
		expect(exact / photos!.length).toBeGreaterThanOrEqual(0.65);
		expect(within2 / photos!.length).toBeGreaterThanOrEqual(0.75);
	});
});

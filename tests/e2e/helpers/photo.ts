// A photo of a hand for the photo count: a generated scene, as the vision tests render them.
import { expect, type Page } from '@playwright/test';
import { countPips } from '../../../src/lib/vision/pips';
import { EVAL_SEED_BASE, renderScene, toPng } from '../../vision/render';

/** Four tiles on wood, with its total; the same counter in Node finds exactly that total. */
export async function handPhoto() {
	const scene = await renderScene(EVAL_SEED_BASE + 700_001, {
		megapixels: 0.6,
		tiles: 4,
		background: 'wood',
		pipStyle: 'colour'
	});
	// The same counter, in Node: the Worker in the page must find exactly this.
	const counted = countPips(scene);
	expect(counted.total).toBe(scene.total);
	return { total: scene.total, png: await toPng(scene) };
}

/** Opens the round screen's photo count for `name` and gives it `png`: the dialog. */
export async function openPhotoDialog(page: Page, name: string, png: Buffer) {
	await page.getByRole('button', { name: `Count from photo for ${name}`, exact: true }).click();
	const dialog = page.getByRole('dialog');
	await dialog
		.getByLabel('Photo of the hand', { exact: true })
		.setInputFiles({ name: 'hand.png', mimeType: 'image/png', buffer: png });
	return dialog;
}

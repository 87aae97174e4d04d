// Renders every app icon from one SVG (src/lib/pwa/icon.svg) into static/icons/, so no
// generated PNG lives in git. Runs when vite.config.ts is loaded (see pwaIcons below).
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'src/lib/pwa/icon.svg');
const outDir = path.join(root, 'static/icons');

/** name, size, and whether the corners are rounded (purpose "any") or full bleed. */
export const ICONS = [
	{ file: 'icon-192.png', size: 192, rounded: true },
	{ file: 'icon-512.png', size: 512, rounded: true },
	// Maskable: the launcher cuts its own shape, so the background must reach every edge.
	{ file: 'icon-maskable-512.png', size: 512, rounded: false },
	// iOS rounds the corners itself and shows transparency as black.
	{ file: 'apple-touch-icon.png', size: 180, rounded: false }
];

/** @param {string} file */
async function mtime(file) {
	try {
		return (await stat(file)).mtimeMs;
	} catch {
		return 0;
	}
}

/** Writes the PNGs unless they are newer than the SVG and this script. */
export async function renderIcons() {
	const newestInput = Math.max(await mtime(source), await mtime(fileURLToPath(import.meta.url)));
	const outputs = await Promise.all(ICONS.map((i) => mtime(path.join(outDir, i.file))));
	if (outputs.every((t) => t > newestInput)) return;

	const { default: sharp } = await import('sharp');
	const svg = await readFile(source);
	await mkdir(outDir, { recursive: true });
	for (const icon of ICONS) {
		let image = sharp(svg, { density: ((72 * icon.size) / 512) * 2 }).resize(icon.size, icon.size);
		if (icon.rounded) {
			const r = Math.round(icon.size * 0.18);
			const mask = Buffer.from(
				`<svg xmlns="http://www.w3.org/2000/svg" width="${icon.size}" height="${icon.size}"><rect width="${icon.size}" height="${icon.size}" rx="${r}" fill="#fff"/></svg>`
			);
			image = sharp(await image.png().toBuffer()).composite([{ input: mask, blend: 'dest-in' }]);
		} else {
			image = image.flatten({ background: '#1b2a24' });
		}
		const png = await image.png({ compressionLevel: 9 }).toBuffer();
		// Parallel builds share static/: write aside, then rename, so nobody reads half a file.
		const target = path.join(outDir, icon.file);
		const tmp = `${target}.${process.pid}.tmp`;
		await writeFile(tmp, png);
		await rename(tmp, target);
	}
}

/**
 * A Vite plugin that renders the icons while the config is resolved: Vite awaits a plugin given
 * as a promise before any hook runs, so SvelteKit (which lists static/ for the service worker in
 * its own config hook) always sees them.
 * @returns {Promise<import('vite').Plugin>}
 */
export async function pwaIcons() {
	await renderIcons();
	return { name: 'caboose-pwa-icons' };
}
